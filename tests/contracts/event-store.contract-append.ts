// Contract: appends, reads, expected revisions, global order, duplicate ids, large batches.
import { expect } from 'vitest';
import { isDuplicateEventId, WrongExpectedRevisionError } from '@core/eventstore/errors';
import { comparePositions } from '@core/eventstore/types';
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

export const registerAppendContract = ({ test, testWhen, store, features }: ContractContext): void => {
  test('appends events and reads them back with 0-based revisions, data and metadata intact', async () => {
    const stream = uniqueStream('append');
    const first = [newEvent('Opened', { name: 'Zoë ✓', n: 1.5, list: [1, 'two', null], nested: { ok: true } }), newEvent('Renamed', { name: 'b' })];
    const r1 = await store().append(stream, first, 'no_stream');
    expect(r1.nextExpectedRevision).toBe(1n);

    const r2 = await store().append(stream, [newEvent('Closed')], 1n);
    expect(r2.nextExpectedRevision).toBe(2n);
    expect(comparePositions(r1.position, r2.position)).toBe(-1);

    const read = await store().readStream(stream);
    expect(read.map((e) => e.revision)).toEqual([0n, 1n, 2n]);
    expect(read.map((e) => e.type)).toEqual(['Opened', 'Renamed', 'Closed']);
    expect(read[0]).toMatchObject({ id: first[0]?.id, streamName: stream, data: first[0]?.data, metadata: first[0]?.metadata });
    expect(read[1]?.position).toBe(r1.position);
    expect(read[2]?.position).toBe(r2.position);

    expect(summary(await store().readStream(stream, { fromRevision: 1n, maxCount: 1 }))).toEqual(summary(read.slice(1, 2)));
    // Backwards: newest first, from the end or from a revision (inclusive), as many as asked.
    expect(summary(await store().readStream(stream, { backwards: true }))).toEqual(summary([...read].reverse()));
    expect(summary(await store().readStream(stream, { backwards: true, maxCount: 2 }))).toEqual(summary(read.slice(1, 3).reverse()));
    expect(summary(await store().readStream(stream, { backwards: true, fromRevision: 1n, maxCount: 5 }))).toEqual(summary(read.slice(0, 2).reverse()));
    expect(summary(await store().readStream(stream, { backwards: true, fromRevision: 0n, maxCount: 1 }))).toEqual(summary(read.slice(0, 1)));
    expect(await store().readStream(uniqueStream('missing'), { backwards: true, maxCount: 3 })).toEqual([]);
    expect(await store().readStream(uniqueStream('missing'))).toEqual([]);
  });

  test('refuses a wrong expected revision with a typed error naming both revisions', async () => {
    const stream = uniqueStream('conflict');
    await store().append(stream, newEvents(2), 'no_stream');
    for (const expected of [0n, 5n]) {
      const error = await rejection(store().append(stream, [newEvent()], expected));
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({ stream, expected, actual: 1n });
    }
    const missing = uniqueStream('conflict-missing');
    expect(await rejection(store().append(missing, [newEvent()], 0n))).toMatchObject({ actual: 'no_stream' });
    expect(await store().readStream(missing)).toEqual([]);
  });

  test("'no_stream' succeeds once and then refuses (the basis of reservations)", async () => {
    const stream = uniqueStream('nostream');
    await store().append(stream, [newEvent()], 'no_stream');
    const error = await rejection(store().append(stream, [newEvent()], 'no_stream'));
    expect(error).toBeInstanceOf(WrongExpectedRevisionError);
    expect(error).toMatchObject({ expected: 'no_stream', actual: 0n });
    expect(await store().readStream(stream)).toHaveLength(1);
  });

  test("'stream_exists' refuses a missing stream and accepts an existing one; 'any' accepts both", async () => {
    const stream = uniqueStream('exists');
    const error = await rejection(store().append(stream, [newEvent()], 'stream_exists'));
    expect(error).toMatchObject({ name: 'WrongExpectedRevisionError', actual: 'no_stream' });
    expect((await store().append(stream, [newEvent()], 'any')).nextExpectedRevision).toBe(0n);
    expect((await store().append(stream, [newEvent()], 'stream_exists')).nextExpectedRevision).toBe(1n);
    expect((await store().append(stream, [newEvent()], 'any')).nextExpectedRevision).toBe(2n);
  });

  test('a rejected stale append leaves the stream exactly as it was, and the next good one has no gap', async () => {
    const stream = uniqueStream('stale');
    await store().append(stream, newEvents(3), 'no_stream');
    const before = await store().readStream(stream);
    const mark = await markEnd(store());

    const error = await rejection(store().append(stream, newEvents(4, 'Stale'), 1n));
    expect(error).toBeInstanceOf(WrongExpectedRevisionError);
    expect(await store().readStream(stream)).toEqual(before);
    expect(await readAllAfter(store(), mark, inStreams(stream))).toEqual([]);

    const good = await store().append(stream, newEvents(2, 'Good'), 2n);
    expect(good.nextExpectedRevision).toBe(4n);
    expect((await store().readStream(stream)).map((e) => `${e.revision}:${e.type}`)).toEqual([
      '0:Tested',
      '1:Tested',
      '2:Tested',
      '3:Good',
      '4:Good',
    ]);
  });

  test('reads all streams in one global order, matching the order of the appends', async () => {
    const a = uniqueStream('order-a');
    const b = uniqueStream('order-b');
    const mark = await markEnd(store());
    const plan: [string, number][] = [[a, 2], [b, 1], [a, 1], [b, 3], [a, 1]];
    const expected: string[] = [];
    const revisions = new Map<string, bigint>();
    for (const [stream, count] of plan) {
      const events = newEvents(count);
      const current = revisions.get(stream);
      const result = await store().append(stream, events, current ?? 'no_stream');
      revisions.set(stream, result.nextExpectedRevision);
      expected.push(...events.map((e) => e.id));
    }
    const all = await readAllAfter(store(), mark, inStreams(a, b), 3);
    expect(all.map((e) => e.id)).toEqual(expected);
    for (let i = 1; i < all.length; i += 1) {
      expect(comparePositions(all[i - 1]!.position, all[i]!.position)).toBe(-1);
    }
    expect(comparePositions(mark, all[0]!.position)).toBe(-1);
    // maxCount pages through the same order (other writers' events may sit between ours).
    const two = await store().readAll({ after: mark, maxCount: 2 });
    const three = await store().readAll({ after: mark, maxCount: 3 });
    expect(two).toHaveLength(2);
    expect(summary(two)).toEqual(summary(three.slice(0, 2)));
    expect(summary(await store().readAll({ after: two[1]!.position, maxCount: 1 }))).toEqual(summary(three.slice(2)));
  });

  test('an identical re-send (same event ids) is answered with the first result and stores nothing twice', async () => {
    const stream = uniqueStream('idempotent');
    const events = newEvents(3);
    const first = await store().append(stream, events, 'no_stream');
    const again = await store().append(stream, events, 'no_stream');
    expect(again).toEqual(first);
    const anyAgain = await store().append(stream, events, 'any');
    expect(anyAgain).toEqual(first);
    expect((await store().readStream(stream)).map((e) => e.id)).toEqual(events.map((e) => e.id));
  });

  testWhen(features.rejectsReusedEventIds, 'this store does not refuse reused event ids')(
    'other reuse of event ids (partial overlap, another stream, twice in one append) is refused and writes nothing',
    async () => {
      const stream = uniqueStream('dupes');
      const events = newEvents(2);
      await store().append(stream, events, 'no_stream');
      const overlap = [events[1]!, newEvent()];
      expect(isDuplicateEventId(await rejection(store().append(stream, overlap, 1n)))).toBe(true);
      expect(isDuplicateEventId(await rejection(store().append(stream, overlap, 'any')))).toBe(true);
      const other = uniqueStream('dupes-other');
      expect(isDuplicateEventId(await rejection(store().append(other, [events[0]!], 'no_stream')))).toBe(true);
      const twice = newEvent();
      expect(isDuplicateEventId(await rejection(store().append(other, [twice, twice], 'any')))).toBe(true);
      expect((await store().readStream(stream)).map((e) => e.id)).toEqual(events.map((e) => e.id));
      expect(await store().readStream(other)).toEqual([]);
    },
  );

  test('appends a large batch in one call, atomically and in order', async () => {
    const stream = uniqueStream('large');
    const size = features.largeBatchSize;
    const events = newEvents(size, 'Bulk');
    const result = await store().append(stream, events, 'no_stream');
    expect(result.nextExpectedRevision).toBe(BigInt(size - 1));
    const read = await store().readStream(stream);
    expect(read).toHaveLength(size);
    expect(read.every((e, i) => e.revision === BigInt(i) && e.id === events[i]?.id)).toBe(true);
    expect(read.at(-1)?.position).toBe(result.position);
    const tail = await store().readStream(stream, { fromRevision: BigInt(size - 10) });
    expect(tail.map((e) => (e.data as { i: number }).i)).toEqual(Array.from({ length: 10 }, (_, i) => size - 10 + i));
  });
};
