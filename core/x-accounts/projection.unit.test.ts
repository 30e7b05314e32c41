import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@core/eventstore/types';
import { projectEvents } from '@core/shared/projection';
import { asSealed, type XAccountEvent } from './account';
import { connectedAccountsProjection } from './projection';

const s = (n: number) => asSealed(`rtk1.0123456789abcdef.aaaaaaaaaaaaaaaa.b${n}.cccccccccccccccccccccc`);
let position = 0n;
const recorded = (e: XAccountEvent, time: string): RecordedEvent =>
  ({
    id: `e${position}`,
    stream: `x-account-${e.data.accountId}`,
    type: e.type,
    data: e.data,
    revision: 0n,
    position: ++position,
    metadata: { actor: null, correlationId: 'c', causationId: null, time },
  }) as unknown as RecordedEvent;

const run = (events: RecordedEvent[]) => {
  const db = new Database(':memory:');
  for (const ddl of connectedAccountsProjection.schema) db.exec(ddl);
  for (const st of projectEvents(connectedAccountsProjection as never, events)) db.prepare(st.sql).run(st.params ?? {});
  return db;
};

describe('connected_accounts projection', () => {
  const connected: XAccountEvent = {
    type: 'XAccountConnected',
    data: { accountId: 'a1', userId: 'u1', xUserId: '42', username: 'alice', displayName: 'Alice', profilePicture: 'https://p/a.png', tokens: { accessToken: s(1), accessSecret: s(2) }, tokenExpiresAt: null, via: 'pin' },
  };
  it('keeps one row per account without any token', () => {
    const db = run([recorded(connected, '2026-01-01T00:00:00.000Z')]);
    const row = db.prepare('SELECT * FROM connected_accounts').get() as Record<string, unknown>;
    expect(row).toMatchObject({ id: 'a1', user_id: 'u1', username: 'alice', x_user_id: '42', is_active: 1, has_secret: 1, profile_picture: 'https://p/a.png' });
    expect(JSON.stringify(row)).not.toContain('rtk1');
  });
  it('keeps the X subscription: none recorded (old events) is null, a reconnect replaces it', () => {
    const old = run([recorded(connected, '2026-01-01T00:00:00.000Z')]);
    expect(old.prepare('SELECT x_subscription FROM connected_accounts').get()).toEqual({ x_subscription: null });
    const premium = { ...connected, data: { ...connected.data, subscriptionType: 'Premium' as const } };
    const db = run([recorded(premium, '2026-01-01T00:00:00.000Z')]);
    expect(db.prepare('SELECT x_subscription FROM connected_accounts').get()).toEqual({ x_subscription: 'Premium' });
    const lapsed = run([
      recorded(premium, '2026-01-01T00:00:00.000Z'),
      recorded({ type: 'XAccountReconnected', data: { ...connected.data, subscriptionType: 'None', via: 'pin' } } as XAccountEvent, '2026-01-02T00:00:00.000Z'),
    ]);
    expect(lapsed.prepare('SELECT x_subscription FROM connected_accounts').get()).toEqual({ x_subscription: 'None' });
  });
  it('marks auth failures, clears them on reconnect, and removes the row on disconnect', () => {
    const failed: XAccountEvent = { type: 'XAccountAuthFailed', data: { accountId: 'a1', userId: 'u1', reason: '401', at: '2026-01-02T00:00:00.000Z' } };
    const db = run([recorded(connected, '2026-01-01T00:00:00.000Z'), recorded(failed, '2026-01-02T00:00:00.000Z')]);
    expect(db.prepare('SELECT has_secret, auth_failed_at FROM connected_accounts').get()).toEqual({ has_secret: 0, auth_failed_at: '2026-01-02T00:00:00.000Z' });
    const again = run([
      recorded(connected, '2026-01-01T00:00:00.000Z'),
      recorded(failed, '2026-01-02T00:00:00.000Z'),
      recorded({ type: 'XAccountReconnected', data: { accountId: 'a1', userId: 'u1', xUserId: '42', username: 'alice2', displayName: 'A', profilePicture: null, tokens: { accessToken: s(3), accessSecret: s(4) }, via: 'pin' } }, '2026-01-03T00:00:00.000Z'),
    ]);
    expect(again.prepare('SELECT username, has_secret, auth_failed_at FROM connected_accounts').get()).toEqual({ username: 'alice2', has_secret: 1, auth_failed_at: null });
    const gone = run([
      recorded(connected, '2026-01-01T00:00:00.000Z'),
      recorded({ type: 'XAccountDisconnected', data: { accountId: 'a1', userId: 'u1', xUserId: '42', username: 'alice' } }, '2026-01-04T00:00:00.000Z'),
    ]);
    expect(gone.prepare('SELECT count(*) AS n FROM connected_accounts').get()).toEqual({ n: 0 });
  });
});
