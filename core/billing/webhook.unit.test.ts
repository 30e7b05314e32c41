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

describe('readWebhookEvent: disputes', () => {
  const dispute = (type: string, resource: Record<string, unknown> = {}) => ({
    id: 'WH-D1',
    event_type: type,
    resource: {
      dispute_id: 'PP-D-1',
      create_time: '2026-02-03T10:00:00Z',
      update_time: '2026-02-03T10:00:00Z',
      disputed_transactions: [{ seller_transaction_id: 'C1', custom: 'rp1.u1.n1' }],
      reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
      status: 'OPEN',
      dispute_amount: { value: '20.00', currency_code: 'USD' },
      dispute_life_cycle_stage: 'INQUIRY',
      ...resource,
    },
  });
  it('reads a created dispute with the capture it is about', () =>
    expect(readWebhookEvent(dispute('CUSTOMER.DISPUTE.CREATED'))?.action).toEqual({
      kind: 'dispute',
      customId: 'rp1.u1.n1',
      dispute: { id: 'PP-D-1', captureId: 'C1', status: 'OPEN', reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED', stage: 'INQUIRY', amount: '20.00', outcomeCode: null, updatedAt: '2026-02-03T10:00:00Z' },
    }));
  it('reads a resolution with its outcome (RESOLVED whatever the resource says)', () =>
    expect(readWebhookEvent(dispute('CUSTOMER.DISPUTE.RESOLVED', { status: 'OTHER', dispute_outcome: { outcome_code: 'RESOLVED_BUYER_FAVOUR' } }))?.action).toMatchObject({
      kind: 'dispute',
      dispute: { status: 'RESOLVED', outcomeCode: 'RESOLVED_BUYER_FAVOUR' },
    }));
  it('refuses a dispute without its transaction or with an unreadable time', () => {
    expect(readWebhookEvent(dispute('CUSTOMER.DISPUTE.UPDATED', { disputed_transactions: [] }))).toBeNull();
    expect(readWebhookEvent(dispute('CUSTOMER.DISPUTE.UPDATED', { update_time: 'yesterday' }))).toBeNull();
  });
});
