/**
 * Status messages stored with a reply and shown to people (our words; X's own text is kept apart
 * as `detail`). Messages of outcomes stored as 'failed' must not use the words of the 'Auth Failed'
 * rule (auth-failure.ts) unless they are about authentication: a unit test holds that.
 */
const said = (detail: string | undefined) => (detail === undefined ? '' : ` (X said: ${detail})`);

export const NOT_SUMMONED_MESSAGE = 'reply not allowed: the author has not mentioned or quoted this account';

export const X_MESSAGES = {
  sent: 'Sent',
  ok: 'Done',
  authFailed: (detail: string | undefined) =>
    `X authentication failed: reconnect this account from My X Accounts${said(detail)}`,
  rateLimited: (resetAt: string | undefined) =>
    resetAt === undefined ? 'Rate limited by X; try again later' : `Rate limited by X until ${resetAt}`,
  duplicate: 'X refused a duplicate: this account already posted the same text',
  invalidContent: (detail: string | undefined) => `X refused the content${said(detail)}`,
  accountSuspended: 'This X account is suspended or locked',
  postUnavailable: 'The post is deleted or not visible to this account',
  insufficientPermissions: (detail: string | undefined) => `X does not permit this app or account to do that${said(detail)}`,
  notSummoned: NOT_SUMMONED_MESSAGE,
  rejected: 'X flagged the request as automated or spam',
  creditsDepleted: 'X credits are used up: it waits until sending to X resumes',
  clientNotEnrolled: "X refused this app's keys (not enrolled in a project): it waits until sending to X resumes",
  failed: (status: number | undefined, detail: string | undefined) =>
    `X refused the request${status === undefined ? '' : ` (HTTP ${status})`}${said(detail)}`,
  unavailable: (status: number) => `X is unavailable (HTTP ${status}); nothing was changed`,
  notReached: (upload: boolean) => (upload ? 'The image could not be uploaded to X; nothing was posted' : 'X could not be reached; nothing was changed'),
  unconfirmed: (why: string | number) =>
    `Unconfirmed: ${typeof why === 'number' ? `X answered HTTP ${why}` : `no complete answer from X (${why})`}; the post may or may not exist`,
} as const;
