/**
 * Where a reply stands, as a union of named cases. `prepared` is what preparation decided (null for
 * a run that ended before it: skipped or refused up front). `attempts` counts the POSTs begun.
 */
import type { Instant } from '@core/scheduling/time';
import type { ReplyEvent } from './events';
import type { FailureStatus, PreparedReply, ReplyRun, SentVia, SkippedBy } from './model';
import { upcastReplyPrepared } from './upcast';

interface Base {
  run: ReplyRun;
  prepared: PreparedReply;
  attempts: number;
}

export type ReplyState =
  | { status: 'none' }
  | (Base & { status: 'pending' })
  | (Base & { status: 'sending'; since: Instant })
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

export const evolveReply = (state: ReplyState, event: ReplyEvent): ReplyState => {
  switch (event.type) {
    case 'ReplyPrepared': {
      if (state.status !== 'none') return state;
      const { preparedAt: _at, replyId, userId, scheduleId, slot, targetAccountId, targetUsername, connectedAccountId, connectedUsername, ...prepared } =
        upcastReplyPrepared(event.data);
      const run: ReplyRun = { replyId, userId, scheduleId, slot, targetAccountId, targetUsername, connectedAccountId, connectedUsername };
      return { status: 'pending', run, prepared, attempts: 0 };
    }
    case 'ReplyFailed':
      if (state.status === 'none') {
        return event.data.run === null
          ? state
          : { status: 'failed', run: event.data.run, prepared: null, attempts: 0, failure: event.data.status, message: event.data.message };
      }
      return { run: state.run, prepared: state.prepared, attempts: state.attempts, status: 'failed', failure: event.data.status, message: event.data.message };
    case 'ReplySkipped':
      if (state.status === 'none') {
        return event.data.run === null
          ? state
          : { status: 'skipped', run: event.data.run, prepared: null, attempts: 0, reason: event.data.reason, by: event.data.by };
      }
      return { run: state.run, prepared: state.prepared, attempts: state.attempts, status: 'skipped', reason: event.data.reason, by: event.data.by };
    default:
      break;
  }
  // The remaining events concern a prepared reply.
  if (state.status === 'none' || state.prepared === null) return state;
  const base: Base = { run: state.run, prepared: state.prepared, attempts: state.attempts };
  switch (event.type) {
    case 'ReplySending':
      return { ...base, attempts: event.data.attempt, status: 'sending', since: event.data.at };
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
    default: {
      // Exhaustive at compile time; at run time an event type from a newer version is ignored.
      const _unknown: never = event;
      return state;
    }
  }
};
