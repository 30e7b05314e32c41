/**
 * What billing tells the users capability (ADR 0024: billing drives the user stream). The user's
 * tier already follows the clock (core/users/tier.ts: Premium ends at subscriptionEndDate), so only
 * two facts travel: "Premium until X" after a payment, and "Premium ended now" after a reversal.
 * `premiumCommand` turns the difference between the two streams into the one users command that
 * closes it, so running it again (a retry, a replayed webhook, a crash between the writes) is quiet.
 */
import type { UserCommand } from '@core/users/commands';
import type { User } from '@core/users/state';
import { toMillis, type Instant } from '@core/users/time';
import { paidSubscription, type BillingState } from './state';

export type Entitlement =
  | { kind: 'none' }
  | { kind: 'premium'; until: Instant; subscriptionId: string }
  | { kind: 'revoked'; subscriptionId: string };

export const entitlement = (state: BillingState): Entitlement => {
  const sub = state.subscription;
  if (sub.status === 'revoked') return { kind: 'revoked', subscriptionId: sub.subscriptionId };
  const paid = paidSubscription(sub);
  return paid === null ? { kind: 'none' } : { kind: 'premium', until: paid.periodEnd, subscriptionId: paid.subscriptionId };
};

/** The users command that brings the user in line with billing at `now`; null when they agree. */
export const premiumCommand = (
  user: Pick<User, 'isPremium' | 'subscriptionId' | 'subscriptionEndDate'>,
  state: BillingState,
  now: Instant,
): Extract<UserCommand, { type: 'ActivatePremium' | 'EndPremium' }> | null => {
  const e = entitlement(state);
  switch (e.kind) {
    case 'none':
      return null;
    case 'premium':
      if (toMillis(e.until) <= toMillis(now)) return null; // over already; the clock ended it
      if (user.isPremium && user.subscriptionId === e.subscriptionId && user.subscriptionEndDate === e.until) return null;
      return { type: 'ActivatePremium', until: e.until, subscriptionId: e.subscriptionId, now };
    case 'revoked':
      return user.isPremium && user.subscriptionId === e.subscriptionId ? { type: 'EndPremium', reason: 'refunded', now } : null;
  }
};
