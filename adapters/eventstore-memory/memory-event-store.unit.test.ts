import { describe, expect, it } from 'vitest';
import type { NewEvent, RecordedEvent } from '@core/eventstore/types';
import { isWrongExpectedRevision } from '@core/eventstore/errors';
import { createMemoryEventStore } from '@adapters/eventstore-memory';

let n = 0;
const ev = (type = 'Happened', data: unknown = { n: n }): NewEvent => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  type,
  data,
  metadata: { actor: 'test', correlationId: 'c', causationId: null, time: '2026-01-01T00:00:00.000Z' },
});

describe('in-memory event store', () => {
  it('appends with expected revisions and reads streams and all in order', async () => {
    const store = createMemoryEventStore();
    const first = await store.append('a', [ev(), ev()], 'no_stream');
    expect(first.nextExpectedRevision).toBe(1n);
    await store.append('b', [ev()], 'any');
    await store.append('a', [ev()], 1n);
    const a = await store.readStream('a');
    expect(a.map((e) => e.revision)).toEqual([0n, 1n, 2n]);
    const all = await store.readAll();
    expect(all.map((e) => e.streamName)).toEqual(['a', 'a', 'b', 'a']);
    expect([...all.map((e) => e.position)].sort()).toEqual(all.map((e) => e.position));
    expect((await store.readAll({ after: all[1]?.position, maxCount: 1 })).map((e) => e.streamName)).toEqual(['b']);
    expect(await store.readStream('a', { fromRevision: 1n, maxCount: 1 })).toEqual([a[1]]);
  });

  it('refuses a stale or wrong expectation and leaves the stream as it was', async () => {
    const store = createMemoryEventStore();
    await store.append('a', [ev()], 'no_stream');
    const stale = await store.append('a', [ev()], 5n).catch((e: unknown) => e);
    expect(isWrongExpectedRevision(stale)).toBe(true);
    await expect(store.append('a', [ev()], 'no_stream')).rejects.toThrow(/is at 0, expected no_stream/);
    await expect(store.append('z', [ev()], 'stream_exists')).rejects.toThrow(/is at no_stream/);
    expect(await store.readStream('a')).toHaveLength(1);
  });

  it('treats a re-sent append (same ids) as done, and refuses reused ids elsewhere', async () => {
    const store = createMemoryEventStore();
    const events = [ev(), ev()];
    const once = await store.append('a', events, 'no_stream');
    expect(await store.append('a', events, 'no_stream')).toEqual(once);
    await expect(store.append('b', [events[0] as NewEvent], 'any')).rejects.toThrow(/already used/);
    expect(await store.readAll()).toHaveLength(2);
  });

  it('stores JSON copies, frozen', async () => {
    const store = createMemoryEventStore();
    const data = { when: new Date('2026-01-01T00:00:00Z'), gone: undefined, list: [1] };
    await store.append('a', [ev('T', data)], 'any');
    data.list.push(2);
    const [stored] = await store.readAll();
    expect(stored?.data).toEqual({ when: '2026-01-01T00:00:00.000Z', list: [1] });
    expect(Object.isFrozen((stored?.data as { list: number[] }).list)).toBe(true);
  });

  it('subscribes from a checkpoint: catch-up, then live, until closed', async () => {
    const store = createMemoryEventStore();
    await store.append('a', [ev(), ev(), ev()], 'any');
    const [first] = await store.readAll();
    const subscription = store.subscribe({ after: first?.position });
    const seen: RecordedEvent[] = [];
    const done = (async () => {
      for await (const e of subscription) {
        seen.push(e);
        if (seen.length === 4) await subscription.close();
      }
    })();
    await store.append('b', [ev()], 'any');
    await store.append('c', [ev()], 'any');
    await done;
    expect(seen.map((e) => `${e.streamName}${e.revision}`)).toEqual(['a1', 'a2', 'b0', 'c0']);
  });

  it('ends subscriptions when the store closes', async () => {
    const store = createMemoryEventStore();
    const subscription = store.subscribe();
    const done = (async () => {
      let count = 0;
      for await (const _ of subscription) count++;
      return count;
    })();
    await store.append('a', [ev()], 'any');
    await store.close();
    expect(await done).toBe(1);
  });
});
