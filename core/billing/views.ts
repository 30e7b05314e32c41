/** What billing answers look like (GET /api/billing), derived in one place. */
import type { Instant } from '@core/users/time';
import type { DisputeOutcome, OrderPurpose, RefusalReason, ReversalKind } from './events';
import type { Subscription } from './state';

export type PaymentStatus = 'created' | 'approved' | 'paid' | 'failed' | 'refunded' | 'charged_back';

export interface PaymentView {
  orderId: string;
  captureId: string | null;
  purpose: OrderPurpose;
  amount: string;
  currency: string;
  status: PaymentStatus;
  /** Why a payment failed (the refusal reason), null otherwise. */
  reason: RefusalReason | null;
  createdAt: Instant;
  paidAt: Instant | null;
  periodStart: Instant | null;
  periodEnd: Instant | null;
  /** The latest dispute the payer opened on this payment at PayPal, if any. */
  dispute: DisputeView | null;
}

export interface DisputeView {
  disputeId: string;
  /** null while PayPal has not decided. */
  outcome: DisputeOutcome | null;
}

/** What the Billing history says of a payment's dispute, in plain words (ADR 0037). */
export const disputeText = (d: DisputeView): string =>
  d.outcome === null
    ? 'Disputed at PayPal: Premium stays while PayPal reviews it, and nothing renews until it is decided.'
    : d.outcome === 'buyer'
      ? 'Dispute decided in your favour: PayPal returned the payment and Premium ended.'
      : 'Dispute closed without a refund: the payment stands.';

export type SubscriptionStatus = Subscription['status'];

export interface SubscriptionView {
  subscriptionId: string;
  status: Exclude<SubscriptionStatus, 'none'>;
  periodEnd: Instant;
  /** Renews automatically at periodEnd (active, with a saved payment method, no open dispute). */
  renews: boolean;
  /** How a revoked subscription ended (null otherwise). */
  endedBy: ReversalKind | null;
  /** A dispute of one of its payments is open at PayPal: renewals wait for PayPal's decision. */
  disputed: boolean;
}

export interface BillingView {
  subscription: SubscriptionView | null;
  payments: PaymentView[];
}

/** Payment statuses as the Billing section shows them. */
export const PAYMENT_STATUS_LABELS: Readonly<Record<PaymentStatus, string>> = {
  created: 'Awaiting approval',
  approved: 'Approved',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
  charged_back: 'Charged back',
};

/** Orders nobody approved are not history: only payments that reached the provider's decision. */
export const isHistory = (p: Pick<PaymentView, 'status'>): boolean => p.status !== 'created' && p.status !== 'approved';
