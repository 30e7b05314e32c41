/**
 * A scheduler job: finds bulk batches whose writer died part-way (entries written with the batch
 * id, no ScheduleBatchCompleted; core/scheduling/batch.ts) and, once they are older than any
 * request could take, abandons them and deletes their schedules. It needs only the event store and
 * the schedules read model, so the embedded scheduler and the scheduler app both run it.
 */
import { randomUUID } from 'node:crypto';
import type { ReadDb } from '@adapters/projections-sqlite';
import { unfinishedBatches } from '@adapters/read-models/scheduling';
import { SCHEDULER_ACTOR, type EventStore } from '@core/eventstore/types';
import { abandonScheduleBatch, BATCH_ABANDON_AFTER_MS } from '@core/scheduling/batch';
import type { SchedulerJob } from './index';

export const BATCH_RECOVERY_JOB = 'schedules:recover-unfinished-batches';

export const createBatchRecoveryJob = (
  deps: { store: EventStore; db: () => ReadDb; logger: { warn(obj: object, msg: string): void } },
  options: { everyMs?: number; abandonAfterMs?: number } = {},
): SchedulerJob => {
  const everyMs = options.everyMs ?? 60_000;
  const abandonAfterMs = options.abandonAfterMs ?? BATCH_ABANDON_AFTER_MS;
  let nextAt = 0;
  return {
    name: BATCH_RECOVERY_JOB,
    run: async (now) => {
      if (now.getTime() < nextAt) return;
      nextAt = now.getTime() + everyMs;
      for (const batch of unfinishedBatches(deps.db(), new Date(now.getTime() - abandonAfterMs).toISOString())) {
        // The events carry the job's `now`, the time the scheduler runs it at (a test's clock too).
        const context = {
          metadata: () => ({ actor: SCHEDULER_ACTOR, correlationId: randomUUID(), causationId: null, time: now.toISOString() }),
          newId: randomUUID,
        };
        if (await abandonScheduleBatch(deps.store, batch, context)) {
          deps.logger.warn({ batchId: batch.batchId, schedules: batch.scheduleIds.length }, 'abandoned an unfinished bulk batch');
        }
      }
    },
  };
};
