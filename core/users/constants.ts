/** Business constants of the users capability (spec part 1 §3, §5, §9). */

export const ROLES = ['admin', 'legacy', 'user'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Rights an admin grants one by one. 'may_add_monitored_accounts' replaces the spec's hard-coded
 * "normal user with id 2" (part 2 §6): that user may add monitored accounts without being legacy.
 */
export const PERMISSIONS = ['may_add_monitored_accounts'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const TRIAL_DAYS = 7;
export const TRIAL_REPLIES = 25;

export const DEFAULT_TIME_ZONE = 'UTC';

/** Stored field limits (spec part 1 §5). */
export const LIMITS = {
  email: 255,
  username: 50,
  fullName: 100,
  name: 100,
  profilePicture: 1000,
  usernameMin: 3,
  passwordMin: 6,
} as const;
