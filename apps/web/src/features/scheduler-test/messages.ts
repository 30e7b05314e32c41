// The Scheduler Test page's words (spec part 2 §5 'Admin test tools', §8 'Scheduler test'); the
// input checks are core's, which the server answers with too.
import { TEST_TOOL_CHECKS } from '@core/replies/messages';

export const TEST_MESSAGES = {
  ...TEST_TOOL_CHECKS,
  createFailed: 'Failed to create test schedule',
  createFailedV2: 'Failed to create V2 test schedule',
  runFailed: 'Failed to run schedule',
  runFailedV2: 'Failed to run V2 schedule',
  executeFailed: 'Failed to execute reply',
  executeFailedV2: 'Failed to execute V2 reply',
  authFailedTitle: 'X Authentication Failed',
  authFailedDescription: 'X refused the credentials of your connected account. Refresh its X token, or log out and sign in again.',
  noAccount: { title: 'No Account Found', description: 'Connect an X account first: there is no account whose token can be refreshed.' },
  accountIdError: { title: 'Account ID Error', description: 'The X account of the failed request is not one of your connected accounts.' },
  popupBlocked: { title: 'Popup Blocked', description: 'The X authorization window was blocked. Please enable popups for this site and try again.' },
  refreshStartFailed: 'Failed to start X re-authorization.',
  refreshTimeout: { title: 'Authentication Timeout', description: 'X authentication timed out. Please try again.' },
  refreshError: 'Authentication Error',
  refreshed: { title: 'X Token Refreshed', description: 'Your X account is connected again.' },
  noReplies: 'No replies found',
  /** The V2 direct reply sends this when the content is left empty (spec part 2 §5). */
  defaultV2Content: 'Testing the reply pipeline from the Riposte scheduler test.',
} as const;

/** Toasts that say 'X Authentication Failed' stay 8 s; 'Popup Blocked' 10 s (spec part 2 §8, §9). */
export const AUTH_TOAST_MS = 8000;
export const POPUP_TOAST_MS = 10_000;
