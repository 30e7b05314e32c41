// Shared state on a real PostgreSQL (a throwaway cluster started here): two "processes" are two
// pools of their own, so what one writes the other must see, and a limit or a single use must hold
// across both. Skipped, saying why, where the PostgreSQL binaries are missing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenCipher, createTokenVault, tokenBinding, tokenKey } from '@adapters/crypto-tokens';
import { createPgPendingRequests, createPgSessionStore, openPgDataKeyStore, openSharedPostgres, pgCounters, type SharedPostgres } from '@adapters/shared-postgres';
import { createAllowance } from '../../apps/server/src/http/rate-limit';
import { postgresBinaries, startPostgres, type ThrowawayPostgres } from './postgres';

const binaries = postgresBinaries();
if ('missing' in binaries) console.warn(`SKIPPED shared PostgreSQL tests: ${binaries.missing}`);

describe.skipIf('missing' in binaries)('shared state on PostgreSQL', () => {
  let pg: ThrowawayPostgres;
  let a: SharedPostgres;
  let b: SharedPostgres;
  beforeAll(async () => {
    pg = await startPostgres();
    // Two processes starting together: the schema is made once, under the advisory lock.
    [a, b] = await Promise.all([openSharedPostgres(pg.url), openSharedPostgres(pg.url)]);
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    pg?.stop();
  });

  it('a session written by one is read, ended and swept by the other', async () => {
    const one = createPgSessionStore(a.pool, { sweepIntervalMs: 0 });
    const two = createPgSessionStore(b.pool, { sweepIntervalMs: 0 });
    await one.set('sid-a', { userId: 'u1', n: 1 }, 60_000);
    await one.set('sid-b', { userId: 'u1' }, 60_000);
    await one.set('sid-gone', { userId: 'u2' }, -1);
    expect(await two.get('sid-a')).toEqual({ userId: 'u1', n: 1 });
    expect(await two.get('sid-gone')).toBeUndefined();
    expect(await two.destroyForUser('u1', 'sid-a')).toBe(1);
    expect(await one.get('sid-b')).toBeUndefined();
    expect(await one.get('sid-a')).toEqual({ userId: 'u1', n: 1 });
    const { rows } = await a.pool.query<{ id_hash: string }>('SELECT id_hash FROM riposte_sessions');
    expect(rows.map((r) => r.id_hash)).not.toContain('sid-a');
    expect(await two.sweep()).toBe(1);
  });

  it('a limit holds across both: 5 points spent half on each, the sixth refused on either', async () => {
    const limit = { points: 5, windowSeconds: 60 };
    const one = createAllowance('test-login', limit, pgCounters(a.pool));
    const two = createAllowance('test-login', limit, pgCounters(b.pool));
    const waits = [];
    for (let i = 0; i < 5; i += 1) waits.push(await (i % 2 === 0 ? one : two).take('alice'));
    expect(waits).toEqual([0, 0, 0, 0, 0]);
    expect(await one.take('alice')).toBeGreaterThan(0);
    expect(await two.take('alice')).toBeGreaterThan(0);
    expect(await two.take('bob')).toBe(0);
    await one.forget('alice');
    expect(await two.take('alice')).toBe(0);
  });

  it('an X request added by one is found by the other, and only one of them may spend it', async () => {
    const one = createPgPendingRequests(a.pool);
    const two = createPgPendingRequests(b.pool);
    const added = await one.add({ requestToken: 'rt-1', requestTokenSecret: 'secret-1', purpose: { kind: 'connect', userId: 'u1' }, mode: 'pin', binding: 'b1', range: '192.0.2.0/24' });
    const seen = await two.byRequestToken('rt-1');
    expect(seen).toMatchObject({ token: added.token, requestTokenSecret: 'secret-1', outcome: { status: 'pending' } });
    const again = (await one.get(added.token))!;
    const spent = await Promise.all([two.take(seen!), one.take(again)]);
    expect(spent.filter(Boolean)).toHaveLength(1);
    expect(await one.release(again)).toBe(true);
    expect(await two.take((await two.get(added.token))!)).toBe(true);
    await two.settle(seen!, { status: 'success', username: 'alice', message: 'Connected @alice' });
    expect((await one.get(added.token))?.outcome).toEqual({ status: 'success', username: 'alice', message: 'Connected @alice' });
    expect(await one.get('no-such-token')).toBeNull();
  });

  it("keeps one browser's requests to its bound, whichever server adds them", async () => {
    const one = createPgPendingRequests(a.pool, Date.now, 60_000, { perBinding: 2, perRange: 100, max: 100 });
    const two = createPgPendingRequests(b.pool, Date.now, 60_000, { perBinding: 2, perRange: 100, max: 100 });
    const first = await one.add({ requestToken: 'rt-b1', requestTokenSecret: 's', purpose: { kind: 'sign_in' }, mode: 'callback', binding: 'browser', range: '192.0.2.0/24' });
    await two.add({ requestToken: 'rt-b2', requestTokenSecret: 's', purpose: { kind: 'sign_in' }, mode: 'callback', binding: 'browser', range: '192.0.2.0/24' });
    await one.add({ requestToken: 'rt-b3', requestTokenSecret: 's', purpose: { kind: 'sign_in' }, mode: 'callback', binding: 'browser', range: '192.0.2.0/24' });
    expect(await two.get(first.token)).toBeNull();
    expect(await two.byRequestToken('rt-b3')).not.toBeNull();
  });

  it('bounds each address range, and when full makes room in the fullest range, whichever server adds', async () => {
    await a.pool.query('DELETE FROM riposte_x_pending');
    const limits = { perBinding: 5, perRange: 3, max: 6 };
    const one = createPgPendingRequests(a.pool, Date.now, 60_000, limits);
    const two = createPgPendingRequests(b.pool, Date.now, 60_000, limits);
    const add = (server: typeof one, n: string, range: string) =>
      server.add({ requestToken: `rt-r${n}`, requestTokenSecret: 's', purpose: { kind: 'sign_in' }, mode: 'callback', binding: `browser-${n}`, range });
    const visitor = await add(one, 'v', '203.0.113.0/24');
    const flood = [];
    for (let i = 0; i < 5; i += 1) flood.push(await add(i % 2 === 0 ? one : two, `f${i}`, '198.51.100.0/24'));
    // The range keeps its newest three.
    expect(await two.get(flood[1]?.token ?? '')).toBeNull();
    expect(await two.get(flood[2]?.token ?? '')).not.toBeNull();
    for (let i = 0; i < 4; i += 1) await add(i % 2 === 0 ? two : one, `g${i}`, `10.${i % 2}.0.0/24`);
    const { rows } = await a.pool.query<{ n: string }>('SELECT count(*) AS n FROM riposte_x_pending');
    expect(Number(rows[0]?.n)).toBe(6);
    expect(await one.get(visitor.token)).not.toBeNull();
  });

  it("a token sealed by one opens with the other's vault, and a disconnect destroys the key for both", async () => {
    const master = createTokenCipher({ current: tokenKey(Buffer.alloc(32, 9)), previous: [] });
    const one = createTokenVault(master, openPgDataKeyStore(a.pool), [master.keyIdOf(master.encrypt('x', tokenBinding('u', 'a', 'xAccessToken')))]);
    const two = createTokenVault(master, openPgDataKeyStore(b.pool), []);
    const binding = tokenBinding('u1', 'acct-1', 'xAccessToken');
    await one.prepare('acct-1', true);
    const sealed = one.encrypt('access-token', binding);
    await two.prepare('acct-1', false);
    expect(two.decrypt(sealed, binding)).toBe('access-token');
    await one.destroy('acct-1');
    await two.prepare('acct-1', false);
    expect(() => two.decrypt(sealed, binding)).toThrow(/destroyed/);
    // Sealing without prepare would keep a key in one process only: refused.
    expect(() => one.encrypt('x', tokenBinding('u1', 'acct-2', 'xAccessToken'))).toThrow(/not prepared/);
  });
});
