/** What billing answers look like (GET /api/billing), derived in one place. */
import type { Instant } from '@core/users/time';
import type { OrderPurpose, RefusalReason } from './events';
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
}

export type SubscriptionStatus = Subscription['status'];

export interface SubscriptionView {
  subscriptionId: string;
  status: Exclude<SubscriptionStatus, 'none'>;
  periodEnd: Instant;
  /** Renews automatically at periodEnd (active, with a saved payment method). */
  renews: boolean;
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
