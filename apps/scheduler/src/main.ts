/**
 * `npm run scheduler`: the scheduler as its own process (set RIPOSTE_SCHEDULER=external on the
 * server). It keeps its own read database (<data>/scheduler-read.db, or scheduler-read-2.db and on
 * when other schedulers run on the same data directory) fed by a subscription to the event store,
 * so it can run beside servers and other schedulers without sharing their read model, and stops cleanly on
 * SIGTERM/SIGINT: the tick in flight finishes, the replies in flight finish, the projector stops,
 * the store closes. It runs every job the embedded scheduler runs: dispatch of due replies and
 * their follow-ups (adapters/dispatch), the X-id resolver, batch recovery and upload cleanup, with
 * the server's X and AI settings, the mail jobs (failed replies, weekly summary; the server's mail
 * settings and RIPOSTE_PUBLIC_URL for the links) and billing:renew with the server's PayPal
 * settings. In sandbox mode it talks to the server's X emulator (RIPOSTE_X_API_URL; the server pins
 * it with RIPOSTE_X_SANDBOX_PORT) and refuses to start without; likewise the server's PayPal
 * emulator (RIPOSTE_PAYPAL_API_URL; RIPOSTE_PAYPAL_SANDBOX_PORT on the server), and without
 * either PayPal credentials or that URL it does not renew, and says so at start (ADR 0024). An event
 * store that is not there yet is waited for with the server's retry rule (eventstore-open/start-retry).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { aiEnvSchema } from '@adapters/ai-openai';
import { createManagedAi, resealAiKey } from '@adapters/ai-provider';
import { createTokenCipher, createTokenVault, DATA_KEYS_FILE, openDataKeyStore, tokenEnvSchema, tokenKeyringFrom } from '@adapters/crypto-tokens';
import { crashAt, createDispatcher } from '@adapters/dispatch';
import { createWatcher } from '@adapters/watching';
import { createMetricsRefresher } from '@adapters/metrics';
import { createStreamWatcher } from '@adapters/watching/stream';
import {
  commaList,
  directory,
  dispatchShape,
  eventStoreShape,
  httpUrl,
  isEnvError,
  logLevel,
  optional,
  parseEnv,
  refuseBrokenSharing,
  refuseTestOnlyInProduction,
  requireKurrentUrl,
  s3ImageStoreConfigOf,
  sharedShape,
  schedulerIntervalMs,
  uploadGraceHours,
} from '@adapters/env';
import { createXIdResolver } from '@adapters/scheduler/x-id-resolver';
import { xEnvSchema } from '@adapters/x-twitter/config';
import { openX, XSandboxUnreachable } from '@adapters/x-twitter/open';
import { xPostWindow } from '@adapters/x-twitter/client';
import { eventStoreConfigFromEnv, openEventStore } from '@adapters/eventstore-open';
import { retryWhileUnavailable } from '@adapters/eventstore-open/start-retry';
import { createLogger } from '@adapters/logging';
import { createProjector } from '@adapters/projections-sqlite';
import { allProjections } from '@adapters/read-models';
import { createScheduler } from '@adapters/scheduler';
import { schedulerJobs } from '@adapters/scheduler/jobs';
import { openImageStore } from '@adapters/image-store-s3/open';
import { createBillingService } from '@adapters/billing/service';
import { openMailer } from '@adapters/mail';
import { mailConfigFrom, mailEnvShape } from '@adapters/mail/config';
import { openPushSender, pushEnvSchema, refuseHalfVapidPair } from '@adapters/push';
import { paypalEnvSchema } from '@adapters/paypal/config';
import { openPayPalIfReachable } from '@adapters/paypal/open';
import { openPgDataKeyStore, openSharedPostgres } from '@adapters/shared-postgres';
import { fileClock } from '@adapters/clock/test-clock';
import { takeReadSlot } from './read-slot';

const schedulerEnvSchema = z
  .object({
    RIPOSTE_DATA_DIR: directory('./data'),
    ...eventStoreShape,
    // The servers' shared state (data keys in PostgreSQL, the images directory): the same values as theirs.
    ...sharedShape,
    RIPOSTE_SCHEDULER_INTERVAL_MS: schedulerIntervalMs(),
    RIPOSTE_UPLOAD_GRACE_HOURS: uploadGraceHours(),
    RIPOSTE_LEGACY_USERNAMES: commaList(),
    // The same X, AI and token settings as the server: this process replies for connected accounts.
    ...xEnvSchema.shape,
    RIPOSTE_X_SANDBOX: optional(z.enum(['true', 'false'])),
    ...aiEnvSchema.shape,
    ...tokenEnvSchema.shape,
    ...dispatchShape,
    // Test only (refused in production): a clock the fault tests move from outside.
    RIPOSTE_TEST_CLOCK_FILE: optional(z.string().min(1)),
    // Mail as the server sends it, with links to RIPOSTE_PUBLIC_URL; PayPal as the server has it.
    ...mailEnvShape,
    RIPOSTE_PUBLIC_URL: optional(httpUrl()),
    ...paypalEnvSchema.shape,
    // Web Push as the server sends it: the same VAPID keys (or the pair in the data directory).
    ...pushEnvSchema.shape,
    LOG_LEVEL: logLevel(),
  })
  .superRefine((env, ctx) => {
    requireKurrentUrl(env, ctx);
    refuseHalfVapidPair(env, ctx);
    refuseTestOnlyInProduction(env, ctx);
    refuseBrokenSharing(env, ctx);
  });

const main = async () => {
  let env: z.output<typeof schedulerEnvSchema>;
  try {
    env = parseEnv(schedulerEnvSchema, process.env);
  } catch (error) {
    process.stderr.write(`${isEnvError(error) ? error.message : String(error)}\n`);
    process.exit(1);
  }
  const logger = createLogger({ level: env.LOG_LEVEL, name: 'riposte-scheduler' });
  mkdirSync(env.RIPOSTE_DATA_DIR, { recursive: true, mode: 0o700 });
  const store = openEventStore(eventStoreConfigFromEnv(env), env.RIPOSTE_DATA_DIR);
  // Its own read database, never another scheduler's on the same data directory (read-slot.ts).
  const readSlot = takeReadSlot(env.RIPOSTE_DATA_DIR);
  const projector = createProjector({
    store,
    path: readSlot.path,
    projections: [...allProjections],
    logger: logger.child({ component: 'projections' }),
  });
  // A KurrentDB that is still starting (or electing a leader) is waited for, as the server waits.
  await retryWhileUnavailable(() => projector.start(), { what: 'projections catch-up', logger });
  // X as the server has it: the same credentials, or the server's sandbox emulator by its URL.
  let openedX;
  try {
    openedX = await openX({
      x: { ...env, sandbox: env.RIPOSTE_X_API_KEY === undefined && env.RIPOSTE_X_SANDBOX !== 'false' },
      dataDir: env.RIPOSTE_DATA_DIR,
      mayStartEmulator: false,
      logger,
    });
  } catch (error) {
    if (!(error instanceof XSandboxUnreachable)) throw error;
    process.stderr.write(`${error.message}\n`);
    await projector.stop();
    await store.close();
    process.exit(1);
  }
  const x = openedX.app;
  // The server's token keys and the accounts' data keys, both under the shared data directory.
  const tokenKeys = tokenKeyringFrom({ RIPOSTE_TOKEN_KEY: env.RIPOSTE_TOKEN_KEY, RIPOSTE_TOKEN_OLD_KEYS: env.RIPOSTE_TOKEN_OLD_KEYS }, env.RIPOSTE_DATA_DIR);
  const shared = env.RIPOSTE_SHARED_URL === undefined ? null : await openSharedPostgres(env.RIPOSTE_SHARED_URL);
  const dataKeys = shared ? openPgDataKeyStore(shared.pool) : openDataKeyStore(join(env.RIPOSTE_DATA_DIR, DATA_KEYS_FILE));
  // The servers' image store (the same RIPOSTE_S3_* or RIPOSTE_UPLOADS_DIR): the cleanup of unused uploads and the posts' images.
  const { images } = openImageStore({ s3: s3ImageStoreConfigOf(env), dataDir: env.RIPOSTE_DATA_DIR, uploadsDir: env.RIPOSTE_UPLOADS_DIR });
  const { keyring } = tokenKeys;
  const cipher = createTokenCipher(keyring);
  const vault = createTokenVault(cipher, dataKeys, [keyring.current.id, ...keyring.previous.map((k) => k.id)]);
  const clock = env.RIPOSTE_TEST_CLOCK_FILE === undefined ? () => new Date() : fileClock(env.RIPOSTE_TEST_CLOCK_FILE);
  // The AI provider the admin set (read model), else RIPOSTE_AI_*, else the offline writer: as the server has it.
  const ai = createManagedAi({ store, db: () => projector.db, cipher, env, clock, logger: logger.child({ component: 'ai' }) });
  // A rotated RIPOSTE_TOKEN_KEY: the AI provider's key moves to the current key, as the server does at its start.
  await resealAiKey({ store, cipher, clock, logger: logger.child({ component: 'ai' }) });
  // One id for this process: its heartbeat's and its sends', so others know its sends when it is gone.
  const processId = randomUUID();
  const dispatcher = createDispatcher({
    store,
    db: () => projector.db,
    x,
    tokens: vault,
    ai,
    images,
    clock,
    logger: logger.child({ component: 'dispatch' }),
    legacyUsernames: env.RIPOSTE_LEGACY_USERNAMES,
    claimant: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    processId,
    settings: {
      detectEveryMs: env.RIPOSTE_X_DETECT_INTERVAL_MS,
      concurrency: env.RIPOSTE_DISPATCH_CONCURRENCY,
      leadMs: env.RIPOSTE_DISPATCH_LEAD_MS,
      leaseMs: env.RIPOSTE_DISPATCH_LEASE_MS,
      reconcileAfterMs: env.RIPOSTE_X_RECONCILE_AFTER_MS,
      postWindow: xPostWindow(env.RIPOSTE_X_TIMEOUT_MS),
      postBudgets: { account: env.RIPOSTE_X_ACCOUNT_POST_LIMIT, app: env.RIPOSTE_X_APP_POST_LIMIT },
    },
    crash: crashAt(env.RIPOSTE_DISPATCH_CRASH_AT),
  });
  // RIPOSTE_X_WATCH=stream: X's filtered stream too, the reads as its fallback.
  const streamWatcher =
    env.RIPOSTE_X_WATCH === 'stream'
      ? createStreamWatcher({ store, db: () => projector.db, stream: x?.filteredStream ?? null, clock, logger: logger.child({ component: 'watching-stream' }) })
      : null;
  const watcher = createWatcher({
    store,
    db: () => projector.db,
    x,
    clock,
    logger: logger.child({ component: 'watching' }),
    ...(streamWatcher ? { streamedSince: streamWatcher.streamedSince } : {}),
  });
  const metrics = createMetricsRefresher({ store, db: () => projector.db, x, clock, logger: logger.child({ component: 'metrics' }) });
  const mail = openMailer(mailConfigFrom(env), env.RIPOSTE_DATA_DIR, clock);
  const push = openPushSender(env, env.RIPOSTE_DATA_DIR);
  logger.info({}, push.description);
  const appUrl = env.RIPOSTE_PUBLIC_URL ?? 'http://localhost:3000';
  if (env.RIPOSTE_PUBLIC_URL === undefined) logger.warn({ appUrl }, 'RIPOSTE_PUBLIC_URL is not set: links in mail point to the server\'s default address');
  const paypal = await openPayPalIfReachable(env, logger);
  if (paypal === null) {
    logger.warn({}, 'billing:renew is not run: no PayPal credentials and no RIPOSTE_PAYPAL_API_URL (sandbox: pin RIPOSTE_PAYPAL_SANDBOX_PORT on the server and set RIPOSTE_PAYPAL_API_URL=http://127.0.0.1:<port> here)');
  }
  const billing = paypal === null ? null : createBillingService({ store, provider: paypal.provider, db: () => projector.db, clock, logger: logger.child({ component: 'billing' }) });
  const scheduler = createScheduler({
    jobs: schedulerJobs({
      kind: 'external',
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
      payments: paypal?.provider ?? null,
      xIds: createXIdResolver({ store, lookupXUser: x === null ? undefined : (username) => x.lookupUser(username), clock }),
      mailer: mail.mailer,
      appUrl: () => appUrl,
      push: push.sender,
      images,
      uploadGraceMs: env.RIPOSTE_UPLOAD_GRACE_HOURS * 3_600_000,
    }),
    intervalMs: env.RIPOSTE_SCHEDULER_INTERVAL_MS,
    clock,
    logger,
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    void (async () => {
      await scheduler.stop();
      await dispatcher.stop();
      await watcher.idle();
      await metrics.idle();
      await streamWatcher?.stop();
      await projector.stop();
      readSlot.release();
      dataKeys.close();
      await shared?.close();
      await openedX.close();
      await paypal?.close();
      await store.close();
      logger.flush();
      process.stdout.write('Riposte scheduler stopped\n');
      process.exit(0);
    })().catch((error: unknown) => {
      process.stderr.write(`Stopping failed: ${String(error)}\n`);
      process.exit(1);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  scheduler.start();
  process.stdout.write('Riposte scheduler is running\n');
};

void main();
