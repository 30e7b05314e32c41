// Contract: appendMany (several streams in one transaction, all or nothing) and the snapshot store.
import { expect } from 'vitest';
import { isDuplicateEventId, WrongExpectedRevisionError } from '@core/eventstore/errors';
import { comparePositions, type EventStore } from '@core/eventstore/types';
import type { ContractContext } from './event-store.contract';
import { inStreams, markEnd, newEvent, newEvents, readAllAfter, summary, uniqueStream } from './event-store.contract-helpers';

const rejection = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to be refused, but it succeeded');
};

const many = (store: EventStore) => {
  if (store.appendMany === undefined) throw new Error('this store has no appendMany');
  return store.appendMany.bind(store);
};

export const registerMultiStreamContract = ({ testWhen, store, features }: ContractContext): void => {
  const multi = testWhen(features.appendsMany, 'the store has no atomic multi-stream append');
  const snap = testWhen(features.keepsSnapshots, 'the store keeps no snapshots');

  multi('appendMany writes every part, in order, with a result per part', async () => {
    const [a, b, c] = [uniqueStream('many-a'), uniqueStream('many-b'), uniqueStream('many-c')];
    await store().append(b, [newEvent('Before')], 'no_stream');
    const start = await markEnd(store());
    const results = await many(store())([
      { stream: a, events: newEvents(2, 'A'), expectedRevision: 'no_stream' },
      { stream: b, events: [newEvent('B')], expectedRevision: 0n },
      { stream: c, events: [newEvent('C')], expectedRevision: 'any' },
    ]);
    expect(results.map((r) => r.nextExpectedRevision)).toEqual([1n, 1n, 0n]);
    expect(comparePositions(results[0]!.position, results[1]!.position)).toBe(-1);
    expect(comparePositions(results[1]!.position, results[2]!.position)).toBe(-1);
    const written = await readAllAfter(store(), start, inStreams(a, b, c));
    expect(written.map((e) => e.type)).toEqual(['A', 'A', 'B', 'C']);
    expect(written.at(-1)?.position).toBe(results[2]!.position);
  });

  multi('a part refused mid-call (a wrong expected revision) leaves nothing of any part', async () => {
    const [a, b, c] = [uniqueStream('atomic-a'), uniqueStream('atomic-b'), uniqueStream('atomic-c')];
    await store().append(b, newEvents(2), 'no_stream');
    const before = summary(await store().readStream(b));
    const start = await markEnd(store());
    const error = await rejection(
      many(store())([
        { stream: a, events: newEvents(3), expectedRevision: 'no_stream' },
        { stream: b, events: [newEvent()], expectedRevision: 0n },
        { stream: c, events: [newEvent()], expectedRevision: 'no_stream' },
      ]),
    );
    expect(error).toBeInstanceOf(WrongExpectedRevisionError);
    expect(error).toMatchObject({ stream: b, expected: 0n, actual: 1n });
    expect(await store().readStream(a)).toEqual([]);
    expect(await store().readStream(c)).toEqual([]);
    expect(summary(await store().readStream(b))).toEqual(before);
    expect(await readAllAfter(store(), start, inStreams(a, b, c))).toEqual([]);
    // The streams are untouched: the same call with the right revision succeeds.
    const ok = await many(store())([
      { stream: a, events: newEvents(1), expectedRevision: 'no_stream' },
      { stream: b, events: [newEvent()], expectedRevision: 1n },
    ]);
    expect(ok.map((r) => r.nextExpectedRevision)).toEqual([0n, 2n]);
  });

  multi('a reused event id in any part refuses the whole call', async () => {
    const [a, b] = [uniqueStream('dup-a'), uniqueStream('dup-b')];
    const stored = newEvent();
    await store().append(uniqueStream('dup-elsewhere'), [stored], 'no_stream');
    const twice = newEvent();
    for (const parts of [
      [{ stream: a, events: [newEvent()], expectedRevision: 'any' as const }, { stream: b, events: [stored], expectedRevision: 'any' as const }],
      [{ stream: a, events: [twice], expectedRevision: 'any' as const }, { stream: b, events: [twice], expectedRevision: 'any' as const }],
    ]) {
      expect(isDuplicateEventId(await rejection(many(store())(parts)))).toBe(true);
      expect(await store().readStream(a)).toEqual([]);
      expect(await store().readStream(b)).toEqual([]);
    }
  });

  snap('snapshots: none at first, then the latest kept; an older one does not replace it', async () => {
    const stream = uniqueStream('snap');
    const snapshots = store().snapshots!;
    expect(await snapshots.load(stream)).toBeNull();
    await snapshots.save(stream, { revision: 9n, version: 'v1', state: { n: 10, list: ['a'] } });
    await snapshots.save(stream, { revision: 4n, version: 'v1', state: { n: 5 } });
    expect(await snapshots.load(stream)).toEqual({ revision: 9n, version: 'v1', state: { n: 10, list: ['a'] } });
    await snapshots.save(stream, { revision: 19n, version: 'v1', state: { n: 20 } });
    expect(await snapshots.load(stream)).toMatchObject({ revision: 19n, state: { n: 20 } });
    // A snapshot of another version (the decider changed) replaces whatever was kept.
    await snapshots.save(stream, { revision: 3n, version: 'v2', state: { m: 1 } });
    expect(await snapshots.load(stream)).toEqual({ revision: 3n, version: 'v2', state: { m: 1 } });
  });
};
