/**
 * Monitored accounts and X: the X user id is looked up through the X port (the real
 * twitter-api-v2 adapter, here against the bundled X emulator) when the caller gives none; an
 * unknown username is refused on its field; when X cannot be asked the account is stored with the
 * id unresolved (never a made-up one) and the resolver job fills it in once X answers again.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryEventStore } from '@adapters/eventstore-memory';
import { createLogger } from '@adapters/logging';
import { createProjector } from '@adapters/projections-sqlite';
import { SANDBOX_APP, startXEmulator, type XEmulator } from '@adapters/x-emulator/server';
import { createXClient } from '@adapters/x-twitter';
import { monitoredAccountsProjection, type MonitoringActor } from '@core/monitoring';
import { createLegacyPinChecker } from '@apps/server/src/accounts/legacy-pin';
import { findVisibleAccount } from '@adapters/read-models/monitoring';
import { createXIdResolverJob } from '@adapters/scheduler/x-id-resolver';
import { createAccountsService } from '@apps/server/src/accounts/service';
import { errorOf, startTestServer, type Client, type TestServer } from './support';

const USERS_BY_NAME = /^\/2\/users\/by\/username\//;

let emulator: XEmulator;
beforeAll(async () => {
  emulator = await startXEmulator({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await emulator?.close();
});

type Account = { id: string; username: string; displayName: string; xUserId: string | null; bio: string | null; profilePicture: string | null; source: string };

describe('over HTTP, the server talking to X (the emulator)', () => {
  let server: TestServer;
  let admin: Client;
  beforeAll(async () => {
    server = await startTestServer({
      RIPOSTE_X_API_KEY: SANDBOX_APP.consumerKey,
      RIPOSTE_X_API_SECRET: SANDBOX_APP.consumerSecret,
      RIPOSTE_X_API_URL: emulator.url,
      RIPOSTE_LEGACY_PIN: '5555',
    });
    admin = await server.admin();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('resolves the curated accounts through X shortly after start', async () => {
    await expect
      .poll(async () => ((await admin.get('/api/accounts')).body as Account[]).filter((a) => a.source === 'curated' && a.xUserId === null).length, { timeout: 15_000 })
      .toBe(0);
    const naval = ((await admin.get('/api/accounts')).body as Account[]).find((a) => a.username === 'naval');
    expect(naval?.xUserId).toBe(emulator.control.user('naval')?.id);
  });

  it('looks up an X id that was not given, filling the picture and bio from X', async () => {
    const known = emulator.control.createUser('fresh_one', { displayName: 'Fresh One' });
    const res = await admin.post('/api/accounts', { username: '@Fresh_One', displayName: 'Fresh' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: 'Fresh_One', displayName: 'Fresh', xUserId: known.id, profilePicture: known.profileImageUrl });
  });

  it('does not ask X when the id is given', async () => {
    const before = emulator.control.requests.filter((r) => USERS_BY_NAME.test(r.path)).length;
    const res = await admin.post('/api/accounts', { username: 'given_id', displayName: 'Given', xUserId: '123456789' });
    expect(res.body).toMatchObject({ xUserId: '123456789' });
    expect(emulator.control.requests.filter((r) => USERS_BY_NAME.test(r.path)).length).toBe(before);
  });

  it('refuses a username X does not know, on the username field, and stores nothing', async () => {
    const res = await admin.post('/api/accounts', { username: 'ghost_user_x', displayName: 'Ghost' });
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({ message: 'No X account named @ghost_user_x was found', field: 'username', code: 'X_USER_NOT_FOUND' });
    expect(((await admin.get('/api/accounts')).body as Account[]).some((a) => a.username === 'ghost_user_x')).toBe(false);
    // The username was given back: once X knows it, it can be added.
    emulator.control.createUser('ghost_user_x');
    expect((await admin.post('/api/accounts', { username: 'ghost_user_x', displayName: 'Ghost' })).status).toBe(201);
  });

  it('stores the id unresolved when X fails, and says so in the log', async () => {
    emulator.control.createUser('flaky_one');
    emulator.control.inject({ kind: 'status', status: 503 }, { path: USERS_BY_NAME, times: 5 });
    try {
      const res = await admin.post('/api/accounts', { username: 'flaky_one', displayName: 'Flaky' });
      expect(res.status).toBe(201);
      expect((res.body as Account).xUserId).toBeNull();
    } finally {
      emulator.control.clearFaults();
    }
    expect(server.logs.text()).toContain('X lookup unavailable; monitored account stored unresolved');
  });

  it('takes the display name from X in legacy mode', async () => {
    emulator.control.createUser('legacy_known', { displayName: 'Legacy Known' });
    const { client } = await server.newUser();
    const res = await client.post('/api/accounts', { addedByOwner: true, pin: '5555', username: 'https://x.com/legacy_known' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: 'legacy_known', displayName: 'Legacy Known', xUserId: emulator.control.user('legacy_known')?.id });
    // A link to someone X does not know uses no slot.
    const unknown = await client.post('/api/accounts', { addedByOwner: true, pin: '5555', username: 'https://x.com/nobody_at_all' });
    expect(unknown.status).toBe(400);
    expect((await client.get('/api/accounts/access')).body).toMatchObject({ legacyMode: { used: 1 } });
  });
});

describe('the resolver job', () => {
  it('fills in an id X could not give at first, backing off while X stays down', async () => {
    const store = createMemoryEventStore();
    const projector = createProjector({ store, path: ':memory:', projections: [monitoredAccountsProjection] });
    await projector.start();
    const x = createXClient({ consumerKey: SANDBOX_APP.consumerKey, consumerSecret: SANDBOX_APP.consumerSecret, apiBaseUrl: emulator.url, sandbox: true, timeoutMs: 5000 });
    const accounts = createAccountsService({ store, legacyPin: createLegacyPinChecker(undefined), lookupXUser: (u) => x.lookupUser(u) });
    const admin: MonitoringActor = { kind: 'user', userId: 'admin-1', audience: 'admin', mayAdd: false };
    const logger = createLogger({ level: 'silent' });
    const job = createXIdResolverJob({ accounts, db: () => projector.db, logger }, { everyMs: 60_000 });
    const known = emulator.control.createUser('later_one');
    const lookups = () => emulator.control.requests.filter((r) => USERS_BY_NAME.test(r.path)).length;

    emulator.control.inject({ kind: 'status', status: 503 }, { path: USERS_BY_NAME, times: 100 });
    try {
      const written = await accounts.addAccount(admin, { username: 'later_one', displayName: 'Later' }, { actor: 'admin-1', correlationId: randomUUID() });
      await projector.waitFor(written.position!);
      const read = () => findVisibleAccount(projector.db, admin, written.id);
      expect(read()?.xUserId).toBeNull();

      const t0 = Date.parse('2026-03-01T10:00:00Z');
      await job.run(new Date(t0));
      expect(read()?.xUserId).toBeNull();
      // Backing off: a run before the next slot asks nobody.
      const asked = lookups();
      await job.run(new Date(t0 + 30_000));
      expect(lookups()).toBe(asked);

      emulator.control.clearFaults();
      await job.run(new Date(t0 + 61_000));
      await expect.poll(() => read()?.xUserId).toBe(known.id);
    } finally {
      emulator.control.clearFaults();
      await projector.stop();
      await store.close();
    }
  });
});
