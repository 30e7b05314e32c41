// Scratch (not committed by core/users): the users projection on a real SQLite read db, through the
// real projector, must agree with the decider's state after the same commands.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryEventStore } from '@adapters/eventstore-memory';
import { createProjector } from '@adapters/projections-sqlite';
import { handleCommand } from '@core/eventstore/command-handler';
import { userDecider, userStream, type UserCommand, type UserState } from '@core/users';
import { userFromRow, usersProjection, type UserRow } from '@adapters/read-models/users';

const admin = { kind: 'user' as const, id: 'a', role: 'admin' as const };
const t = (m: number) => new Date(Date.parse('2026-03-01T10:00:00.000Z') + m * 60_000).toISOString();

describe('users projection on SQLite', () => {
  it('matches the decider state after a full lifecycle, for two users', async () => {
    const store = createMemoryEventStore();
    const projector = createProjector({ store, path: ':memory:', projections: [usersProjection] });
    await projector.start();
    const run = async (id: string, command: UserCommand) =>
      handleCommand(store, userStream(id), userDecider, command, {
        metadata: { actor: 'test', correlationId: randomUUID(), causationId: null, time: t(0) },
        newId: randomUUID,
      });
    const commands = (id: string, name: string): UserCommand[] => [
      { type: 'Register', id, username: name, email: `${name}@Example.com`, fullName: null, passwordHash: 'h', passwordChangeRequired: true, createdBy: null, now: t(0) },
      { type: 'RecordLogin', now: t(1) },
      { type: 'ChangePassword', passwordHash: 'h2', now: t(2) },
      { type: 'UpdateProfile', changes: { name: 'N', username: `${name}X`, timeZone: 'Asia/Tokyo', profilePicture: 'https://p.test/a.png' }, now: t(3) },
      { type: 'SetEmail', email: `${name}@b.co`, subscribedToUpdates: true, proof: 'password', now: t(4) },
      { type: 'GrantPermission', permission: 'may_add_monitored_accounts', by: admin, now: t(5) },
      { type: 'GrantPermission', permission: 'may_add_monitored_accounts', by: admin, now: t(5) },
      { type: 'ConsumeReply', replyId: 'r1', legacyUsernames: [], now: t(6) },
      { type: 'ConsumeReply', replyId: 'r2', legacyUsernames: [], now: t(7) },
      { type: 'SetRole', role: 'legacy', by: admin, now: t(8) },
      { type: 'ActivatePremium', until: t(60 * 24 * 30), subscriptionId: 'O1', now: t(9) },
      { type: 'EndPremium', reason: 'refunded', now: t(10) },
      { type: 'Deactivate', by: admin, reason: 'x', now: t(11) },
      { type: 'Reactivate', by: admin, now: t(12) },
      { type: 'RevokePermission', permission: 'may_add_monitored_accounts', by: admin, now: t(13) },
      { type: 'ExpireTrial', now: t(60 * 24 * 8) },
    ];
    const states: Record<string, UserState> = {};
    for (const [id, name] of [['u1', 'alice'], ['u2', 'bob']] as const) {
      for (const c of commands(id, name)) {
        const r = await run(id, c);
        states[id] = r.state;
        if (r.position) await projector.waitFor(r.position);
      }
    }
    for (const id of ['u1', 'u2']) {
      const row = projector.db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow;
      const state = states[id];
      if (state?.status !== 'registered') throw new Error('not registered');
      // Kept in the stream only: the ways-in facts (core/users/ways-in.ts) are not read from a list.
      const { trialReplyIds: _ids, passwordReset: _reset, emailProven: _proven, passwordChangedAt: _changed, ...expected } = state.user;
      expect(userFromRow(row)).toEqual(expected);
    }
    const byLower = projector.db.prepare('SELECT id FROM users WHERE username_lower = ?').get('alicex') as { id: string };
    expect(byLower.id).toBe('u1');
    const sweep = projector.db.prepare('SELECT count(*) AS n FROM users WHERE trial_active = 1').get() as { n: number };
    expect(sweep.n).toBe(0);
    await projector.stop();
  });
});
