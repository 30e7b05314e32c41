// Contract: subscriptions catch up from a checkpoint, then go live; a consumer that restarts from its
// last checkpoint gets every later event once, across the store's internal read batches.
import { expect } from 'vitest';
import type { Position, RecordedEvent } from '@core/eventstore/types';
import type { ContractContext } from './event-store.contract';
import { inStreams, markEnd, newEvents, subscriptionReader, uniqueStream } from './event-store.contract-helpers';

const QUIET_MS = 300;

export const registerSubscriptionContract = ({ test, store, features }: ContractContext): void => {
  const live = features.liveTimeoutMs;

  test('catches up from a checkpoint, then delivers live appends, then ends on close', async () => {
    const stream = uniqueStream('sub-live');
    const mark = await markEnd(store());
    const old = newEvents(3, 'Before');
    await store().append(stream, old, 'no_stream');

    const subscription = store().subscribe({ after: mark });
    const reader = subscriptionReader(subscription);
    const caughtUp = await reader.take(3, inStreams(stream), live);
    expect(caughtUp.map((e) => e.id)).toEqual(old.map((e) => e.id));

    const fresh = newEvents(2, 'After');
    await store().append(stream, fresh, 2n);
    const delivered = await reader.take(2, inStreams(stream), live);
    expect(delivered.map((e) => [e.id, e.revision])).toEqual([
      [fresh[0]?.id, 3n],
      [fresh[1]?.id, 4n],
    ]);

    await subscription.close();
    expect(await reader.endsWithin(live)).toBe(true);
  });

  test('resuming from a checkpoint re-delivers nothing and misses nothing', async () => {
    const stream = uniqueStream('sub-resume');
    const mark = await markEnd(store());
    const events = newEvents(5);
    await store().append(stream, events, 'no_stream');

    const first = store().subscribe({ after: mark });
    const firstReader = subscriptionReader(first);
    const seen = await firstReader.take(3, inStreams(stream), live);
    expect(seen.map((e) => e.id)).toEqual(events.slice(0, 3).map((e) => e.id));
    await first.close();
    const checkpoint = seen.at(-1)!.position;

    const later = newEvents(2, 'Later');
    await store().append(stream, later, 4n);

    const second = store().subscribe({ after: checkpoint });
    const secondReader = subscriptionReader(second);
    const rest = await secondReader.take(4, inStreams(stream), live);
    expect(rest.map((e) => e.id)).toEqual([...events.slice(3), ...later].map((e) => e.id));
    expect(await secondReader.take(1, inStreams(stream), QUIET_MS)).toEqual([]);
    await second.close();
  });

  test('checkpoints advance across batches: a restarted consumer gets each of 1,250 events exactly once', async () => {
    const streams = Array.from({ length: 5 }, (_, i) => uniqueStream(`sub-batches-${i}`));
    const mine = inStreams(...streams);
    const mark = await markEnd(store());
    const ids: string[] = [];
    const revisions = new Map<string, bigint>();
    for (let round = 0; round < 25; round += 1) {
      const stream = streams[round % streams.length]!;
      const events = newEvents(50);
      const result = await store().append(stream, events, revisions.get(stream) ?? 'no_stream');
      revisions.set(stream, result.nextExpectedRevision);
      ids.push(...events.map((e) => e.id));
    }

    // A consumer that stops three times, each time resuming from the last position it processed.
    const delivered: RecordedEvent[] = [];
    let checkpoint: Position = mark;
    for (const chunk of [400, 600, 250]) {
      const subscription = store().subscribe({ after: checkpoint });
      const reader = subscriptionReader(subscription);
      delivered.push(...(await reader.take(chunk, mine, live * 2)));
      checkpoint = reader.checkpoint ?? checkpoint;
      await subscription.close();
    }
    expect(delivered).toHaveLength(ids.length);
    expect(new Set(delivered.map((e) => e.id)).size).toBe(ids.length);
    expect(delivered.map((e) => e.id)).toEqual(ids);

    const after = store().subscribe({ after: checkpoint });
    expect(await subscriptionReader(after).take(1, mine, QUIET_MS)).toEqual([]);
    await after.close();
  });

  test('closing a subscription that waits for live events ends its iterator', async () => {
    const subscription = store().subscribe({ after: await markEnd(store()) });
    const reader = subscriptionReader(subscription);
    expect(await reader.take(1, inStreams(uniqueStream('never')), 100)).toEqual([]);
    await subscription.close();
    expect(await reader.endsWithin(live)).toBe(true);
  });

  test('several subscriptions see the same live events in the same order', async () => {
    const stream = uniqueStream('sub-fanout');
    const mark = await markEnd(store());
    const subscriptions = [store().subscribe({ after: mark }), store().subscribe({ after: mark })];
    const readers = subscriptions.map(subscriptionReader);
    const events = newEvents(4);
    const taking = readers.map((r) => r.take(4, inStreams(stream), live));
    await store().append(stream, events.slice(0, 2), 'no_stream');
    await store().append(stream, events.slice(2), 1n);
    const results = await Promise.all(taking);
    for (const got of results) expect(got.map((e) => e.id)).toEqual(events.map((e) => e.id));
    await Promise.all(subscriptions.map((s) => s.close()));
  });
};
