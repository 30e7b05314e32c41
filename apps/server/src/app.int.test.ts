/**
 * The readiness gate, which startServer passes too quickly to observe: until the composition root
 * says ready, /healthz answers 503 and so does every other call. Built from real in-memory parts.
 */
import { DEFAULT_SCHEDULE_CAPS } from '@core/scheduling/access';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineWriter } from '@adapters/ai-offline';
import { createManagedAi } from '@adapters/ai-provider';
import { createTokenCipher, createTokenVault, openDataKeyStore, tokenKeyringFrom } from '@adapters/crypto-tokens';
import { createMemoryEventStore } from '@adapters/eventstore-memory';
import { createFsImageStore } from '@adapters/image-store';
import { createLogger } from '@adapters/logging';
import { createPasswordHasher } from '@adapters/password';
import { createProjector } from '@adapters/projections-sqlite';
import { allProjections } from '@adapters/read-models';
import { createSqliteSessionStore } from '@adapters/session-store-sqlite';
import { createSqliteIdempotencyStore } from '@adapters/idempotency-sqlite';
import { createDispatcher } from '@adapters/dispatch';
import { createLegacyPinChecker } from './accounts/legacy-pin';
import { createAccountsService } from './accounts/service';
import { createApp } from './app';
import { loadServerConfig } from './config';
import { createIdempotency } from './http/idempotency';
import { createLoginLimiter } from './http/rate-limit';
import { createScheduleLookups } from './schedules/lookups';
import { createSchedulesService } from './schedules/service';
import { createTemplatesService } from './templates/service';
import { createTokensService } from './tokens/service';
import { createRegistrationLimiter } from './users/registration-limit';
import { createUsersService } from './users/service';
import { createPayPalClient } from '@adapters/paypal';
import { createBillingService } from '@adapters/billing/service';
import { createPendingRequests, createXAccountsService, createXSignIn } from './x';

let ready = false;
let base = '';
const store = createMemoryEventStore();
// Every read model the server's routes read, as in production (/api/config reads the AI provider's).
const projector = createProjector({ store, path: ':memory:', projections: [...allProjections] });
const sessions = createSqliteSessionStore({ path: ':memory:', sweepIntervalMs: 0 });
const images = createFsImageStore(mkdtempSync(join(tmpdir(), 'riposte-app-')));
const noLegacy = { legacyUsernames: [] };
const config = loadServerConfig({ NODE_ENV: 'test', RIPOSTE_X_SANDBOX: 'false' });
const users = createUsersService(store);
const { keyring } = tokenKeyringFrom(config.tokens, mkdtempSync(join(tmpdir(), 'riposte-keys-')));
const cipher = createTokenCipher(keyring);
const vault = createTokenVault(cipher, openDataKeyStore(':memory:'), [keyring.current.id]);
const xAccounts = createXAccountsService({ store, cipher: vault, db: () => projector.db, clock: () => new Date() });
// PayPal is never reached here (nothing listens on port 9): the readiness gate is what this file tests.
const paypal = createPayPalClient({ baseUrl: 'http://127.0.0.1:9', clientId: 'id', clientSecret: 'secret', webhookId: null, sandbox: true });
const server = createServer(
  createApp(
    {
      config,
      logger: createLogger({ level: 'silent' }),
      store,
      projector,
      sessions,
      users,
      tokens: createTokensService({ store, db: () => projector.db, clock: () => new Date(), loadUser: (id) => users.load(id) }),
      templates: createTemplatesService(store),
      accounts: createAccountsService({ store, legacyPin: createLegacyPinChecker(undefined) }),
      schedules: createSchedulesService({
        store,
        lookups: createScheduleLookups(() => projector.db, noLegacy, images),
        tierConfig: noLegacy,
        caps: DEFAULT_SCHEDULE_CAPS,
        logger: createLogger({ level: 'silent' }),
        clock: () => new Date(),
      }),
      images,
      ai: createManagedAi({ store, db: () => projector.db, cipher, env: config.ai, clock: () => new Date(), logger: createLogger({ level: 'silent' }) }),
      dispatcher: createDispatcher({
        store,
        db: () => projector.db,
        x: null,
        tokens: vault,
        ai: createOfflineWriter(),
        clock: () => new Date(),
        logger: createLogger({ level: 'silent' }),
        legacyUsernames: [],
        claimant: 'app-test',
      }),
      // X is not configured here (no sandbox): the readiness gate is what this file tests.
      x: {
        app: null,
        sandbox: false,
        credentials: { apiKey: false, apiSecret: false },
        accounts: xAccounts,
        signIn: createXSignIn({ store, users, xAccounts, clock: () => new Date() }),
        pending: createPendingRequests(),
        cipher,
      },
      billing: {
        provider: paypal,
        service: createBillingService({ store, provider: paypal, db: () => projector.db, clock: () => new Date(), logger: createLogger({ level: 'silent' }) }),
      },
      hasher: createPasswordHasher('test'),
      mail: { mailer: { kind: 'sink', send: () => Promise.reject(new Error('no mail in this test')) }, sink: null },
      loginLimiter: createLoginLimiter(),
      idempotency: createIdempotency(createSqliteIdempotencyStore({ path: ':memory:', owner: 'app-test' })),
      readModelWaitMs: 5_000,
      registrationLimiter: createRegistrationLimiter({ perAddress: 0, windowSeconds: 3600 }),
      clock: () => new Date(),
      webDist: '/nonexistent',
      version: 'test',
      isReady: () => ready,
    },
    ['k'.repeat(32)],
  ).app.callback(),
);

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await projector.stop();
  sessions.close();
});

describe('readiness', () => {
  it('answers 503 on /healthz and on the API until ready, then 200', async () => {
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'starting' });
    const api = await fetch(`${base}/api/config`);
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('1');

    await projector.start();
    ready = true;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/api/config`)).status).toBe(200);
  });

  it('says plainly when the web app has not been built', async () => {
    const page = await fetch(`${base}/dashboard`);
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('npm run build:web');
  });
});
