/**
 * Stream revisions (core/eventstore/revisions.ts, `stream_revisions`) and the query over them: the
 * revision the API shows as a thing's ETag. Only the streams a client changes by id are followed.
 */
import type { ReadDb } from '@adapters/projections-sqlite';
import { streamRevisionsProjection as base } from '@core/eventstore/revisions';
import { monitoredAccountStream } from '@core/monitoring/account';
import { scheduleStream } from '@core/scheduling/schedule';
import { templateGroupStream } from '@core/templates/group';
import { templateStream } from '@core/templates/template';
import { USER_STREAM_PREFIX } from '@core/users/streams';

export const streamRevisionsProjection = base([scheduleStream(''), templateStream(''), templateGroupStream(''), monitoredAccountStream(''), USER_STREAM_PREFIX]);

/** The revision of the stream's last event as the read model has it; null for a stream it never saw. */
export const revisionOf = (db: ReadDb, stream: string): bigint | null => {
  const row = db.prepare('SELECT revision FROM stream_revisions WHERE stream = ?').safeIntegers(true).get(stream) as { revision: bigint } | undefined;
  return row === undefined ? null : row.revision;
};
