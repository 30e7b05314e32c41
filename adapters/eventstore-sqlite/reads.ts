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
  // Several streams in one query: the names go as ONE JSON array parameter (json_each), so any
  // number of streams fits one prepared statement (no chunking under SQLite's variable limit), and
  // each stream is an index seek (stream, revision). `slot` is the name's place in the array. The
  // first / last n events of a stream are those at or before / after its n-th revision from that
  // end (a correlated seek with OFFSET n - 1; a shorter stream is read whole).
  const wanted = 'WITH wanted(slot, stream) AS (SELECT key, value FROM json_each(?))';
  const manyColumns = `w.slot AS slot, ${COLUMNS.split(', ').map((c) => `e.${c}`).join(', ')}`;
  const manyWhole = (order: 'ASC' | 'DESC') =>
    db
      .prepare<[string], EventRow & { slot: bigint }>(
        `${wanted} SELECT ${manyColumns} FROM wanted w JOIN events e ON e.stream = w.stream ORDER BY w.slot, e.revision ${order}`,
      )
      .safeIntegers(true);
  const manyWholeStmt = manyWhole('ASC');
  const manyWholeBackStmt = manyWhole('DESC');
  const manyFirstStmt = db
    .prepare<[string, number], EventRow & { slot: bigint }>(
      `${wanted} SELECT ${manyColumns} FROM wanted w JOIN events e ON e.stream = w.stream
       WHERE e.revision <= coalesce((SELECT x.revision FROM events x WHERE x.stream = w.stream ORDER BY x.revision LIMIT 1 OFFSET ?), 9223372036854775807)
       ORDER BY w.slot, e.revision`,
    )
    .safeIntegers(true);
  const manyLastStmt = db
    .prepare<[string, number], EventRow & { slot: bigint }>(
      `${wanted} SELECT ${manyColumns} FROM wanted w JOIN events e ON e.stream = w.stream
       WHERE e.revision >= coalesce((SELECT x.revision FROM events x WHERE x.stream = w.stream ORDER BY x.revision DESC LIMIT 1 OFFSET ?), -1)
       ORDER BY w.slot, e.revision DESC`,
    )
    .safeIntegers(true);
  const headStmt = db.prepare<[], { head: bigint | null }>('SELECT max(position) AS head FROM events').safeIntegers(true);

  return {
    readStream: (stream: StreamName, fromRevision = 0n, maxCount?: number): RecordedEvent[] =>
      streamStmt.all(stream, fromRevision < 0n ? 0n : fromRevision, limit(maxCount)).map(toRecorded),
    /** Newest first, from `fromRevision` (inclusive; default the end) down. */
    readStreamBackwards: (stream: StreamName, fromRevision: bigint | undefined, maxCount?: number): RecordedEvent[] =>
      fromRevision !== undefined && fromRevision < 0n ? [] : backStmt.all(stream, fromRevision ?? 9223372036854775807n, limit(maxCount)).map(toRecorded),
    /** For each name, in order: the stream whole, or its first (last, newest first) `maxCount` events. One query. */
    readStreams: (streams: readonly StreamName[], backwards: boolean, maxCount?: number): RecordedEvent[][] => {
      const answer: RecordedEvent[][] = streams.map(() => []);
      const count = maxCount === undefined ? undefined : Math.max(0, Math.floor(maxCount));
      if (streams.length === 0 || count === 0) return answer;
      const names = JSON.stringify(streams);
      const rows =
        count === undefined
          ? (backwards ? manyWholeBackStmt : manyWholeStmt).all(names)
          : (backwards ? manyLastStmt : manyFirstStmt).all(names, count - 1);
      for (const row of rows) answer[Number(row.slot)]!.push(toRecorded(row));
      return answer;
    },
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
