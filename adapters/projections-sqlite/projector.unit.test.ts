import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import type { EventStore, NewEvent, Position, RecordedEvent } from '@core/eventstore/types';
import type { Projection } from '@core/shared/projection';
import { isAppError } from '@core/shared/errors';
import { createMemoryEventStore } from '@adapters/eventstore-memory';
import { createProjector, type Projector, type ProjectorLogger } from '@adapters/projections-sqlite';
import { countersProjection, ledgerProjection, newEvent, usersProjection } from './test-support';

const open: Projector[] = [];
const projectorFor = (store: EventStore, projections: Projection[], extra: { batchSize?: number; logger?: ProjectorLogger; retry?: { initialMs?: number } } = {}) => {
  const projector = createProjector({ store, path: ':memory:', projections, ...extra });
  open.push(projector);
  return projector;
};
afterEach(async () => {
  await Promise.all(open.splice(0).map((p) => p.stop()));
});

const appendEach = async (store: EventStore, items: { stream: string; event: NewEvent }[]) => {
  let last: Position | null = null;
  for (const { stream, event } of items) last = (await store.append(stream, [event], 'any')).position;
  return last as Position;
};

const register = (userId: string, email = `${userId}@example.test`) => ({
  stream: `user-${userId}`,
  event: newEvent('UserRegistered', { userId, email, name: `User ${userId}` }),
});
const rename = (userId: string, name: string) => ({ stream: `user-${userId}`, event: newEvent('UserRenamed', { userId, name }) });

const capture = () => {
  const lines: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
  const logger: ProjectorLogger = {
    info: (obj, msg) => lines.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => lines.push({ level: 'error', obj, msg }),
  };
  return { lines, logger };
};

const checkpointOf = (projector: Projector, name: string) =>
  (projector.db.prepare('SELECT position FROM riposte_projections WHERE name = ?').get(name) as { position: string | null }).position;

describe('projector on :memory:', () => {
  it('turns events into rows', async () => {
    const store = createMemoryEventStore();
    await appendEach(store, [register('a'), register('b'), rename('a', 'Alice'), { stream: 'user-b', event: newEvent('UserDeleted', { userId: 'b' }) }]);
    const projector = projectorFor(store, [usersProjection, countersProjection]);
    await projector.start();

    expect(projector.db.prepare('SELECT id, email, name, renamed FROM users ORDER BY id').all()).toEqual([
      { id: 'a', email: 'a@example.test', name: 'Alice', renamed: 1 },
    ]);
    expect(projector.db.prepare('SELECT type, n FROM event_counts ORDER BY type').all()).toEqual([
      { type: 'UserDeleted', n: 1 },
      { type: 'UserRegistered', n: 2 },
      { type: 'UserRenamed', n: 1 },
    ]);
    const all = await store.readAll();
    expect(projector.position()).toBe(all.at(-1)?.position);
    // A projection's checkpoint passes events it does not handle too.
    expect(checkpointOf(projector, 'users')).toBe(all.at(-1)?.position);
  });

  it('follows live appends after catching up, and waitFor gives read-your-writes', async () => {
    const store = createMemoryEventStore();
    await appendEach(store, [register('a')]);
    const projector = projectorFor(store, [usersProjection]);
    await projector.start();
    const { position } = await store.append('user-b', [register('b').event], 'no_stream');
    await projector.waitFor(position, 2000);
    expect(projector.db.prepare('SELECT count(*) AS n FROM users').get()).toEqual({ n: 2 });
  });

  it('waitFor resolves at once for a position already passed', async () => {
    const store = createMemoryEventStore();
    const position = await appendEach(store, [register('a')]);
    const projector = projectorFor(store, [usersProjection]);
    await projector.start();
    await expect(projector.waitFor(position, 1)).resolves.toBeUndefined();
  });

  it('waitFor rejects with a clear error when the position is not reached in time', async () => {
    const store = createMemoryEventStore();
    await appendEach(store, [register('a')]);
    const projector = projectorFor(store, [usersProjection]);
    // Not started: nothing will be applied.
    const far = '9999999999999999' as Position;
    const error = await projector.waitFor(far, 50).catch((e: unknown) => e);
    expect(isAppError(error) && error.reason).toBe('PROJECTION_TIMEOUT');
    expect(String(error)).toMatch(/did not reach position 9999999999999999 within 50 ms \(it is at the start\)/);
  });

  it('stop() rejects pending waiters', async () => {
    const store = createMemoryEventStore();
    const projector = projectorFor(store, [usersProjection]);
    await projector.start();
    const pending = projector.waitFor('0000000000000005' as Position, 5000);
    await projector.stop();
    await expect(pending).rejects.toThrow(/stopped/);
  });

  it('stop() interrupts a long catch-up promptly; start() then rejects, and a restart finishes the job', async () => {
    const store = createMemoryEventStore();
    for (let i = 0; i < 200; i++) await store.append(`s-${i}`, Array.from({ length: 100 }, () => newEvent('Tick', {})), 'no_stream');
    const projector = projectorFor(store, [ledgerProjection], { batchSize: 50 });
    const starting = projector.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await projector.stop();
    await expect(starting).rejects.toThrow(/stopped/);
    const head = (await store.readAll()).at(-1)?.position as Position;
    expect(projector.position() === null || (projector.position() as Position) < head).toBe(true);

    await projector.start();
    expect(projector.position()).toBe(head);
    expect(projector.db.prepare('SELECT n FROM ledger_applications').get()).toEqual({ n: 20_000 });
  });

  it('stop() while the last catch-up read is in flight does not hang', async () => {
    const inner = createMemoryEventStore(); // empty: once aborted, a subscription would wait forever
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    // The first read is held until stop() has been called: the catch-up then ends already aborted.
    const store: EventStore = { ...inner, readAll: async (options) => (reads++ === 0 ? (await gate, inner.readAll(options)) : inner.readAll(options)) };
    const projector = projectorFor(store, [usersProjection]);
    const starting = projector.start().catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const stopping = projector.stop();
    release();
    await stopping;
    expect(String(await starting)).toMatch(/stopped/);
  });

  it('batches: the same rows whatever the batch size (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('A', 'B', 'C'), { maxLength: 40 }),
        fc.integer({ min: 1, max: 7 }),
        async (types, batchSize) => {
          const store = createMemoryEventStore();
          for (const type of types) await store.append('s', [newEvent(type, {})], 'any');
          const projector = createProjector({ store, path: ':memory:', projections: [countersProjection, ledgerProjection], batchSize });
          try {
            await projector.start();
            const counts = Object.fromEntries((projector.db.prepare('SELECT type, n FROM event_counts').all() as { type: string; n: number }[]).map((r) => [r.type, r.n]));
            const expected: Record<string, number> = {};
            for (const t of types) expected[t] = (expected[t] ?? 0) + 1;
            expect(counts).toEqual(expected);
            expect(projector.db.prepare('SELECT n FROM ledger_applications').get()).toEqual({ n: types.length });
          } finally {
            await projector.stop();
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('rows and checkpoint commit together: a failing checkpoint write rolls the batch rows back', async () => {
    const store = createMemoryEventStore();
    await appendEach(store, Array.from({ length: 10 }, (_, i) => register(`u${i}`)));
    const all = await store.readAll();
    const fourth = all[3] as RecordedEvent;
    // The checkpoint of the second batch (events 4..6) fails to be written, inside the batch transaction.
    const guarded: Projection = {
      ...usersProjection,
      schema: [
        ...usersProjection.schema,
        `CREATE TRIGGER refuse_checkpoint BEFORE UPDATE ON riposte_projections
           WHEN NEW.name = 'users' AND NEW.position >= '${fourth.position}'
           BEGIN SELECT RAISE(ABORT, 'checkpoint refused'); END`,
      ],
    };
    const projector = projectorFor(store, [guarded], { batchSize: 3 });
    await expect(projector.start()).rejects.toThrow(/checkpoint refused/);
    expect(checkpointOf(projector, 'users')).toBe(all[2]?.position);
    expect(projector.db.prepare('SELECT id FROM users ORDER BY id').all()).toEqual([{ id: 'u0' }, { id: 'u1' }, { id: 'u2' }]);
  });

  it('a projection that throws keeps its checkpoint before the event, logs it, and the others go on', async () => {
    const store = createMemoryEventStore();
    await appendEach(store, [register('a'), register('b'), register('c'), register('d')]);
    const all = await store.readAll();
    const bad = all[2] as RecordedEvent;
    let broken = true;
    const fragile: Projection = {
      name: 'fragile',
      version: 1,
      schema: ['CREATE TABLE fragile (id TEXT PRIMARY KEY) STRICT'],
      project: (event) => {
        if (broken && event.id === bad.id) throw new Error('cannot project this one');
        return [{ sql: 'INSERT INTO fragile (id) VALUES (?)', params: [event.id] }];
      },
    };
    const { lines, logger } = capture();
    const projector = projectorFor(store, [fragile, countersProjection], { logger, retry: { initialMs: 50 } });
    await projector.start();

    expect(checkpointOf(projector, 'fragile')).toBe(all[1]?.position);
    expect(projector.db.prepare('SELECT count(*) AS n FROM fragile').get()).toEqual({ n: 2 });
    expect(checkpointOf(projector, 'event_counts')).toBe(all[3]?.position);
    const logged = lines.find((l) => l.level === 'error');
    expect(logged?.obj).toMatchObject({ projection: 'fragile', eventId: bad.id, eventType: 'UserRegistered', position: bad.position });
    expect(projector.status().find((s) => s.name === 'fragile')?.failure).toMatchObject({ eventId: bad.id, message: 'Error: cannot project this one' });

    // Waiting past the failing event fails fast with the cause; waiting before it succeeds.
    await expect(projector.waitFor(all[1]?.position as Position, 10)).resolves.toBeUndefined();
    const error = await projector.waitFor(bad.position, 5000).catch((e: unknown) => e);
    expect(isAppError(error) && error.reason).toBe('PROJECTION_FAILED');
    expect(String(error)).toContain(bad.id);

    // Once the fault is gone, the retry applies the event and the rest, once.
    broken = false;
    await vi.waitFor(() => expect(projector.status().every((s) => s.failure === null)).toBe(true), { timeout: 3000 });
    await projector.waitFor(all[3]?.position as Position, 3000);
    expect(projector.db.prepare('SELECT count(*) AS n FROM fragile').get()).toEqual({ n: 4 });
    expect(projector.db.prepare('SELECT n FROM event_counts').get()).toEqual({ n: 4 });
    expect(projector.status().every((s) => s.failure === null)).toBe(true);
  });

  it('rebuild() replays everything into a fresh database', async () => {
    const store = createMemoryEventStore();
    await appendEach(store, [register('a'), register('b'), rename('b', 'Bea')]);
    const projector = projectorFor(store, [usersProjection, ledgerProjection]);
    await projector.start();
    const before = projector.db.prepare('SELECT * FROM users ORDER BY id').all();
    projector.db.prepare("INSERT INTO users (id, email, name, registered_at, updated_at) VALUES ('stray', 'x@y', 'x', '', '')").run();
    await projector.rebuild();
    expect(projector.db.prepare('SELECT * FROM users ORDER BY id').all()).toEqual(before);
    expect(projector.db.prepare('SELECT n FROM ledger_applications').get()).toEqual({ n: 3 });
    // Still live after a rebuild.
    const { position } = await store.append('user-c', [register('c').event], 'no_stream');
    await projector.waitFor(position, 2000);
    expect(projector.db.prepare('SELECT count(*) AS n FROM users').get()).toEqual({ n: 3 });
  });

  it('skips erasure copies live and on a rebuild: each original is applied once, and the checkpoint passes the copies', async () => {
    const store = createMemoryEventStore(); // erases as KurrentDB does: copies marked erasureCopyOf, then truncate
    await appendEach(store, [register('a'), rename('a', 'Alice'), register('b')]);
    const projector = projectorFor(store, [usersProjection, countersProjection]);
    await projector.start();
    const counts = () => projector.db.prepare('SELECT type, n FROM event_counts ORDER BY type').all();
    const before = counts();
    expect(await store.erase?.('user-a', (e) => ({ ...(e.data as object), email: `erased-${e.id}` }))).toBe(2);
    const all = await store.readAll();
    expect(all.filter((e) => e.metadata.erasureCopyOf !== undefined)).toHaveLength(2);
    const end = all.at(-1)?.position as Position;
    await projector.waitFor(end, 2000);
    expect(counts()).toEqual(before);
    expect(checkpointOf(projector, 'event_counts')).toBe(end);
    expect(projector.db.prepare("SELECT email FROM users WHERE id = 'a'").get()).toEqual({ email: 'a@example.test' });
    await projector.rebuild();
    expect(counts()).toEqual(before);
  });

  it('refuses two projections with one name', () => {
    expect(() => createProjector({ store: createMemoryEventStore(), path: ':memory:', projections: [usersProjection, usersProjection] })).toThrow(
      /Two projections are named users/,
    );
  });
});
