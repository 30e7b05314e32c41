/**
 * What may be asked of a reply. Scheduler commands act for the owner; user commands carry the
 * acting user (someone else's reply answers not_found). Time is always an argument.
 */
import type { Instant } from '@core/scheduling/time';
import type { XOutcome } from '@core/x';
import type { FailureStatus, PreparedReply, ReplyRun } from './model';

/** Assisted delivery's link and its end, for a reply handed to the user. */
export interface AssistedHandover {
  intentUrl: string;
  expiresAt: Instant;
}

export type ReplyCommand =
  /** A run that ends before anything is prepared (too late, no recent post, post already answered). */
  | { type: 'SkipRun'; run: ReplyRun; reason: string; now: Instant }
  | { type: 'Prepare'; run: ReplyRun; prepared: PreparedReply; now: Instant }
  /**
   * A prepared or held run that must not go out: its schedule was paused or deleted while it
   * waited for its time, or it is too late (run.ts lateToSend). It ends skipped, with the reason,
   * before anything reaches X. Nothing once the send has started.
   */
  | { type: 'CancelRun'; reason: string; now: Instant }
  /**
   * A refusal of ours before anything reaches X: the trial is over (rejected), the text went out
   * from another account within 24 h (duplicate), the text is empty (invalid_content) ...
   * `run` is needed only when nothing was prepared yet.
   */
  | { type: 'Refuse'; status: FailureStatus; message: string; now: Instant; run?: ReplyRun }
  /** A limit of ours (the hourly cap, a shared budget) holds the reply until `retryAt`. */
  | { type: 'HoldForLimit'; retryAt: Instant; message: string; now: Instant }
  /**
   * The durable record before the POST. The caller posts only when this appended an event.
   * `by`: the sending process's id, as its heartbeat names it.
   */
  | { type: 'StartSending'; now: Instant; by?: string }
  /**
   * X's answer to the POST (core/x classifyXAnswer). `fallback` turns a 403 not-summoned into
   * assisted delivery (mode auto) instead of a failure.
   */
  | { type: 'RecordOutcome'; outcome: XOutcome; now: Instant; fallback?: AssistedHandover }
  /** A scheduler found the reply 'sending' with nobody to finish it (a crash after the record). */
  | { type: 'MarkUnconfirmed'; reason: string; now: Instant }
  /**
   * Reconciliation's finding: the account's reply on X, or none after X had time to show it. None,
   * and the run still on time by `graceMs` (default DEFAULT_GRACE_MS): it is sent again.
   */
  | { type: 'Settle'; found: { replyPostId: string } | null; now: Instant; graceMs?: number }
  | { type: 'HandOver'; handover: AssistedHandover; reason: string; now: Instant }
  /** The connected account's reply to the target post was seen on X. */
  | { type: 'DetectPosted'; replyPostId: string; now: Instant }
  | { type: 'MarkSentByUser'; userId: string; replyPostId: string | null; now: Instant }
  | { type: 'SkipByUser'; userId: string; reason?: string; now: Instant }
  /** The user sends again a reply that ended without going out (rules: resendableByUser). */
  | { type: 'ResendByUser'; userId: string; now: Instant }
  | { type: 'Expire'; now: Instant };

export type ReplyCommandType = ReplyCommand['type'];
