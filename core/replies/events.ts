/**
 * What happened to a reply. Facts only: what was prepared, that a send began, what X answered or
 * what was found out later. Statuses, badges and plain-words reasons are derived (views.ts).
 */
import type { Instant } from '@core/scheduling/time';
import type { FailureStatus, PreparedReply, ReplyRun, RequeuedBy, SentVia, SkippedBy } from './model';

export type ReplyPreparedData = ReplyRun & PreparedReply & { preparedAt: Instant };

export type ReplyEvent =
  | { type: 'ReplyPrepared'; data: ReplyPreparedData }
  /**
   * Written (and made durable) before the POST to X: a crash after it must never lead to a second POST.
   * `by`: the sending process, as its heartbeat names it (core/scheduler-health), so a scheduler
   * that sees that process gone settles the send at once rather than after the run's lease.
   */
  | { type: 'ReplySending'; data: { replyId: string; attempt: number; at: Instant; by?: string } }
  | { type: 'ReplySent'; data: { replyId: string; replyPostId: string | null; via: SentVia; at: Instant } }
  /** `run` is set when the reply ended before anything was prepared (the run's facts start here). */
  | { type: 'ReplyFailed'; data: { replyId: string; status: FailureStatus; message: string; at: Instant; run: ReplyRun | null } }
  /** Nobody knows whether X stored the post (timeout, reset, 5xx, a crash after ReplySending). */
  | { type: 'ReplyUnconfirmed'; data: { replyId: string; reason: string; at: Instant } }
  /** Assisted delivery: the user posts through X's web intent until `expiresAt`. */
  | { type: 'ReplyReady'; data: { replyId: string; intentUrl: string; expiresAt: Instant; reason: string; at: Instant } }
  | { type: 'ReplySkipped'; data: { replyId: string; reason: string; by: SkippedBy; at: Instant; run: ReplyRun | null } }
  | { type: 'ReplyExpired'; data: { replyId: string; at: Instant } }
  /** X did not accept it (429) or a limit of ours held it: sending again from `retryAt` on is safe. */
  | { type: 'ReplyRateLimited'; data: { replyId: string; retryAt: Instant; message: string; at: Instant } }
  /**
   * Established not on X (reconciliation after a send whose answer never came, or a reply that
   * ended without going out) and put back to be sent from `at`: by the scheduler while the run is
   * still on time, or by the user.
   */
  | { type: 'ReplyRequeued'; data: { replyId: string; by: RequeuedBy; at: Instant } };

export type ReplyEventType = ReplyEvent['type'];

export const REPLY_EVENT_TYPES = [
  'ReplyPrepared',
  'ReplySending',
  'ReplySent',
  'ReplyFailed',
  'ReplyUnconfirmed',
  'ReplyReady',
  'ReplySkipped',
  'ReplyExpired',
  'ReplyRateLimited',
  'ReplyRequeued',
] as const satisfies readonly ReplyEventType[];

type Missing = Exclude<ReplyEventType, (typeof REPLY_EVENT_TYPES)[number]>;
const _allListed: Missing extends never ? true : never = true;
void _allListed;
