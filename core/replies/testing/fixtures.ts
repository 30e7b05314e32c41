/** Fixtures for the replies tests: a run, its preparation, events in order. */
import type { XOutcome, XPost } from '@core/x';
import type { ReplyEvent } from '../events';
import type { PreparedReply, ReplyRun } from '../model';

export const T0 = '2026-03-02T09:00:00.000Z';
export const at = (seconds: number): string => new Date(Date.parse(T0) + seconds * 1000).toISOString();

export const run = (o: Partial<ReplyRun> = {}): ReplyRun => ({
  replyId: 's1:1772442000000',
  userId: 'u1',
  scheduleId: 's1',
  slot: T0,
  targetAccountId: 'acc-1',
  targetUsername: 'naval',
  connectedAccountId: 'x-1',
  connectedUsername: 'me',
  ...o,
});

export const prepared = (o: Partial<PreparedReply> = {}): PreparedReply => ({
  postId: '1900000000000000001',
  postAuthorId: '111',
  postText: 'Most advice is people generalising from one example.',
  postCreatedAt: at(-240),
  text: 'Great point!',
  truncated: false,
  imageUrl: null,
  templateId: null,
  nextTemplateIndex: null,
  ai: false,
  aiFallback: null,
  mode: 'direct',
  modeReason: 'Direct delivery is set for this installation',
  ...o,
});

const id = run().replyId;

export const E = {
  prepared: (o: Partial<PreparedReply> = {}, when = at(1)): ReplyEvent => ({ type: 'ReplyPrepared', data: { ...run(), ...prepared(o), preparedAt: when } }),
  sending: (attempt = 1, when = at(2)): ReplyEvent => ({ type: 'ReplySending', data: { replyId: id, attempt, at: when } }),
  sent: (replyPostId: string | null = '1900000000000000099', via: 'api' | 'detected' | 'user' = 'api', when = at(3)): ReplyEvent => ({
    type: 'ReplySent',
    data: { replyId: id, replyPostId, via, at: when },
  }),
  unconfirmed: (reason = 'timeout', when = at(3)): ReplyEvent => ({ type: 'ReplyUnconfirmed', data: { replyId: id, reason, at: when } }),
  ready: (expiresAt = at(86_400), when = at(2)): ReplyEvent => ({
    type: 'ReplyReady',
    data: { replyId: id, intentUrl: 'https://x.com/intent/post?in_reply_to=1&text=Hi', expiresAt, reason: 'assisted', at: when },
  }),
  rateLimited: (retryAt = at(900), when = at(3)): ReplyEvent => ({ type: 'ReplyRateLimited', data: { replyId: id, retryAt, message: 'Rate limited by X', at: when } }),
  failed: (status: Extract<ReplyEvent, { type: 'ReplyFailed' }>['data']['status'] = 'failed', message = 'X refused', when = at(3)): ReplyEvent => ({
    type: 'ReplyFailed',
    data: { replyId: id, status, message, at: when, run: null },
  }),
  skipped: (by: 'user' | 'scheduler' = 'user', reason = 'Skipped by you', when = at(4)): ReplyEvent => ({
    type: 'ReplySkipped',
    data: { replyId: id, reason, by, at: when, run: null },
  }),
  expired: (when = at(86_400)): ReplyEvent => ({ type: 'ReplyExpired', data: { replyId: id, at: when } }),
  requeued: (by: 'user' | 'scheduler' = 'scheduler', when = at(600)): ReplyEvent => ({ type: 'ReplyRequeued', data: { replyId: id, by, at: when } }),
};

export const outcome = {
  sent: (postId = '1900000000000000099'): XOutcome => ({ kind: 'sent', postId, status: 'sent', next: 'done', message: 'Sent', httpStatus: 201 }),
  unknown: (): XOutcome => ({ kind: 'unknown', status: 'unconfirmed', next: 'reconcile', message: 'Unconfirmed: no complete answer from X (timeout)' }),
  rateLimited: (resetAt?: string): XOutcome => ({ kind: 'rate_limited', status: 'rate_limited', next: 'after_reset', message: 'Rate limited by X', ...(resetAt === undefined ? {} : { resetAt }) }),
  notSummoned: (): XOutcome => ({ kind: 'not_summoned', status: 'not_summoned', next: 'never', message: 'reply not allowed', httpStatus: 403 }),
  authFailed: (): XOutcome => ({ kind: 'auth_failed', status: 'failed', next: 'never', message: 'X authentication failed: reconnect this account', httpStatus: 401 }),
  duplicate: (): XOutcome => ({ kind: 'duplicate', status: 'duplicate', next: 'never', message: 'X refused a duplicate', httpStatus: 403 }),
  transient: (): XOutcome => ({ kind: 'transient', status: 'failed', next: 'retry', message: 'X could not be reached; nothing was changed' }),
};

export const post = (o: Partial<XPost> & { id: string; createdAt: string }): XPost => ({
  text: 'A thought',
  authorId: '111',
  references: [],
  mentions: [],
  ...o,
});
