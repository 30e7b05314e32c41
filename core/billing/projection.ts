/**
 * Read models of billing (SQLite, see core/shared/projection.ts):
 * - `billing_payments`: one row per order Riposte created (history: date, amount, status, receipt),
 *   found by order or capture id (webhooks that name only the capture);
 * - `billing_subscriptions`: one row per user with a subscription (status, period end, whether a
 *   vaulted method renews it), which the renewal job lists;
 * - `billing_disputes`: one row per dispute the payer opened at PayPal (its capture, where it
 *   stands), shown beside the payment it concerns.
 */
import type { RecordedEvent } from '@core/eventstore/types';
import type { Projection, SqlStatement } from '@core/shared/projection';
import { assertNever } from '@core/shared/decider';
import { BILLING_EVENT_TYPES, type BillingEvent } from './events';
import { userIdOfStream } from './ids';

type Recorded<E> = E extends { type: infer T extends string; data: infer D } ? RecordedEvent<T, D> : never;

export const billingProjection: Projection<Recorded<BillingEvent>> = {
  name: 'billing',
  version: 2,
  schema: [
    `CREATE TABLE billing_payments (
      order_id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL,
      capture_id TEXT,
      purpose TEXT NOT NULL,
      amount TEXT NOT NULL,
      currency TEXT NOT NULL,
      status TEXT NOT NULL,
      reason TEXT,
      created_at TEXT NOT NULL,
      paid_at TEXT,
      period_start TEXT,
      period_end TEXT
    )`,
    'CREATE INDEX billing_payments_by_user ON billing_payments (user_id, created_at)',
    'CREATE INDEX billing_payments_by_capture ON billing_payments (capture_id)',
    `CREATE TABLE billing_subscriptions (
      user_id TEXT PRIMARY KEY,
      subscription_id TEXT NOT NULL,
      status TEXT NOT NULL,
      period_end TEXT NOT NULL,
      vault_id TEXT,
      revoked_kind TEXT
    )`,
    'CREATE INDEX billing_subscriptions_due ON billing_subscriptions (status, period_end)',
    `CREATE TABLE billing_disputes (
      dispute_id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL,
      capture_id TEXT NOT NULL,
      reason TEXT,
      status TEXT NOT NULL,
      stage TEXT,
      outcome TEXT,
      opened_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    )`,
    'CREATE INDEX billing_disputes_by_user ON billing_disputes (user_id, capture_id)',
  ],
  handles: BILLING_EVENT_TYPES,
  project(event): SqlStatement[] {
    const userId = userIdOfStream(event.streamName);
    if (userId === null) return [];
    switch (event.type) {
      case 'OrderCreated': {
        const d = event.data;
        return [
          {
            sql: `INSERT OR IGNORE INTO billing_payments (order_id, user_id, purpose, amount, currency, status, created_at)
                  VALUES (@order_id, @user_id, @purpose, @amount, @currency, 'created', @at)`,
            params: { order_id: d.orderId, user_id: userId, purpose: d.purpose, amount: d.amount, currency: d.currency, at: d.at },
          },
        ];
      }
      case 'OrderApproved':
        return [{ sql: `UPDATE billing_payments SET status = 'approved' WHERE order_id = ? AND status = 'created'`, params: [event.data.orderId] }];
      case 'PaymentCaptured': {
        const d = event.data;
        return [
          {
            sql: `UPDATE billing_payments SET status = 'paid', reason = NULL, capture_id = @capture_id, paid_at = @at,
                  period_start = @period_start, period_end = @period_end WHERE order_id = @order_id`,
            params: { order_id: d.orderId, capture_id: d.captureId, at: d.at, period_start: d.periodStart, period_end: d.periodEnd },
          },
          {
            sql: `INSERT INTO billing_subscriptions (user_id, subscription_id, status, period_end, vault_id)
                  VALUES (@user_id, @subscription_id, 'active', @period_end, @vault_id)
                  ON CONFLICT (user_id) DO UPDATE SET subscription_id = excluded.subscription_id, status = 'active',
                  period_end = excluded.period_end, vault_id = excluded.vault_id`,
            params: { user_id: userId, subscription_id: d.subscriptionId, period_end: d.periodEnd, vault_id: d.vaultId },
          },
        ];
      }
      case 'CaptureRefused':
        return [
          {
            sql: `UPDATE billing_payments SET status = 'failed', reason = ?, capture_id = ? WHERE order_id = ?`,
            params: [event.data.reason, event.data.captureId, event.data.orderId],
          },
        ];
      case 'SubscriptionCancelled':
        return [{ sql: `UPDATE billing_subscriptions SET status = 'cancelled' WHERE user_id = ? AND subscription_id = ?`, params: [userId, event.data.subscriptionId] }];
      case 'RenewalFailed':
        return [
          { sql: `UPDATE billing_subscriptions SET status = 'renewal_failed' WHERE user_id = ? AND subscription_id = ?`, params: [userId, event.data.subscriptionId] },
          ...(event.data.orderId === null
            ? []
            : [{ sql: `UPDATE billing_payments SET status = 'failed', reason = 'DECLINED' WHERE order_id = ?`, params: [event.data.orderId] }]),
        ];
      case 'PaymentReversed': {
        const d = event.data;
        const status = d.kind === 'chargeback' ? 'charged_back' : 'refunded';
        return [
          { sql: `UPDATE billing_payments SET status = ? WHERE capture_id = ? AND user_id = ?`, params: [status, d.captureId, userId] },
          ...(d.revokedSubscriptionId === null
            ? []
            : [
                {
                  sql: `UPDATE billing_subscriptions SET status = 'revoked', revoked_kind = ? WHERE user_id = ? AND subscription_id = ?`,
                  params: [d.kind, userId, d.revokedSubscriptionId],
                },
              ]),
        ];
      }
      case 'DisputeOpened': {
        const d = event.data;
        return [
          {
            sql: `INSERT OR IGNORE INTO billing_disputes (dispute_id, user_id, capture_id, reason, status, stage, opened_at, updated_at)
                  VALUES (@dispute_id, @user_id, @capture_id, @reason, @status, @stage, @at, @updated_at)`,
            params: { dispute_id: d.disputeId, user_id: userId, capture_id: d.captureId, reason: d.reason, status: d.status, stage: d.stage, at: d.at, updated_at: d.updatedAt },
          },
        ];
      }
      case 'DisputeUpdated': {
        const d = event.data;
        return [
          {
            sql: `UPDATE billing_disputes SET status = ?, stage = ?, updated_at = ? WHERE dispute_id = ? AND user_id = ?`,
            params: [d.status, d.stage, d.updatedAt, d.disputeId, userId],
          },
        ];
      }
      case 'DisputeResolved': {
        const d = event.data;
        return [
          {
            sql: `INSERT INTO billing_disputes (dispute_id, user_id, capture_id, status, outcome, opened_at, updated_at)
                  VALUES (@dispute_id, @user_id, @capture_id, 'RESOLVED', @outcome, @at, @updated_at)
                  ON CONFLICT (dispute_id) DO UPDATE SET status = 'RESOLVED', outcome = excluded.outcome, updated_at = excluded.updated_at`,
            params: { dispute_id: d.disputeId, user_id: userId, capture_id: d.captureId, outcome: d.outcome, at: d.at, updated_at: d.updatedAt },
          },
        ];
      }
      case 'PaymentMethodRemoved':
        return [{ sql: `UPDATE billing_subscriptions SET vault_id = NULL WHERE user_id = ? AND vault_id = ?`, params: [userId, event.data.vaultId] }];
      default:
        return assertNever(event, 'billing event');
    }
  },
};
