// Where the KurrentDB variants run, decided without any network: the URL wins, an answering engine
// gets a container of the pinned image, and with neither the suite is skipped with its reason.
import { describe, expect, it, vi } from 'vitest';
import { createWorld } from '@adapters/x-emulator/world';
import { KURRENTDB_IMAGE } from '../contracts/kurrentdb-image';
import { engineCandidates, findEngine, resolveKurrentTarget, runUniqueXUserIdBase, storeTargets, targetTitle } from './kurrentdb-target';

const noEngine = async () => ({ found: false, tried: 'no DOCKER_HOST and no engine socket found' });

describe('resolveKurrentTarget', () => {
  it('takes KURRENTDB_TEST_URL as it is, without probing for an engine or starting a container', async () => {
    const probe = vi.fn(noEngine);
    const start = vi.fn(async () => 'kurrentdb://never:2113?tls=false');
    const warn = vi.fn();
    const resolved = await resolveKurrentTarget('a suite', { env: { KURRENTDB_TEST_URL: 'kurrentdb://db.test:2113?tls=false' }, findEngine: probe, startContainer: start, warn });
    expect(resolved).toEqual({ target: { url: 'kurrentdb://db.test:2113?tls=false', via: 'KURRENTDB_TEST_URL' }, skipReason: null });
    expect(probe).not.toHaveBeenCalled();
    expect(start).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('with no URL and no engine: no target, the reason, and a warning that names the suite', async () => {
    const start = vi.fn(async () => 'kurrentdb://never:2113?tls=false');
    const warn = vi.fn();
    const resolved = await resolveKurrentTarget('the dispatch crash tests', { env: { KURRENTDB_TEST_URL: '' }, findEngine: noEngine, startContainer: start, warn });
    expect(resolved.target).toBeNull();
    expect(resolved.skipReason).toMatch(/KURRENTDB_TEST_URL is not set and no container engine answers \(no DOCKER_HOST and no engine socket found\)/);
    expect(start).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toBe(`SKIPPED the dispatch crash tests on KurrentDB: ${resolved.skipReason}`);
  });

  it('with an engine that answers: a container of the pinned image (or KURRENTDB_TEST_IMAGE)', async () => {
    const found = async () => ({ found: true, tried: '/var/run/docker.sock' });
    const start = vi.fn(async (image: string) => `kurrentdb://127.0.0.1:49153?tls=false#${image}`);
    expect(await resolveKurrentTarget('s', { env: {}, findEngine: found, startContainer: start, warn: vi.fn() })).toEqual({
      target: { url: `kurrentdb://127.0.0.1:49153?tls=false#${KURRENTDB_IMAGE}`, via: 'testcontainers' },
      skipReason: null,
    });
    await resolveKurrentTarget('s', { env: { KURRENTDB_TEST_IMAGE: 'eventstore/eventstore:24.10' }, findEngine: found, startContainer: start, warn: vi.fn() });
    expect(start.mock.calls.map(([image]) => image)).toEqual([KURRENTDB_IMAGE, 'eventstore/eventstore:24.10']);
  });
});

describe('the engine probe', () => {
  it('reads DOCKER_HOST: a unix socket, a tcp address (2375, or 2376 with TLS), nothing for other schemes', () => {
    expect(engineCandidates({ DOCKER_HOST: 'unix:///run/custom/docker.sock' })).toEqual([{ socketPath: '/run/custom/docker.sock' }]);
    expect(engineCandidates({ DOCKER_HOST: 'tcp://10.0.0.5' })).toEqual([{ host: '10.0.0.5', port: 2375, tls: false }]);
    expect(engineCandidates({ DOCKER_HOST: 'tcp://10.0.0.5', DOCKER_TLS_VERIFY: '1' })).toEqual([{ host: '10.0.0.5', port: 2376, tls: true }]);
    expect(engineCandidates({ DOCKER_HOST: 'ssh://me@host' })).toEqual([]);
  });

  it('finds no engine behind a socket path that does not exist (no answer, not a crash)', async () => {
    expect(await findEngine({ DOCKER_HOST: 'unix:///nonexistent/riposte-test/docker.sock' })).toEqual({ found: false, tried: 'no answer from /nonexistent/riposte-test/docker.sock' });
  });

  it('a real resolution with an engine that cannot answer: skipped with that reason', async () => {
    const warn = vi.fn();
    const resolved = await resolveKurrentTarget('s', { env: { DOCKER_HOST: 'unix:///nonexistent/riposte-test/docker.sock' }, warn });
    expect(resolved).toEqual({ target: null, skipReason: expect.stringContaining('(no answer from /nonexistent/riposte-test/docker.sock)') });
  });
});

describe('storeTargets', () => {
  it('lists SQLite, then KurrentDB skipped with its reason in the title when there is none', async () => {
    const targets = await storeTargets('s', 'one SQLite file', { env: {}, findEngine: noEngine, warn: vi.fn() });
    expect(targets.map((t) => [t.store, t.skipReason === null])).toEqual([
      ['sqlite', true],
      ['kurrentdb', false],
    ]);
    expect(targetTitle('two servers', targets[0]!)).toBe('two servers on one SQLite file');
    expect(targetTitle('two servers', targets[1]!)).toMatch(/^two servers on KurrentDB \(skipped: no KurrentDB server: KURRENTDB_TEST_URL is not set/);
  });

  it('skips both, probing nothing, when the whole suite cannot run here', async () => {
    const probe = vi.fn(noEngine);
    const targets = await storeTargets('s', 'SQLite', { env: {}, findEngine: probe, warn: vi.fn(), skipAll: 'no PostgreSQL binaries' });
    expect(targets.map((t) => [t.store, t.skipReason])).toEqual([
      ['sqlite', 'no PostgreSQL binaries'],
      ['kurrentdb', 'no PostgreSQL binaries'],
    ]);
    expect(probe).not.toHaveBeenCalled();
  });

  it('names the KurrentDB it runs on and where it came from', async () => {
    const [, kurrent] = await storeTargets('s', 'SQLite', { env: { KURRENTDB_TEST_URL: 'kurrentdb://db.test:2113?tls=false' } });
    expect(kurrent).toEqual({ store: 'kurrentdb', name: 'KurrentDB (db.test:2113, KURRENTDB_TEST_URL)', url: 'kurrentdb://db.test:2113?tls=false', skipReason: null });
  });
});

describe('runUniqueXUserIdBase', () => {
  it('starts each run elsewhere, within 19-digit ids', () => {
    const now = Date.parse('2026-11-27T19:00:00Z');
    expect(runUniqueXUserIdBase(now + 1) - runUniqueXUserIdBase(now)).toBe(1_000n);
    expect(String(runUniqueXUserIdBase(Date.parse('2100-01-01T00:00:00Z')) + 999n)).toHaveLength(19);
  });

  it("is where the emulator's new users' ids start (the default start stays as it was)", () => {
    const base = runUniqueXUserIdBase(Date.parse('2026-11-27T19:00:00Z'));
    const world = createWorld(1, Date.now, base);
    expect([world.addUser({ username: 'first' }).id, world.addUser({ username: 'second' }).id]).toEqual([String(base + 1n), String(base + 2n)]);
    expect(createWorld(1, Date.now).addUser({ username: 'first' }).id).toBe('1700000000000000001');
  });
});
