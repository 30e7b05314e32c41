import { describe, expect, it } from 'vitest';
import type { Position, RecordedEvent } from '@core/eventstore/types';
import { projectEvents, type SqlStatement } from '@core/shared/projection';
import { USER_EVENT_TYPES, type UserEvent } from './events';
import { usersProjection } from './projection';
import { userStream } from './streams';
import { at, days, registered } from './test-fixtures';

let n = 0;
const recorded = (event: UserEvent, stream = userStream('u1')): RecordedEvent => {
  n += 1;
  return {
    id: `e${n}`,
    type: event.type,
    data: event.data,
    metadata: { actor: null, correlationId: 'c', causationId: null, time: at(n) },
    streamName: stream,
    revision: BigInt(n),
    position: String(n).padStart(8, '0') as Position,
  };
};

const everyEvent: UserEvent[] = [
  registered(),
  { type: 'UserLoggedIn', data: { at: at(1) } },
  { type: 'PasswordChanged', data: { passwordHash: 'hash-2', at: at(2) } },
  { type: 'ProfileUpdated', data: { changes: { username: 'Alicia', email: null, name: 'Al', timeZone: 'UTC' }, at: at(3) } },
  { type: 'EmailSet', data: { email: 'New@Example.com', subscribedToUpdates: true, at: at(4) } },
  { type: 'RoleChanged', data: { role: 'legacy', previousRole: 'user', by: 'admin-1', at: at(5) } },
  { type: 'PermissionGranted', data: { permission: 'may_add_monitored_accounts', by: 'admin-1', at: at(6) } },
  { type: 'PermissionRevoked', data: { permission: 'may_add_monitored_accounts', by: 'admin-1', at: at(7) } },
  { type: 'TrialReplyUsed', data: { replyId: 'r1', repliesRemaining: 24, at: at(8) } },
  { type: 'TrialReplyRefunded', data: { replyId: 'r1', repliesRemaining: 25, trialActive: true, at: at(9) } },
  { type: 'TrialEnded', data: { reason: 'time_elapsed', at: days(7) } },
  { type: 'PremiumActivated', data: { until: days(40), subscriptionId: 'ORDER-1', at: days(8) } },
  { type: 'PremiumEnded', data: { reason: 'cancelled', at: days(9) } },
  { type: 'UserDeactivated', data: { by: 'admin-1', reason: null, at: days(10) } },
  { type: 'UserReactivated', data: { by: 'admin-1', at: days(11) } },
  { type: 'PreferencesChanged', data: { changes: { hourlyCap: 7, weeklySummary: false, subscribedToUpdates: true, defaultStyle: 'hot_take' }, at: days(12) } },
  { type: 'PasswordResetRequested', data: { tokenHash: 'a'.repeat(64), expiresAt: days(13), at: days(12) } },
  { type: 'PasswordResetCompleted', data: { passwordHash: 'hash-3', at: days(12) } },
  { type: 'AccountDeleted', data: { at: days(14) } },
  { type: 'AccountErased', data: { events: 3, at: days(14) } },
];

/** Facts the read model does not show: the pending reset link stays in the stream. */
const streamOnly = new Set(['PasswordResetRequested']);

/** Named parameters used in the SQL text and given in params must be the same set. */
const namesIn = (sql: string) => new Set([...sql.matchAll(/@([a-z_]+)/g)].map((m) => m[1]));

describe('usersProjection', () => {
  it('handles every user event type and has one statement or more for each it shows', () => {
    expect([...(usersProjection.handles ?? [])].sort()).toEqual([...USER_EVENT_TYPES].sort());
    for (const event of everyEvent) {
      const count = usersProjection.project(recorded(event)).length;
      if (streamOnly.has(event.type)) expect(count).toBe(0);
      else expect(count).toBeGreaterThan(0);
    }
    expect(new Set(everyEvent.map((e) => e.type)).size).toBe(USER_EVENT_TYPES.length);
  });

  it('binds only values SQLite takes (no booleans or undefined), by matching names', () => {
    const statements: SqlStatement[] = projectEvents(usersProjection, everyEvent.map((e) => recorded(e)));
    for (const { sql, params } of statements) {
      expect(params).toBeDefined();
      const values = Object.values(params as Record<string, unknown>);
      for (const value of values) expect(['string', 'number', 'object']).toContain(typeof value);
      for (const value of values) if (typeof value === 'object') expect(value).toBeNull();
      expect(new Set(Object.keys(params as Record<string, unknown>))).toEqual(namesIn(sql));
    }
  });

  it('keys rows by the id in the stream name and keeps lower-cased lookup columns', () => {
    const [insert] = usersProjection.project(recorded(registered()));
    expect(insert?.params).toMatchObject({
      id: 'u1',
      username_lower: 'alice',
      email_lower: 'alice@example.com',
      trial_ends_at: '2026-03-08T10:00:00.000Z',
      replies_remaining: 25,
    });
    const [email] = usersProjection.project(recorded(everyEvent[4] as UserEvent, userStream('u9')));
    expect(email?.params).toMatchObject({ id: 'u9', email: 'New@Example.com', email_lower: 'new@example.com', subscribed_to_updates: 1 });
    const [profile] = usersProjection.project(recorded(everyEvent[3] as UserEvent));
    expect(profile?.params).toMatchObject({ username: 'Alicia', username_lower: 'alicia', email: null, email_lower: null });
  });

  it('keeps the preferences in their columns and removes the row of a deleted account', () => {
    const [prefs] = usersProjection.project(recorded(everyEvent[15] as UserEvent));
    expect(prefs?.params).toMatchObject({ hourly_cap: 7, weekly_summary: 0, subscribed_to_updates: 1, default_style: 'hot_take' });
    const [gone] = usersProjection.project(recorded({ type: 'AccountDeleted', data: { at: days(14) } }));
    expect(gone?.sql).toMatch(/^DELETE FROM users/);
  });

  it('ignores a user event on a stream that is not a user stream', () => {
    expect(usersProjection.project(recorded({ type: 'UserLoggedIn', data: { at: at(1) } }, 'other-u1'))).toEqual([]);
  });
});
