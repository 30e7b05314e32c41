import type { Tier } from '@web/lib/user-model';

/** Where a signed-in user lands after sign-in (spec part 1 §2: the login page and the X callback). */
export const HOME_AFTER_SIGN_IN = '/schedule-replies';

/**
 * Why the email dialog asks for an address (spec part 1 §2: 'the setup guide and trial reminders'):
 * trial reminders only for someone whose trial they would be about.
 */
export const emailPurpose = (tier: Tier | undefined): string =>
  tier === 'trial'
    ? "Please provide your email address. We'll use it to send you the setup guide and reminders about your free trial."
    : "Please provide your email address. We'll use it to send you the setup guide and notices about your account.";
