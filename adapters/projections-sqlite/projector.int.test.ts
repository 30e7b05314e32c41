// The projector over a read database FILE and the SQLite event store: restarts, rebuilds,
// schema/version changes, live following.
import { closeSync, existsSync, fstatSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventStore, Position } from '@core/eventstore/types';
import type { Projection } from '@core/shared/projection';
import { createSqliteEventStore } from '@adapters/eventstore-sqlite';
import { createProjector, type Projector } from '@adapters/projections-sqlite';
import { countersProjection, ledgerProjection, userEvents, usersProjection } from './test-support';

let dir: string;
let path: string;
const running: Projector[] = [];
const stores: EventStore[] = [];
let storeCount = 0;
const createStore = (): EventStore => {
  const store = createSqliteEventStore({ path: join(dir, `events-${(storeCount += 1)}.db`), synchronous: 'NORMAL' });
  stores.push(store);
  return store;
};
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'riposte-projections-'));
  path = join(dir, 'read', 'read.db');
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop()));
  await Promise.all(stores.splice(0).map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

const projector = (store: EventStore, projections: Projection[], batchSize = 100) => {
  const p = createProjector({ store, path, projections, batchSize });
  running.push(p);
  return p;
};

/** Wraps a projection to count how many events it was given (a witness, not a mock). */
const counting = (inner: Projection) => {
  const seen = { n: 0 };
  const wrapped: Projection = { ...inner, project: (e) => (seen.n++, inner.project(e)) };
  return { wrapped, seen };
};

const fill = async (store: EventStore, count: number, seed: number): Promise<Position> => {
  let last: Position | null = null;
  for (const { stream, event } of userEvents(count, seed)) last = (await store.append(stream, [event], 'any')).position;
  return last as Position;
};

const count = (p: Projector, table: string) => (p.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

describe('projector on a read database file', () => {
  it('resumes after a restart from its checkpoints, applying only the new events', async () => {
    const store = createStore();
    await fill(store, 500, 1);
    const first = projector(store, [ledgerProjection, usersProjection]);
    await first.start();
    const before = first.position();
    await first.stop();

    const last = await fill(store, 120, 2);
    const { wrapped, seen } = counting(ledgerProjection);
    const second = projector(store, [wrapped, usersProjection]);
    expect(second.position()).toBe(before);
    await second.start();
    expect(seen.n).toBe(120);
    expect(second.position()).toBe(last);
    expect(count(second, 'ledger')).toBe(620);
    expect(second.db.prepare('SELECT n FROM ledger_applications').get()).toEqual({ n: 620 });
  });

  it('follows live appends to the SQLite store and waitFor gives read-your-writes', async () => {
    const store = createStore();
    await fill(store, 100, 11);
    const p = projector(store, [usersProjection, ledgerProjection]);
    await p.start();
    for (const { stream, event } of userEvents(30, 12)) {
      const { position } = await store.append(stream, [event], 'any');
      await p.waitFor(position, 2000);
      expect(p.db.prepare('SELECT count(*) AS n FROM ledger WHERE event_id = ?').get(event.id)).toEqual({ n: 1 });
    }
    expect(count(p, 'ledger')).toBe(130);
  });

  it('rebuild() deletes the files (-wal, -shm too) and replays the store', async () => {
    const store = createStore();
    const last = await fill(store, 300, 3);
    const p = projector(store, [usersProjection, countersProjection, ledgerProjection]);
    await p.start();
    const users = p.db.prepare('SELECT * FROM users ORDER BY id').all();
    p.db.exec('CREATE TABLE stray (x)');
    expect(existsSync(`${path}-wal`)).toBe(true);
    // Holding the old files open shows they were unlinked (and keeps their inodes from being reused).
    const old = ['', '-wal', '-shm'].map((suffix) => openSync(path + suffix, 'r'));

    await p.rebuild();
    expect(old.map((fd) => fstatSync(fd).nlink)).toEqual([0, 0, 0]);
    expect(statSync(path).ino).not.toBe(fstatSync(old[0] as number).ino);
    old.forEach((fd) => closeSync(fd));
    expect(p.db.prepare("SELECT name FROM sqlite_master WHERE name = 'stray'").all()).toEqual([]);
    expect(p.db.prepare('SELECT * FROM users ORDER BY id').all()).toEqual(users);
    expect(count(p, 'ledger')).toBe(300);
    expect(p.position()).toBe(last);
  });

  it('rebuild() of a stopped projector builds the database and leaves it stopped', async () => {
    const store = createStore();
    const last = await fill(store, 50, 4);
    const p = projector(store, [ledgerProjection]);
    await p.rebuild();
    expect(p.position()).toBe(last);
    await store.append('later', [userEvents(1, 5)[0]!.event], 'any');
    await expect(p.waitFor('99999999999999999999' as Position, 30)).rejects.toThrow(/did not reach/);
    expect(count(p, 'ledger')).toBe(50);
  });

  it.each([
    ['a version bump', { ...usersProjection, version: 2 }],
    ['a schema change', { ...usersProjection, schema: [...usersProjection.schema, 'CREATE INDEX users_by_email ON users (email)'] }],
  ])('rebuilds everything by itself after %s', async (_what, changed) => {
    const store = createStore();
    await fill(store, 200, 6);
    const first = projector(store, [usersProjection, ledgerProjection]);
    await first.start();
    first.db.exec("INSERT INTO ledger (event_id, position) VALUES ('stray', '')");
    await first.stop();

    const { wrapped, seen } = counting(ledgerProjection);
    const second = projector(store, [changed, wrapped]);
    await second.start();
    expect(seen.n).toBe(200); // replayed from the start
    expect(count(second, 'ledger')).toBe(200); // the stray row went with the old file
  });

  it('adds a new projection from the start without replaying the others', async () => {
    const store = createStore();
    const last = await fill(store, 200, 7);
    const first = projector(store, [usersProjection]);
    await first.start();
    await first.stop();

    const users = counting(usersProjection);
    const second = projector(store, [users.wrapped, ledgerProjection]);
    await second.start();
    expect(users.seen.n).toBe(0);
    expect(count(second, 'ledger')).toBe(200);
    expect(second.position()).toBe(last);
  });

  it('does not mistake whitespace in the DDL for a schema change', async () => {
    const store = createStore();
    await fill(store, 20, 8);
    await projector(store, [countersProjection]).start();
    await running.pop()?.stop();
    const reflowed = counting({ ...countersProjection, schema: countersProjection.schema.map((s) => `  ${s.replace(/ /g, '\n   ')}  `) });
    await projector(store, [reflowed.wrapped]).start();
    expect(reflowed.seen.n).toBe(0);
  });

  it('two projectors on one file skip what the other committed (checkpoints are read in the write transaction)', async () => {
    const store = createStore();
    await fill(store, 300, 9);
    const a = projector(store, [ledgerProjection], 50);
    const b = projector(store, [ledgerProjection], 70);
    await Promise.all([a.start(), b.start()]);
    const last = await fill(store, 200, 10);
    await Promise.all([a.waitFor(last, 5000), b.waitFor(last, 5000)]);
    expect(count(a, 'ledger')).toBe(500);
    expect(a.db.prepare('SELECT n FROM ledger_applications').get()).toEqual({ n: 500 });
    expect(a.status()[0]?.failure).toBeNull();
    expect(b.status()[0]?.failure).toBeNull();
  });

  it('refuses to use (and so to delete) a database that is not a read database', () => {
    const foreign = new Database(join(dir, 'events.db'));
    foreign.exec('CREATE TABLE events (id TEXT)');
    foreign.close();
    expect(() => createProjector({ store: createStore(), path: join(dir, 'events.db'), projections: [usersProjection] })).toThrow(
      /Refusing to use .*events\.db.*event store/,
    );
    expect(existsSync(join(dir, 'events.db'))).toBe(true);
  });
});
