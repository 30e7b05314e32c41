/**
 * PayPal webhook events read into what billing does with them (pure: the signature was verified
 * before, the user's stream is found after). Unknown event types are acknowledged and ignored.
 *
 *  CHECKOUT.ORDER.APPROVED            -> approve the order
 *  PAYMENT.CAPTURE.COMPLETED/DECLINED/DENIED/PENDING -> record the capture (Premium or a refusal)
 *  PAYMENT.CAPTURE.REFUNDED           -> reversal (refund): Premium ends
 *  PAYMENT.CAPTURE.REVERSED           -> reversal (chargeback): Premium ends
 *  CUSTOMER.DISPUTE.CREATED/UPDATED/RESOLVED -> the dispute (flag; decided for the payer: Premium ends)
 */
import { DateTime } from 'luxon';
import { z } from 'zod';
import type { ProviderCapture, ProviderDispute } from './commands';
import type { ReversalKind } from './events';

const money = z.object({ value: z.string(), currency_code: z.string() });
const link = z.object({ href: z.string(), rel: z.string() });

const envelope = z.object({ id: z.string().min(1).max(200), event_type: z.string(), create_time: z.string().optional(), resource: z.unknown() });

const captureResource = z.object({
  id: z.string().min(1),
  status: z.string(),
  amount: money,
  custom_id: z.string().optional(),
  create_time: z.string().optional(),
  supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().optional() }).optional() }).optional(),
});

const orderResource = z.object({
  id: z.string().min(1),
  purchase_units: z.array(z.object({ custom_id: z.string().optional() })).optional(),
  payer: z.object({ payer_id: z.string().optional() }).optional(),
});

const refundResource = z.object({
  id: z.string().min(1),
  amount: money.optional(),
  custom_id: z.string().optional(),
  links: z.array(link).optional(),
});

const instant = z.string().refine((v) => DateTime.fromISO(v, { zone: 'utc' }).isValid);

const disputeResource = z.object({
  dispute_id: z.string().min(1).max(200),
  create_time: instant.optional(),
  update_time: instant.optional(),
  disputed_transactions: z.array(z.object({ seller_transaction_id: z.string().min(1).optional(), custom: z.string().optional() })).min(1),
  reason: z.string().optional(),
  status: z.string(),
  dispute_amount: money.optional(),
  dispute_outcome: z.object({ outcome_code: z.string().optional() }).optional(),
  dispute_life_cycle_stage: z.string().optional(),
});

export type WebhookAction =
  | { kind: 'approve'; orderId: string; payerId: string | null; customId: string | null }
  | { kind: 'capture'; orderId: string; capture: ProviderCapture }
  | { kind: 'reversal'; captureId: string; reversal: ReversalKind; providerId: string; amount: string | null; customId: string | null }
  | { kind: 'dispute'; dispute: ProviderDispute; customId: string | null }
  | { kind: 'ignore' };

export interface WebhookEvent {
  id: string;
  type: string;
  action: WebhookAction;
}

const captureIdFromLinks = (links: readonly { href: string; rel: string }[] | undefined): string | null => {
  const up = links?.find((l) => l.rel === 'up')?.href ?? '';
  return /\/v2\/payments\/captures\/([A-Za-z0-9-]+)$/.exec(up)?.[1] ?? null;
};

/** null: not a PayPal webhook event Riposte can read (answered 400). */
export const readWebhookEvent = (body: unknown): WebhookEvent | null => {
  const env = envelope.safeParse(body);
  if (!env.success) return null;
  const { id, event_type: type, resource } = env.data;
  const ignore = { id, type, action: { kind: 'ignore' as const } };
  switch (type) {
    case 'CHECKOUT.ORDER.APPROVED': {
      const r = orderResource.safeParse(resource);
      if (!r.success) return null;
      return { id, type, action: { kind: 'approve', orderId: r.data.id, payerId: r.data.payer?.payer_id ?? null, customId: r.data.purchase_units?.[0]?.custom_id ?? null } };
    }
    case 'PAYMENT.CAPTURE.COMPLETED':
    case 'PAYMENT.CAPTURE.DECLINED':
    case 'PAYMENT.CAPTURE.DENIED':
    case 'PAYMENT.CAPTURE.PENDING': {
      const r = captureResource.safeParse(resource);
      const orderId = r.success ? r.data.supplementary_data?.related_ids?.order_id : undefined;
      if (!r.success || orderId === undefined) return null;
      const c = r.data;
      const capture: ProviderCapture = {
        id: c.id,
        status: c.status,
        amount: c.amount.value,
        currency: c.amount.currency_code,
        customId: c.custom_id ?? null,
        createTime: c.create_time ?? null,
      };
      return { id, type, action: { kind: 'capture', orderId, capture } };
    }
    case 'PAYMENT.CAPTURE.REFUNDED':
    case 'PAYMENT.CAPTURE.REVERSED': {
      const r = refundResource.safeParse(resource);
      const captureId = r.success ? captureIdFromLinks(r.data.links) : null;
      if (!r.success || captureId === null) return null;
      const reversal: ReversalKind = type === 'PAYMENT.CAPTURE.REFUNDED' ? 'refund' : 'chargeback';
      return { id, type, action: { kind: 'reversal', captureId, reversal, providerId: r.data.id, amount: r.data.amount?.value ?? null, customId: r.data.custom_id ?? null } };
    }
    case 'CUSTOMER.DISPUTE.CREATED':
    case 'CUSTOMER.DISPUTE.UPDATED':
    case 'CUSTOMER.DISPUTE.RESOLVED': {
      const r = disputeResource.safeParse(resource);
      const tx = r.success ? r.data.disputed_transactions.find((t) => t.seller_transaction_id !== undefined) : undefined;
      const updatedAt = r.success ? (r.data.update_time ?? r.data.create_time) : undefined;
      if (!r.success || tx?.seller_transaction_id === undefined || updatedAt === undefined) return null;
      const d = r.data;
      const status = type === 'CUSTOMER.DISPUTE.RESOLVED' ? 'RESOLVED' : d.status;
      const dispute: ProviderDispute = {
        id: d.dispute_id,
        captureId: tx.seller_transaction_id,
        status,
        reason: d.reason ?? 'OTHER',
        stage: d.dispute_life_cycle_stage ?? null,
        amount: d.dispute_amount?.value ?? null,
        outcomeCode: d.dispute_outcome?.outcome_code ?? null,
        updatedAt,
      };
      return { id, type, action: { kind: 'dispute', dispute, customId: tx.custom ?? null } };
    }
    default:
      return ignore;
  }
};
