/**
 * The composition root: parse the environment, open the stores, wire the adapters into the app,
 * listen, catch the projections up, make sure the admin exists, then report ready.
 *
 * Files under RIPOSTE_DATA_DIR: events.db (the events, unless KurrentDB), read.db (projections;
 * deletable, rebuilt from the events), sessions.db (sessions; never in read.db, whose deletion
 * would sign everyone out), session-keys (cookie signing keys, 0600), server.lock (held while this
 * server runs: one server per data directory).
 *
 * With RIPOSTE_SHARED_URL several servers and schedulers serve one installation: sessions, rate
 * limits, X requests in flight and data keys live in PostgreSQL, images in RIPOSTE_UPLOADS_DIR,
 * events in KurrentDB or one SQLite file (RIPOSTE_SQLITE_FILE); docs/adr/0031.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DestinationStream } from 'pino';
import { createManagedAi, resealAiKey } from '@adapters/ai-provider';
import { crashAt, createDispatcher } from '@adapters/dispatch';
import { createWatcher } from '@adapters/watching';
import { createMetricsRefresher } from '@adapters/metrics';
import { createStreamWatcher } from '@adapters/watching/stream';
import { openEventStore, READ_MODELS_FILE, SESSIONS_FILE } from '@adapters/eventstore-open';
import { createSqliteIdempotencyStore } from '@adapters/idempotency-sqlite';
import { openImageStore } from '@adapters/image-store-s3/open';
import { createLogger } from '@adapters/logging';
import { openMailer } from '@adapters/mail';
import { openPushSender } from '@adapters/push';
import { resumeErasures } from '@adapters/account-erasure';
import { createPasswordHasher, type PasswordHasher } from '@adapters/password';
import { createProjector } from '@adapters/projections-sqlite';
import { createSqliteSessionStore, type SessionStore } from '@adapters/session-store-sqlite';
import { lockDataDir } from '@adapters/data-dir-lock';
import { createPgIdempotencyStore, createPgPendingRequests, createPgSessionStore, openPgDataKeyStore, openSharedPostgres, pgCounters } from '@adapters/shared-postgres';
import type { EventStore } from '@core/eventstore/types';
import type { SqliteEventStoreOptions } from '@adapters/eventstore-sqlite';
import { allProjections } from '@adapters/read-models';
import { createScheduler } from '@adapters/scheduler';
import { schedulerJobs } from '@adapters/scheduler/jobs';
import { createAccountsService } from './accounts/service';
import { createLegacyPinChecker, type PinLimits } from './accounts/legacy-pin';
import { openX } from '@adapters/x-twitter/open';
import { xPostWindow } from '@adapters/x-twitter/client';
import { openPayPal } from '@adapters/paypal/open';
import { seedCuratedAccounts } from './accounts/seed';
import { createApp } from './app';
import { retryWhileUnavailable } from '@adapters/eventstore-open/start-retry';
import { loadServerConfig } from './config';
import type { AppDeps } from './deps';
import { createIdempotency } from './http/idempotency';
import { createLoginLimiter, memoryCounters, type LoginLimits } from './http/rate-limit';
import { loadOrCreateSessionKeys } from './session-keys';
import { createScheduleLookups } from './schedules/lookups';
import { createSchedulesService } from './schedules/service';
import { createTemplatesService } from './templates/service';
import { createTokensService } from './tokens/service';
import { bootstrapAdmin } from './users/bootstrap-admin';
import { hashLimitsFor, limitHashing, type HashLimits } from './users/hash-gate';
import { createRegistrationLimiter, REGISTRATION_WINDOW_SECONDS } from './users/registration-limit';
import { createUsersService } from './users/service';
import { createBillingService } from '@adapters/billing/service';
import { createPayPalWebhookAlerts } from '@adapters/notifications/paypal-webhook-alert';
import { createTokenCipher, createTokenVault, DATA_KEYS_FILE, openDataKeyStore, tokenKeyringFrom } from '@adapters/crypto-tokens';
import { createPendingRequests, createXAccountsService, createXSignIn, PENDING_TTL_MS, type PendingLimits } from './x';

export interface StartOptions {
  /** Where log lines go (default stdout); the redaction test reads them back. */
  logDestination?: DestinationStream;
  loginLimits?: LoginLimits;
  /** Replaces the bounds on X OAuth requests in flight (tests use a small store). */
  pendingLimits?: PendingLimits;
  /** Replaces RIPOSTE_PASSWORD_HASH_CONCURRENCY's derived limits (tests hold the queue at 0). */
  hashLimits?: HashLimits;
  /** Replaces the legacy PIN's default limits (per user, per address, overall). */
  pinLimits?: PinLimits;
  /** Replaces argon2id (tests count or hold hashing). */
  hasher?: PasswordHasher;
  clock?: () => Date;
  /** How long a write waits for the read model before answering 202 (default 5,000 ms). */
  readModelWaitMs?: number;
  /** What the projector reads the events through (tests hold events back to make the read model lag). */
  projectorSource?: (store: EventStore) => EventStore;
  /** Runs on the SQLite event store's connection (tests cap its size to act out a full disk). */
  onSqliteEventStore?: SqliteEventStoreOptions['onOpen'];
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** Every route the API registered (method and path pattern), for the route-walk test and docs. */
  routes: { method: string; path: string }[];
  close(): Promise<void>;
}

const repoFile = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));

const version = (): string => {
  try {
    return (JSON.parse(readFileSync(repoFile('package.json'), 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
};

const listen = (server: Server, port: number, host: string) =>
  new Promise<AddressInfo>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });

/**
 * Stops accepting, lets requests in flight finish (up to `graceMs`), then drops what is left.
 * Keep-alive connections are closed as soon as they fall idle, so a finished request does not
 * hold the shutdown for the keep-alive timeout.
 */
const stopListening = (server: Server, graceMs: number) =>
  new Promise<void>((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    server.close(() => {
      clearTimeout(force);
      clearInterval(sweep);
      resolve();
    });
    server.closeIdleConnections();
  });

export const startServer = async (
  overrides: Record<string, string | undefined> = {},
  options: StartOptions = {},
): Promise<RunningServer> => {
  const config = loadServerConfig({ ...process.env, ...overrides });
  const logger = createLogger({ level: config.logLevel, ...(options.logDestination ? { destination: options.logDestination } : {}) });
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  // Before anything opens a file there: a second server on this directory stops here.
  const dataDirLock = lockDataDir(config.dataDir);
  let shared;
  try {
    shared = config.sharedUrl === undefined ? null : await openSharedPostgres(config.sharedUrl);
  } catch (error) {
    dataDirLock.release();
    throw error;
  }
  const sessionKeys = config.sessionKeys ?? loadOrCreateSessionKeys(config.dataDir, logger);
  const clock = options.clock ?? (() => new Date());

  let opened: EventStore | null = null;
  let projector: ReturnType<typeof createProjector>;
  try {
    opened = openEventStore(config.eventStore, config.dataDir, options.onSqliteEventStore ? { onOpen: options.onSqliteEventStore } : {});
    projector = createProjector({
      store: options.projectorSource ? options.projectorSource(opened) : opened,
      path: join(config.dataDir, READ_MODELS_FILE),
      projections: allProjections,
      logger: logger.child({ component: 'projections' }),
    });
  } catch (error) {
    // A damaged event file or a read model refused: the message says what to do, and the lock
    // must not outlive the refusal.
    await opened?.close();
    await shared?.close();
    dataDirLock.release();
    throw error;
  }
  const store: EventStore = opened;
  const sessions: SessionStore = shared ? createPgSessionStore(shared.pool) : createSqliteSessionStore({ path: join(config.dataDir, SESSIONS_FILE) });
  const counters = shared ? pgCounters(shared.pool) : memoryCounters;
  // Beside the sessions: like them, not rebuildable from the events (docs/adr/0012-idempotency-keys.md).
  const idempotencyKeys = shared
    ? createPgIdempotencyStore(shared.pool, { owner: randomUUID() })
    : createSqliteIdempotencyStore({ path: join(config.dataDir, SESSIONS_FILE), owner: randomUUID() });
  const users = createUsersService(store, clock);
  const mail = openMailer(config.mail, config.dataDir, clock);
  logger.info({ mailer: mail.mailer.kind }, mail.sink ? 'mail is kept in <data>/mail (sandbox Mailbox); set RIPOSTE_SMTP_URL to send it' : 'mail goes out through SMTP');
  // X: the real adapter against X, or against the bundled emulator when no credentials are set.
  const tokenKeys = tokenKeyringFrom(config.tokens, config.dataDir);
  logger.info(tokenKeys.description);
  const push = openPushSender(config.push, config.dataDir);
  logger.info(push.description);
  const cipher = createTokenCipher(tokenKeys.keyring);
  // AI: the provider an admin sets on the AI Provider page, else RIPOSTE_AI_*, else the offline writer.
  const ai = createManagedAi({ store, db: () => projector.db, cipher, env: config.ai, clock, logger: logger.child({ component: 'ai' }) });
  const openedX = await openX({ x: config.x, dataDir: config.dataDir, mayStartEmulator: true, logger });
  // PayPal: the REST adapter against PayPal, or against the bundled emulator without credentials.
  const paypal = await openPayPal(config.paypal, logger);
  // Connected accounts' tokens: each account's own data key, destroyed on disconnect.
  const dataKeys = shared ? openPgDataKeyStore(shared.pool) : openDataKeyStore(join(config.dataDir, DATA_KEYS_FILE));
  const { keyring } = tokenKeys;
  const vault = createTokenVault(cipher, dataKeys, [keyring.current.id, ...keyring.previous.map((k) => k.id)]);
  const xAccounts = createXAccountsService({ store, cipher: vault, db: () => projector.db, clock });
  const legacyPin = createLegacyPinChecker(config.legacyPin, options.pinLimits, counters);
  if (legacyPin.weak) {
    logger.warn('RIPOSTE_LEGACY_PIN is shorter than 8 characters: guesses are limited (50 an hour overall), but a short PIN still falls within days; use 8 or more random characters');
  }
  // Monitored accounts look X ids up through the app client; without one (sandbox refused, no
  // credentials) they are stored unresolved and the resolver job fills them in once X answers.
  const xApp = openedX.app;
  const accounts = createAccountsService({
    store,
    legacyPin,
    ...(xApp ? { lookupXUser: (username: string) => xApp.lookupUser(username) } : {}),
    clock,
    onLookupUnavailable: (username, err) => logger.warn({ err, username }, 'X lookup unavailable; monitored account stored unresolved'),
  });
  const hasher = limitHashing(
    options.hasher ?? createPasswordHasher(config.fastHashes ? 'test' : 'default'),
    options.hashLimits ?? hashLimitsFor(config.hashConcurrency),
  );
  // Uploaded images under <data>/uploads, RIPOSTE_UPLOADS_DIR or an S3-compatible bucket
  // (RIPOSTE_S3_*); schedules check their references on the read side.
  const { images, where: imagesWhere } = openImageStore({ s3: config.s3, dataDir: config.dataDir, uploadsDir: config.uploadsDir });
  logger.info({ images: imagesWhere }, 'uploaded images are kept in the image store');
  const schedules = createSchedulesService({
    store,
    lookups: createScheduleLookups(() => projector.db, { legacyUsernames: config.legacyUsernames }, images, clock),
    tierConfig: { legacyUsernames: config.legacyUsernames },
    caps: config.scheduleCaps,
    logger: logger.child({ component: 'schedules' }),
    clock,
  });
  // Due replies (adapters/dispatch): its jobs run in the embedded scheduler; the admin's Scheduler
  // Test runs a schedule or a direct reply through it whatever the scheduler mode. Its sends carry
  // the embedded scheduler's heartbeat id (none without one: those wait for the lease if it dies).
  const processId = randomUUID();
  const dispatcher = createDispatcher({
    store,
    db: () => projector.db,
    x: openedX.app,
    tokens: vault,
    ai,
    images,
    clock,
    logger: logger.child({ component: 'dispatch' }),
    legacyUsernames: config.legacyUsernames,
    claimant: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    ...(config.scheduler === 'embedded' ? { processId } : {}),
    settings: {
      detectEveryMs: config.dispatch.detectEveryMs,
      concurrency: config.dispatch.concurrency,
      leadMs: config.dispatch.leadMs,
      leaseMs: config.dispatch.leaseMs,
      reconcileAfterMs: config.dispatch.reconcileAfterMs,
      postWindow: xPostWindow(config.x.RIPOSTE_X_TIMEOUT_MS),
      postBudgets: config.dispatch.postBudgets,
    },
    crash: crashAt(config.dispatch.crashAt),
  });
  const billing = createBillingService({
    store,
    provider: paypal.provider,
    db: () => projector.db,
    clock,
    logger: logger.child({ component: 'billing' }),
    alertAdmins: createPayPalWebhookAlerts({ store, db: () => projector.db, mailer: mail.mailer, appUrl: () => config.publicUrl ?? `http://localhost:${listeningPort}`, logger }),
  });
  // Monitored accounts read for auto schedules (adapters/watching), in whichever process schedules.
  // RIPOSTE_X_WATCH=stream: X's filtered stream too, the reads as its fallback.
  const streamWatcher =
    config.x.RIPOSTE_X_WATCH === 'stream'
      ? createStreamWatcher({ store, db: () => projector.db, stream: openedX.app?.filteredStream ?? null, clock, logger: logger.child({ component: 'watching-stream' }) })
      : null;
  const watcher = createWatcher({
    store,
    db: () => projector.db,
    x: openedX.app,
    clock,
    logger: logger.child({ component: 'watching' }),
    ...(streamWatcher ? { streamedSince: streamWatcher.streamedSince } : {}),
  });
  // Public metrics of recently sent replies (adapters/metrics), for the dashboard.
  const metrics = createMetricsRefresher({ store, db: () => projector.db, x: openedX.app, clock, logger: logger.child({ component: 'metrics' }) });
  // In the embedded default the scheduler shares this process; `external` leaves it to
  // `npm run scheduler`, `off` to nobody. Its jobs are registered by the capabilities that own them.
  let listeningPort = config.port;
  const scheduler =
    config.scheduler === 'embedded' ? createScheduler({
          jobs: schedulerJobs({
            kind: 'embedded',
            processId,
            store,
            db: () => projector.db,
            clock,
            logger,
            dispatcher,
            watcher,
            metrics,
            streamWatcher,
            billing,
            payments: paypal.provider,
            xIds: accounts,
            mailer: mail.mailer,
            // Links in mail: the address the server listens on (set below) unless a public URL is configured.
            appUrl: () => config.publicUrl ?? `http://localhost:${listeningPort}`,
            push: push.sender,
            images,
            uploadGraceMs: config.uploads.graceHours * 3_600_000,
          }),
          intervalMs: config.schedulerIntervalMs,
          logger: logger.child({ component: 'scheduler' }),
          clock,
        }) : null;
  let ready = false;

  const deps: AppDeps = {
    config,
    logger,
    store,
    projector,
    sessions,
    users,
    templates: createTemplatesService(store, clock),
    push: push.sender,
    tokens: createTokensService({ store, db: () => projector.db, clock, loadUser: (id) => users.load(id) }),
    accounts,
    schedules,
    images,
    ai,
    dispatcher,
    x: {
      app: openedX.app,
      sandbox: openedX.sandbox,
      credentials: { apiKey: config.x.RIPOSTE_X_API_KEY !== undefined, apiSecret: config.x.RIPOSTE_X_API_SECRET !== undefined },
      accounts: xAccounts,
      signIn: createXSignIn({ store, users, xAccounts, clock }),
      pending: shared ? createPgPendingRequests(shared.pool, Date.now, PENDING_TTL_MS, options.pendingLimits) : createPendingRequests(Date.now, PENDING_TTL_MS, options.pendingLimits),
      cipher,
    },
    billing: { provider: paypal.provider, service: billing },
    hasher,
    mail,
    loginLimiter: createLoginLimiter(options.loginLimits, counters),
    counters,
    idempotency: createIdempotency(idempotencyKeys),
    readModelWaitMs: options.readModelWaitMs ?? 5_000,
    registrationLimiter: createRegistrationLimiter({ perAddress: config.registerLimit, windowSeconds: REGISTRATION_WINDOW_SECONDS }, counters),
    clock,
    webDist: repoFile('apps/web/dist'),
    version: version(),
    isReady: () => ready,
  };
  const { app, routers } = createApp(deps, sessionKeys);
  const routes = routers.flatMap((router) =>
    router.stack.flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path: String(layer.path) }))),
  );
  const server = createServer(app.callback());
  // Idle keep-alive connections stay open a minute, not node's 5 s: a client that reuses a socket
  // the server is just closing gets a reset, and for a POST an unknown outcome (a browser test met
  // it on a loaded machine, 'read ECONNRESET' after a 5 s pause). Shutdown closes idle ones at once.
  server.keepAliveTimeout = 65_000;

  const closeStores = async () => {
    await scheduler?.stop().catch((err: unknown) => logger.error({ err }, 'stopping the scheduler failed'));
    await dispatcher.stop().catch((err: unknown) => logger.error({ err }, 'stopping the dispatch failed'));
    await watcher.idle();
    await metrics.idle();
    await streamWatcher?.stop();
    await projector.stop().catch((err: unknown) => logger.error({ err }, 'stopping the projector failed'));
    await store.close().catch((err: unknown) => logger.error({ err }, 'closing the event store failed'));
    sessions.close();
    idempotencyKeys.close();
    dataKeys.close();
    await openedX.close().catch((err: unknown) => logger.error({ err }, 'stopping the X emulator failed'));
    await paypal.close().catch((err: unknown) => logger.error({ err }, 'stopping the PayPal emulator failed'));
    await shared?.close().catch((err: unknown) => logger.error({ err }, 'closing the shared PostgreSQL pool failed'));
    dataDirLock.release();
  };

  let address: AddressInfo;
  try {
    address = await listen(server, config.port, config.host);
    listeningPort = address.port;
    // A KurrentDB that is still starting (or electing a leader) is waited for, not a reason to exit.
    await retryWhileUnavailable(() => projector.start(), { what: 'projections catch-up', logger });
    await retryWhileUnavailable(() => bootstrapAdmin({ store, users, hasher, logger, adminPassword: config.adminPassword }), {
      what: 'admin bootstrap',
      logger,
    });
    await seedCuratedAccounts({ accounts, projector, logger });
    // A rotated RIPOSTE_TOKEN_KEY: the AI provider's key moves to the current key (the old one can go).
    await resealAiKey({ store, cipher, clock, logger: logger.child({ component: 'ai' }) });
    // A deletion cut short between AccountDeleted and the erasure is finished now (ADR 0028), here
    // only when no embedded scheduler runs: its accounts:erase job makes the same pass at its first tick.
    if (scheduler === null) await resumeErasures({ store, db: () => projector.db, clock, payments: paypal.provider, logger: logger.child({ component: 'erasure' }) });
  } catch (error) {
    server.close();
    await closeStores();
    logger.flush();
    throw error;
  }
  scheduler?.start();
  ready = true;

  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${address.port}`;
  paypal.listening(url);
  logger.info(
    { url, dataDir: config.dataDir, eventStore: config.eventStore.kind, scheduler: config.scheduler, ai: ai.offline ? 'offline' : ai.model },
    'server ready',
  );

  let closing: Promise<void> | null = null;
  return {
    url,
    port: address.port,
    dataDir: config.dataDir,
    routes,
    close: () =>
      (closing ??= (async () => {
        ready = false;
        // Requests get 8 s to finish, so the stores are closed inside docker stop's 10 s grace.
        await stopListening(server, 8_000);
        await closeStores();
        logger.info('server stopped');
        logger.flush();
      })()),
  };
};
