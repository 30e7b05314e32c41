// The read database records which event store built it (EventStore.identity). Pointed at another
// one (SQLite file to another SQLite file, KurrentDB to another KurrentDB or to SQLite) it refuses
// to start and changes nothing, until rebuild() adopts the new store on purpose; a read database
// that predates the record is rebuilt. Before the record, a read database built from a larger store
// silently skipped the new store's first events (their positions were "already seen").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventStore, Position } from '@core/eventstore/types';
import { createMemoryEventStore } from '@adapters/eventstore-memory';
import { createSqliteEventStore } from '@adapters/eventstore-sqlite';
import { createProjector, type Projector } from '@adapters/projections-sqlite';
import { ledgerProjection, userEvents } from './test-support';

let dir: string;
let path: string;
const opened: { close(): Promise<void> }[] = [];
const running: Projector[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'riposte-store-identity-'));
  path = join(dir, 'read.db');
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop()));
  await Promise.all(opened.splice(0).map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

const sqlite = (name: string): EventStore => {
  const store = createSqliteEventStore({ path: join(dir, name), synchronous: 'NORMAL' });
  opened.push(store);
  return store;
};

const fill = async (store: EventStore, count: number, seed: number): Promise<Position> => {
  let last: Position | null = null;
  for (const { stream, event } of userEvents(count, seed)) last = (await store.append(stream, [event], 'any')).position;
  return last as Position;
};

const project = async (store: EventStore): Promise<Projector> => {
  const p = createProjector({ store, path, projections: [ledgerProjection], batchSize: 100 });
  running.push(p);
  await p.start();
  return p;
};

const stop = async (p: Projector) => {
  running.splice(running.indexOf(p), 1);
  await p.stop();
};

const ledgerIds = (p: Projector) => (p.db.prepare('SELECT event_id FROM ledger ORDER BY position').all() as { event_id: string }[]).map((r) => r.event_id);
const applications = (p: Projector) => (p.db.prepare('SELECT n FROM ledger_applications').get() as { n: number }).n;
const idsOf = async (store: EventStore) => (await store.readAll()).map((e) => e.id);

describe('the read database and the event store it was built from', () => {
  it('SQLite file to another SQLite file: refused at start, nothing changed; rebuild() adopts the new store, no stale rows, none skipped', async () => {
    const first = sqlite('first.db');
    await fill(first, 60, 1);
    await stop(await project(first));

    // A smaller store: every one of its positions is at or before the old checkpoint.
    const second = sqlite('second.db');
    await fill(second, 25, 2);
    const refused = createProjector({ store: second, path, projections: [ledgerProjection], batchSize: 100 });
    running.push(refused);
    await expect(refused.start()).rejects.toThrow(/read\.db \(the read model, a cache of the events\) was built from another event store \(sqlite:.*projections:rebuild/);
    expect(ledgerIds(refused)).toEqual(await idsOf(first)); // nothing was changed
    await refused.rebuild();
    await refused.start();
    expect(ledgerIds(refused)).toEqual(await idsOf(second));
    expect(applications(refused)).toBe(25);
  });

  it('the same store again (a restart, another process on the same file) keeps the rows and applies only new events', async () => {
    const store = sqlite('events.db');
    await fill(store, 40, 3);
    await stop(await project(store));
    const again = sqlite('events.db');
    expect(await again.identity?.()).toBe(await store.identity?.());
    await fill(again, 5, 4);
    const p = await project(again);
    expect(applications(p)).toBe(45);
    expect(ledgerIds(p)).toEqual(await idsOf(again));
  });

  it('KurrentDB to another KurrentDB, and to SQLite: each change of identity is refused until a rebuild', async () => {
    // Stores that name themselves as KurrentDB servers would (kurrentdb:<uuid>, ../eventstore-kurrentdb).
    const named = (identity: string): EventStore => {
      const inner = createMemoryEventStore();
      opened.push(inner);
      return { ...inner, identity: async () => identity };
    };
    const adopt = async (store: EventStore): Promise<Projector> => {
      const p = createProjector({ store, path, projections: [ledgerProjection], batchSize: 100 });
      running.push(p);
      await expect(p.start()).rejects.toMatchObject({ reason: 'READ_MODEL_OF_ANOTHER_STORE' });
      await p.rebuild();
      await p.start();
      return p;
    };
    const one = named('kurrentdb:0b4c8a9e-1111-4aaa-8aaa-000000000001');
    await fill(one, 30, 5);
    await stop(await project(one));

    const two = named('kurrentdb:0b4c8a9e-2222-4aaa-8aaa-000000000002');
    await fill(two, 10, 6);
    const p2 = await adopt(two);
    expect(ledgerIds(p2)).toEqual(await idsOf(two));
    await stop(p2);

    const local = sqlite('events.db');
    await fill(local, 7, 7);
    const p3 = await adopt(local);
    expect(ledgerIds(p3)).toEqual(await idsOf(local));
    expect(applications(p3)).toBe(7);
  });

  it('a read database from before the record (checkpoints, no store named) is rebuilt once, then kept', async () => {
    const store = sqlite('events.db');
    await fill(store, 20, 8);
    await stop(await project(store));
    const raw = new Database(path);
    raw.exec('DROP TABLE riposte_store');
    raw.close();

    const p = await project(store);
    expect(applications(p)).toBe(20); // rebuilt: the counter restarted from 0
    await stop(p);
    const kept = await project(store);
    expect(applications(kept)).toBe(20);
  });

  it('rebuild() keeps the record: a restart after it does not rebuild again', async () => {
    const store = sqlite('events.db');
    await fill(store, 15, 9);
    const p = await project(store);
    await p.rebuild();
    await stop(p);
    const raw = new Database(path, { readonly: true });
    expect(raw.prepare('SELECT identity FROM riposte_store').get()).toEqual({ identity: await store.identity?.() });
    raw.close();
  });
});

describe('a store that went backwards (the same identity, its last events lost)', () => {
  // Through the port only (readAll), so it holds for KurrentDB as for SQLite: an in-memory store
  // named like a KurrentDB, "restored" as a new store of the same name holding a prefix of it.
  const named = (identity: string): EventStore => {
    const inner = createMemoryEventStore();
    opened.push(inner);
    return { ...inner, identity: async () => identity };
  };
  const copy = async (from: EventStore, to: EventStore, count: number) => {
    for (const e of (await from.readAll()).slice(0, count)) {
      await to.append(e.streamName, [{ id: e.id, type: e.type, data: e.data, metadata: e.metadata }], 'any');
    }
  };
  const ID = 'kurrentdb:0b4c8a9e-3333-4aaa-8aaa-000000000003';

  it('new events at positions the read model had passed (the head caught up again) are noticed at start: rebuilt, none skipped', async () => {
    const before = named(ID);
    await fill(before, 30, 10);
    await stop(await project(before));

    const restored = named(ID);
    await copy(before, restored, 20);
    await fill(restored, 12, 11); // past the old head: a check of the head alone would pass
    const p = await project(restored);
    expect(ledgerIds(p)).toEqual(await idsOf(restored));
    expect(applications(p)).toBe(32);
  });

  it('while running: a waitFor on a position the checkpoints passed checks the store and waits for the rebuilt read model', async () => {
    const sqliteStore = sqlite('events.db');
    await fill(sqliteStore, 20, 12);
    const p = await project(sqliteStore);
    await p.waitFor((await sqliteStore.readAll()).at(-1)?.position as Position);
    const raw = new Database(join(dir, 'events.db'));
    raw.prepare('DELETE FROM events WHERE position > 12').run();
    raw.close();
    const written = await fill(sqliteStore, 1, 13);
    expect(written <= ((p.position() as Position))).toBe(true); // a position the old checkpoints had passed
    await p.waitFor(written);
    expect(ledgerIds(p)).toEqual(await idsOf(sqliteStore));
    expect(applications(p)).toBe(13);
  });

  it('the same store restarted keeps its read model (the check passes)', async () => {
    const store = named(ID);
    await fill(store, 15, 14);
    await stop(await project(store));
    const p = await project(store);
    expect(applications(p)).toBe(15);
    expect(ledgerIds(p)).toEqual(await idsOf(store));
  });
});
