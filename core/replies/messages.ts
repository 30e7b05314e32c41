/**
 * Riposte's words about replies (ours: the spec names statuses but not their reasons). Messages of
 * replies stored as 'failed' avoid the words of the 'Auth Failed' rule (core/x/auth-failure.ts)
 * unless they are about authentication.
 */
/** '15 minutes', 'hour', '24 hours': a window of time in words. */
export const windowInWords = (ms: number): string => {
  const minutes = Math.round(ms / 60_000);
  if (minutes % 60 !== 0) return minutes === 1 ? 'minute' : `${minutes} minutes`;
  const hours = minutes / 60;
  return hours === 1 ? 'hour' : `${hours} hours`;
};

export const REPLY_MESSAGES = {
  notFound: 'Reply not found',
  // Runs that end before anything is sent
  noRecentPost: (username: string | null) => `No recent post from @${username ?? 'the target account'}`,
  noFreshPost: (username: string | null, window: string) => `No post from @${username ?? 'the target account'} in the last ${window}`,
  noNextPost: (username: string | null, waited: string) => `${username === null ? 'The target account' : `@${username}`} made no new post in the ${waited} this reply waited`,
  missedOffline: 'Missed while Riposte was offline',
  scheduleDeleted: 'The schedule was deleted before its time; nothing was posted',
  schedulePaused: 'The schedule was paused before its time; nothing was posted',
  alreadyReplied: 'This account already replied to that post',
  targetPaused: (username: string) => `@${username} is paused by an admin: its posts are not answered automatically`,
  trialEnded: 'Free trial ended',
  trialOver: 'Your free trial has expired. Upgrade to premium to continue.',
  duplicateText: 'The same text was posted from another X account in the last 24 hours',
  duplicateOwn: 'This X account posted the same text in the last 8 days, and X refuses repeats',
  duplicateSibling: 'Another of your X accounts posted the same text under this account in the last 8 days',
  /** A run skipped because every text it could make was posted recently (`tried` texts compared). */
  noTextLeft: (tried: number, last: string) =>
    tried <= 1
      ? `${last}; add variations like {Great|Sharp} point, or more templates, so each run has a new text`
      : `All ${tried} texts this run could make were posted recently (${last.charAt(0).toLowerCase()}${last.slice(1)}); add variations or templates`,
  emptyText: 'The reply is empty once @mentions are removed',
  templateUnavailable: 'The template of this schedule is deleted or inactive',
  noTemplateInGroup: 'The template group has no active template',
  hourlyCap: (cap: number) => `At most ${cap} replies an hour; this one waits for the next slot`,
  xAccountBudget: (limit: number, windowMs: number) => `X allows an account ${limit} posts every ${windowInWords(windowMs)}; this reply waits for the next slot`,
  xAppBudget: (limit: number, windowMs: number) =>
    `Riposte's X posting allowance (${limit} posts every ${windowInWords(windowMs)}, shared by all users) is used up; this reply waits for the next slot`,
  xFairShare: (used: number, share: number) =>
    `Riposte's X posting allowance is shared fairly between users and is running low; you have used your share (${used} of ${share}), so this reply waits`,
  // Delivery
  notReachedNothingSent: 'X could not be reached; nothing was posted',
  interrupted: 'The scheduler stopped while sending; Riposte is checking X for the reply',
  notFoundOnX: 'Not found on X: the reply was not posted',
  sentAgain: 'Not on X after a failed send; sent again',
  resentByUser: 'Sent again at your request',
  heldTooLate: (graceMs: number, limit?: string) =>
    `Not posted: a posting limit held it past the ${windowInWords(graceMs)} a reply may go out late${limit === undefined ? '' : ` (${limit.replace(/[,.;]\s*(?:so\s+)?this (?:reply|one) waits.*$/u, '')})`}`,
  heldUp: (seconds: number) => `Not posted: the scheduler was held up ${seconds} s between recording the send and making it, longer than the others wait for it`,
  skippedByUser: 'Skipped by you',
  /** The AI provider failed (fallback 'wait') and the run could wait no longer; `cause` is the provider's failure in words. */
  aiUnavailable: (cause: string) => `Not posted: the AI provider did not write the reply while it was on time (${cause.replace(/[.;]\s*try again.*$/iu, '')})`,
  // Refusals of commands
  sendStarted: 'This reply is already being sent or was sent; it is never sent twice',
  notSendable: 'This reply cannot be sent now',
  notRateLimitedYet: (retryAt: string) => `This reply waits until ${retryAt}`,
  settled: 'This reply is already settled',
  notReady: 'This reply is not waiting for you',
  notSending: 'No send of this reply is under way',
  assistedOnly: 'This reply goes out through X itself (assisted delivery)',
  notResendable: 'Only a reply that was not posted can be sent again',
  resendAssisted: 'This reply goes out through X itself (assisted delivery); it cannot be sent again from here',
} as const;

/**
 * The Scheduler Test's input checks (spec part 2 §5 'Admin test tools'): the page shows the title
 * and description as a toast, the server answers the description on the field.
 */
export const TEST_TOOL_CHECKS = {
  accountRequired: { title: 'Account required', description: 'Please select an account to monitor for this test schedule.' },
  accountRequiredV2: { title: 'Account required', description: 'Please select an account to monitor for this V2 test schedule.' },
  targetRequired: { title: 'Target account required', description: 'Please select the account whose post you reply to.' },
  connectedRequired: { title: 'Connected account required', description: 'Please select your account to post the reply from.' },
  postIdRequired: { title: 'Post ID required', description: 'Please enter a valid X/Twitter post ID to reply to.' },
  contentRequired: { title: 'Reply content required', description: 'Please enter content for your reply or enable AI generation.' },
} as const;
