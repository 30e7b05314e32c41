/**
 * When a subscription is charged again: an active one with a vaulted payment method, from
 * RENEWAL_LEAD_MS before its period ends until it ends. The charge's PayPal-Request-Id is fixed by
 * subscription and period (ids.ts), so a retried or concurrent renewal charges once. While the
 * payer disputes a charge at PayPal nothing is charged again (ADR 0037).
 */
import { toMillis, type Instant } from '@core/users/time';
import { RENEWAL_LEAD_MS } from './constants';
import { renewalRequestId } from './ids';
import { hasOpenDispute, type BillingState } from './state';

export interface RenewalDue {
  subscriptionId: string;
  vaultId: string;
  /** The period this charge pays for. */
  period: number;
  requestId: string;
}

export const renewalDue = (state: BillingState, now: Instant, leadMs = RENEWAL_LEAD_MS): RenewalDue | null => {
  const sub = state.subscription;
  if (sub.status !== 'active' || sub.vaultId === null || hasOpenDispute(state)) return null;
  const end = toMillis(sub.periodEnd);
  const at = toMillis(now);
  if (at < end - leadMs || at >= end) return null;
  const period = sub.periods + 1;
  return { subscriptionId: sub.subscriptionId, vaultId: sub.vaultId, period, requestId: renewalRequestId(sub.subscriptionId, period) };
};
