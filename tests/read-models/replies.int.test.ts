// The replies read module's queries on a real read database fed by the replies projection.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Position, RecordedEvent } from '@core/eventstore/types';
import { repliesProjection, type ReplyEvent } from '@core/replies';
import { at, prepared, run } from '@core/replies/testing/fixtures';
import { projectEvents } from '@core/shared/projection';
import {
  countSentReplies,
  findReply,
  listReplies,
  readyReplies,
  recentRepliesForAdmin,
  repliedPostIds,
  repliesToFollowUp,
  replySummary,
  scheduleReplies,
  sentAtSince,
  sentRepliesByTarget,
} from '@adapters/read-models/replies';

let n = 0;
const recorded = (event: ReplyEvent): RecordedEvent => {
  n += 1;
  return {
    id: `e${n}`,
    type: event.type,
    data: event.data,
    metadata: { actor: 'system', correlationId: 'c', causationId: null, time: at(0) },
    streamName: `reply-${(event.data as { replyId: string }).replyId}`,
    revision: 0n,
    position: String(n).padStart(20, '0') as Position,
  };
};

const freshDb = () => {
  const db = new Database(':memory:');
  for (const ddl of repliesProjection.schema) db.exec(ddl);
  return db;
};

const apply = (db: Database.Database, events: ReplyEvent[]) => {
  for (const st of projectEvents(repliesProjection as never, events.map(recorded) as never)) db.prepare(st.sql).run((st.params ?? {}) as Record<string, unknown>);
};

/** A prepared reply of `userId` (its events follow). */
const reply = (replyId: string, o: { userId?: string; text?: string; postId?: string; scheduleId?: string | null; targetAccountId?: string; targetUsername?: string; seconds?: number } = {}): ReplyEvent => ({
  type: 'ReplyPrepared',
  data: {
    ...run({ replyId, userId: o.userId ?? 'u1', scheduleId: o.scheduleId ?? 's1', targetAccountId: o.targetAccountId ?? 'acc-1', targetUsername: o.targetUsername ?? 'naval' }),
    ...prepared({ text: o.text ?? `Reply ${replyId}`, postId: o.postId ?? `19000000000000000${replyId.length}` }),
    preparedAt: at(o.seconds ?? 1),
  },
});
const sent = (replyId: string, seconds: number): ReplyEvent => ({ type: 'ReplySent', data: { replyId, replyPostId: `99${seconds}`, via: 'api', at: at(seconds) } });
const ready = (replyId: string, expiresAt: string): ReplyEvent => ({ type: 'ReplyReady', data: { replyId, intentUrl: 'https://x.com/intent/post?in_reply_to=1&text=Hi', expiresAt, reason: 'assisted', at: at(2) } });

describe('replies read module', () => {
  it("pages, searches and filters a user's replies, newest first, never another user's", () => {
    const db = freshDb();
    apply(db, [
      reply('r1', { text: 'Great thread on compounding', seconds: 1 }),
      reply('r2', { text: 'Nice 100% agree', seconds: 2 }),
      reply('r3', { text: 'Other user', userId: 'u2', seconds: 3 }),
      reply('r4', { text: 'About under_scores', targetUsername: 'pmarca', seconds: 4 }),
      sent('r1', 10),
    ]);
    expect(listReplies(db, 'u1', { page: 1, limit: 10 })).toMatchObject({ total: 3, items: [{ id: 'r4' }, { id: 'r2' }, { id: 'r1' }] });
    expect(listReplies(db, 'u1', { page: 2, limit: 2 }).items.map((r) => r.id)).toEqual(['r1']);
    // LIKE's wildcards are searched for literally.
    expect(listReplies(db, 'u1', { page: 1, limit: 10, search: '100%' }).items.map((r) => r.id)).toEqual(['r2']);
    expect(listReplies(db, 'u1', { page: 1, limit: 10, search: '_' }).items.map((r) => r.id)).toEqual(['r4']);
    expect(listReplies(db, 'u1', { page: 1, limit: 10, search: 'PMARCA' }).items.map((r) => r.id)).toEqual(['r4']);
    expect(listReplies(db, 'u1', { page: 1, limit: 10, status: 'sent' }).items.map((r) => r.id)).toEqual(['r1']);
    expect(findReply(db, 'u2', 'r1')).toBeNull();
    expect(findReply(db, 'u1', 'r1')).toMatchObject({ status: 'sent', replyPostId: '9910', badge: { label: 'Sent' } });
    expect(scheduleReplies(db, 'u1', 's1').map((r) => r.id)).toEqual(['r4', 'r2', 'r1']);
    expect(recentRepliesForAdmin(db, 2).map((r) => r.id)).toEqual(['r4', 'r3']);
  });

  it('answers the ready queue and its count, the hourly sends, the figures per target and the follow-up work', () => {
    const db = freshDb();
    apply(db, [
      reply('a', { seconds: 1, postId: '11' }),
      ready('a', at(5_000)),
      reply('b', { seconds: 2, postId: '12' }),
      ready('b', at(3_000)),
      reply('c', { seconds: 3, postId: '13', targetAccountId: 'acc-2' }),
      ready('c', at(100)),
      reply('d', { seconds: 4, postId: '14' }),
      sent('d', 50),
      reply('e', { seconds: 5, postId: '15' }),
      { type: 'ReplyUnconfirmed', data: { replyId: 'e', reason: 'timeout', at: at(6) } },
      reply('f', { seconds: 6, postId: '16' }),
      { type: 'ReplyRateLimited', data: { replyId: 'f', retryAt: at(900), message: 'Rate limited', at: at(7) } },
    ]);
    // c expired at 100 s: not offered, not counted.
    expect(readyReplies(db, 'u1', at(200)).map((r) => r.id)).toEqual(['b', 'a']);
    expect(replySummary(db, 'u1', at(200))).toEqual({ ready: 2, unconfirmed: 1 });
    expect(sentAtSince(db, 'u1', at(0))).toEqual([at(50)]);
    expect(sentAtSince(db, 'u1', at(60))).toEqual([]);
    expect(countSentReplies(db, 'u1')).toBe(1);
    expect(sentRepliesByTarget(db, 'u1').get('acc-1')).toEqual({ sent: 1, lastSentAt: at(50) });
    expect(repliedPostIds(db, 'x-1').sort()).toEqual(['11', '12', '13', '14', '15', '16']);
    // The rate-limited reply is due only once its time has come.
    expect(repliesToFollowUp(db, at(200), 100).map((r) => r.id).sort()).toEqual(['a', 'b', 'c', 'e']);
    expect(repliesToFollowUp(db, at(900), 100).map((r) => r.id).sort()).toEqual(['a', 'b', 'c', 'e', 'f']);
  });
});
