/** The tier badge of the user card (spec part 1 §2 'Tier badge'): one source for every screen. */
import { assertNever } from '@core/shared/decider';
import type { Tier } from './tier';

export interface TierBadge {
  label: string;
  tooltip: string;
  /** Where the badge links to. */
  href: '/trial-status' | '/payment';
}

/** `trialUsed`: the 25 are on X inside the 7 days (core/users/quota 'used'), not an expired trial. */
export const tierBadge = (tier: Tier, repliesRemaining: number, trialUsed = false): TierBadge => {
  switch (tier) {
    case 'premium':
      return { label: 'Premium', tooltip: 'You have a premium subscription with unlimited replies', href: '/trial-status' };
    case 'admin':
      return { label: 'Admin Access', tooltip: 'You have administrator access with unlimited replies', href: '/trial-status' };
    case 'legacy':
      return { label: 'Legacy User', tooltip: 'You have legacy access with expanded limits', href: '/trial-status' };
    case 'trial':
      return {
        label: `${repliesRemaining} Replies Left`,
        tooltip: `You have ${repliesRemaining} free trial replies remaining`,
        href: '/trial-status',
      };
    case 'expired':
      if (trialUsed) return { label: 'Trial Replies Used', tooltip: "You've used your 25 trial replies. Upgrade to Premium and your waiting replies go out.", href: '/payment' };
      return { label: 'Trial Expired', tooltip: 'Your free trial has expired. Upgrade to premium to continue.', href: '/payment' };
    default:
      return assertNever(tier, 'tier');
  }
};
