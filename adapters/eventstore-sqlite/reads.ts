// Prepared reads of the SQLite event store. Integers come back as bigints (safeIntegers) so
// revisions and positions are exact however large they grow.
import type Database from 'better-sqlite3';
import type { EventMetadata, Position, RecordedEvent, StreamName } from '@core/eventstore/types';
import { fromPosition, toPosition } from './schema';

interface EventRow {
  position: bigint;
  stream: string;
  revision: bigint;
  event_id: string;
  type: string;
  data: string;
  metadata: string;
}

export interface StoredRef {
  stream: StreamName;
  revision: bigint;
  position: Position;
}

const COLUMNS = 'position, stream, revision, event_id, type, data, metadata';

const toRecorded = (row: EventRow): RecordedEvent => ({
  id: row.event_id,
  type: row.type,
  data: JSON.parse(row.data) as unknown,
  metadata: JSON.parse(row.metadata) as EventMetadata,
  streamName: row.stream,
  revision: row.revision,
  position: toPosition(row.position),
});

/** SQLite reads LIMIT -1 as "no limit". */
const limit = (maxCount: number | undefined): number => (maxCount === undefined ? -1 : Math.max(0, Math.floor(maxCount)));

export const prepareReads = (db: Database.Database) => {
  const streamStmt = db
    .prepare<[string, bigint, number], EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE stream = ? AND revision >= ? ORDER BY revision LIMIT ?`,
    )
    .safeIntegers(true);
  const backStmt = db
    .prepare<[string, bigint, number], EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE stream = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`,
    )
    .safeIntegers(true);
  const allStmt = db
    .prepare<[bigint, number], EventRow>(`SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`)
    .safeIntegers(true);
  const byIdStmt = db
    .prepare<[string], { stream: string; revision: bigint; position: bigint }>(
      'SELECT stream, revision, position FROM events WHERE event_id = ?',
    )
    .safeIntegers(true);
  const idsStmt = db
    .prepare<[string, bigint, number], { event_id: string }>(
      'SELECT event_id FROM events WHERE stream = ? AND revision >= ? ORDER BY revision LIMIT ?',
    )
    .safeIntegers(true);
  const streamTailStmt = db
    .prepare<[string], { revision: bigint; position: bigint }>(
      'SELECT revision, position FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1',
    )
    .safeIntegers(true);
  const headStmt = db.prepare<[], { head: bigint | null }>('SELECT max(position) AS head FROM events').safeIntegers(true);

  return {
    readStream: (stream: StreamName, fromRevision = 0n, maxCount?: number): RecordedEvent[] =>
      streamStmt.all(stream, fromRevision < 0n ? 0n : fromRevision, limit(maxCount)).map(toRecorded),
    /** Newest first, from `fromRevision` (inclusive; default the end) down. */
    readStreamBackwards: (stream: StreamName, fromRevision: bigint | undefined, maxCount?: number): RecordedEvent[] =>
      fromRevision !== undefined && fromRevision < 0n ? [] : backStmt.all(stream, fromRevision ?? 9223372036854775807n, limit(maxCount)).map(toRecorded),
    readAll: (after: Position | null | undefined, maxCount?: number): RecordedEvent[] =>
      allStmt.all(fromPosition(after), limit(maxCount)).map(toRecorded),
    findEvent: (eventId: string): StoredRef | null => {
      const row = byIdStmt.get(eventId);
      return row === undefined ? null : { stream: row.stream, revision: row.revision, position: toPosition(row.position) };
    },
    eventIds: (stream: StreamName, fromRevision: bigint, count: number): string[] =>
      idsStmt.all(stream, fromRevision, count).map((r) => r.event_id),
    streamTail: (stream: StreamName): { revision: bigint; position: Position } | null => {
      const row = streamTailStmt.get(stream);
      return row === undefined ? null : { revision: row.revision, position: toPosition(row.position) };
    },
    head: (): Position => toPosition(headStmt.get()?.head ?? 0n),
  };
};

export type Reads = ReturnType<typeof prepareReads>;
