/**
 * Replay is the truth the service acted on: for random sequences of user commands handled the way
 * production handles them (handleCommand: loadState, with snapshots, decide, append), the state
 * replayed as of each command's last event (by position and by time) equals the state the
 * service saw then. Run with the production snapshot policy and with snapshots every 3 events, so
 * loads that start from a snapshot are compared with replays that never do.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryEventStore } from '@adapters/eventstore-memory';
import { stateAsOf } from '@adapters/audit';
import { REDACTED } from '@core/audit/redaction';
import { plainState } from '@core/audit/replay';
import { handleCommand } from '@core/eventstore/command-handler';
import { replayState } from '@core/eventstore/load-state';
import type { Position } from '@core/eventstore/types';
import { AppError } from '@core/shared/errors';
import type { UserCommand } from '@core/users/commands';
import { userDecider } from '@core/users/decider';
import { userStream } from '@core/users/streams';

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const admin = { kind: 'user' as const, id: 'admin-1', role: 'admin' as const };

type Step = (now: string) => UserCommand;
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant<Step>((now) => ({ type: 'RecordLogin', now })),
  fc.constantFrom('admin', 'legacy', 'user').map<Step>((role) => (now) => ({ type: 'SetRole', role: role as 'admin' | 'legacy' | 'user', by: admin, now })),
  fc.boolean().map<Step>((grant) => (now) => ({ type: grant ? 'GrantPermission' : 'RevokePermission', permission: 'may_add_monitored_accounts', by: admin, now })),
  fc.option(fc.integer({ min: 1, max: 50 })).map<Step>((hourlyCap) => (now) => ({ type: 'ChangePreferences', changes: { hourlyCap }, now })),
  fc.boolean().map<Step>((off) => (now) => (off ? { type: 'Deactivate', by: admin, reason: 'audit', now } : { type: 'Reactivate', by: admin, now })),
  fc.integer({ min: 0, max: 30 }).map<Step>((n) => (now) => ({ type: 'ConsumeReply', replyId: `r-${n}`, legacyUsernames: [], now })),
  fc.integer({ min: 0, max: 30 }).map<Step>((n) => (now) => ({ type: 'RefundTrialReply', replyId: `r-${n}`, now })),
  fc.constantFrom('UTC', 'Europe/Madrid', 'Asia/Tokyo').map<Step>((timeZone) => (now) => ({ type: 'UpdateProfile', changes: { timeZone }, now })),
  fc.integer({ min: 1, max: 40 }).map<Step>((d) => (now) => ({ type: 'ActivatePremium', until: new Date(Date.parse(now) + d * 86_400_000).toISOString(), subscriptionId: `s-${d}`, now })),
  fc.constant<Step>((now) => ({ type: 'ExpireTrial', now })),
);

const run = async (steps: readonly Step[], decider: typeof userDecider) => {
  const store = createMemoryEventStore();
  const stream = userStream('u1');
  const seen: { position: Position; time: string; state: unknown }[] = [];
  const all: UserCommand[] = [
    { type: 'Register', id: 'u1', username: 'alice', passwordHash: 'h', passwordChangeRequired: false, createdBy: null, now: new Date(T0).toISOString() },
    ...steps.map((s, i) => s(new Date(T0 + (i + 1) * 3_600_000).toISOString())),
  ];
  let last: Position | null = null;
  for (const [i, command] of all.entries()) {
    const time = new Date(T0 + i * 3_600_000).toISOString();
    try {
      const result = await handleCommand(store, stream, decider, command, { metadata: { actor: 'u1', correlationId: `req-${i}`, causationId: null, time }, newId: randomUUID });
      last = result.position ?? last;
      if (last !== null) seen.push({ position: last, time, state: plainState(result.state) });
    } catch (error) {
      // A refused command writes nothing; the next one is decided on the same state.
      if (!(error instanceof AppError)) throw error;
    }
  }
  for (const { position, time, state } of seen) {
    expect(plainState((await replayState(store, stream, decider, { position })).state)).toEqual(state);
    expect(plainState((await replayState(store, stream, decider, { time })).state)).toEqual(state);
  }
  // The adapter the CLI and the API use answers the same (it picks the decider from the stream's
  // name), with the password hash redacted (core/audit/redaction.ts).
  const latest = seen.at(-1);
  if (latest !== undefined) {
    const seenState = latest.state as { user: Record<string, unknown> };
    expect((await stateAsOf(store, stream, { position: latest.position })).state).toEqual({ ...seenState, user: { ...seenState.user, passwordHash: REDACTED } });
  }
  return seen.length;
};

describe('replay as of an event', () => {
  it('equals the state the service saw, with the production snapshot policy', async () => {
    await fc.assert(fc.asyncProperty(fc.array(step, { maxLength: 40 }), async (steps) => {
      expect(await run(steps, userDecider)).toBeGreaterThan(0);
    }), { numRuns: 60 });
  });

  it('equals the state the service saw when loads start from snapshots taken every 3 events', async () => {
    const often = { ...userDecider, snapshot: { version: 'replay-test', every: 3 } };
    await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 40 }), async (steps) => {
      expect(await run(steps, often)).toBeGreaterThan(0);
    }), { numRuns: 60 });
  });
});
