// The web app's single point of contact with the users capability of core: the user as the API
// returns it, and the tier badge texts. The server derives `tier` (it knows the clock and the
// configured legacy usernames), so the browser only maps it to its badge.
export type { PublicUser as User } from '@core/users/public-user';
export type { Tier } from '@core/users/tier';
export type { Role } from '@core/users/constants';
export { tierBadge, type TierBadge } from '@core/users/badge';
export { replyLimitNote } from '@core/users/reply-limit-note';
