// Contract: erasing a deleted account's streams (docs/adr/0028). SQLite rewrites the events in
// place; KurrentDB (and the memory store, so that path runs without a server) appends redacted
// copies marked `erasureCopyOf` and truncates the stream before them. Either way: a read shows no
// personal field, the fold gives the erased state, the state cache does not serve the state from
// before, a projection applies each original once, and a second run changes nothing.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createApplier, compile } from '@adapters/projections-sqlite/apply';
import { installProjections, openReadDb } from '@adapters/projections-sqlite/read-db';
import { withStateCache } from '@adapters/state-cache';
import { isErasureCopy } from '@core/eventstore/erasure-copies';
import { loadState } from '@core/eventstore/load-state';
import { release, reservationStream, reserve } from '@core/eventstore/reservation';
import type { EventStore, RecordedEvent, StreamName } from '@core/eventstore/types';
import type { Projection } from '@core/shared/projection';
import { redactEvent } from '@core/users/erasure';
import type { ContractContext } from './event-store.contract';
import { inStreams, markEnd, newEvent, readAllAfter, subscriptionReader, uniqueStream } from './event-store.contract-helpers';

type ProfileEvent = { type: string; data: { email?: string; name?: string; text?: string; n?: number } };
interface Profile {
  events: number;
  email: string | null;
  name: string | null;
  total: number;
}
const profile = {
  initialState: (): Profile => ({ events: 0, email: null, name: null, total: 0 }),
  evolve: (state: Profile, event: ProfileEvent): Profile => ({
    events: state.events + 1,
    email: event.data.email ?? state.email,
    name: event.data.name ?? state.name,
    total: state.total + (event.data.n ?? 0),
  }),
};

/** A stream of the person's events: an e-mail, a name and a text they wrote, beside plain counts. */
const personal = async (store: EventStore) => {
  const stream = uniqueStream('erasure');
  const email = `alice-${randomUUID()}@example.test`;
  const text = `a note by Alice ${randomUUID()}`;
  const events = [
    newEvent('ProfileSet', { userId: 'u-1', email, name: 'Alice Liddell', n: 1 }),
    newEvent('NoteWritten', { userId: 'u-1', text, n: 2 }),
    newEvent('Counted', { userId: 'u-1', n: 4 }),
  ];
  const written = await store.append(stream, events, 'no_stream');
  return { stream, email, text, events, written };
};

const counting: Projection = {
  name: 'erasure_contract_counts',
  version: 1,
  schema: ['CREATE TABLE erasure_contract_counts (type TEXT PRIMARY KEY, n INTEGER NOT NULL) STRICT'],
  project: (event) => [
    { sql: 'INSERT INTO erasure_contract_counts (type, n) VALUES (?, 1) ON CONFLICT (type) DO UPDATE SET n = n + 1', params: [event.type] },
  ],
};

/** The projection runner's apply step (adapters/projections-sqlite/apply.ts) on a read database of its own. */
const projectionRunner = () => {
  const db = openReadDb(':memory:');
  installProjections(db, [counting]);
  const applier = createApplier(db);
  const target = compile(counting);
  return {
    apply: (events: readonly RecordedEvent[]) => (events.length === 0 ? undefined : applier.applyBatch([target], events, null)),
    counts: () => db.prepare('SELECT type, n FROM erasure_contract_counts ORDER BY type').all(),
    close: () => db.close(),
  };
};

export const registerErasureContract = ({ test, testWhen, store, features }: ContractContext): void => {
  const copying = features.erasure === 'copy';
  const erase = (s: EventStore, stream: StreamName, renameTo?: StreamName): Promise<number> => {
    if (s.erase === undefined) throw new Error('this store does not erase');
    return s.erase(stream, redactEvent, renameTo);
  };

  test('a read after the erasure shows every event (types, metadata, order) without a personal field, and the fold gives the erased state', async () => {
    const { stream, email, text, events } = await personal(store());
    expect(await erase(store(), stream)).toBe(3);
    const read = await store().readStream(stream);
    expect(read.map((e) => e.type)).toEqual(['ProfileSet', 'NoteWritten', 'Counted']);
    const body = JSON.stringify(read.map((e) => e.data));
    for (const secret of [email, text, 'Alice']) expect(body).not.toContain(secret);
    read.forEach((e, i) => {
      const original = events[i];
      const originalId = copying ? e.metadata.erasureCopyOf : e.id;
      expect(originalId).toBe(original?.id);
      expect({ actor: e.metadata.actor, correlationId: e.metadata.correlationId, time: e.metadata.time }).toEqual({
        actor: original?.metadata.actor,
        correlationId: original?.metadata.correlationId,
        time: original?.metadata.time,
      });
      expect((e.data as { userId: string }).userId).toBe('u-1');
    });
    expect(read.every(isErasureCopy)).toBe(copying);
    // Reading it among others answers the same (copies only, once truncated; redacted in place otherwise).
    expect(await store().readStreams([stream])).toEqual([read]);
    expect(await store().readStreams([stream], { backwards: true, maxCount: 2 })).toEqual([read.slice(-2).reverse()]);
    const { state } = await loadState(store(), stream, profile);
    expect(state).toEqual({ events: 3, email: `erased-${events[0]?.id}`, name: `erased-${events[0]?.id}`, total: 7 });
  });

  test('an event appended after the erasure follows it, at the revision a read gave', async () => {
    const { stream } = await personal(store());
    await erase(store(), stream);
    const last = (await store().readStream(stream)).at(-1);
    await store().append(stream, [newEvent('AccountErased', { n: 8 })], last?.revision ?? 'no_stream');
    const { state } = await loadState(store(), stream, profile);
    expect(state.events).toBe(4);
    expect(state.total).toBe(15);
  });

  test('the state cache does not serve the state folded before the erasure', async () => {
    const { stream, email } = await personal(store());
    const cached = withStateCache(store());
    expect((await loadState(cached, stream, profile)).state.email).toBe(email);
    await erase(cached, stream);
    expect((await loadState(cached, stream, profile)).state.email).toMatch(/^erased-/);
  });

  testWhen(copying, 'SQLite rewrites in place, keeping ids and revisions: another process’s cache is bounded by its TTL (ADR 0038)')(
    'another process’s state cache does not serve the state from before the erasure either (new ids and revisions)',
    async () => {
      const { stream, email } = await personal(store());
      const elsewhere = withStateCache(store());
      expect((await loadState(elsewhere, stream, profile)).state.email).toBe(email);
      await erase(withStateCache(store()), stream);
      expect((await loadState(elsewhere, stream, profile)).state.email).toMatch(/^erased-/);
    },
  );

  test('a projection applies each original once: the erasure adds nothing to $all but marked copies, which the runner skips', async () => {
    const marker = await markEnd(store());
    const { stream } = await personal(store());
    const runner = projectionRunner();
    try {
      const before = await readAllAfter(store(), marker, inStreams(stream));
      runner.apply(before);
      const counts = runner.counts();
      expect(counts).toEqual([
        { type: 'Counted', n: 1 },
        { type: 'NoteWritten', n: 1 },
        { type: 'ProfileSet', n: 1 },
      ]);
      const subscription = store().subscribe({ after: before.at(-1)?.position ?? marker });
      try {
        await erase(store(), stream);
        const added = await readAllAfter(store(), before.at(-1)?.position ?? marker, inStreams(stream));
        expect(added).toHaveLength(copying ? 3 : 0);
        expect(added.every(isErasureCopy)).toBe(true);
        if (copying) {
          const live = await subscriptionReader(subscription).take(3, inStreams(stream), features.liveTimeoutMs);
          expect(live.map((e) => e.metadata.erasureCopyOf)).toEqual(before.map((e) => e.id));
        }
        const outcome = runner.apply(added);
        expect(runner.counts()).toEqual(counts);
        if (outcome !== undefined) expect(outcome.checkpoints.get(counting.name)).toBe(added.at(-1)?.position);
      } finally {
        await subscription.close();
      }
    } finally {
      runner.close();
    }
  });

  test('a second erasure run changes nothing: the same read, nothing more in $all', async () => {
    const { stream } = await personal(store());
    await erase(store(), stream);
    const first = await store().readStream(stream);
    const end = await markEnd(store());
    const again = await erase(store(), stream);
    if (copying) expect(again).toBe(0);
    expect(await store().readStream(stream)).toEqual(first);
    expect(await readAllAfter(store(), end, inStreams(stream))).toEqual([]);
  });

  test('erasing a stream that does not exist does nothing', async () => {
    const stream = uniqueStream('erasure-absent');
    expect(await erase(store(), stream)).toBe(0);
    expect(await store().readStream(stream)).toEqual([]);
  });

  test('a released reservation named after an e-mail: erased, its value can be reserved again by someone else', async () => {
    const value = `alice-${randomUUID().slice(0, 8)}@example.test`;
    const ctx = () => ({ metadata: newEvent().metadata, newId: randomUUID });
    const stream = reservationStream('email', value);
    await reserve(store(), { kind: 'email', value, ownerId: 'u-1' }, ctx());
    await release(store(), { kind: 'email', value, ownerId: 'u-1' }, ctx());
    await erase(store(), stream, `erased-email-${randomUUID()}`);
    const left = await store().readStream(stream);
    // SQLite moved the stream away; KurrentDB cannot rename: the name stays, with redacted copies.
    expect(left).toHaveLength(copying ? 2 : 0);
    expect(JSON.stringify(left.map((e) => e.data))).not.toContain(value);
    expect((await reserve(store(), { kind: 'email', value, ownerId: 'u-2' }, ctx())).changed).toBe(true);
  });
};
