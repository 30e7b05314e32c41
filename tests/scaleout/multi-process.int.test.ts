// Two real server processes on one installation behind a round-robin client: one event store
// (a SQLite file, RIPOSTE_SQLITE_FILE; then again on KurrentDB wherever there is one:
// tests/support/kurrentdb-target.ts), shared state in a throwaway PostgreSQL (RIPOSTE_SHARED_URL),
// one images directory, one X emulator process and one PayPal emulator. Each server has its own
// data directory; a third server on the first one's directory is refused. Skipped, saying why,
// where the PostgreSQL binaries are missing (both) or there is no KurrentDB (that one).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayPalEmulator, type PayPalEmulator } from '@adapters/paypal-emulator/server';
import { ADMIN_PASSWORD, Client } from '../api/support';
import { eventually, multipart, PNG_1X1 } from '../api/schedules.support';
import { consent } from '../api/x.support';
import { freePort, postgresBinaries, startPostgres, type ThrowawayPostgres } from './postgres';
import { installationEnv, run, waitFor, type Proc } from './processes';
import { runUniqueXUserIdBase, storeTargets, targetTitle, type StoreTarget } from '../support/kurrentdb-target';

const binaries = postgresBinaries();
if ('missing' in binaries) console.warn(`SKIPPED multi-process test: ${binaries.missing}`);
const targets = await storeTargets('the multi-process test', 'one SQLite event file', { skipAll: 'missing' in binaries ? binaries.missing : null });

/** One cookie jar, each request to the next server in turn. */
const roundRobin = (bases: string[]) => {
  const clients = bases.map((b) => new Client(b));
  const jar = (clients[0] as Client).cookies;
  for (const c of clients) Object.assign(c, { cookies: jar });
  let next = 0;
  return {
    on: (i: number) => clients[i] as Client,
    next: () => clients[next++ % clients.length] as Client,
  };
};

/** The suite on one event store (the blocks, one per store, run one after the other). */
const twoServersOn = (backend: StoreTarget) => () => {
  let pg: ThrowawayPostgres;
  let paypal: PayPalEmulator;
  const procs: Proc[] = [];
  let dir: string;
  let env: Record<string, string>;
  const servers: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'riposte-scaleout-'));
    pg = await startPostgres();
    paypal = await startPayPalEmulator({ port: 0 });
    const xPort = await freePort();
    // On KurrentDB (perhaps kept between runs) the emulator numbers this run's new X users apart from earlier runs'.
    const idBase = backend.store === 'kurrentdb' ? ['--user-id-base', String(runUniqueXUserIdBase())] : [];
    const x = run('adapters/x-emulator/main.ts', ['--port', String(xPort), '--no-summon-rule', ...idBase], {});
    procs.push(x);
    await waitFor(x, /X emulator on/, 'the X emulator');
    env = {
      ...installationEnv({
        dir,
        adminPassword: ADMIN_PASSWORD,
        sharedUrl: pg.url,
        tokenKey: Buffer.alloc(32, 3).toString('base64'),
        sessionKeys: 'scale-out-test-session-key-0123456789abcdef',
        xUrl: `http://127.0.0.1:${xPort}`,
        paypalUrl: paypal.url,
      }),
      RIPOSTE_REGISTER_LIMIT: '10000',
      RIPOSTE_SCHEDULER: 'external',
      ...(backend.store === 'sqlite'
        ? { RIPOSTE_EVENT_STORE: 'sqlite', RIPOSTE_SQLITE_FILE: join(dir, 'events.db') }
        : { RIPOSTE_EVENT_STORE: 'kurrentdb', RIPOSTE_KURRENTDB_URL: backend.url ?? '' }),
    };
    // One after the other: the first makes the admin and the curated accounts, the second finds them.
    for (const name of ['a', 'b']) {
      const server = run('apps/server/src/main.ts', [], { ...env, RIPOSTE_DATA_DIR: join(dir, name) });
      procs.push(server);
      servers.push((await waitFor(server, /Riposte is running at (\S+)/, `server ${name}`))[1] as string);
    }
  }, 180_000);

  afterAll(async () => {
    for (const p of procs) p.child.kill('SIGKILL');
    await Promise.all(procs.map((p) => p.exited));
    await paypal?.close();
    pg?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a third server on the first one’s data directory, and one without the shared token key', async () => {
    const twin = run('apps/server/src/main.ts', [], { ...env, RIPOSTE_DATA_DIR: join(dir, 'a') });
    expect(await twin.exited).toBe(1);
    expect(twin.output()).toMatch(/Another Riposte server .*is using the data directory/);
    const keyless = run('apps/server/src/main.ts', [], { ...env, RIPOSTE_DATA_DIR: join(dir, 'c'), RIPOSTE_TOKEN_KEY: '' });
    expect(await keyless.exited).toBe(1);
    expect(keyless.output()).toMatch(/RIPOSTE_TOKEN_KEY: required with RIPOSTE_SHARED_URL/);
  }, 120_000);

  it('signs in on one and acts on the other; a rate limit holds across both', async () => {
    const rr = roundRobin(servers);
    const name = `mp${Date.now().toString(36)}`;
    const registered = await rr.on(0).post('/api/auth/register', { email: `${name}@example.com`, username: name, fullName: 'Multi Process', password: 'secret-pw-1', confirmPassword: 'secret-pw-1' });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const login = await rr.on(0).post('/api/auth/login', { username: name, password: 'secret-pw-1' });
    expect(login.status).toBe(200);
    for (let i = 0; i < 4; i += 1) {
      const me = await rr.next().get('/api/auth/status');
      expect(me.status, `request ${i}`).toBe(200);
      expect((me.body as { user: { username: string } }).user.username).toBe(name);
    }
    const template = await rr.on(1).post('/api/templates', { name: 'Made on b', content: 'Hello from the second server' });
    expect([200, 201], JSON.stringify(template.body)).toContain(template.status);
    // a's read model follows the shared store (on SQLite its subscription polls the file for other processes' appends).
    const listed = await eventually(
      async () => JSON.stringify((await rr.on(0).get('/api/templates')).body),
      (text) => text.includes('Made on b'),
      "the template made on b, listed by a",
    );
    expect(listed).toContain('Made on b');

    // 10 failed logins per account per 15 minutes: five on each server use them all up.
    const attacker = roundRobin(servers);
    const answers: number[] = [];
    for (let i = 0; i < 11; i += 1) answers.push((await attacker.next().post('/api/auth/login', { username: name, password: 'wrong-password' })).status);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(answers[10]).toBe(429);
    expect((await attacker.on(0).post('/api/auth/login', { username: name, password: 'secret-pw-1' })).status).toBe(429);
  }, 60_000);

  it('finishes on one server an X connection started on the other, and serves on each an image uploaded to the other', async () => {
    const rr = roundRobin(servers);
    const name = `mx${Date.now().toString(36)}`;
    expect((await rr.on(1).post('/api/auth/register', { email: `${name}@example.com`, username: name, fullName: 'X Flow', password: 'secret-pw-1', confirmPassword: 'secret-pw-1' })).status).toBe(201);
    expect((await rr.on(1).post('/api/auth/login', { username: name, password: 'secret-pw-1' })).status).toBe(200);
    const start = await rr.on(0).get('/api/x/auth/url');
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const { url, token } = start.body as { url: string; token: string };
    const { pin } = await consent(url, `${name}_x`);
    expect(pin).not.toBeNull();
    const verified = await rr.on(1).post('/api/x/auth/verify-pin', { token, pinCode: pin });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const status = await rr.on(0).get(`/api/x/auth/status/${token}`);
    expect(status.body).toMatchObject({ status: 'success' });
    // The tokens sealed by b open on a: a's X test call reads them through the shared data key.
    // a's read models learn of b's events through their subscription to the shared store: wait for the state.
    const listedOnA = async () => ((await rr.on(0).get('/api/x/accounts')).body as { accounts: { id: string; username: string }[] }).accounts.map((a) => a.username);
    const accounts = await eventually(listedOnA, (names) => names.includes(`${name}_x`), 'the X account listed on a', 20_000);
    expect(accounts).toContain(`${name}_x`);

    const body = multipart('image', 'dot.png', 'image/png', PNG_1X1);
    const uploaded = await rr.on(0).request('POST', '/api/v2/upload-image', undefined, { raw: body.body, headers: { 'Content-Type': body.contentType } });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const { imageUrl } = uploaded.body as { imageUrl: string };
    const served = await rr.on(1).get(imageUrl);
    expect(served.status).toBe(200);
    expect(served.bytes.equals(PNG_1X1)).toBe(true);
  }, 60_000);
  it('creates once for one Idempotency-Key sent to one server and then to the other', async () => {
    const rr = roundRobin(servers);
    const name = `mi${Date.now().toString(36)}`;
    expect((await rr.on(0).post('/api/auth/register', { email: `${name}@example.com`, username: name, fullName: 'Idem Key', password: 'secret-pw-1', confirmPassword: 'secret-pw-1' })).status).toBe(201);
    expect((await rr.on(0).post('/api/auth/login', { username: name, password: 'secret-pw-1' })).status).toBe(200);
    const body = { name: 'Once only', content: 'Made once across two servers' };
    const headers = { 'Idempotency-Key': `key-${name}` };
    const first = await rr.on(0).request('POST', '/api/templates', body, { headers });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await rr.on(1).request('POST', '/api/templates', body, { headers });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    // b's read model has caught up with a's template: still exactly one.
    const listed = await eventually(
      async () => ((await rr.on(1).get('/api/templates')).body as { name: string }[]).filter((t) => t.name === 'Once only'),
      (found) => found.length > 0,
      'the template listed on b',
    );
    expect(listed).toHaveLength(1);
  }, 60_000);
};

for (const backend of targets) describe.skipIf(backend.skipReason !== null)(targetTitle('two servers, one installation', backend), twoServersOn(backend));
