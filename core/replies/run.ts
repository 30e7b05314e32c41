/**
 * What a scheduler does next with a reply, read from the reply's state alone. The dispatch job runs
 * a claimed slot step by step; a process that takes over a lapsed claim asks the same question of
 * the same stream and carries on where the other stopped. Follow-up jobs (retry after a rate limit,
 * reconciliation, detection of assisted replies, expiry) ask `followUp`.
 */
import { toMs, type Instant } from '@core/scheduling/time';
import type { RunOutcome } from '@core/scheduling/schedule';
import { REPLY_MESSAGES } from './messages';
import type { ReplyState } from './state';
import { DEFAULT_GRACE_MS, lateness, MAX_AUTO_RESENDS } from './rules/timing';

type Sendable = Extract<ReplyState, { status: 'pending' | 'rate_limited' }>;

/**
 * The lateness rule of every step that can send: the start of a run, a prepared reply at its time,
 * a held one at its retry, the send itself and a new hold. The reason a reply must not go out at
 * `at` (now, or the end of a hold), or null when it is still on time. `limit`: the limit that
 * keeps it until `at` (a 429, the hourly cap, X's budgets), which the reason names.
 */
export const lateToSend = (state: Sendable, at: Instant | number, graceMs: number = DEFAULT_GRACE_MS, limit: string | null = isHeld(state) ? state.message : null): string | null => {
  const late = lateness(state.dueAt, at, graceMs);
  if (!late.late) return null;
  return limit === null ? late.reason : REPLY_MESSAGES.heldTooLate(graceMs, limit);
};

/** Held by a limit (rather than put back to be sent after it was found not on X). */
const isHeld = (state: Sendable): state is Extract<Sendable, { status: 'rate_limited' }> =>
  state.status === 'rate_limited' && state.message !== REPLY_MESSAGES.sentAgain && state.message !== REPLY_MESSAGES.resentByUser;

/**
 * Whether an unconfirmed reply that reconciliation found not on X goes out again (ReplyRequeued)
 * rather than ending failed: a direct send, still on time, not already sent again MAX_AUTO_RESENDS
 * times. Safe only once its POST cannot be under way any more (notFoundSettlesFrom).
 */
export const maySendAgain = (state: Extract<ReplyState, { status: 'unconfirmed' }>, now: Instant | number, graceMs: number = DEFAULT_GRACE_MS): boolean =>
  state.prepared.mode === 'direct' && state.requeues < MAX_AUTO_RESENDS && !lateness(state.dueAt, now, graceMs).late;

/**
 * Whether the user may send a reply again by hand: one that ended without anything on X (failed
 * as not posted or refused by a limit of ours, or skipped by the scheduler) and has its text.
 * Null when it may; the refusal's message otherwise. The limits of the user's plan apply to the
 * send itself (the trial, the hourly cap, X's budgets, the same-text rule).
 */
export const resendRefusal = (state: Exclude<ReplyState, { status: 'none' }>): string | null => {
  if (state.prepared === null) return REPLY_MESSAGES.notResendable;
  switch (state.status) {
    case 'failed':
      if (state.failure !== 'failed' && state.failure !== 'rejected') return REPLY_MESSAGES.notResendable;
      break;
    case 'skipped':
      if (state.by !== 'scheduler') return REPLY_MESSAGES.notResendable;
      break;
    default:
      return REPLY_MESSAGES.notResendable;
  }
  return state.prepared.mode === 'direct' ? null : REPLY_MESSAGES.resendAssisted;
};

/** What RecordRun needs to close or advance the schedule's run. */
export interface RunRecord {
  outcome: RunOutcome;
  reason: string | null;
  templateId: string | null;
  /** The template group's cursor to store; undefined leaves the schedule's as it is. */
  nextTemplateIndex?: number;
}

export type DispatchStep =
  /** Nothing recorded: lateness, target post, text, reservation; then Prepare, SkipRun or Refuse. */
  | { step: 'start' }
  /** Prepared ahead of its time: nothing goes to X (or to the user) before the run's slot. */
  | { step: 'wait'; until: Instant }
  /** Prepared for direct delivery: trial, hourly cap, StartSending, the POST, RecordOutcome. */
  | { step: 'send' }
  /** Prepared for assisted delivery: trial, then HandOver with the intent link. */
  | { step: 'hand_over' }
  /**
   * Prepared and its time come, or held until a time, but too late for it (lateToSend): it ends
   * skipped with the reason (CancelRun).
   */
  | { step: 'skip_late'; reason: string }
  /** Found 'sending' by a scheduler that did not start it: the POST may have happened. Never resend. */
  | { step: 'mark_unconfirmed'; reason: string }
  /** The run is over for the schedule (the reply may still be settled by a follow-up job). */
  | { step: 'record_run'; record: RunRecord };

/** The schedule's view of a reply's fate; null while the run is still going. */
export const runRecordOf = (state: ReplyState): RunRecord | null => {
  if (state.status === 'none') return null;
  const prepared = state.prepared;
  const base = { templateId: prepared?.templateId ?? null, ...(prepared?.nextTemplateIndex == null ? {} : { nextTemplateIndex: prepared.nextTemplateIndex }) };
  switch (state.status) {
    case 'pending':
    case 'sending':
      return null;
    case 'sent':
      return { outcome: 'sent', reason: null, ...base };
    case 'failed':
      return { outcome: 'failed', reason: state.message, ...base };
    case 'skipped':
      return { outcome: 'skipped', reason: state.reason, ...base };
    case 'expired':
      return { outcome: 'skipped', reason: null, ...base };
    case 'ready':
      return { outcome: 'ready', reason: state.reason, ...base };
    case 'unconfirmed':
      return { outcome: 'unconfirmed', reason: state.reason, ...base };
    case 'rate_limited':
      return { outcome: 'rate_limited', reason: state.message, ...base };
    default: {
      const _never: never = state;
      return null;
    }
  }
};

/** `now` given: a reply prepared before its run's time waits for it, and one past the grace is skipped. */
export const dispatchStep = (state: ReplyState, now?: Instant | number, graceMs: number = DEFAULT_GRACE_MS): DispatchStep => {
  switch (state.status) {
    case 'none':
      return { step: 'start' };
    case 'pending': {
      if (now !== undefined && toMs(now, 'now') < toMs(state.run.slot, 'slot')) return { step: 'wait', until: state.run.slot };
      const late = now === undefined ? null : lateToSend(state, now, graceMs);
      if (late !== null) return { step: 'skip_late', reason: late };
      return state.prepared.mode === 'direct' ? { step: 'send' } : { step: 'hand_over' };
    }
    case 'sending':
      return { step: 'mark_unconfirmed', reason: REPLY_MESSAGES.interrupted };
    case 'rate_limited': {
      // Held until a time too late for it (a 429 with a long reset): it ends now, not then.
      const late = now === undefined ? null : lateToSend(state, Math.max(toMs(now, 'now'), toMs(state.retryAt)), graceMs);
      if (late !== null) return { step: 'skip_late', reason: late };
      return { step: 'record_run', record: runRecordOf(state) as RunRecord };
    }
    default: {
      const record = runRecordOf(state);
      return record === null ? { step: 'start' } : { step: 'record_run', record };
    }
  }
};

/**
 * How long a POST can be under way: the X client gives up on one call after `callDeadlineMs`, an
 * image is uploaded first in `uploadSteps` such calls, and a scheduler begins the POST within one
 * deadline of recording 'sending' or not at all (`mayBeginPost`).
 */
export interface PostWindow {
  callDeadlineMs: number;
  uploadSteps: number;
}

/**
 * Whether a POST recorded as begun at `since` may still be made at `now`. A scheduler held up
 * longer (its event loop starved, the machine paused) does not make it: another scheduler may by
 * then have taken the run over and be looking for the post on X (`notFoundSettlesFrom`).
 */
export const mayBeginPost = (since: Instant, now: Instant | number, window: PostWindow): boolean =>
  toMs(now, 'now') - toMs(since, 'since') <= window.callDeadlineMs;

/**
 * From when an unconfirmed reply not found among its account's posts is settled as not posted: the
 * POST recorded at `since` is no longer under way (begun within a deadline, its upload and post
 * calls each ended by theirs), and X had `settleAfterMs` more to show a post it stored late.
 * Before, a POST still on its way (a scheduler that lost its lease while posting, a slow answer)
 * would be declared not posted and then appear on X.
 */
export const notFoundSettlesFrom = (state: { since: Instant; prepared: { imageUrl: string | null } }, window: PostWindow, settleAfterMs: number): number =>
  toMs(state.since, 'since') + window.callDeadlineMs * (2 + (state.prepared.imageUrl === null ? 0 : window.uploadSteps)) + settleAfterMs;

export type FollowUp =
  /** Rate limited and its time has come: send (StartSending refuses anyone else at the same time). */
  | { step: 'send' }
  | { step: 'wait'; until: Instant }
  /** Held past the grace, or held until a time past it: it ends skipped with the reason (CancelRun). */
  | { step: 'skip_late'; reason: string }
  /** Unconfirmed: look the reply up on X (core/x findOwnReply), then Settle. */
  | { step: 'reconcile' }
  /** Ready: read the account's recent replies for it (DetectPosted), or Expire once past. */
  | { step: 'detect' }
  | { step: 'expire' }
  | { step: 'none' };

export const followUp = (state: ReplyState, now: Instant | number, graceMs: number = DEFAULT_GRACE_MS): FollowUp => {
  const nowMs = toMs(now, 'now');
  switch (state.status) {
    case 'rate_limited': {
      const retryMs = toMs(state.retryAt);
      // Known now when the hold ends too late: it is not kept waiting for a send that cannot be.
      const late = lateToSend(state, Math.max(nowMs, retryMs), graceMs);
      if (late !== null) return { step: 'skip_late', reason: late };
      return nowMs >= retryMs ? { step: 'send' } : { step: 'wait', until: state.retryAt };
    }
    case 'unconfirmed':
      return { step: 'reconcile' };
    case 'ready':
      return nowMs >= toMs(state.expiresAt) ? { step: 'expire' } : { step: 'detect' };
    default:
      return { step: 'none' };
  }
};
