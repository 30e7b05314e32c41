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
  /**
   * NIST SP 800-63B: at least 8 characters, at least 64 allowed, every character allowed, no
   * composition rules; length counts Unicode code points (an emoji is one character).
   */
  passwordMin: 8,
  passwordMax: 256,
  /**
   * The sign-in form keeps the spec's minimum of 6: it creates nothing, and accounts whose password
   * was chosen under the older rule must still be able to sign in.
   */
  loginPasswordMin: 6,
} as const;
