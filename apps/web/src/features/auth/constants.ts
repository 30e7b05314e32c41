/** Where a signed-in user lands after sign-in (spec part 1 §2: the login page and the X callback). */
export const HOME_AFTER_SIGN_IN = '/schedule-replies';
