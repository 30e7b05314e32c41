// One contract for the idempotency-key store, run against both adapters: SQLite (one server) and
// the shared PostgreSQL (every server of an installation; skipped, saying why, without the
// PostgreSQL binaries). Two stores with different owners stand for two processes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteIdempotencyStore, type IdempotencyStore } from '@adapters/idempotency-sqlite';
import { createPgIdempotencyStore, openSharedPostgres, type SharedPostgres } from '@adapters/shared-postgres';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresBinaries, startPostgres, type ThrowawayPostgres } from './postgres';

const binaries = postgresBinaries();
if ('missing' in binaries) console.warn(`SKIPPED the PostgreSQL idempotency store: ${binaries.missing}`);

type Open = (owner: string, now: () => number) => IdempotencyStore;

const contract = (name: string, setup: () => Promise<{ open: Open; done: () => Promise<void> }>, skip = false) =>
  describe.skipIf(skip)(`idempotency store contract: ${name}`, () => {
    let open: Open;
    let done: () => Promise<void>;
    let clock = 1_000_000;
    const now = () => clock;
    let n = 0;
    const scope = () => ({ userId: 'u1', route: 'POST /api/templates', key: `k${(n += 1)}` });
    beforeAll(async () => ({ open, done } = await setup()));
    afterAll(async () => done?.());

    it('a claim is won once; the answer is found by another process; only the owner completes it', async () => {
      const a = open('a', now);
      const b = open('b', now);
      const s = scope();
      expect(await a.find(s)).toBeNull();
      expect(await a.claim(s, 'f1')).toBe(true);
      expect(await b.claim(s, 'f1')).toBe(false);
      expect(await b.find(s)).toEqual({ state: 'pending', fingerprint: 'f1', owner: 'a' });
      await b.complete(s, { status: 201, body: { id: 'wrong' }, location: null });
      await b.release(s);
      expect(await b.find(s)).toMatchObject({ state: 'pending', owner: 'a' });
      await a.complete(s, { status: 201, body: { id: 't1', nested: { ok: true } }, location: '/api/templates/t1' });
      expect(await b.find(s)).toEqual({ state: 'done', fingerprint: 'f1', answer: { status: 201, body: { id: 't1', nested: { ok: true } }, location: '/api/templates/t1' } });
    });

    it('a released claim frees the key; keys differ by user and route', async () => {
      const a = open('a', now);
      const s = scope();
      expect(await a.claim(s, 'f1')).toBe(true);
      await a.release(s);
      expect(await a.find(s)).toBeNull();
      expect(await open('b', now).claim(s, 'f2')).toBe(true);
      expect(await a.claim({ ...s, userId: 'u2' }, 'f1')).toBe(true);
      expect(await a.claim({ ...s, route: 'POST /api/schedules' }, 'f1')).toBe(true);
    });

    it('after the retention a record is gone and its key may be claimed again; sweep deletes it', async () => {
      const a = open('a', now);
      const s = scope();
      expect(await a.claim(s, 'f1')).toBe(true);
      await a.complete(s, { status: 200, body: null, location: null });
      clock += 24 * 60 * 60_000 + 1;
      expect(await a.find(s)).toBeNull();
      expect(await a.sweep()).toBeGreaterThanOrEqual(1);
      expect(await open('b', now).claim(s, 'f2')).toBe(true);
    });
  });

contract('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'riposte-idem-'));
  const stores: IdempotencyStore[] = [];
  return {
    open: (owner, now) => {
      const store = createSqliteIdempotencyStore({ path: join(dir, 'sessions.db'), owner, now });
      stores.push(store);
      return store;
    },
    done: async () => {
      for (const s of stores) s.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

contract(
  'PostgreSQL',
  async () => {
    const pg: ThrowawayPostgres = await startPostgres();
    const shared: SharedPostgres = await openSharedPostgres(pg.url);
    const stores: IdempotencyStore[] = [];
    return {
      open: (owner, now) => {
        const store = createPgIdempotencyStore(shared.pool, { owner, now });
        stores.push(store);
        return store;
      },
      done: async () => {
        for (const s of stores) s.close();
        await shared.close();
        pg.stop();
      },
    };
  },
  'missing' in binaries,
);
