/**
 * The reply decider. The rules it holds (docs/adr/0019-dispatch-exactly-once.md):
 *  - a sent reply never changes again;
 *  - a POST begins only after ReplySending is appended, and only from pending (or rate_limited once
 *    its retryAt has come): a second StartSending, whoever sends it, is refused, so the caller
 *    that did not append the record never posts;
 *  - an unknown outcome makes the reply unconfirmed and it is never sent again on that alone: only
 *    reconciliation (Settle), a late answer from X, or the user settles it; reconciliation that
 *    established it is not on X puts it back to be sent (ReplyRequeued) while the run is on time;
 *  - a reply that ended without going out may be sent again by its user (ResendByUser);
 *  - assisted replies (ready) end by detection, the user's word (sent or skip) or expiry.
 * Commands that find the work already done are quiet; commands that would break a rule are
 * refused with a conflict and a reason.
 */
import { assertNever, type Decider } from '@core/shared/decider';
import { AppError } from '@core/shared/errors';
import { toInstant, toMs, type Instant } from '@core/scheduling/time';
import type { XOutcome } from '@core/x';
import type { ReplyCommand } from './commands';
import type { ReplyEvent } from './events';
import { REPLY_MESSAGES } from './messages';
import { isFailureStatus, type FailureStatus } from './model';
import { evolveReply, initialReplyState, type ReplyState } from './state';
import { DEFAULT_RATE_LIMIT_WAIT_MS } from './rules/timing';
import { X_SENDING_PROBE_EVERY_MS } from '@core/x-sending';
import { maySendAgain, resendRefusal } from './run';

type Command<T extends ReplyCommand['type']> = Extract<ReplyCommand, { type: T }>;
type Existing = Exclude<ReplyState, { status: 'none' }>;

const notFound = () => new AppError('not_found', REPLY_MESSAGES.notFound, { reason: 'REPLY_NOT_FOUND' });
const conflict = (message: string, reason: string) => new AppError('conflict', message, { reason });
const instant = (value: Instant, what = 'now'): Instant => toInstant(toMs(value, what));

const existing = (state: ReplyState): Existing => {
  if (state.status === 'none') throw notFound();
  return state;
};

/** The owner's reply; someone else's answers not_found. */
const own = (state: ReplyState, userId: string): Existing => {
  const reply = existing(state);
  if (reply.run.userId !== userId) throw notFound();
  return reply;
};

const replyIdOf = (state: Existing) => state.run.replyId;

/** When sending again is safe after a 429: X's reset, else its Retry-After, else a default wait. */
const retryAtOf = (outcome: Extract<XOutcome, { kind: 'rate_limited' }>, nowMs: number): Instant => {
  if (outcome.resetAt !== undefined && Number.isFinite(Date.parse(outcome.resetAt))) return toInstant(Math.max(nowMs, Date.parse(outcome.resetAt)));
  if (outcome.retryAfterSeconds !== undefined) return toInstant(nowMs + outcome.retryAfterSeconds * 1000);
  return toInstant(nowMs + DEFAULT_RATE_LIMIT_WAIT_MS);
};

/** The events X's answer leads to, for a reply whose POST began (sending) or whose fate is unknown. */
const outcomeEvents = (command: Command<'RecordOutcome'>, state: Existing): ReplyEvent[] => {
  const replyId = replyIdOf(state);
  const at = instant(command.now);
  const { outcome } = command;
  switch (outcome.kind) {
    case 'sent':
      return [{ type: 'ReplySent', data: { replyId, replyPostId: outcome.postId, via: 'api', at } }];
    case 'unknown':
      // Already unconfirmed: nothing new is known.
      return state.status === 'unconfirmed' ? [] : [{ type: 'ReplyUnconfirmed', data: { replyId, reason: outcome.message, at } }];
    case 'rate_limited':
      return [{ type: 'ReplyRateLimited', data: { replyId, retryAt: retryAtOf(outcome, toMs(at)), message: outcome.message, at } }];
    case 'credits_depleted':
    case 'client_not_enrolled':
      // X refused the app, not this reply: it waits while sending is paused (core/x-sending), and
      // is looked at again when the probe may have found X answering.
      return [{ type: 'ReplyRateLimited', data: { replyId, retryAt: toInstant(toMs(at) + X_SENDING_PROBE_EVERY_MS), message: outcome.message, at } }];
    case 'not_summoned':
      if (command.fallback !== undefined) {
        const handover = command.fallback;
        return [{ type: 'ReplyReady', data: { replyId, intentUrl: handover.intentUrl, expiresAt: instant(handover.expiresAt, 'expiresAt'), reason: outcome.message, at } }];
      }
      return [failed(replyId, 'not_summoned', outcome.message, at)];
    case 'transient':
      // X was not reached, so nothing was posted; the reply ends here rather than wait unseen.
      return [failed(replyId, 'failed', outcome.message || REPLY_MESSAGES.notReachedNothingSent, at)];
    case 'ok':
      // A 2xx without a post id is not proof the post exists: reconcile.
      return state.status === 'unconfirmed' ? [] : [{ type: 'ReplyUnconfirmed', data: { replyId, reason: outcome.message, at } }];
    default: {
      const status: FailureStatus = isFailureStatus(outcome.status) ? outcome.status : 'failed';
      return [failed(replyId, status, outcome.message, at)];
    }
  }
};

const failed = (replyId: string, status: FailureStatus, message: string, at: Instant, run: Command<'Refuse'>['run'] = undefined): ReplyEvent => ({
  type: 'ReplyFailed',
  data: { replyId, status, message, at, run: run ?? null },
});

const startSending = (command: Command<'StartSending'>, state: ReplyState): ReplyEvent[] => {
  const reply = existing(state);
  const at = instant(command.now);
  switch (reply.status) {
    case 'pending':
      if (reply.prepared.mode !== 'direct') throw conflict(REPLY_MESSAGES.assistedOnly, 'REPLY_ASSISTED');
      break;
    case 'rate_limited':
      if (reply.prepared.mode !== 'direct') throw conflict(REPLY_MESSAGES.assistedOnly, 'REPLY_ASSISTED');
      if (toMs(at) < toMs(reply.retryAt)) throw conflict(REPLY_MESSAGES.notRateLimitedYet(reply.retryAt), 'REPLY_WAITING');
      break;
    case 'sending':
    case 'unconfirmed':
    case 'sent':
      throw conflict(REPLY_MESSAGES.sendStarted, 'REPLY_SEND_STARTED');
    case 'ready':
    case 'failed':
    case 'skipped':
    case 'expired':
      throw conflict(REPLY_MESSAGES.notSendable, 'REPLY_NOT_SENDABLE');
    default:
      return assertNever(reply, 'reply state');
  }
  return [{ type: 'ReplySending', data: { replyId: reply.run.replyId, attempt: reply.attempts + 1, at, ...(command.by === undefined ? {} : { by: command.by }) } }];
};

const recordOutcome = (command: Command<'RecordOutcome'>, state: ReplyState): ReplyEvent[] => {
  const reply = existing(state);
  switch (reply.status) {
    case 'sending':
    case 'unconfirmed':
      return outcomeEvents(command, reply);
    case 'sent':
      // The same answer recorded twice; a sent reply never changes.
      return [];
    case 'pending':
    case 'rate_limited':
    case 'ready':
    case 'failed':
    case 'skipped':
    case 'expired':
      throw conflict(REPLY_MESSAGES.notSending, 'REPLY_NOT_SENDING');
    default:
      return assertNever(reply, 'reply state');
  }
};

export const decideReply = (command: ReplyCommand, state: ReplyState): ReplyEvent[] => {
  switch (command.type) {
    case 'SkipRun':
      if (state.status !== 'none') return []; // the run was decided already (a takeover, a retry)
      return [{ type: 'ReplySkipped', data: { replyId: command.run.replyId, reason: command.reason, by: 'scheduler', at: instant(command.now), run: command.run } }];
    case 'CancelRun':
      if (state.status !== 'pending' && state.status !== 'rate_limited') return []; // sending or settled: too late, or done
      // run: null, as for a skip of an existing reply (the run is already on record: projection, state).
      return [{ type: 'ReplySkipped', data: { replyId: state.run.replyId, reason: command.reason, by: 'scheduler', at: instant(command.now), run: null } }];
    case 'Prepare': {
      if (state.status !== 'none') return []; // the first preparation stands; a takeover carries it on
      if (command.prepared.text.trim() === '') throw new AppError('internal', 'A prepared reply needs its text');
      const data = { ...command.run, ...command.prepared, preparedAt: instant(command.now) };
      return [{ type: 'ReplyPrepared', data }];
    }
    case 'Refuse': {
      const at = instant(command.now);
      if (state.status === 'none') {
        if (command.run === undefined) throw notFound();
        return [failed(command.run.replyId, command.status, command.message, at, command.run)];
      }
      switch (state.status) {
        case 'pending':
        case 'rate_limited':
          return [failed(state.run.replyId, command.status, command.message, at)];
        case 'failed':
        case 'skipped':
        case 'expired':
        case 'sent':
          return [];
        case 'sending':
        case 'unconfirmed':
        case 'ready':
          // Past this point only X's answer, reconciliation or the user decide.
          throw conflict(REPLY_MESSAGES.settled, 'REPLY_IN_FLIGHT');
        default:
          return assertNever(state, 'reply state');
      }
    }
    case 'HoldForLimit': {
      const reply = existing(state);
      const at = instant(command.now);
      const retryAt = instant(command.retryAt, 'retryAt');
      if (reply.status === 'rate_limited' && reply.retryAt === retryAt) return [];
      // A ready reply is taken back from the queue only for a full trial allowance (nothing of it was posted).
      if (reply.status !== 'pending' && reply.status !== 'rate_limited' && reply.status !== 'ready') throw conflict(REPLY_MESSAGES.notSendable, 'REPLY_NOT_SENDABLE');
      return [{ type: 'ReplyRateLimited', data: { replyId: reply.run.replyId, retryAt, message: command.message, at } }];
    }
    case 'StartSending':
      return startSending(command, state);
    case 'RecordOutcome':
      return recordOutcome(command, state);
    case 'MarkUnconfirmed': {
      const reply = existing(state);
      if (reply.status === 'sending') return [{ type: 'ReplyUnconfirmed', data: { replyId: reply.run.replyId, reason: command.reason, at: instant(command.now) } }];
      if (reply.status === 'pending' || reply.status === 'rate_limited') throw conflict(REPLY_MESSAGES.notSending, 'REPLY_NOT_SENDING');
      return []; // already unconfirmed, or settled since
    }
    case 'Settle': {
      const reply = existing(state);
      const at = instant(command.now);
      switch (reply.status) {
        case 'unconfirmed':
          if (command.found !== null) return [{ type: 'ReplySent', data: { replyId: reply.run.replyId, replyPostId: command.found.replyPostId, via: 'detected', at } }];
          return maySendAgain(reply, at, command.graceMs)
            ? [{ type: 'ReplyRequeued', data: { replyId: reply.run.replyId, by: 'scheduler', at } }]
            : [failed(reply.run.replyId, 'failed', REPLY_MESSAGES.notFoundOnX, at)];
        case 'sent':
        case 'failed':
        case 'skipped':
        case 'expired':
          return [];
        case 'pending':
        case 'sending':
        case 'rate_limited':
        case 'ready':
          throw conflict(REPLY_MESSAGES.notSending, 'REPLY_NOT_UNCONFIRMED');
        default:
          return assertNever(reply, 'reply state');
      }
    }
    case 'HandOver': {
      const reply = existing(state);
      if (reply.status === 'ready') return [];
      const held = reply.status === 'rate_limited';
      if (held && reply.prepared.mode === 'direct') throw conflict(REPLY_MESSAGES.notSendable, 'REPLY_NOT_SENDABLE');
      if (held && toMs(command.now, 'now') < toMs(reply.retryAt)) throw conflict(REPLY_MESSAGES.notRateLimitedYet(reply.retryAt), 'REPLY_WAITING');
      if (reply.status !== 'pending' && !held) throw conflict(REPLY_MESSAGES.notSendable, 'REPLY_NOT_SENDABLE');
      const { intentUrl, expiresAt } = command.handover;
      return [{ type: 'ReplyReady', data: { replyId: reply.run.replyId, intentUrl, expiresAt: instant(expiresAt, 'expiresAt'), reason: command.reason, at: instant(command.now) } }];
    }
    case 'DetectPosted': {
      const reply = existing(state);
      const sent: ReplyEvent = { type: 'ReplySent', data: { replyId: reply.run.replyId, replyPostId: command.replyPostId, via: 'detected', at: instant(command.now) } };
      switch (reply.status) {
        case 'ready':
        case 'unconfirmed':
        case 'expired':
          // The post on X is the truth, even when it came after the link expired.
          return [sent];
        case 'sent':
        case 'skipped':
        case 'failed':
          return [];
        case 'pending':
        case 'sending':
        case 'rate_limited':
          throw conflict(REPLY_MESSAGES.notReady, 'REPLY_NOT_READY');
        default:
          return assertNever(reply, 'reply state');
      }
    }
    case 'MarkSentByUser': {
      const reply = own(state, command.userId);
      if (reply.status === 'sent') return [];
      if (reply.status !== 'ready' && reply.status !== 'unconfirmed') throw conflict(REPLY_MESSAGES.notReady, 'REPLY_NOT_READY');
      return [{ type: 'ReplySent', data: { replyId: reply.run.replyId, replyPostId: command.replyPostId, via: 'user', at: instant(command.now) } }];
    }
    case 'SkipByUser': {
      const reply = own(state, command.userId);
      if (reply.status === 'skipped') return [];
      if (reply.status !== 'ready' && reply.status !== 'unconfirmed') throw conflict(REPLY_MESSAGES.notReady, 'REPLY_NOT_READY');
      const reason = command.reason?.trim() || REPLY_MESSAGES.skippedByUser;
      return [{ type: 'ReplySkipped', data: { replyId: reply.run.replyId, reason, by: 'user', at: instant(command.now), run: null } }];
    }
    case 'ResendByUser': {
      const reply = own(state, command.userId);
      // A double click: the first resend stands (it waits to go out, or went).
      if (reply.status === 'rate_limited' && reply.message === REPLY_MESSAGES.resentByUser) return [];
      if (reply.status === 'sent') throw conflict(REPLY_MESSAGES.sendStarted, 'REPLY_SENT');
      const refusal = resendRefusal(reply);
      if (refusal !== null) throw conflict(refusal, 'REPLY_NOT_RESENDABLE');
      return [{ type: 'ReplyRequeued', data: { replyId: reply.run.replyId, by: 'user', at: instant(command.now) } }];
    }
    case 'Expire': {
      const reply = existing(state);
      if (reply.status !== 'ready' || toMs(command.now, 'now') < toMs(reply.expiresAt)) return [];
      return [{ type: 'ReplyExpired', data: { replyId: reply.run.replyId, at: instant(command.now) } }];
    }
    default:
      return assertNever(command, 'reply command');
  }
};

export const replyDecider: Decider<ReplyCommand, ReplyEvent, ReplyState> = {
  decide: decideReply,
  evolve: evolveReply,
  initialState: initialReplyState,
};
