/**
 * `npm run scheduler`: the scheduler as its own process (set RIPOSTE_SCHEDULER=external on the
 * server). It keeps its own read database (<data>/scheduler-read.db) fed by a subscription to the
 * event store, so it can run beside servers without sharing their read model, and stops cleanly on
 * SIGTERM/SIGINT: the tick in flight finishes, the projector stops, the store closes.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { directory, eventStoreShape, isEnvError, logLevel, parseEnv, requireKurrentUrl, schedulerIntervalMs, uploadGraceHours } from '@adapters/env';
import { eventStoreConfigFromEnv, openEventStore } from '@adapters/eventstore-open';
import { createLogger } from '@adapters/logging';
import { createProjector } from '@adapters/projections-sqlite';
import { allProjections } from '@adapters/read-models';
import { createScheduler } from '@adapters/scheduler';
import { createBatchRecoveryJob } from '@adapters/scheduler/batch-recovery';
import { createUploadCleanupJob, imagesInUse } from '@adapters/scheduler/upload-cleanup';
import { createFsImageStore } from '@adapters/image-store';

const schedulerEnvSchema = z
  .object({
    RIPOSTE_DATA_DIR: directory('./data'),
    ...eventStoreShape,
    RIPOSTE_SCHEDULER_INTERVAL_MS: schedulerIntervalMs(),
    RIPOSTE_UPLOAD_GRACE_HOURS: uploadGraceHours(),
    LOG_LEVEL: logLevel(),
  })
  .superRefine(requireKurrentUrl);

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
  const projector = createProjector({
    store,
    path: join(env.RIPOSTE_DATA_DIR, 'scheduler-read.db'),
    projections: [...allProjections],
    logger: logger.child({ component: 'projections' }),
  });
  await projector.start();
  // Jobs that need only the store and the read model run here; the X-id resolver still runs in
  // the server's embedded scheduler (it needs the server's X services), as dispatch will.
  const scheduler = createScheduler({
    jobs: [
      createBatchRecoveryJob({ store, db: () => projector.db, logger }),
      // Uploads live under the data directory: this process must share it with the server.
      createUploadCleanupJob(
        { images: createFsImageStore(env.RIPOSTE_DATA_DIR), inUse: () => imagesInUse(projector.db), logger },
        { graceMs: env.RIPOSTE_UPLOAD_GRACE_HOURS * 3_600_000 },
      ),
    ],
    intervalMs: env.RIPOSTE_SCHEDULER_INTERVAL_MS,
    logger,
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    void (async () => {
      await scheduler.stop();
      await projector.stop();
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
