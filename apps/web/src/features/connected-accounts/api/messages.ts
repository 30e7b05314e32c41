// Spec part 2 §8, 'Connected accounts' and 'Connection', word for word.
export const MSG = {
  credentialsNotOk: 'X API credentials are not configured correctly. Please check server logs.',
  invalidResponse: 'Invalid response from X API. Please check X API credentials and try again.',
  popupBlocked: 'The X authorization window was blocked. Please enable popups for this site, or copy the authorization URL and open it yourself.',
  pinFailed: 'Failed to verify PIN. Please try again with a new PIN.',
  pinRequired: 'Please enter the PIN provided by X.',
  authTimeout: 'The authentication process took too long. Please try again.',
  authStatusError: 'Failed to check authentication status. Please try again.',
  inUse: 'This account cannot be disconnected because it is used in scheduled posts. Please use the Reconnect button instead.',
  disconnectFailed: 'Failed to disconnect account. Try reconnecting instead if the account is used in schedules.',
  autoConnectFailed: 'Failed to auto-connect your X account. You can connect it manually.',
  quietAutoConnect: ['Not X authenticated', 'Account limit reached'],
  apiIssueKeywords: /x api|401|credential|authenticat/i,
  noSlots: 'No slots available',
  empty: 'No X accounts connected',
} as const;
