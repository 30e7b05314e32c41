// The batch-recovery job on the in-memory store: the events it writes are stamped with the `now`
// it is run with, not the machine's clock.
import { describe, expect, it } from 'vitest';
import { createMemoryEventStore } from '@adapters/eventstore-memory';
import type { ReadDb } from '@adapters/projections-sqlite';
import { scheduleBatchStream } from '@core/scheduling';
import { createBatchRecoveryJob } from './batch-recovery';

const NOW = new Date('2031-02-03T04:05:06.000Z');

/** A read model holding one unfinished batch with no entries; records the cut-off it was asked for. */
const oneUnfinishedBatch = (asked: string[]): ReadDb =>
  ({
    prepare: () => ({
      all: (before: string) => {
        asked.push(before);
        return [{ pending_batch: 'b1', user_id: 'u1', ids: '[]' }];
      },
    }),
  }) as unknown as ReadDb;

describe('the batch-recovery job', () => {
  it('abandons an unfinished batch with events stamped at the given now', async () => {
    const store = createMemoryEventStore();
    const asked: string[] = [];
    const warned: object[] = [];
    const job = createBatchRecoveryJob({ store, db: () => oneUnfinishedBatch(asked), logger: { warn: (obj) => void warned.push(obj) } }, { abandonAfterMs: 60_000 });
    await job.run(NOW);
    expect(asked).toEqual(['2031-02-03T04:04:06.000Z']);
    const events = await store.readStream(scheduleBatchStream('b1'));
    expect(events.map((e) => [e.type, e.metadata.time, e.metadata.actor])).toEqual([['ScheduleBatchAbandoned', NOW.toISOString(), 'scheduler']]);
    expect(warned).toEqual([{ batchId: 'b1', schedules: 0 }]);
  });
});
