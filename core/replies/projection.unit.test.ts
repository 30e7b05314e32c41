/** The replies projection applied to a real SQLite :memory: database, and the views read from its rows. */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Position } from '@core/eventstore/types';
import { projectEvents } from '@core/shared/projection';
import { NOT_SUMMONED_MESSAGE } from '@core/x';
import { REPLY_EVENT_TYPES, type ReplyEvent } from './events';
import { REPLY_MESSAGES } from './messages';
import { replyStream } from './model';
import { evolveReply } from './state';
import { repliesProjection, type RecordedReplyEvent } from './projection';
import { at, E, run } from './testing/fixtures';
import { adminRecentReply, BADGE_TEST_STATUSES, replyHistoryItem, replyView, statusBadge, statusGroup, statusReason, type ReplyRow } from './views';

let n = 0;
const recorded = (event: ReplyEvent): RecordedReplyEvent => {
  n += 1;
  return {
    id: `e${n}`,
    type: event.type,
    data: event.data,
    metadata: { actor: null, correlationId: 'c', causationId: null, time: at(n) },
    streamName: replyStream(run().replyId),
    revision: BigInt(n),
    position: String(n).padStart(8, '0') as Position,
  } as RecordedReplyEvent;
};

const projectDb = (...events: ReplyEvent[]) => {
  const db = new Database(':memory:');
  for (const ddl of repliesProjection.schema) db.exec(ddl);
  for (const s of projectEvents(repliesProjection, events.map(recorded))) db.prepare(s.sql).run(s.params as Record<string, unknown>);
  return db;
};
const project = (...events: ReplyEvent[]) => projectDb(...events).prepare('SELECT * FROM replies').all() as ReplyRow[];

describe('repliesProjection', () => {
  it('counts every POST to X (a resend after a 429 too) for the posting budgets, and drops those older than two days', () => {
    const r = run();
    const db = projectDb(E.prepared(), E.sending(1, at(10)), E.rateLimited(at(900), at(20)), E.sending(2, at(30)));
    expect(db.prepare('SELECT reply_id, attempt, user_id, connected_account_id, at FROM x_post_attempts ORDER BY attempt').all()).toEqual([
      { reply_id: r.replyId, attempt: 1, user_id: r.userId, connected_account_id: r.connectedAccountId, at: at(10) },
      { reply_id: r.replyId, attempt: 2, user_id: r.userId, connected_account_id: r.connectedAccountId, at: at(30) },
    ]);
    const later = projectDb(E.prepared(), E.sending(1, at(10)), E.rateLimited(at(900), at(20)), E.sending(2, at(10 + 2 * 86_400 + 1)));
    expect(later.prepare('SELECT attempt FROM x_post_attempts').pluck().all()).toEqual([2]);
  });

  it('handles every reply event', () => {
    expect([...(repliesProjection.handles ?? [])].sort()).toEqual([...REPLY_EVENT_TYPES].sort());
  });

  it("keeps the target post's text for the view; a ReplyPrepared written without it (the first shape) reads as null", () => {
    const [row] = project(E.prepared());
    expect(replyView(row!).postText).toBe('Most advice is people generalising from one example.');
    const first = E.prepared();
    const { postText: _dropped, ...oldShape } = first.data as Extract<ReplyEvent, { type: 'ReplyPrepared' }>['data'];
    const old = { type: 'ReplyPrepared', data: oldShape } as unknown as ReplyEvent;
    const [oldRow] = project(old, E.sending(), E.sent());
    expect(replyView(oldRow!)).toMatchObject({ postText: null, status: 'sent', postId: '1900000000000000001' });
    expect(evolveReply({ status: 'none' }, old)).toMatchObject({ status: 'pending', prepared: { postText: null, text: 'Great point!' } });
  });

  it('stores the spec’s Reply fields and what delivery adds, following the reply to sent', () => {
    const [row] = project(E.prepared({ imageUrl: '/uploads/a.png', templateId: 't1' }), E.sending(), E.sent('99', 'api', at(3)));
    expect(row).toMatchObject({
      id: run().replyId,
      post_id: '1900000000000000001',
      reply_post_id: '99',
      content: 'Great point!',
      image_url: '/uploads/a.png',
      template_id: 't1',
      scheduled_id: 's1',
      account_id: 'acc-1',
      connected_account_id: 'x-1',
      status: 'sent',
      status_message: null,
      sent_at: at(3),
      sent_via: 'api',
      user_id: 'u1',
      target_username: 'naval',
      connected_username: 'me',
      mode: 'direct',
      slot: run().slot,
      attempts: 1,
      created_at: at(1),
      updated_at: at(3),
    });
  });

  it('records ready with its link and expiry, and runs that ended before preparation as their own rows', () => {
    expect(project(E.prepared({ mode: 'assisted' }), E.ready())[0]).toMatchObject({ status: 'ready', intent_url: expect.stringContaining('intent'), expires_at: at(86_400) });
    const skipped = project({ type: 'ReplySkipped', data: { replyId: 'r2', reason: REPLY_MESSAGES.missedOffline, by: 'scheduler', at: at(5), run: run({ replyId: 'r2' }) } });
    expect(skipped[0]).toMatchObject({ id: 'r2', status: 'skipped', status_message: REPLY_MESSAGES.missedOffline, content: '', post_id: null });
    const rejected = project({ type: 'ReplyFailed', data: { replyId: 'r3', status: 'rejected', message: REPLY_MESSAGES.trialEnded, at: at(5), run: run({ replyId: 'r3' }) } });
    expect(rejected[0]).toMatchObject({ status: 'rejected', status_message: 'Free trial ended' });
  });

  it('binds only values SQLite takes, for every event', () => {
    const all = [E.prepared(), E.sending(), E.rateLimited(), E.sending(2), E.unconfirmed(), E.failed(), E.ready(), E.skipped(), E.expired(), E.sent()];
    for (const s of projectEvents(repliesProjection, all.map(recorded))) {
      for (const value of Object.values(s.params as Record<string, unknown>)) expect(['string', 'number', 'object']).toContain(typeof value);
    }
  });
});

describe('views', () => {
  it('badges follow spec part 1: success, pending with a clock, destructive failures, neutral otherwise, Auth Failed by message', () => {
    expect(statusBadge('sent', null)).toMatchObject({ variant: 'success', label: 'Sent', group: 'success' });
    expect(statusBadge('', null)).toMatchObject({ status: 'pending', variant: 'pending' });
    expect(statusBadge('scheduled', null).variant).toBe('pending');
    for (const s of ['failed', 'invalid_content', 'account_suspended', 'post_unavailable', 'insufficient_permissions']) expect(statusBadge(s, null).variant).toBe('destructive');
    // A held reply waits (Riposte's choice over the spec's failure badge), and says until when.
    expect(statusBadge('rate_limited', 'Rate limited', '2026-03-02T09:15:00.000Z')).toMatchObject({ label: 'Waiting', variant: 'pending', group: 'in_progress', until: '2026-03-02T09:15:00.000Z' });
    expect(statusBadge('failed', 'x', '2026-03-02T09:15:00.000Z').until).toBeNull();
    expect(statusBadge('duplicate', null)).toMatchObject({ variant: 'neutral', group: 'failure' });
    expect(statusBadge('canceled', null)).toMatchObject({ variant: 'neutral', group: 'cancelled' });
    expect(statusBadge('something_new', null)).toMatchObject({ label: 'something_new', variant: 'neutral', group: 'other' });
    expect(statusBadge('failed', 'X authentication failed: reconnect this account')).toMatchObject({ label: 'Auth Failed', authFailed: true });
    expect(statusBadge('not_summoned', NOT_SUMMONED_MESSAGE).authFailed).toBe(false);
    expect(statusBadge('ready', null).variant).toBe('attention');
  });

  it('gives every status a group and a plain-words reason; a reply’s own message wins', () => {
    for (const s of BADGE_TEST_STATUSES) {
      expect(statusReason(s, null)).not.toBe('');
      if (s !== 'blocked') expect(statusGroup(s)).not.toBe('other');
    }
    expect(statusReason('skipped', 'No recent post from @naval')).toBe('No recent post from @naval');
    expect(statusReason('not_summoned', null)).toBe(NOT_SUMMONED_MESSAGE);
  });

  it('answers a row as the API shapes: reply, history item (empty templateId = Direct Reply) and admin recent reply', () => {
    const [row] = project(E.prepared({ mode: 'assisted' }), E.ready());
    if (row === undefined) throw new Error('no row');
    expect(replyView(row)).toMatchObject({ id: run().replyId, status: 'ready', mode: 'assisted', intentUrl: expect.stringContaining('intent'), badge: { variant: 'attention' } });
    expect(replyHistoryItem(row)).toMatchObject({ templateId: '', status: 'ready', reason: 'assisted' });
    expect(adminRecentReply(row)).toEqual({ id: run().replyId, status: 'ready', statusMessage: 'assisted', postId: '1900000000000000001', content: 'Great point!', sentAt: null, scheduledId: 's1' });
    const [sent] = project(E.prepared({ mode: 'assisted' }), E.ready(), E.sent('5', 'detected'));
    expect(sent && replyView(sent).intentUrl).toBeNull();
  });
});
