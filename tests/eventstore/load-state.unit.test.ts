/**
 * Loading from a snapshot gives exactly the state of the full fold: a property over random user
 * streams (the stream that grows with every sign-in and reply), appended in random chunks with a
 * load after each chunk so snapshots are taken at arbitrary points, with arbitrary policies.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryEventStore } from '@adapters/eventstore-memory/index';
import { handleCommand } from '@core/eventstore/command-handler';
import { loadState } from '@core/eventstore/load-state';
import type { NewEvent } from '@core/eventstore/types';
import { fold } from '@core/shared/decider';
import { PERMISSIONS, ROLES } from '@core/users/constants';
import { userDecider } from '@core/users/decider';
import type { UserEvent } from '@core/users/events';
import { at, registered } from '@core/users/test-fixtures';
import { watchDecider, watchStream } from '@core/watching';

const instant = fc.integer({ min: 0, max: 500_000 }).map(at);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
const role = fc.constantFrom(...ROLES);
const permission = fc.constantFrom(...PERMISSIONS);

const laterEvent: fc.Arbitrary<UserEvent> = fc.oneof(
  { weight: 5, arbitrary: instant.map((t): UserEvent => ({ type: 'UserLoggedIn', data: { at: t } })) },
  { weight: 3, arbitrary: fc.record({ replyId: fc.uuid(), repliesRemaining: fc.integer({ min: 0, max: 25 }), at: instant }).map((data): UserEvent => ({ type: 'TrialReplyUsed', data })) },
  fc.record({ passwordHash: fc.string(), at: instant }).map((data): UserEvent => ({ type: 'PasswordChanged', data })),
  fc
    .record(
      { username: fc.string({ minLength: 1 }), email: maybe(fc.emailAddress()), fullName: maybe(fc.string()), name: maybe(fc.string()), profilePicture: maybe(fc.webUrl()), timeZone: fc.constantFrom('UTC', 'Europe/Paris', 'Asia/Tokyo') },
      { requiredKeys: [] },
    )
    .chain((changes) => instant.map((t): UserEvent => ({ type: 'ProfileUpdated', data: { changes, at: t } }))),
  fc.record({ email: fc.emailAddress(), subscribedToUpdates: fc.boolean(), at: instant }).map((data): UserEvent => ({ type: 'EmailSet', data })),
  fc.record({ role, previousRole: role, by: fc.constant('admin-1'), at: instant }).map((data): UserEvent => ({ type: 'RoleChanged', data })),
  fc.record({ permission, by: fc.constant('admin-1'), at: instant }).map((data): UserEvent => ({ type: 'PermissionGranted', data })),
  fc.record({ permission, by: fc.constant('admin-1'), at: instant }).map((data): UserEvent => ({ type: 'PermissionRevoked', data })),
  fc.record({ reason: fc.constantFrom('replies_used' as const, 'time_elapsed' as const), at: instant }).map((data): UserEvent => ({ type: 'TrialEnded', data })),
  fc.record({ until: instant, subscriptionId: fc.string(), at: instant }).map((data): UserEvent => ({ type: 'PremiumActivated', data })),
  fc.record({ reason: fc.constantFrom('expired' as const, 'cancelled' as const, 'refunded' as const), at: instant }).map((data): UserEvent => ({ type: 'PremiumEnded', data })),
  fc.record({ by: fc.constant('admin-1'), reason: maybe(fc.string()), at: instant }).map((data): UserEvent => ({ type: 'UserDeactivated', data })),
  fc.record({ by: fc.constant('admin-1'), at: instant }).map((data): UserEvent => ({ type: 'UserReactivated', data })),
);

const toNew = (e: UserEvent): NewEvent => ({ id: randomUUID(), type: e.type, data: e.data, metadata: { actor: null, correlationId: 'c', causationId: null, time: at(0) } });

describe('loadState with snapshots', () => {
  it('equals the full fold of the stream, wherever the snapshots were taken', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(laterEvent, { maxLength: 80 }),
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 10 }),
        async (later, chunks, every) => {
          const store = createMemoryEventStore();
          const decider = { ...userDecider, snapshot: { version: 'prop', every } };
          const stream = 'user-prop';
          const events = [registered(), ...later];
          let written = 0;
          for (let i = 0; written < events.length; i += 1) {
            const size = chunks[i % chunks.length]!;
            const chunk = events.slice(written, written + size);
            await store.append(stream, chunk.map(toNew), written === 0 ? 'no_stream' : BigInt(written - 1));
            written += chunk.length;
            const loaded = await loadState(store, stream, decider);
            const full = fold(userDecider, (await store.readStream(stream)).map((e) => ({ type: e.type, data: e.data }) as UserEvent));
            expect(loaded.state).toEqual(full);
            expect(loaded.revision).toBe(BigInt(written - 1));
            expect(loaded.folded).toBeLessThanOrEqual(Math.max(every - 1 + size, size));
          }
          await store.close();
        },
      ),
      { numRuns: 150 },
    );
  });

  it('takes a snapshot once `every` events were folded, and ignores one of another version', async () => {
    const store = createMemoryEventStore();
    const stream = 'user-version';
    await store.append(stream, [registered(), ...Array.from({ length: 9 }, (_, i): UserEvent => ({ type: 'UserLoggedIn', data: { at: at(i + 1) } }))].map(toNew), 'no_stream');
    const v1 = { ...userDecider, snapshot: { version: 'v1', every: 5 } };
    expect((await loadState(store, stream, v1)).folded).toBe(10);
    expect(await store.snapshots!.load(stream)).toMatchObject({ revision: 9n, version: 'v1' });
    expect((await loadState(store, stream, v1)).folded).toBe(0);
    // evolve changed: its snapshots are not trusted, the whole stream is folded again.
    const v2 = { ...userDecider, snapshot: { version: 'v2', every: 5 } };
    const again = await loadState(store, stream, v2);
    expect(again.folded).toBe(10);
    expect(again.state).toEqual((await loadState(store, stream, userDecider)).state);
  });

  it('the command handler decides on the snapshot-loaded state', async () => {
    const store = createMemoryEventStore();
    const stream = 'user-u1';
    await store.append(stream, [registered(), ...Array.from({ length: 500 }, (_, i): UserEvent => ({ type: 'UserLoggedIn', data: { at: at(i + 1) } }))].map(toNew), 'no_stream');
    await loadState(store, stream, userDecider); // takes the snapshot
    const result = await handleCommand(store, stream, userDecider, { type: 'RecordLogin', now: at(1_000) }, { metadata: toNew(registered()).metadata, newId: randomUUID });
    expect(result.revision).toBe(501n);
    expect(result.state).toEqual(fold(userDecider, (await store.readStream(stream)).map((e) => ({ type: e.type, data: e.data }) as UserEvent)));
  });
});

describe('a watch stream (one event per read of a monitored account)', () => {
  it('loads from its snapshot with the state of the full fold, and a post read again after 250 reads is still recorded once', async () => {
    const store = createMemoryEventStore();
    const stream = watchStream('acc');
    const ctx = (i: number) => ({ metadata: { actor: 'system', correlationId: 'acc', causationId: null, time: at(i) }, newId: randomUUID });
    for (let i = 1; i <= 250; i += 1) {
      const posts = i % 25 === 0 ? [{ postId: String(1000 + i), postedAt: at(i - 1) }] : [];
      await handleCommand(store, stream, watchDecider, { type: 'RecordPoll', accountId: 'acc', at: at(i), posts }, ctx(i));
    }
    const loaded = await loadState(store, stream, watchDecider);
    const all = await store.readStream(stream);
    expect(loaded.folded).toBeLessThan(100);
    expect(loaded.state).toEqual(fold(watchDecider, all.map((e) => ({ type: e.type, data: e.data }) as never)));
    const again = await handleCommand(store, stream, watchDecider, { type: 'RecordPoll', accountId: 'acc', at: at(251), posts: [{ postId: '1025', postedAt: at(24) }] }, ctx(251));
    expect(again.events.map((e) => e.type)).toEqual(['AccountPolled']);
  });
});
