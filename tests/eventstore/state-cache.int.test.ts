/**
 * The state cache (adapters/state-cache, docs/adr/0038): a load through it always gives the state
 * of the full fold, whatever other processes appended, renamed or erased in between; it reads only
 * from the event its state was folded up to; it forgets what it must. Two store instances on one
 * SQLite file stand for two processes, each with its own cache.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '@adapters/eventstore-sqlite';
import { createStateCache, withStateCache } from '@adapters/state-cache';
import { handleCommand } from '@core/eventstore/command-handler';
import { loadState } from '@core/eventstore/load-state';
import type { EventStore, NewEvent, ReadStreamOptions } from '@core/eventstore/types';
import { fold } from '@core/shared/decider';
import { userDecider } from '@core/users/decider';
import type { UserEvent } from '@core/users/events';
import { at, registered } from '@core/users/test-fixtures';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'riposte-state-cache-'));
  dirs.push(dir);
  return join(dir, 'events.db');
};

const meta = { actor: null, correlationId: 'c', causationId: null, time: at(0) };
const toNew = (e: UserEvent): NewEvent => ({ id: randomUUID(), type: e.type, data: e.data, metadata: meta });
const fullFold = async (store: EventStore, stream: string) =>
  fold(userDecider, (await store.readStream(stream)).map((e) => ({ type: e.type, data: e.data }) as UserEvent));

/** A store that counts the events its reads return, and remembers where each read started. */
const counting = <S extends EventStore>(store: S) => {
  const reads: { from: bigint; events: number }[] = [];
  const readStream = async (stream: string, options: ReadStreamOptions = {}) => {
    const events = await store.readStream(stream, options);
    reads.push({ from: options.fromRevision ?? 0n, events: events.length });
    return events;
  };
  return { store: { ...store, readStream }, reads };
};

const laterEvent: fc.Arbitrary<UserEvent> = fc.oneof(
  fc.integer({ min: 1, max: 5_000 }).map((m): UserEvent => ({ type: 'UserLoggedIn', data: { at: at(m) } })),
  fc.record({ replyId: fc.uuid(), repliesRemaining: fc.integer({ min: 0, max: 25 }), at: fc.integer({ min: 1, max: 5_000 }).map(at) }).map((data): UserEvent => ({ type: 'TrialReplyUsed', data })),
  fc.record({ fullName: fc.string(), at: fc.integer({ min: 1, max: 5_000 }).map(at) }).map(({ fullName, at: t }): UserEvent => ({ type: 'ProfileUpdated', data: { changes: { fullName }, at: t } })),
);

describe('the state cache', () => {
  it('a load through either of two processes equals the full fold, however their appends and loads interleave', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ process: fc.constantFrom(0, 1), append: fc.array(laterEvent, { maxLength: 4 }) }), { minLength: 1, maxLength: 25 }),
        async (steps) => {
          const path = tempFile();
          const processes = [withStateCache(createSqliteEventStore({ path, synchronous: 'NORMAL' })), withStateCache(createSqliteEventStore({ path, synchronous: 'NORMAL' }))];
          const stream = 'user-prop';
          await processes[0]!.append(stream, [toNew(registered())], 'no_stream');
          try {
            for (const step of steps) {
              const store = processes[step.process]!;
              const before = await loadState(store, stream, userDecider);
              if (step.append.length > 0) await store.append(stream, step.append.map(toNew), before.revision);
              for (const p of processes) {
                const loaded = await loadState(p, stream, userDecider);
                expect(loaded.state).toEqual(await fullFold(p, stream));
                expect(loaded.revision).toBe(BigInt((await p.readStream(stream)).length - 1));
              }
            }
          } finally {
            for (const p of processes) await p.close();
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('reads only from the event its state was folded up to, and the command handler decides on that state', async () => {
    const { store, reads } = counting(withStateCache(createSqliteEventStore({ path: tempFile() })));
    const stream = 'user-u1';
    await store.append(stream, [registered(), ...Array.from({ length: 40 }, (_, i): UserEvent => ({ type: 'UserLoggedIn', data: { at: at(i + 1) } }))].map(toNew), 'no_stream');

    expect((await loadState(store, stream, userDecider)).folded).toBe(41);
    expect(reads.at(-1)).toEqual({ from: 0n, events: 41 });

    // Nothing written since: the store's change mark says so, and no event is read at all.
    const again = await loadState(store, stream, userDecider);
    expect(again.folded).toBe(0);
    expect(reads).toHaveLength(1);

    // Written elsewhere in the file (another stream): the next load reads from its folded event.
    await store.append('user-other', [toNew(registered())], 'no_stream');
    expect((await loadState(store, stream, userDecider)).folded).toBe(0);
    expect(reads.at(-1)).toEqual({ from: 40n, events: 1 });

    const result = await handleCommand(store, stream, userDecider, { type: 'RecordLogin', now: at(100) }, { metadata: meta, newId: randomUUID });
    expect(result.revision).toBe(41n);
    expect(reads.at(-1)).toEqual({ from: 40n, events: 1 });
    const after = await loadState(store, stream, userDecider);
    expect(after.folded).toBe(1);
    expect(reads.at(-1)).toEqual({ from: 40n, events: 2 });
    expect(after.state).toEqual(await fullFold(store, stream));
    await store.close();
  });

  it('a write by another process moves the change mark: the next load reads it, however little was written', async () => {
    const path = tempFile();
    const a = counting(withStateCache(createSqliteEventStore({ path, synchronous: 'NORMAL' })));
    const b = createSqliteEventStore({ path, synchronous: 'NORMAL' });
    const stream = 'user-elsewhere';
    await a.store.append(stream, [toNew(registered())], 'no_stream');
    await loadState(a.store, stream, userDecider);
    const mark = a.store.changeMark!();
    await loadState(a.store, stream, userDecider);
    expect(a.store.changeMark!()).toBe(mark);
    const readsBefore = a.reads.length;

    await b.append(stream, [toNew({ type: 'UserLoggedIn', data: { at: at(7) } } as UserEvent)], 0n);
    expect(a.store.changeMark!()).not.toBe(mark);
    const loaded = await loadState(a.store, stream, userDecider);
    expect(a.reads.length).toBe(readsBefore + 1);
    expect(loaded.revision).toBe(1n);
    expect(loaded.state).toEqual(await fullFold(b, stream));
    await a.store.close();
    await b.close();
  });

  it('a stream another process renamed away (an erased e-mail reservation) is loaded again from its events', async () => {
    const path = tempFile();
    const a = withStateCache(createSqliteEventStore({ path }));
    const b = withStateCache(createSqliteEventStore({ path }));
    const stream = 'user-renamed';
    await a.append(stream, [registered(), { type: 'UserLoggedIn', data: { at: at(1) } } as UserEvent].map(toNew), 'no_stream');
    await loadState(a, stream, userDecider);
    await b.erase!(stream, (e) => e.data, 'user-erased');
    const loaded = await loadState(a, stream, userDecider);
    expect(loaded.revision).toBe('no_stream');
    expect(loaded.state).toEqual(userDecider.initialState());
    // Cached again, at revision 1; then renamed away by the other process, and a new stream of the
    // same name written there up to the same revision: its events are not mistaken for the old ones.
    await a.append(stream, [registered(), { type: 'UserLoggedIn', data: { at: at(1) } } as UserEvent].map(toNew), 'no_stream');
    expect((await loadState(a, stream, userDecider)).revision).toBe(1n);
    await b.erase!(stream, (e) => e.data, 'user-erased-2');
    await b.append(stream, [registered({ username: 'someone-else' }), { type: 'UserLoggedIn', data: { at: at(9) } } as UserEvent].map(toNew), 'no_stream');
    const other = await loadState(a, stream, userDecider);
    expect(other).toMatchObject({ revision: 1n, state: { user: { username: 'someone-else' } } });
    expect(other.state).toEqual(await fullFold(a, stream));
    await a.close();
    await b.close();
  });

  it('an erasure in this process is never answered from the cache; one in another process at most for the time an entry lives', async () => {
    let now = 0;
    const path = tempFile();
    const a = withStateCache(createSqliteEventStore({ path }), createStateCache({ ttlMs: 60_000, now: () => now }));
    const b = withStateCache(createSqliteEventStore({ path }));
    const stream = 'user-erased';
    await a.append(stream, [toNew(registered({ fullName: 'Alice Example' }))], 'no_stream');
    const redact = (e: { type: string; data: unknown }) => (e.type === 'UserRegistered' ? { ...(e.data as object), fullName: null } : e.data);

    expect(await loadState(a, stream, userDecider)).toMatchObject({ state: { user: { fullName: 'Alice Example' } } });
    await a.erase!(stream, redact);
    expect(JSON.stringify((await loadState(a, stream, userDecider)).state)).not.toContain('Alice Example');

    await b.append(stream, [toNew({ type: 'UserLoggedIn', data: { at: at(2) } } as UserEvent)], 0n);
    await b.erase!(stream, (e) => (e.type === 'UserRegistered' ? { ...(e.data as object), fullName: 'Erased' } : e.data));
    now = 59_000;
    expect(JSON.stringify((await loadState(a, stream, userDecider)).state)).not.toContain('"Erased"');
    now = 60_001 + 59_000;
    expect(JSON.stringify((await loadState(a, stream, userDecider)).state)).toContain('"Erased"');
    await a.close();
    await b.close();
  });

  it('keeps at most `max` entries, the least recently used going first, and one entry per decider of a stream', () => {
    const cache = createStateCache({ max: 2 });
    const foldA = {};
    const foldB = {};
    cache.set('s1', foldA, { revision: 0n, lastEventId: 'e1', state: 1 });
    cache.set('s2', foldA, { revision: 0n, lastEventId: 'e2', state: 2 });
    expect(cache.get('s1', foldA)?.state).toBe(1); // s1 is now the most recent
    cache.set('s3', foldA, { revision: 0n, lastEventId: 'e3', state: 3 });
    expect(cache.size()).toBe(2);
    expect(cache.get('s2', foldA)).toBeUndefined();
    expect(cache.get('s1', foldB)).toBeUndefined();
    cache.set('s1', foldB, { revision: 0n, lastEventId: 'e1', state: 'b' });
    expect(cache.get('s1', foldA)).toBeUndefined(); // evicted by the third set
    expect(cache.get('s1', foldB)?.state).toBe('b');
    cache.drop('s1');
    expect(cache.get('s1', foldB)).toBeUndefined();
  });

  it('under the tests a kept state is frozen, so code that changes a loaded state in place fails loudly', async () => {
    const store = withStateCache(createSqliteEventStore({ path: tempFile() }));
    await store.append('user-frozen', [toNew(registered())], 'no_stream');
    const { state } = await loadState(store, 'user-frozen', userDecider);
    expect(() => {
      (state as { status: string }).status = 'changed';
    }).toThrow(TypeError);
    await store.close();
  });
});
