import { describe, expect, it } from 'vitest';
import { readWebhookEvent } from './webhook';

const captureEvent = (type: string, resource: Record<string, unknown> = {}) => ({
  id: 'WH-1',
  event_type: type,
  resource: {
    id: 'C1',
    status: 'COMPLETED',
    amount: { value: '20.00', currency_code: 'USD' },
    custom_id: 'rp1.u1.n1',
    create_time: '2026-01-31T10:05:00Z',
    supplementary_data: { related_ids: { order_id: 'O1' } },
    ...resource,
  },
});

describe('readWebhookEvent', () => {
  it('reads a completed capture with its order id', () => {
    expect(readWebhookEvent(captureEvent('PAYMENT.CAPTURE.COMPLETED'))).toEqual({
      id: 'WH-1',
      type: 'PAYMENT.CAPTURE.COMPLETED',
      action: {
        kind: 'capture',
        orderId: 'O1',
        capture: { id: 'C1', status: 'COMPLETED', amount: '20.00', currency: 'USD', customId: 'rp1.u1.n1', createTime: '2026-01-31T10:05:00Z' },
      },
    });
  });
  it('reads a refund and a reversal with the capture named in the up link', () => {
    const refund = { id: 'WH-2', event_type: 'PAYMENT.CAPTURE.REFUNDED', resource: { id: 'R1', amount: { value: '20.00', currency_code: 'USD' }, links: [{ rel: 'up', href: 'https://api.sandbox.paypal.com/v2/payments/captures/C1' }] } };
    expect(readWebhookEvent(refund)?.action).toEqual({ kind: 'reversal', captureId: 'C1', reversal: 'refund', providerId: 'R1', amount: '20.00', customId: null });
    expect(readWebhookEvent({ ...refund, event_type: 'PAYMENT.CAPTURE.REVERSED' })?.action).toMatchObject({ reversal: 'chargeback' });
  });
  it('reads an approval', () => {
    const approved = { id: 'WH-3', event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: 'O1', purchase_units: [{ custom_id: 'rp1.u1.n1' }], payer: { payer_id: 'P1' } } };
    expect(readWebhookEvent(approved)?.action).toEqual({ kind: 'approve', orderId: 'O1', payerId: 'P1', customId: 'rp1.u1.n1' });
  });
  it('ignores event types billing does not act on', () => expect(readWebhookEvent({ id: 'WH-4', event_type: 'BILLING.PLAN.CREATED', resource: {} })?.action).toEqual({ kind: 'ignore' }));
  it('refuses what is not a webhook event, or a capture without its order', () => {
    expect(readWebhookEvent({ nope: 1 })).toBeNull();
    expect(readWebhookEvent(captureEvent('PAYMENT.CAPTURE.COMPLETED', { supplementary_data: {} }))).toBeNull();
  });
});
