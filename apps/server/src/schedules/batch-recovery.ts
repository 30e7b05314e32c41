/**
 * Finds bulk batches whose writer died part-way (entries written, ScheduleBatchCompleted never
 * appended; core/scheduling/batch.ts) and, once they are older than any request could take,
 * abandons them and deletes their schedules. A scheduler job: it looks once a minute.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '@adapters/logging';
import type { ReadDb } from '@adapters/projections-sqlite';
import type { SchedulerJob } from '@adapters/scheduler';
import { BATCH_ABANDON_AFTER_MS } from '@core/scheduling';
import type { SchedulesService } from './service';

export const BATCH_RECOVERY_JOB = 'schedules:recover-unfinished-batches';

export interface UnfinishedBatch {
  batchId: string;
  userId: string;
  scheduleIds: string[];
}

/** Batches with hidden entries, the newest entry written before `before`. */
export const unfinishedBatches = (db: ReadDb, before: string): UnfinishedBatch[] => {
  const rows = db
    .prepare<[string], { pending_batch: string; user_id: string; ids: string }>(
      `SELECT pending_batch, user_id, json_group_array(id) AS ids FROM schedules
        WHERE pending_batch IS NOT NULL AND deleted_at IS NULL
        GROUP BY pending_batch, user_id HAVING max(created_at) < ?`,
    )
    .all(before);
  return rows.map((r) => ({ batchId: r.pending_batch, userId: r.user_id, scheduleIds: JSON.parse(r.ids) as string[] }));
};

export const createBatchRecoveryJob = (
  deps: { schedules: Pick<SchedulesService, 'abandonBatch'>; db: () => ReadDb; logger: Pick<Logger, 'warn'> },
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
        const abandoned = await deps.schedules.abandonBatch(batch.batchId, batch.userId, batch.scheduleIds, { actor: 'system', correlationId: randomUUID() });
        if (abandoned) deps.logger.warn({ batchId: batch.batchId, schedules: batch.scheduleIds.length }, 'abandoned an unfinished bulk batch');
      }
    },
  };
};
