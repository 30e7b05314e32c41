// The X reads counter end to end: the watcher's in-memory tallies (adapters/watching/reads-counter.ts)
// recorded as events, projected into `x_read_days`, read back per UTC day. It survives a restart of
// the process (a new counter adds to the day) and a rebuild of the read database (a new projector
// over the same events shows the same figures).
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryEventStore } from '@adapters/eventstore-memory';
import { createProjector, type Projector } from '@adapters/projections-sqlite';
import { xReadDays, xReadDaysProjection } from '@adapters/read-models/watching';
import { createReadsCounter } from '@adapters/watching/reads-counter';
import type { EventStore } from '@core/eventstore/types';

const running: Projector[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop()));
});

const project = async (store: EventStore) => {
  const projector = createProjector({ store, path: ':memory:', projections: [xReadDaysProjection] });
  running.push(projector);
  await projector.start();
  const last = (await store.readAll()).at(-1);
  if (last) await projector.waitFor(last.position, 5000);
  return projector;
};

const silent = { error: () => {} };

describe('the X reads counter', () => {
  it('counts requests and posts per UTC day, writes at most once a minute and always when stopping, and adds up across restarts and rebuilds', async () => {
    const store = createMemoryEventStore();
    let now = Date.parse('2026-03-01T23:58:30.000Z');
    const clock = () => new Date(now);
    const first = createReadsCounter({ store, clock, logger: silent });
    first.count({ endpoint: 'search', at: clock().toISOString(), posts: 7 });
    first.count({ endpoint: 'timeline', at: clock().toISOString(), posts: 0 });
    await first.flush();
    expect(await store.readAll()).toEqual([]);
    now += 61_000;
    first.count({ endpoint: 'timeline', at: clock().toISOString(), posts: 3 });
    // Past midnight: the next day's tally.
    now += 60_000;
    first.count({ endpoint: 'search', at: clock().toISOString(), posts: 2 });
    await first.flush();
    expect((await store.readAll()).map((e) => e.streamName)).toEqual(['x-reads-2026-03-01', 'x-reads-2026-03-02']);

    // A restart: a new process's counter adds to the same day; stopping writes what is left.
    const second = createReadsCounter({ store, clock, logger: silent });
    second.count({ endpoint: 'timeline', at: clock().toISOString(), posts: 1 });
    await second.flush({ force: true });

    const db = (await project(store)).db;
    const days = xReadDays(db, '2026-03-02', 30);
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ day: '2026-03-02', requests: 2, timelineRequests: 1, searchRequests: 1, posts: 3, estimatedUsd: 0.015 });
    expect(days[1]).toEqual({ day: '2026-03-01', requests: 3, timelineRequests: 2, searchRequests: 1, posts: 10, estimatedUsd: 0.05 });
    expect(days[2]).toEqual({ day: '2026-02-28', requests: 0, timelineRequests: 0, searchRequests: 0, posts: 0, estimatedUsd: 0 });
    expect(days.at(-1)?.day).toBe('2026-02-01');

    // The read database rebuilt from the events shows the same.
    expect(xReadDays((await project(store)).db, '2026-03-02', 30)).toEqual(days);
  });
});
