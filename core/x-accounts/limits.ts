/**
 * How many X accounts a user may connect (trial 1, premium unlimited). Admin and legacy
 * users are unlimited like premium; an expired trial keeps the trial's one slot so the account it
 * already has stays usable for upgrading. `null` means unlimited (the API answers accountLimit
 * null and remainingSlots null; docs/api.md says so).
 */
import type { Tier } from '@core/users/tier';
import { assertNever } from '@core/shared/decider';

export const TRIAL_X_ACCOUNT_LIMIT = 1;

export const xAccountLimit = (tier: Tier): number | null => {
  switch (tier) {
    case 'premium':
    case 'admin':
    case 'legacy':
      return null;
    case 'trial':
    case 'expired':
      return TRIAL_X_ACCOUNT_LIMIT;
    default:
      return assertNever(tier, 'tier');
  }
};

/** Slots left, never negative (a downgraded user may hold more than the limit); null = unlimited. */
export const remainingSlots = (limit: number | null, connected: number): number | null =>
  limit === null ? null : Math.max(0, limit - connected);

export const hasFreeSlot = (limit: number | null, connected: number): boolean => limit === null || connected < limit;
