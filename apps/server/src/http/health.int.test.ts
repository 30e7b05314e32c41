// /healthz's report over a real SQLite event store and projector: store read and write health,
// and the projector's lag counted in events.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventStore } from '@core/eventstore/types';
import { createSqliteEventStore } from '@adapters/eventstore-sqlite';
import { createProjector, type Projector } from '@adapters/projections-sqlite';
import { createHealthCheck } from './health';

let dir: string;
let store: EventStore;
let projector: Projector;
let clock = 0;

const append = (n: number) =>
  Promise.all(
    Array.from({ length: n }, () =>
      store.append(`s-${randomUUID()}`, [{ id: randomUUID(), type: 'Noted', data: {}, metadata: { actor: null, correlationId: 'c', causationId: null, time: '2026-11-27T09:00:00.000Z' } }], 'no_stream'),
    ),
  );

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'riposte-health-'));
  store = createSqliteEventStore({ path: join(dir, 'events.db'), synchronous: 'NORMAL' });
  projector = createProjector({ store, path: join(dir, 'read.db'), projections: [] });
});
afterEach(async () => {
  await projector.stop();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the health report', () => {
  it('a SQLite store reports read and write health, and the projector caught up', async () => {
    await append(3);
    await projector.start();
    const report = await createHealthCheck(store, projector, () => clock)();
    expect(report).toEqual({
      status: 'ok',
      store: { kind: 'sqlite', read: { ok: true }, write: { ok: true } },
      projections: { position: projector.position(), behind: { events: 0, atLeast: false }, failing: [] },
    });
  });

  it("counts the projector's lag in events", async () => {
    await append(4); // the projector is not started: 4 behind
    const report = await createHealthCheck(store, projector, () => clock)();
    expect(report.projections.behind).toEqual({ events: 4, atLeast: false });
  });

  it('degraded when the store cannot be written; one probe per second however often it is asked', async () => {
    let probes = 0;
    const failing: EventStore = {
      ...store,
      health: async () => (probes++, { read: { ok: true }, write: { ok: false, error: 'database is locked' } }),
    };
    const check = createHealthCheck(failing, projector, () => clock);
    expect(await check()).toMatchObject({ status: 'degraded', store: { write: { ok: false, error: 'database is locked' } } });
    await check();
    expect(probes).toBe(1);
    clock += 1_000;
    await check();
    expect(probes).toBe(2);
  });
});
