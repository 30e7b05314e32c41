/**
 * How an X authorisation ended, as the browser learns it from a redirect (/x-auth-callback for
 * sign in, /connected-accounts for a popup connect). Only a code travels in the URL: anyone can
 * craft such a URL, so the pages show the fixed text of a known code and never text from the query.
 */
export const X_AUTH_RESULT_TEXTS = {
  expired: 'This X authorisation has expired or was already used. Please start again.',
  denied: 'X authorisation was cancelled.',
  other_browser: 'This X authorisation was started in another browser. Nothing was changed: start again in the browser you want to use.',
  deactivated: 'This account is deactivated.',
  taken: 'This X account is already connected to another Riposte user. It must be disconnected there before it can be connected here.',
  limit: 'Account limit reached: disconnect an account or upgrade to Premium to connect another.',
  wrong_account: 'You authorised a different X account than the one being reconnected. Sign in to X with that account and try again.',
  busy: 'This X account is being connected right now. Please try again in a minute.',
  not_a_way_in: 'This X account is connected to a Riposte account for posting, but it is not a way to sign in to it. Sign in with that account\'s username and password.',
  failed: 'X authentication failed. Please try again.',
} as const;

export type XAuthResultCode = keyof typeof X_AUTH_RESULT_TEXTS;

const isCode = (value: string): value is XAuthResultCode => Object.hasOwn(X_AUTH_RESULT_TEXTS, value);

/** The fixed text for a code read from a URL; an unknown or missing code gets the generic one. */
export const xAuthResultText = (code: string | null | undefined): string =>
  code != null && isCode(code) ? X_AUTH_RESULT_TEXTS[code] : X_AUTH_RESULT_TEXTS.failed;

/** The code for a refusal's reason (AppError.reason), for the redirect. */
export const xAuthResultCodeOf = (reason: string | undefined): XAuthResultCode => {
  switch (reason) {
    case 'X_AUTH_REQUEST_EXPIRED':
      return 'expired';
    case 'X_AUTH_OTHER_BROWSER':
      return 'other_browser';
    case 'ACCOUNT_DEACTIVATED':
      return 'deactivated';
    case 'X_ACCOUNT_TAKEN':
      return 'taken';
    case 'ACCOUNT_LIMIT_REACHED':
      return 'limit';
    case 'X_ACCOUNT_MISMATCH':
      return 'wrong_account';
    case 'X_NOT_A_WAY_IN':
      return 'not_a_way_in';
    case 'X_ACCOUNT_BUSY':
    case 'X_SIGN_IN_BUSY':
      return 'busy';
    default:
      return 'failed';
  }
};
