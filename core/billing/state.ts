/**
 * A user's billing: the orders Riposte created (what each must be paid with), the captures seen,
 * and the subscription as a union of named cases. Premium holds to `periodEnd` in every case but
 * 'none' and 'revoked'; the clock ends it (core/users tier), nothing has to be recorded then.
 */
import type { Instant } from '@core/users/time';
import type { DisputeOutcome, OrderPurpose, ReversalKind } from './events';

export interface Order {
  orderId: string;
  customId: string;
  amount: string;
  currency: string;
  purpose: OrderPurpose;
  status: 'created' | 'approved' | 'captured' | 'refused';
  captureId: string | null;
  /** Capture attempts PayPal refused; the next attempt's PayPal-Request-Id counts them (ids.ts). */
  attempts: number;
}

export interface Paid {
  subscriptionId: string;
  anchor: Instant;
  periods: number;
  periodStart: Instant;
  periodEnd: Instant;
  vaultId: string | null;
}

export type Subscription =
  | { status: 'none' }
  /** Renews each month. */
  | ({ status: 'active' } & Paid)
  /** Cancelled by the user: Premium to the period end, no renewal. */
  | ({ status: 'cancelled'; cancelledAt: Instant } & Paid)
  /** The renewal charge failed: Premium to the period end, no renewal. */
  | ({ status: 'renewal_failed'; reason: string } & Paid)
  /** Refunded or charged back: Premium ended at once. */
  | { status: 'revoked'; subscriptionId: string; kind: ReversalKind; at: Instant; periodEnd: Instant };

export interface Dispute {
  captureId: string;
  status: string;
  stage: string | null;
  updatedAt: Instant;
  /** null while open; a decided dispute is final. */
  outcome: DisputeOutcome | null;
}

export interface BillingState {
  userId: string | null;
  orders: Record<string, Order>;
  /** Capture id -> the order and subscription it paid, and whether it was reversed. */
  captures: Record<string, { orderId: string; subscriptionId: string; reversed: boolean }>;
  /** Reversals that arrived before their capture (webhooks come in any order). */
  earlyReversals: Record<string, ReversalKind>;
  subscription: Subscription;
  /** Disputes the payer opened at PayPal, by dispute id. */
  disputes: Record<string, Dispute>;
  /** Provider webhook event ids already applied. */
  webhookIds: string[];
  /** Vaulted payment methods (PayPal vault ids) saved by captures and not removed since. */
  vaults: string[];
}

export const initialBillingState = (): BillingState => ({
  userId: null,
  orders: {},
  captures: {},
  earlyReversals: {},
  subscription: { status: 'none' },
  disputes: {},
  webhookIds: [],
  vaults: [],
});

/** The paid part of a subscription that still gives Premium until its period end. */
export const paidSubscription = (s: Subscription): (Paid & { status: 'active' | 'cancelled' | 'renewal_failed' }) | null =>
  s.status === 'active' || s.status === 'cancelled' || s.status === 'renewal_failed' ? s : null;

/** An open dispute holds renewals: no new charge while the payer contests one (ADR 0037). */
export const hasOpenDispute = (state: BillingState): boolean => Object.values(state.disputes).some((d) => d.outcome === null);
