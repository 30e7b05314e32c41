/**
 * Where a reply stands, as a union of named cases. `prepared` is what preparation decided (null for
 * a run that ended before it: skipped or refused up front). `attempts` counts the POSTs begun.
 * `dueAt`: what its lateness counts from (the run's due time; the user's resend, after one).
 * `requeues`: how often the scheduler sent it again after finding it not on X.
 */
import type { Instant } from '@core/scheduling/time';
import type { ReplyEvent } from './events';
import { dueAtOf, type FailureStatus, type PreparedReply, type ReplyRun, type SentVia, type SkippedBy } from './model';
import { REPLY_MESSAGES } from './messages';
import { upcastReplyPrepared } from './upcast';

interface Base {
  run: ReplyRun;
  prepared: PreparedReply;
  attempts: number;
  dueAt: Instant;
  requeues: number;
}

export type ReplyState =
  | { status: 'none' }
  | (Base & { status: 'pending' })
  /** `by`: the process that recorded the send (absent in sends recorded before it was). */
  | (Base & { status: 'sending'; since: Instant; by?: string })
  /** Held: sending again is safe from `retryAt` (a 429, a limit of ours, or found not on X). */
  | (Base & { status: 'rate_limited'; retryAt: Instant; message: string })
  /** `since`: when its POST was recorded as begun (ReplySending), what 'not found on X' waits from. */
  | (Base & { status: 'unconfirmed'; reason: string; since: Instant })
  | (Base & { status: 'ready'; intentUrl: string; expiresAt: Instant; reason: string })
  | (Base & { status: 'sent'; replyPostId: string | null; via: SentVia; sentAt: Instant })
  | (Base & { status: 'expired' })
  | (Omit<Base, 'prepared'> & { status: 'failed'; prepared: PreparedReply | null; failure: FailureStatus; message: string })
  | (Omit<Base, 'prepared'> & { status: 'skipped'; prepared: PreparedReply | null; reason: string; by: SkippedBy });

export type ReplyStateStatus = ReplyState['status'];

export const initialReplyState = (): ReplyState => ({ status: 'none' });

/** A reply that will not change by itself any more: sent, or ended without going out. */
export const isSettled = (state: ReplyState): boolean =>
  state.status === 'sent' || state.status === 'failed' || state.status === 'skipped' || state.status === 'expired';

/** What a reply keeps from one case to the next. */
const kept = (state: Exclude<ReplyState, { status: 'none' }>) => ({
  run: state.run,
  prepared: state.prepared,
  attempts: state.attempts,
  dueAt: state.dueAt,
  requeues: state.requeues,
});

export const evolveReply = (state: ReplyState, event: ReplyEvent): ReplyState => {
  switch (event.type) {
    case 'ReplyPrepared': {
      if (state.status !== 'none') return state;
      const { preparedAt: _at, replyId, userId, scheduleId, slot, dueAt, targetAccountId, targetUsername, connectedAccountId, connectedUsername, ...prepared } =
        upcastReplyPrepared(event.data);
      const run: ReplyRun = { replyId, userId, scheduleId, slot, ...(dueAt === undefined ? {} : { dueAt }), targetAccountId, targetUsername, connectedAccountId, connectedUsername };
      return { status: 'pending', run, prepared, attempts: 0, dueAt: dueAtOf(run), requeues: 0 };
    }
    case 'ReplyFailed':
      if (state.status === 'none') {
        return event.data.run === null
          ? state
          : { status: 'failed', run: event.data.run, prepared: null, attempts: 0, dueAt: dueAtOf(event.data.run), requeues: 0, failure: event.data.status, message: event.data.message };
      }
      return { ...kept(state), status: 'failed', failure: event.data.status, message: event.data.message };
    case 'ReplySkipped':
      if (state.status === 'none') {
        return event.data.run === null
          ? state
          : { status: 'skipped', run: event.data.run, prepared: null, attempts: 0, dueAt: dueAtOf(event.data.run), requeues: 0, reason: event.data.reason, by: event.data.by };
      }
      return { ...kept(state), status: 'skipped', reason: event.data.reason, by: event.data.by };
    default:
      break;
  }
  // The remaining events concern a prepared reply.
  if (state.status === 'none' || state.prepared === null) return state;
  const base: Base = { ...kept(state), prepared: state.prepared };
  switch (event.type) {
    case 'ReplySending':
      return { ...base, attempts: event.data.attempt, status: 'sending', since: event.data.at, ...(event.data.by === undefined ? {} : { by: event.data.by }) };
    case 'ReplySent':
      return { ...base, status: 'sent', replyPostId: event.data.replyPostId, via: event.data.via, sentAt: event.data.at };
    case 'ReplyUnconfirmed':
      // Only a send makes a reply unconfirmed; `at` stands in for a stream that says otherwise.
      return { ...base, status: 'unconfirmed', reason: event.data.reason, since: state.status === 'sending' || state.status === 'unconfirmed' ? state.since : event.data.at };
    case 'ReplyReady':
      return { ...base, status: 'ready', intentUrl: event.data.intentUrl, expiresAt: event.data.expiresAt, reason: event.data.reason };
    case 'ReplyExpired':
      return { ...base, status: 'expired' };
    case 'ReplyRateLimited':
      return { ...base, status: 'rate_limited', retryAt: event.data.retryAt, message: event.data.message };
    case 'ReplyRequeued': {
      const { by, at } = event.data;
      // The user's resend is a new time for it: its lateness counts from there.
      return by === 'user'
        ? { ...base, status: 'rate_limited', retryAt: at, message: REPLY_MESSAGES.resentByUser, dueAt: at }
        : { ...base, status: 'rate_limited', retryAt: at, message: REPLY_MESSAGES.sentAgain, requeues: base.requeues + 1 };
    }
    default: {
      // Exhaustive at compile time; at run time an event type from a newer version is ignored.
      const _unknown: never = event;
      return state;
    }
  }
};
