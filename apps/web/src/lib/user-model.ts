// The web app's single point of contact with the users capability of core: the user as the API
// returns it, the tier badge texts and the trial's rule (counted on X, ADR 0047). The server
// derives `tier` (it knows the clock and the configured legacy usernames), so the browser only
// maps it to its badge.
export type { PublicUser as User } from '@core/users/public-user';
export type { Tier } from '@core/users/tier';
export type { Role } from '@core/users/constants';
export { tierBadge, type TierBadge } from '@core/users/badge';
export { replyLimitNote } from '@core/users/reply-limit-note';
export { beyondAllowance, beyondAllowanceWarning, type TrialState } from '@core/users/quota';
import { trialStateOfTier, type TrialState } from '@core/users/quota';
import type { PublicUser } from '@core/users/public-user';

/** Open, used (the 25 on X inside the 7 days), over or unlimited, from the user the API answered. */
export const trialStateOf = (user: Pick<PublicUser, 'tier' | 'trialEndsAt'>): TrialState => trialStateOfTier(user.tier, user.trialEndsAt, new Date());
