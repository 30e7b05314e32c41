// The generic command handler over a real store (SQLite in memory): given events, when a command,
// then what was appended — and how it behaves when another writer keeps getting in first.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '@adapters/eventstore-sqlite/index';
import { handleCommand } from '@core/eventstore/command-handler';
import type { EventMetadata, EventStore } from '@core/eventstore/types';
import type { Decider } from '@core/shared/decider';
import { AppError, isAppError } from '@core/shared/errors';

type Command = { type: 'Open'; name: string } | { type: 'Close' };
type Event = { type: 'Opened'; data: { name: string } } | { type: 'Closed'; data: Record<string, never> };
type State = { status: 'new' } | { status: 'open'; name: string } | { status: 'closed' };

// A tiny door: open once, close once; closing a closed door does nothing.
const door: Decider<Command, Event, State> = {
  initialState: () => ({ status: 'new' }),
  evolve: (state, event) => (event.type === 'Opened' ? { status: 'open', name: event.data.name } : event.type === 'Closed' ? { status: 'closed' } : state),
  decide: (command, state) => {
    if (command.type === 'Open') {
      if (state.status !== 'new') throw new AppError('conflict', 'The door was opened already', { reason: 'ALREADY_OPEN' });
      return [{ type: 'Opened', data: { name: command.name } }];
    }
    if (state.status === 'closed') return [];
    if (state.status === 'new') throw new AppError('conflict', 'The door is not open', { reason: 'NOT_OPEN' });
    return [{ type: 'Closed', data: {} }];
  },
};

const metadata: EventMetadata = { actor: 'u1', correlationId: 'c1', causationId: null, time: '2026-11-22T12:00:00.000Z' };
let ids = 0;
const newId = () => `00000000-0000-4000-8000-${String((ids += 1)).padStart(12, '0')}`;
const options = { metadata, newId };

let store: EventStore;
beforeEach(() => {
  store = createSqliteEventStore({ path: ':memory:' });
});
afterEach(() => store.close());

/** A store where another writer appends `times` events right after each of the handler's reads. */
const contended = (times: number): EventStore => {
  let left = times;
  return {
    kind: store.kind,
    append: (s, events, expected) => store.append(s, events, expected),
    readAll: (o) => store.readAll(o),
    readStreams: (names, o) => store.readStreams(names, o),
    subscribe: (o) => store.subscribe(o),
    close: () => store.close(),
    readStream: async (s, o) => {
      const read = await store.readStream(s, o);
      if (left > 0) {
        left -= 1;
        await store.append(s, [{ id: newId(), type: 'Noise', data: {}, metadata }], 'any');
      }
      return read;
    },
  };
};

describe('handleCommand', () => {
  it('emits: appends the decided events to a new stream with the given ids and metadata', async () => {
    const result = await handleCommand(store, 'door-1', door, { type: 'Open', name: 'front' }, options);
    expect(result).toMatchObject({ state: { status: 'open', name: 'front' }, revision: 0n });
    expect(result.position).not.toBeNull();
    const [stored] = await store.readStream('door-1');
    expect(stored).toMatchObject({ type: 'Opened', data: { name: 'front' }, metadata, revision: 0n });
    expect(stored?.id).toMatch(/^00000000-0000-4000-8000-/);
  });

  it('refuses: a rejection from decide appends nothing', async () => {
    await handleCommand(store, 'door-2', door, { type: 'Open', name: 'front' }, options);
    const refused = await handleCommand(store, 'door-2', door, { type: 'Open', name: 'again' }, options).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'conflict', reason: 'ALREADY_OPEN' });
    expect(await store.readStream('door-2')).toHaveLength(1);
  });

  it('stays quiet: an empty decision appends nothing and reports no position', async () => {
    await handleCommand(store, 'door-3', door, { type: 'Open', name: 'front' }, options);
    await handleCommand(store, 'door-3', door, { type: 'Close' }, options);
    const quiet = await handleCommand(store, 'door-3', door, { type: 'Close' }, options);
    expect(quiet).toMatchObject({ events: [], position: null, revision: 1n, state: { status: 'closed' } });
    expect(await store.readStream('door-3')).toHaveLength(2);
  });

  it('decides again after a conflict, up to maxRetries times', async () => {
    const result = await handleCommand(contended(3), 'door-4', door, { type: 'Open', name: 'front' }, { ...options, maxRetries: 3 });
    expect(result.revision).toBe(3n); // three noise events got in first; the fourth attempt won
    expect((await store.readStream('door-4')).map((e) => e.type)).toEqual(['Noise', 'Noise', 'Noise', 'Opened']);
  });

  it('gives up with a clear conflict when the stream keeps changing', async () => {
    const error = await handleCommand(contended(10), 'door-5', door, { type: 'Open', name: 'front' }, { ...options, maxRetries: 2 }).catch(
      (e: unknown) => e,
    );
    expect(isAppError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'conflict', reason: 'CONCURRENCY_CONFLICT' });
    expect((error as Error).message).toContain('gave up after 3 attempt(s)');
    expect((await store.readStream('door-5')).every((e) => e.type === 'Noise')).toBe(true);
  });

  it('with the revision the caller saw, a moved stream is a conflict at once (no silent re-decision)', async () => {
    await handleCommand(store, 'door-6', door, { type: 'Open', name: 'front' }, options);
    const stale = await handleCommand(store, 'door-6', door, { type: 'Close' }, { ...options, expectedRevision: 'no_stream' }).catch((e: unknown) => e);
    expect(stale).toMatchObject({ code: 'conflict', reason: 'STALE_REVISION' });
    const raced = await handleCommand(contended(1), 'door-6', door, { type: 'Close' }, { ...options, expectedRevision: 0n }).catch((e: unknown) => e);
    expect(raced).toMatchObject({ code: 'conflict', reason: 'STALE_REVISION' });
    const fresh = await handleCommand(store, 'door-6', door, { type: 'Close' }, { ...options, expectedRevision: 1n });
    expect(fresh.revision).toBe(2n);
  });

  it('passes other store errors through without retrying', async () => {
    await store.close();
    const error = await handleCommand(store, 'door-7', door, { type: 'Open', name: 'x' }, options).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'unavailable' });
    store = createSqliteEventStore({ path: ':memory:' });
  });
});
