/**
 * Every X answer, classified. The classifier is total: whatever X (or the network) did, the
 * answer gets exactly one outcome with a reply status to store, a message for people, and what
 * may be done next. It reads the HTTP status, v2 problem types, v1.1 error codes and, last, X's
 * own words.
 *
 * Three rules the rest of Riposte relies on:
 *  - `unknown` (a timeout, a dropped connection, a 5xx after a post was sent) is never a definite
 *    failure: the post may exist. The dispatcher must not retry it; it reconciles by looking the
 *    post up and otherwise leaves the reply 'unconfirmed' for the user (design.md, exactly-once).
 *  - `not_summoned` is X's 2026 rule for self-serve API access: a reply is refused unless the
 *    post's author mentioned or quoted the replying account. It is its own outcome with a clear
 *    message, so the product can offer assisted delivery instead of a silent failure.
 *  - `credits_depleted` (402, pay-per-use credits used up) and `client_not_enrolled` (403, the app's
 *    keys belong to no project with API access) refuse the app itself, whoever calls: nothing any
 *    user does helps, so sending pauses for the installation (core/x-sending) and the reply waits
 *    (stored rate limited) instead of failing.
 *  - auth failures are stored as 'failed' with a message the spec's 'Auth Failed' badge rule
 *    recognises (auth-failure.ts), so the UI asks the user to reconnect the account.
 */
import { readXAnswer, rateLimitResetOf, type XAnswer, type XAnswerFacts } from './answer';
import { mentionsAuthFailure } from './auth-failure';
import { X_MESSAGES } from './messages';

/** Reply statuses an X answer can lead to: the spec's (part 2 §4) plus not_summoned and unconfirmed. */
export const X_REPLY_STATUSES = [
  'sent',
  'failed',
  'rate_limited',
  'duplicate',
  'invalid_content',
  'account_suspended',
  'post_unavailable',
  'insufficient_permissions',
  'rejected',
  'not_summoned',
  'unconfirmed',
] as const;
export type XReplyStatus = (typeof X_REPLY_STATUSES)[number];

export const X_OUTCOME_KINDS = [
  'sent',
  'ok',
  'auth_failed',
  'rate_limited',
  'duplicate',
  'invalid_content',
  'account_suspended',
  'post_unavailable',
  'insufficient_permissions',
  'not_summoned',
  'rejected',
  'credits_depleted',
  'client_not_enrolled',
  'failed',
  'transient',
  'unknown',
] as const;
export type XOutcomeKind = (typeof X_OUTCOME_KINDS)[number];

/**
 * What may be done next:
 *  - done: it worked;
 *  - after_reset: try again once the rate limit resets (or the installation's pause lifts);
 *  - retry: nothing happened at X (it was not reached, or the call changes nothing), safe to retry;
 *  - reconcile: nobody knows whether the post exists; look it up, never resend blindly;
 *  - never: a definite refusal; resending the same thing gets the same answer.
 */
export type XNextStep = 'done' | 'after_reset' | 'retry' | 'reconcile' | 'never';

/** What the call was, because the same answer means different things for a post and a read. */
export type XOperation = 'post' | 'upload' | 'read' | 'auth';

interface OutcomeBase {
  status: XReplyStatus;
  message: string;
  next: XNextStep;
  /** The HTTP status, when X answered. */
  httpStatus?: number;
  /** X's own words (for logs and the admin screens; `message` is ours). */
  detail?: string;
  codes?: number[];
  problemTypes?: string[];
}

export type XOutcome =
  | (OutcomeBase & { kind: 'sent'; postId: string })
  | (OutcomeBase & { kind: 'rate_limited'; resetAt?: string; retryAfterSeconds?: number })
  | (OutcomeBase & { kind: Exclude<XOutcomeKind, 'sent' | 'rate_limited'> });

export const REPLY_STATUS_OF: Readonly<Record<XOutcomeKind, XReplyStatus>> = {
  sent: 'sent',
  ok: 'sent',
  auth_failed: 'failed',
  rate_limited: 'rate_limited',
  duplicate: 'duplicate',
  invalid_content: 'invalid_content',
  account_suspended: 'account_suspended',
  post_unavailable: 'post_unavailable',
  insufficient_permissions: 'insufficient_permissions',
  not_summoned: 'not_summoned',
  rejected: 'rejected',
  credits_depleted: 'rate_limited',
  client_not_enrolled: 'rate_limited',
  failed: 'failed',
  transient: 'failed',
  unknown: 'unconfirmed',
};

export const NEXT_STEP_OF: Readonly<Record<XOutcomeKind, XNextStep>> = {
  sent: 'done',
  ok: 'done',
  auth_failed: 'never',
  rate_limited: 'after_reset',
  duplicate: 'never',
  invalid_content: 'never',
  account_suspended: 'never',
  post_unavailable: 'never',
  insufficient_permissions: 'never',
  not_summoned: 'never',
  rejected: 'never',
  credits_depleted: 'after_reset',
  client_not_enrolled: 'after_reset',
  failed: 'never',
  transient: 'retry',
  unknown: 'reconcile',
};

// v1.1 error codes (developer.x.com error index).
const AUTH_CODES = new Set([32, 89, 99, 135, 215, 416]);
const RATE_CODES = new Set([88, 185]);
const SUSPENDED_CODES = new Set([64, 326]);
const DUPLICATE_CODES = new Set([187]);
const UNAVAILABLE_CODES = new Set([34, 63, 144, 179, 385, 421, 422]);
const NOT_SUMMONED_CODES = new Set([433]);
const CONTENT_CODES = new Set([44, 170, 186, 324, 325, 354]);
const REJECTED_CODES = new Set([226]);
const PERMISSION_CODES = new Set([87, 93, 200, 220, 261, 453]);
const UNAVAILABLE_X_CODES = new Set([130, 131]);

const PROBLEM = 'https://api.twitter.com/2/problems/';
const hasType = (facts: XAnswerFacts, ...names: string[]) =>
  facts.types.some((t) => names.some((n) => t === PROBLEM + n || t.endsWith(`/problems/${n}`)));
const hasCode = (facts: XAnswerFacts, set: ReadonlySet<number>) => facts.codes.some((c) => set.has(c));
const says = (facts: XAnswerFacts, re: RegExp) => facts.texts.some((t) => re.test(t));

// X's words, for answers that carry no code (v2 answers mostly do not).
// The first is X's wording since 2026-02-23 ("You can only reply to or quote posts where you are
// mentioned or are the author."), answered 403 with no code, sometimes typed not-authorized-for-resource.
const NOT_SUMMONED_TEXT =
  /only reply to or quote posts where you are mentioned|where you are mentioned or are the author|not been mentioned or otherwise engaged|not (been )?summoned|restricted who can reply|limited who can reply/i;
// Pay-per-use: { title: 'CreditsDepleted', detail: 'Your enrolled account [..] does not have any credits ..', type: '.../problems/credits' }.
const CREDITS_TEXT = /^CreditsDepleted$|does not have any credits/i;
// { title: 'Client Forbidden', reason: 'client-not-enrolled', type: '.../problems/client-forbidden', required_enrollment, registration_url }.
const NOT_ENROLLED_TEXT = /^client-not-enrolled$/i;
const OWN_ACCOUNT_SUSPENDED_TEXT = /your account is suspended|account (has been|is) (suspended|locked)|temporarily locked/i;
const DUPLICATE_TEXT = /duplicate/i;
const UNAVAILABLE_TEXT =
  /deleted or not visible|no longer available|could not find (tweet|post)|(tweet|post|status) (is )?(unavailable|not found)|does not exist|user has been suspended|not authori[sz]ed to see/i;
const CONTENT_TEXT = /too long|a bit shorter|text is (required|empty)|invalid media|media_?ids?|media type|file (is )?too large/i;
const REJECTED_TEXT = /looks like it might be automated|spam/i;
const RATE_TEXT = /too many requests|rate limit|usage cap|daily status update limit/i;

type Kind = Exclude<XOutcomeKind, 'sent'>;

const kindOfResponse = (status: number, facts: XAnswerFacts, op: XOperation): Kind => {
  if (status >= 200 && status < 300) return op === 'post' ? 'unknown' : 'ok';
  if (status === 401 || hasCode(facts, AUTH_CODES)) return 'auth_failed';
  if (status === 402 || hasType(facts, 'credits') || says(facts, CREDITS_TEXT)) return 'credits_depleted';
  if (says(facts, NOT_ENROLLED_TEXT)) return 'client_not_enrolled';
  if (status === 429 || hasCode(facts, RATE_CODES) || hasType(facts, 'usage-capped', 'rate-limit-exceeded')) return 'rate_limited';
  if (status >= 500 || hasCode(facts, UNAVAILABLE_X_CODES)) return op === 'post' ? 'unknown' : 'transient';
  if (hasCode(facts, SUSPENDED_CODES) || says(facts, OWN_ACCOUNT_SUSPENDED_TEXT)) return 'account_suspended';
  if (hasCode(facts, NOT_SUMMONED_CODES) || says(facts, NOT_SUMMONED_TEXT)) return 'not_summoned';
  if (hasCode(facts, DUPLICATE_CODES) || says(facts, DUPLICATE_TEXT)) return 'duplicate';
  if (hasCode(facts, REJECTED_CODES) || says(facts, REJECTED_TEXT)) return 'rejected';
  if (hasCode(facts, CONTENT_CODES) || says(facts, CONTENT_TEXT) || status === 413) return 'invalid_content';
  if (
    status === 404 ||
    status === 410 ||
    hasCode(facts, UNAVAILABLE_CODES) ||
    hasType(facts, 'resource-not-found', 'resource-unavailable', 'not-authorized-for-resource') ||
    says(facts, UNAVAILABLE_TEXT)
  )
    return 'post_unavailable';
  if (says(facts, RATE_TEXT)) return 'rate_limited';
  if (
    status === 403 ||
    hasCode(facts, PERMISSION_CODES) ||
    hasType(facts, 'client-forbidden', 'oauth1-permissions', 'unsupported-authentication', 'disallowed-resource')
  )
    return 'insufficient_permissions';
  // The spec's text rule as the last word: a refusal that fits nothing above and whose X text speaks
  // of authentication, tokens or credentials is an auth failure (reconnect path, badge).
  if (facts.texts.some(mentionsAuthFailure)) return 'auth_failed';
  if (status === 400 || hasType(facts, 'invalid-request')) return 'invalid_content';
  if (status >= 400 && status < 500) return 'failed';
  // 1xx, 3xx or nonsense: for a post nobody can say what happened.
  return op === 'post' ? 'unknown' : 'failed';
};

const messageOf = (kind: Kind, facts: XAnswerFacts, answer: XAnswer, reset: { resetAt?: string }, op: XOperation): string => {
  const detail = facts.detail;
  switch (kind) {
    case 'ok':
      return X_MESSAGES.ok;
    case 'auth_failed':
      return X_MESSAGES.authFailed(detail);
    case 'rate_limited':
      return X_MESSAGES.rateLimited(reset.resetAt);
    case 'duplicate':
      return X_MESSAGES.duplicate;
    case 'invalid_content':
      return X_MESSAGES.invalidContent(detail);
    case 'account_suspended':
      return X_MESSAGES.accountSuspended;
    case 'post_unavailable':
      return X_MESSAGES.postUnavailable;
    case 'insufficient_permissions':
      return X_MESSAGES.insufficientPermissions(detail);
    case 'not_summoned':
      return X_MESSAGES.notSummoned;
    case 'rejected':
      return X_MESSAGES.rejected;
    case 'credits_depleted':
      return X_MESSAGES.creditsDepleted;
    case 'client_not_enrolled':
      return X_MESSAGES.clientNotEnrolled;
    case 'failed':
      return X_MESSAGES.failed(answer.kind === 'response' ? answer.status : undefined, detail);
    case 'transient':
      return answer.kind === 'response' ? X_MESSAGES.unavailable(answer.status) : X_MESSAGES.notReached(op === 'upload');
    case 'unknown':
      return X_MESSAGES.unconfirmed(answer.kind === 'transport' ? answer.failure : answer.status);
    default:
      return assertNever(kind);
  }
};

const assertNever = (x: never): never => {
  throw new Error(`Unhandled outcome kind: ${String(x)}`);
};

/** Classifies one X answer for one kind of call. Total: never throws, always one outcome. */
export const classifyXAnswer = (answer: XAnswer, operation: XOperation): XOutcome => {
  if (answer.kind === 'transport') {
    const nothingSent = answer.failure === 'not_connected';
    // A read, an upload or a token exchange that may have happened changes nothing anybody sees.
    const kind: Kind = nothingSent || operation !== 'post' ? 'transient' : 'unknown';
    return {
      kind,
      status: REPLY_STATUS_OF[kind],
      next: NEXT_STEP_OF[kind],
      message: messageOf(kind, readXAnswer(undefined), answer, {}, operation),
      ...(answer.status !== undefined ? { httpStatus: answer.status } : {}),
      detail: answer.message,
    };
  }
  const facts = readXAnswer(answer.body);
  const isSuccess = answer.status >= 200 && answer.status < 300;
  if (isSuccess && operation === 'post' && facts.postId !== undefined) {
    return { kind: 'sent', postId: facts.postId, status: 'sent', next: 'done', message: X_MESSAGES.sent, httpStatus: answer.status };
  }
  const kind = kindOfResponse(answer.status, facts, operation);
  const reset = kind === 'rate_limited' ? rateLimitResetOf(answer) : {};
  const base: OutcomeBase = {
    status: REPLY_STATUS_OF[kind],
    next: NEXT_STEP_OF[kind],
    message: messageOf(kind, facts, answer, reset, operation),
    httpStatus: answer.status,
    ...(facts.detail !== undefined ? { detail: facts.detail } : {}),
    ...(facts.codes.length > 0 ? { codes: facts.codes } : {}),
    ...(facts.types.length > 0 ? { problemTypes: facts.types } : {}),
  };
  return kind === 'rate_limited' ? { ...base, kind, ...reset } : { ...base, kind };
};

/** True for a definite refusal or success: the post surely exists, or surely does not. */
export const isDefinite = (outcome: XOutcome): boolean => outcome.kind !== 'unknown';

/** An outcome that refuses the app itself (any caller, any account): sending pauses for the installation. */
export const isAppRefusal = <T extends Pick<XOutcome, 'kind'>>(outcome: T): outcome is T & { kind: 'credits_depleted' | 'client_not_enrolled' } =>
  outcome.kind === 'credits_depleted' || outcome.kind === 'client_not_enrolled';

/** X's v1.1 code for an OAuth callback the app's settings at X do not list. */
export const CALLBACK_NOT_APPROVED_CODE = 415;

/** Sign in with X (or connecting an account) refused because the callback URL is not registered at X. */
export const isCallbackRefused = (outcome: Pick<XOutcome, 'codes'>): boolean => outcome.codes?.includes(CALLBACK_NOT_APPROVED_CODE) === true;

/** An outcome that means the account's tokens no longer work: the user must reconnect it. */
export const isAuthFailure = (outcome: XOutcome): boolean => outcome.kind === 'auth_failed';
