/**
 * The texts of connected X accounts: spec part 2 §8 ('Connection' and 'Connected accounts') word
 * for word where the spec gives them, and Riposte's own where it does not (marked).
 */
export const X_ACCOUNT_MESSAGES = {
  /** Spec §8, the answer to DELETE /api/x/accounts/{id} while schedules use the account. */
  accountInUse: 'This account cannot be disconnected because it is used in scheduled posts. Please use the Reconnect button instead.',
  disconnectFailed: 'Failed to disconnect account. Try reconnecting instead if the account is used in schedules.',
  /** Spec §5 'Connection'. */
  pinRequired: 'Please enter the PIN provided by X.',
  tweetContentRequired: 'Please enter tweet content',
  /** Ours: the spec's 25000-character limit of reply content, said for the test tweet. */
  tweetContentTooLong: 'Tweet content cannot exceed 25000 characters',
  pinFailed: 'Failed to verify PIN. Please try again with a new PIN.',
  /** A PIN X refused while the authorisation can still be finished. */
  pinRejected: 'X did not accept this PIN. Check the PIN X shows and type it again.',
  credentialsNotOk: 'X API credentials are not configured correctly. Please check server logs.',
  credentialsCheckFailed: 'Failed to check X API credentials. Please try again.',
  invalidAuthResponse: 'Invalid response from X API. Please check X API credentials and try again.',
  autoConnectFailed: 'Failed to auto-connect your X account. You can connect it manually.',
  authTimeout: 'The authentication process took too long. Please try again.',
  authStatusError: 'Failed to check authentication status. Please try again.',
  /** Spec §8: silent outcomes of auto-connect (the server's words). */
  notXAuthenticated: 'Not X authenticated',
  accountLimitReached: 'Account limit reached',
  noSlots: 'No slots available',
  emptyState: 'No X accounts connected',
  // Riposte's own texts.
  notFound: 'Connected X account not found',
  takenByAnotherUser: (username: string) =>
    `The X account @${username} is already connected to another Riposte user. It must be disconnected there before it can be connected here.`,
  wrongXAccount: (signedInAs: string, expected: string) =>
    `You authorised @${signedInAs}, but this connection is for @${expected}. Sign in to X as @${expected} and try again.`,
  limitReached: (limit: number) =>
    `Account limit reached: your plan allows ${limit} connected X account${limit === 1 ? '' : 's'}. Disconnect one or upgrade to Premium.`,
  requestExpired: 'This X authorisation has expired or was already used. Please start again.',
} as const;
