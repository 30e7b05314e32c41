// The monitored_accounts read model on real SQLite: the projection's rows, the list query's
// visibility (SQL) held to `canSee` by a property, and the activity overview counting only the
// caller's own schedules, asked of the schedules read model.
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Position, RecordedEvent } from '@core/eventstore/types';
import {
  canSee,
  monitoredAccountsProjection,
  type MonitoredAccount,
  type MonitoredAccountEvent,
  type MonitoringActor,
} from '@core/monitoring';
import { decideSchedule, schedulesProjection, type ScheduleEvent } from '@core/scheduling';
import { repliesProjection } from '@core/replies';
import { watchedPostsProjection, type WatchEvent } from '@core/watching';
import { aMonitoredAccount } from '@core/monitoring/test-fixtures';
import { projectEvents } from '@core/shared/projection';
import { accountActivity, listVisibleAccounts, unresolvedAccountIds } from '@adapters/read-models/monitoring';

let n = 0;
const recorded = (event: MonitoredAccountEvent, time = '2026-03-01T10:00:00.000Z'): RecordedEvent => {
  n += 1;
  return {
    id: `e${n}`,
    type: event.type,
    data: event.data,
    metadata: { actor: 'test', correlationId: 'c', causationId: null, time },
    streamName: `monitored-account-${event.data.accountId}`,
    revision: 0n,
    position: String(n).padStart(20, '0') as Position,
  };
};

// A read database holds every registered projection's tables; these tests read some of them.
const freshDb = () => {
  const db = new Database(':memory:');
  for (const ddl of [...monitoredAccountsProjection.schema, ...schedulesProjection.schema, ...repliesProjection.schema, ...watchedPostsProjection.schema]) db.exec(ddl);
  return db;
};

const apply = (db: Database.Database, events: MonitoredAccountEvent[]) => {
  for (const s of projectEvents(monitoredAccountsProjection as never, events.map((e) => recorded(e)) as never)) {
    const stmt = db.prepare(s.sql);
    if (s.params === undefined) stmt.run();
    else stmt.run(s.params as Record<string, unknown>);
  }
};

const applySchedules = (db: Database.Database, events: [ScheduleEvent, string][]) => {
  const recordedEvents = events.map(([e, time]) => ({ ...recorded(e as never, time), streamName: `schedule-${e.data.scheduleId}` }));
  for (const st of projectEvents(schedulesProjection as never, recordedEvents as never)) db.prepare(st.sql).run((st.params ?? {}) as Record<string, unknown>);
};

const base = (accountId: string, o: Partial<MonitoredAccount> = {}): MonitoredAccount =>
  aMonitoredAccount({ accountId, userId: null, source: 'curated', username: `user_${accountId}`, displayName: `User ${accountId}`, ...o });

describe('monitored_accounts projection', () => {
  it('follows every kind of change and removes deleted rows', () => {
    const db = freshDb();
    apply(db, [
      { type: 'MonitoredAccountAdded', data: base('a1') },
      { type: 'MonitoredAccountAdded', data: base('a2') },
      { type: 'MonitoredAccountEdited', data: { accountId: 'a1', username: 'Renamed', displayName: 'R', bio: 'b', profilePicture: null, topicKeyword: 'ai', xUserId: null, isActive: false, userOnly: true } },
      { type: 'MonitoredAccountVisibilityChanged', data: { accountId: 'a1', visibleToLegacy: false, visibleToNormal: true, adminOnly: true } },
      { type: 'MonitoringScheduleChanged', data: { accountId: 'a1', monitoringTier: 'high', monitoringInterval: 5 } },
      { type: 'MonitoringPaused', data: { accountId: 'a1' } },
      { type: 'MonitoredAccountXUserResolved', data: { accountId: 'a1', xUserId: '42', profilePicture: 'https://pbs.twimg.com/profile_images/42/a.png', bio: 'b' } },
      { type: 'MonitoredAccountAdded', data: base('a3', { approval: 'pending', userId: 'u1', xUserId: '7' }) },
      { type: 'MonitoredAccountApproved', data: { accountId: 'a3' } },
      { type: 'MonitoredAccountDeleted', data: { accountId: 'a2', username: 'user_a2', userId: null, addedByOwner: false } },
    ]);
    const rows = listVisibleAccounts(db, { kind: 'system' });
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === 'a3')).toMatchObject({ approval: 'approved' });
    expect(rows[0]).toMatchObject({
      id: 'a1',
      username: 'Renamed',
      displayName: 'R',
      topicKeyword: 'ai',
      isActive: false,
      userOnly: true,
      visibleToLegacy: false,
      adminOnly: true,
      monitoringTier: 'high',
      monitoringInterval: 5,
      shouldMonitor: false,
      isMonitored: false,
      xUserId: '42',
      profilePicture: 'https://pbs.twimg.com/profile_images/42/a.png',
    });
    expect(unresolvedAccountIds(db, 10)).toEqual([]);
  });
});

describe('the list query agrees with canSee', () => {
  const users = ['u1', 'u2', 'u3'] as const;
  const accountArb = fc.record({
    userId: fc.option(fc.constantFrom(...users), { nil: null }),
    visibleToLegacy: fc.boolean(),
    visibleToNormal: fc.boolean(),
    adminOnly: fc.boolean(),
    userOnly: fc.boolean(),
    approval: fc.constantFrom('approved' as const, 'pending' as const),
  });
  const actorArb: fc.Arbitrary<MonitoringActor> = fc.oneof(
    fc.constant<MonitoringActor>({ kind: 'system' }),
    fc.record({ kind: fc.constant('user' as const), userId: fc.constantFrom(...users), audience: fc.constantFrom('admin' as const, 'legacy' as const, 'normal' as const), mayAdd: fc.boolean() }),
  );

  it('for random accounts and viewers', () => {
    fc.assert(
      fc.property(fc.array(accountArb, { maxLength: 25 }), fc.array(actorArb, { minLength: 1, maxLength: 5 }), (facts, actors) => {
        const db = freshDb();
        const accounts = facts.map((f, i) => base(`a${i}`, f));
        apply(db, accounts.map((data) => ({ type: 'MonitoredAccountAdded', data })));
        for (const actor of actors) {
          const bySql = listVisibleAccounts(db, actor).map((a) => a.id).sort();
          const byRule = accounts.filter((a) => canSee(actor, a)).map((a) => a.accountId).sort();
          expect(bySql).toEqual(byRule);
        }
        db.close();
      }),
      { numRuns: 150 },
    );
  });
});

describe('activity overview', () => {
  it('reads an account added before approvals existed as approved', () => {
    const db = freshDb();
    const { approval: _approval, ...older } = base('old1');
    apply(db, [{ type: 'MonitoredAccountAdded', data: older }]);
    expect(listVisibleAccounts(db, { kind: 'user', userId: 'u9', audience: 'normal', mayAdd: false }).map((a) => [a.id, a.approval])).toEqual([['old1', 'approved']]);
  });

  it('is zero while the user has no schedules and no replies', () => {
    const db = freshDb();
    apply(db, [{ type: 'MonitoredAccountAdded', data: base('a1') }]);
    expect(accountActivity(db, { kind: 'user', userId: 'u1', audience: 'normal', mayAdd: false }, 'u1')).toEqual([
      { accountId: 'a1', username: 'user_a1', displayName: 'User a1', profilePicture: null, lastActivity: null, lastPostAt: null, lastCheckedAt: null, repliesSent: 0, scheduledReplies: 0, status: 'Monitoring' },
    ]);
  });

  it("shows the account's last post and last read as the watcher recorded them (a post seen twice is one row)", () => {
    const db = freshDb();
    apply(db, [{ type: 'MonitoredAccountAdded', data: base('a1') }, { type: 'MonitoredAccountAdded', data: base('a2') }]);
    const watchEvents: WatchEvent[] = [
      { type: 'WatchedPostSeen', data: { accountId: 'a1', postId: '100', postedAt: '2026-03-01T09:58:00.000Z', seenAt: '2026-03-01T10:00:00.000Z' } },
      { type: 'AccountPolled', data: { accountId: 'a1', at: '2026-03-01T10:00:00.000Z', newestId: '100', newPosts: 1 } },
      { type: 'WatchedPostSeen', data: { accountId: 'a1', postId: '100', postedAt: '2026-03-01T09:58:00.000Z', seenAt: '2026-03-01T10:00:01.000Z' } },
      { type: 'AccountPolled', data: { accountId: 'a1', at: '2026-03-01T10:05:00.000Z', newestId: null, newPosts: 0 } },
    ];
    for (const st of projectEvents(watchedPostsProjection as never, watchEvents.map((e) => recorded(e as never)) as never)) db.prepare(st.sql).run((st.params ?? {}) as Record<string, unknown>);
    const rows = accountActivity(db, { kind: 'user', userId: 'u1', audience: 'normal', mayAdd: false }, 'u1');
    expect(rows.map(({ accountId, lastPostAt, lastCheckedAt }) => ({ accountId, lastPostAt, lastCheckedAt }))).toEqual([
      { accountId: 'a1', lastPostAt: '2026-03-01T09:58:00.000Z', lastCheckedAt: '2026-03-01T10:05:00.000Z' },
      { accountId: 'a2', lastPostAt: null, lastCheckedAt: null },
    ]);
    expect(db.prepare('SELECT COUNT(*) AS n FROM watched_posts').get()).toEqual({ n: 1 });
  });

  it("counts only the caller's own pending schedules, with the latest activity", () => {
    const db = freshDb();
    apply(db, [
      { type: 'MonitoredAccountAdded', data: base('a1') },
      { type: 'MonitoredAccountAdded', data: base('a2', { shouldMonitor: false }) },
    ]);
    // Schedules through the real schedules projection: pending ones count; executed, deactivated,
    // deleted, someone else's and an unfinished bulk batch's do not.
    const created = (id: string, accountId: string, userId: string, time: string, batchId?: string) =>
      decideSchedule(
        {
          type: 'CreateSchedule',
          scheduleId: id,
          userId,
          now: time,
          timeZone: 'UTC',
          draft: { targetAccountId: accountId, connectedAccountId: 'c', content: { kind: 'text', text: 'Hi' }, imageUrl: null, plan: { kind: 'immediate' } },
          ...(batchId ? { batchId } : {}),
        },
        { status: 'none' },
      )[0]!;
    const runRecorded = (id: string): ScheduleEvent => ({
      type: 'ScheduleRunRecorded',
      data: { scheduleId: id, userId: 'u1', slot: '2026-03-01T13:00:00.000Z', at: '2026-03-01T13:00:00.000Z', outcome: 'sent', reason: null, templateId: null, lastTemplateIndex: 0, nextRunTime: null, executed: true },
    });
    applySchedules(db, [
      [created('s1', 'a1', 'u1', '2026-03-01T12:00:00.000Z'), '2026-03-01T12:00:00.000Z'],
      [created('s2', 'a1', 'u1', '2026-03-01T13:00:00.000Z'), '2026-03-01T13:00:00.000Z'],
      [runRecorded('s2'), '2026-03-01T13:00:00.000Z'],
      [created('s3', 'a2', 'u1', '2026-03-06T08:00:00.000Z'), '2026-03-06T08:00:00.000Z'],
      [created('s4', 'a2', 'u1', '2026-03-01T08:00:00.000Z'), '2026-03-01T08:00:00.000Z'],
      [{ type: 'ScheduleDeactivated', data: { scheduleId: 's4', userId: 'u1' } }, '2026-03-01T09:00:00.000Z'],
      [created('s5', 'a2', 'u2', '2026-03-07T08:00:00.000Z'), '2026-03-07T08:00:00.000Z'],
      [created('s6', 'a1', 'u1', '2026-03-08T08:00:00.000Z'), '2026-03-08T08:00:00.000Z'],
      [{ type: 'ScheduleDeleted', data: { scheduleId: 's6', userId: 'u1' } }, '2026-03-08T09:00:00.000Z'],
      [created('s7', 'a1', 'u1', '2026-03-09T08:00:00.000Z', 'batch-1'), '2026-03-09T08:00:00.000Z'],
    ]);

    const rows = accountActivity(db, { kind: 'user', userId: 'u1', audience: 'normal', mayAdd: false }, 'u1');
    expect(rows.map(({ accountId, lastActivity, repliesSent, scheduledReplies, status }) => ({ accountId, lastActivity, repliesSent, scheduledReplies, status }))).toEqual([
      { accountId: 'a1', lastActivity: '2026-03-01T13:00:00.000Z', repliesSent: 0, scheduledReplies: 1, status: 'Monitoring' },
      { accountId: 'a2', lastActivity: '2026-03-06T08:00:00.000Z', repliesSent: 0, scheduledReplies: 1, status: 'Paused' },
    ]);
  });
});
