/**
 * The billing read models: the projection (core/billing/projection.ts: `billing_payments`,
 * `billing_subscriptions`) and every query over those tables (ADR 0018). Lists are filtered by the
 * owner; webhooks find the user of an order or a capture here.
 */
import type { ReadDb } from '@adapters/projections-sqlite';
import { billingProjection as billingBase } from '@core/billing/projection';
import { erasingAccounts } from '@core/users/erasure';
import type { DisputeView, PaymentStatus, PaymentView, SubscriptionView } from '@core/billing/views';
import type { DisputeOutcome, OrderPurpose, RefusalReason, ReversalKind } from '@core/billing/events';

/**
 * The projection; a deleted account's subscription row goes (nothing renews it, its wallet id is
 * not kept), its payments stay: the trail of money, which also routes a late refund or dispute
 * (ADR 0028). Version 2: the first start with it rebuilds, for accounts deleted before.
 */
export const billingProjection = {
  ...erasingAccounts(billingBase, (userId) => [{ sql: 'DELETE FROM billing_subscriptions WHERE user_id = @userId', params: { userId } }]),
  version: billingBase.version + 1,
};

interface PaymentRow {
  dispute_id: string | null;
  dispute_outcome: string | null;
  order_id: string;
  user_id: string;
  capture_id: string | null;
  purpose: string;
  amount: string;
  currency: string;
  status: string;
  reason: string | null;
  created_at: string;
  paid_at: string | null;
  period_start: string | null;
  period_end: string | null;
}

interface SubscriptionRow {
  user_id: string;
  subscription_id: string;
  status: string;
  period_end: string;
  vault_id: string | null;
  revoked_kind: string | null;
  disputed: number;
}

const payment = (r: PaymentRow): PaymentView => ({
  orderId: r.order_id,
  captureId: r.capture_id,
  purpose: r.purpose as OrderPurpose,
  amount: r.amount,
  currency: r.currency,
  status: r.status as PaymentStatus,
  reason: r.reason as RefusalReason | null,
  createdAt: r.created_at,
  paidAt: r.paid_at,
  periodStart: r.period_start,
  periodEnd: r.period_end,
  dispute: r.dispute_id === null ? null : ({ disputeId: r.dispute_id, outcome: r.dispute_outcome as DisputeOutcome | null } satisfies DisputeView),
});

/** A payment row with its latest dispute (by PayPal's update time), if the payer opened one. */
const PAYMENT_SELECT = `SELECT p.*, d.dispute_id AS dispute_id, d.outcome AS dispute_outcome FROM billing_payments p
  LEFT JOIN billing_disputes d ON d.dispute_id = (
    SELECT dispute_id FROM billing_disputes WHERE user_id = p.user_id AND capture_id = p.capture_id ORDER BY updated_at DESC LIMIT 1)`;

/** The user's payments, newest first. */
export const listPayments = (db: ReadDb, userId: string): PaymentView[] =>
  (db.prepare(`${PAYMENT_SELECT} WHERE p.user_id = ? ORDER BY p.created_at DESC, p.order_id`).all(userId) as PaymentRow[]).map(payment);

/** One of the user's payments; null for anyone else's. */
export const findPayment = (db: ReadDb, userId: string, orderId: string): PaymentView | null => {
  const row = db.prepare(`${PAYMENT_SELECT} WHERE p.user_id = ? AND p.order_id = ?`).get(userId, orderId) as PaymentRow | undefined;
  return row ? payment(row) : null;
};

export const findSubscription = (db: ReadDb, userId: string): SubscriptionView | null => {
  const row = db
    .prepare(
      `SELECT s.*, EXISTS (SELECT 1 FROM billing_disputes d WHERE d.user_id = s.user_id AND d.outcome IS NULL) AS disputed
       FROM billing_subscriptions s WHERE s.user_id = ?`,
    )
    .get(userId) as SubscriptionRow | undefined;
  if (!row) return null;
  const disputed = row.disputed === 1;
  return {
    subscriptionId: row.subscription_id,
    status: row.status as SubscriptionView['status'],
    periodEnd: row.period_end,
    renews: row.status === 'active' && row.vault_id !== null && !disputed,
    endedBy: row.status === 'revoked' ? ((row.revoked_kind ?? 'refund') as ReversalKind) : null,
    disputed,
  };
};

/** The user who paid with this capture (a refund's or a dispute's webhook names only the capture). */
export const userIdByCapture = (db: ReadDb, captureId: string): string | null =>
  (db.prepare('SELECT user_id FROM billing_payments WHERE capture_id = ?').get(captureId) as { user_id: string } | undefined)?.user_id ?? null;

export const userIdByOrder = (db: ReadDb, orderId: string): string | null =>
  (db.prepare('SELECT user_id FROM billing_payments WHERE order_id = ?').get(orderId) as { user_id: string } | undefined)?.user_id ?? null;

/** Users whose active, renewing subscription ends before `until` (ISO), soonest first. */
export const dueRenewals = (db: ReadDb, until: string, limit = 100): string[] =>
  (
    db
      .prepare(`SELECT user_id FROM billing_subscriptions WHERE status = 'active' AND vault_id IS NOT NULL AND period_end <= ? ORDER BY period_end LIMIT ?`)
      .all(until, limit) as { user_id: string }[]
  ).map((r) => r.user_id);
