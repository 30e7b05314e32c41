// The reply metrics read module's queries on a real read database fed by the metrics projection:
// impressions gained per UTC day (growth between reads, per reply), totals since a time, the last
// read of each reply; observations out of order keep the later one; users never see each other's.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Position, RecordedEvent } from '@core/eventstore/types';
import { recordObservations, type ReplyObservation } from '@core/metrics';
import { projectEvents } from '@core/shared/projection';
import { impressionsGainedByDay, lastObservedAt, metricsTotalsSince, replyMetricsProjection } from '@adapters/read-models/metrics';

let n = 0;
const freshDb = () => {
  const db = new Database(':memory:');
  for (const ddl of replyMetricsProjection.schema) db.exec(ddl);
  return db;
};

const apply = (db: Database.Database, events: RecordedEvent[]) => {
  for (const st of projectEvents(replyMetricsProjection as never, events as never)) db.prepare(st.sql).run((st.params ?? {}) as Record<string, unknown>);
};

const observe = (db: Database.Database, observedAt: string, observations: Partial<ReplyObservation>[]) => {
  const events = recordObservations(
    observedAt,
    observations.map((o) => ({ replyId: 'r1', userId: 'u1', postId: '91', sentAt: '2026-11-18T20:00:00Z', impressions: 0, likes: 0, reposts: 0, replies: 0, quotes: 0, bookmarks: 0, ...o })),
  );
  const recorded = events.map((e): RecordedEvent => {
    n += 1;
    return { id: `e${n}`, type: e.type, data: e.data, metadata: { actor: 'system', correlationId: 'c', causationId: null, time: observedAt }, streamName: 'reply-metrics-x', revision: 0n, position: String(n).padStart(20, '0') as Position };
  });
  apply(db, recorded);
};

describe('reply metrics read module', () => {
  it('gives the impressions gained per UTC day: the growth of each reply between its last reads of two days', () => {
    const db = freshDb();
    // r1 sent on the 18th: 100 seen that evening, 400 and then 700 on the 19th, 760 on the 20th.
    observe(db, '2026-11-18T21:00:00Z', [{ impressions: 100 }]);
    observe(db, '2026-11-19T08:00:00Z', [{ impressions: 400 }]);
    observe(db, '2026-11-19T20:00:00Z', [{ impressions: 700 }]);
    // r2 sent on the 20th, read twice that day; r3 is another user's.
    observe(db, '2026-11-20T09:00:00Z', [{ impressions: 760 }, { replyId: 'r2', postId: '92', sentAt: '2026-11-20T08:00:00Z', impressions: 50 }]);
    observe(db, '2026-11-20T10:00:00Z', [{ replyId: 'r2', postId: '92', sentAt: '2026-11-20T08:00:00Z', impressions: 90, likes: 4, bookmarks: 1 }, { replyId: 'r3', userId: 'u2', postId: '93', impressions: 5000 }]);
    expect(Object.fromEntries(impressionsGainedByDay(db, 'u1', '2026-11-18'))).toEqual({ '2026-11-18': 100, '2026-11-19': 600, '2026-11-20': 60 + 90 });
    // A window that starts later still measures the first day's gain from the day before it.
    expect(Object.fromEntries(impressionsGainedByDay(db, 'u1', '2026-11-20'))).toEqual({ '2026-11-20': 150 });
    expect(Object.fromEntries(impressionsGainedByDay(db, 'u2', '2026-11-18'))).toEqual({ '2026-11-20': 5000 });
    expect(impressionsGainedByDay(db, 'nobody', '2026-11-18').size).toBe(0);
    // Totals of the latest figures of replies sent since a time.
    expect(metricsTotalsSince(db, 'u1', '2026-11-18T00:00:00Z')).toEqual({ impressions: 760 + 90, engagements: 5 });
    expect(metricsTotalsSince(db, 'u1', '2026-11-19T00:00:00Z')).toEqual({ impressions: 90, engagements: 5 });
    expect(metricsTotalsSince(db, 'u3', '2026-11-18T00:00:00Z')).toEqual({ impressions: 0, engagements: 0 });
    expect(lastObservedAt(db, ['r1', 'r2', 'r9'])).toEqual(new Map([['r1', Date.parse('2026-11-20T09:00:00Z')], ['r2', Date.parse('2026-11-20T10:00:00Z')]]));
  });

  it('keeps the later of two reads that arrive out of order', () => {
    const db = freshDb();
    observe(db, '2026-11-19T10:00:00Z', [{ impressions: 300 }]);
    observe(db, '2026-11-19T09:00:00Z', [{ impressions: 200 }]);
    expect(metricsTotalsSince(db, 'u1', '2026-11-01T00:00:00Z').impressions).toBe(300);
    expect(Object.fromEntries(impressionsGainedByDay(db, 'u1', '2026-11-19'))).toEqual({ '2026-11-19': 300 });
  });

  it("drops a deleted account's figures (AccountDeleted on its user stream) and keeps everyone else's", () => {
    const db = freshDb();
    observe(db, '2026-11-19T10:00:00Z', [{ impressions: 300 }, { replyId: 'r3', userId: 'u2', postId: '93', impressions: 5000 }]);
    observe(db, '2026-11-20T10:00:00Z', [{ impressions: 400 }]);
    n += 1;
    apply(db, [
      { id: `e${n}`, type: 'AccountDeleted', data: {}, metadata: { actor: 'u1', correlationId: 'c', causationId: null, time: '2026-11-21T00:00:00Z' }, streamName: 'user-u1', revision: 3n, position: String(n).padStart(20, '0') as Position },
    ]);
    const rows = (table: string) => db.prepare<[], { user_id: string }>(`SELECT user_id FROM ${table}`).all().map((r) => r.user_id);
    expect(rows('reply_metrics')).toEqual(['u2']);
    expect(rows('reply_metrics_daily')).toEqual(['u2']);
    expect(metricsTotalsSince(db, 'u1', '2026-11-01T00:00:00Z')).toEqual({ impressions: 0, engagements: 0 });
    expect(impressionsGainedByDay(db, 'u2', '2026-11-18')).toEqual(new Map([['2026-11-19', 5000]]));
  });
});
