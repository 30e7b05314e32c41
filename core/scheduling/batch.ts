/**
 * Bulk batches, all or none even across a crash (spec part 2 §7 bulk). Each entry is its
 * own schedule stream, created with the batch's id; such a schedule is hidden from every list and
 * from the scheduler until the batch stream records ScheduleBatchCompleted. A batch whose writer
 * died part-way never completes: after BATCH_ABANDON_AFTER_MS a recovery job records
 * ScheduleBatchAbandoned and deletes its schedules. Completed and Abandoned are both appended to an
 * empty batch stream ('no_stream'), so exactly one of them can ever be written. The writes below
 * take the EventStore port, like core/eventstore/reservation.ts.
 */
import { handleCommand } from '@core/eventstore/command-handler';
import { isWrongExpectedRevision } from '@core/eventstore/errors';
import type { EventMetadata, EventStore, Position } from '@core/eventstore/types';
import { scheduleDecider } from './decide';
import { scheduleStream } from './schedule';

export const SCHEDULE_BATCH_STREAM_PREFIX = 'schedulebatch-';

export const scheduleBatchStream = (batchId: string): string => `${SCHEDULE_BATCH_STREAM_PREFIX}${batchId}`;

export interface ScheduleBatchData {
  batchId: string;
  userId: string;
  scheduleIds: string[];
}

export type ScheduleBatchEvent = { type: 'ScheduleBatchCompleted'; data: ScheduleBatchData } | { type: 'ScheduleBatchAbandoned'; data: ScheduleBatchData };

export const SCHEDULE_BATCH_EVENT_TYPES = ['ScheduleBatchCompleted', 'ScheduleBatchAbandoned'] as const;

/** How long a batch may be in progress before recovery abandons it: far beyond any request. */
export const BATCH_ABANDON_AFTER_MS = 10 * 60_000;

export interface BatchWriteContext {
  /** Metadata of the events written (actor, correlation, time). */
  metadata: () => EventMetadata;
  newId: () => string;
}

/** Writes a batch's one ending; `ended` is false when the batch had already ended (either way). */
export const endScheduleBatch = async (
  store: EventStore,
  event: ScheduleBatchEvent,
  context: BatchWriteContext,
): Promise<{ ended: boolean; position: Position | null }> => {
  try {
    const appended = await store.append(scheduleBatchStream(event.data.batchId), [{ id: context.newId(), type: event.type, data: event.data, metadata: context.metadata() }], 'no_stream');
    return { ended: true, position: appended.position };
  } catch (error) {
    if (isWrongExpectedRevision(error)) return { ended: false, position: null };
    throw error;
  }
};

/** Deletes a batch's schedules (already deleted ones stay as they are); the ids that failed. */
export const deleteBatchSchedules = async (store: EventStore, userId: string, scheduleIds: readonly string[], context: BatchWriteContext): Promise<string[]> => {
  const failed: string[] = [];
  for (const scheduleId of scheduleIds) {
    try {
      await handleCommand(store, scheduleStream(scheduleId), scheduleDecider, { type: 'DeleteSchedule', scheduleId, userId }, { metadata: context.metadata(), newId: context.newId });
    } catch {
      failed.push(scheduleId);
    }
  }
  return failed;
};

/**
 * A batch whose writer died part-way: abandoned, then its schedules deleted. False when it had
 * completed after all (nothing to do); an abandoned batch whose deletes did not all land is
 * finished again.
 */
export const abandonScheduleBatch = async (store: EventStore, batch: ScheduleBatchData, context: BatchWriteContext): Promise<boolean> => {
  const abandoned = await endScheduleBatch(store, { type: 'ScheduleBatchAbandoned', data: batch }, context);
  if (!abandoned.ended) {
    const events = await store.readStream(scheduleBatchStream(batch.batchId));
    if (events[0]?.type !== 'ScheduleBatchAbandoned') return false;
  }
  const failed = await deleteBatchSchedules(store, batch.userId, batch.scheduleIds, context);
  if (failed.length > 0) throw new Error(`could not delete ${failed.length} schedule(s) of abandoned batch ${batch.batchId}`);
  return true;
};
