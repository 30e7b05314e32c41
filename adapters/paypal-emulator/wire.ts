/** PayPal's JSON shapes for orders, captures, refunds and errors, as its REST API answers them. */
import type { EmuCapture, EmuDispute, EmuOrder, EmuRefund } from './world';
import { SANDBOX_BUYER } from './world';

export interface Reply {
  status: number;
  body?: unknown;
  html?: string;
  headers?: Record<string, string>;
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): Reply => ({ status, body, headers });

/** PayPal's error body: name, message, debug_id, details[{issue, description}]. */
export const paypalError = (status: number, name: string, issue: string | null, message: string): Reply =>
  json(status, {
    name,
    message,
    debug_id: Math.random().toString(16).slice(2, 14),
    ...(issue === null ? {} : { details: [{ issue, description: message }] }),
    links: [],
  });

export const captureJson = (base: string, c: EmuCapture) => ({
  id: c.id,
  status: c.status,
  amount: { currency_code: c.currency, value: c.amount },
  final_capture: true,
  custom_id: c.customId ?? undefined,
  seller_protection: { status: 'ELIGIBLE' },
  create_time: c.createTime,
  update_time: c.createTime,
  supplementary_data: { related_ids: { order_id: c.orderId } },
  links: [
    { href: `${base}/v2/payments/captures/${c.id}`, rel: 'self', method: 'GET' },
    { href: `${base}/v2/payments/captures/${c.id}/refund`, rel: 'refund', method: 'POST' },
    { href: `${base}/v2/checkout/orders/${c.orderId}`, rel: 'up', method: 'GET' },
  ],
});

export const refundJson = (base: string, r: EmuRefund, customId: string | null) => ({
  id: r.id,
  status: 'COMPLETED',
  amount: { currency_code: r.currency, value: r.amount },
  custom_id: customId ?? undefined,
  create_time: r.createTime,
  links: [
    { href: `${base}/v2/payments/refunds/${r.id}`, rel: 'self', method: 'GET' },
    { href: `${base}/v2/payments/captures/${r.captureId}`, rel: 'up', method: 'GET' },
  ],
});

export const orderJson = (base: string, o: EmuOrder, capture: EmuCapture | undefined) => {
  const approve = o.status === 'PAYER_ACTION_REQUIRED' || o.status === 'CREATED';
  const payer = o.payerId === null ? undefined : { payer_id: o.payerId, email_address: SANDBOX_BUYER.email, name: { given_name: 'Sandbox', surname: 'Buyer' } };
  return {
    id: o.id,
    intent: o.intent,
    status: o.status,
    create_time: o.createTime,
    update_time: o.updateTime,
    ...(payer ? { payer } : {}),
    ...(o.payerId !== null || o.vaultId !== null
      ? {
          payment_source: {
            paypal: {
              ...(payer ? { account_id: o.payerId, email_address: SANDBOX_BUYER.email } : {}),
              ...(o.vaultId !== null ? { attributes: { vault: { id: o.vaultId, status: 'VAULTED', customer: { id: `CUST-${o.payerId ?? 'X'}` } } } } : {}),
            },
          },
        }
      : {}),
    purchase_units: [
      {
        reference_id: 'default',
        amount: { currency_code: o.currency, value: o.amount },
        ...(o.customId === null ? {} : { custom_id: o.customId }),
        ...(o.description === null ? {} : { description: o.description }),
        ...(capture ? { payments: { captures: [captureJson(base, capture)] } } : {}),
      },
    ],
    links: [
      { href: `${base}/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' },
      ...(approve ? [{ href: `${base}/checkoutnow?token=${o.id}`, rel: o.status === 'CREATED' ? 'approve' : 'payer-action', method: 'GET' }] : []),
      ...(o.status === 'APPROVED' ? [{ href: `${base}/v2/checkout/orders/${o.id}/capture`, rel: 'capture', method: 'POST' }] : []),
    ],
  };
};

/** The Disputes API's dispute, as CUSTOMER.DISPUTE.* webhooks carry it. */
export const disputeJson = (base: string, d: EmuDispute, capture: EmuCapture | undefined) => ({
  dispute_id: d.id,
  create_time: d.createTime,
  update_time: d.updateTime,
  disputed_transactions: [
    {
      seller_transaction_id: d.captureId,
      create_time: capture?.createTime,
      transaction_status: 'COMPLETED',
      gross_amount: capture ? { currency_code: capture.currency, value: capture.amount } : undefined,
      custom: capture?.customId ?? undefined,
    },
  ],
  reason: d.reason,
  status: d.status,
  dispute_amount: capture ? { currency_code: capture.currency, value: capture.amount } : undefined,
  ...(d.outcomeCode === null ? {} : { dispute_outcome: { outcome_code: d.outcomeCode, ...(capture ? { amount_refunded: { currency_code: capture.currency, value: capture.amount } } : {}) } }),
  dispute_life_cycle_stage: d.stage,
  dispute_channel: 'INTERNAL',
  links: [{ href: `${base}/v1/customer/disputes/${d.id}`, rel: 'self', method: 'GET' }],
});
