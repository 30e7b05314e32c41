/**
 * Bulk batches, all or none even across a crash (spec part 2 §7 bulk; issue 6). Each entry is its
 * own schedule stream, created with the batch's id; such a schedule is hidden from every list and
 * from the scheduler until the batch stream records ScheduleBatchCompleted. A batch whose writer
 * died part-way never completes: after BATCH_ABANDON_AFTER_MS a recovery job records
 * ScheduleBatchAbandoned and deletes its schedules. Completed and Abandoned are both appended to an
 * empty batch stream ('no_stream'), so exactly one of them can ever be written.
 */
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
