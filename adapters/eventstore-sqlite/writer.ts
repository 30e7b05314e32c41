/**
 * Appends with group commit. Callers queue their append; once the event loop has run the I/O and
 * callbacks already waiting (setImmediate), every queued append is written in ONE transaction (so
 * at synchronous=FULL they share one WAL fsync), each inside its own savepoint, so a stale revision
 * or a reused id fails only its own caller and leaves nothing behind. A lone append skips the savepoint: its transaction is its savepoint.
 *
 * The expected revision is checked inside the write transaction (BEGIN IMMEDIATE holds the write
 * lock, also against other processes on the same file), so check-then-insert is atomic.
 *
 * A multi-stream append (appendMany) is one queued item whose parts share one savepoint: any part
 * refused rolls all of them back.
 */
import type Database from 'better-sqlite3';
import { duplicateEventIdError, WrongExpectedRevisionError } from '@core/eventstore/errors';
import type { AppendResult, ExpectedRevision, StreamName } from '@core/eventstore/types';
import type { Reads } from './reads';
import { toPosition } from './schema';

/** One event ready for the INSERT (data and metadata already serialised by the caller). */
export interface EventRowInput {
  id: string;
  type: string;
  data: string;
  metadata: string;
}

export interface AppendRequest {
  stream: StreamName;
  expected: ExpectedRevision;
  rows: EventRowInput[];
}

type Outcome = { ok: AppendResult[] } | { error: unknown };

interface Pending {
  /** One part for append; one per stream for appendMany, all or nothing. */
  parts: AppendRequest[];
  many: boolean;
  resolve(results: AppendResult[]): void;
  reject(error: unknown): void;
}

const isEventIdViolation = (error: unknown): boolean =>
  error instanceof Error &&
  (error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE' &&
  error.message.includes('events.event_id');

export const createWriter = (db: Database.Database, reads: Reads, onCommitted: () => void) => {
  const currentStmt = db
    .prepare<[string], number>('SELECT revision FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1')
    .pluck();
  const insertStmt = db.prepare<[string, number, string, string, string, string]>(
    'INSERT INTO events (stream, revision, event_id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
  );

  const writeOne = (request: AppendRequest): AppendResult => {
    const { stream, expected, rows } = request;
    const current = currentStmt.get(stream);
    const ok =
      expected === 'any' ||
      (expected === 'no_stream' ? current === undefined
        : expected === 'stream_exists' ? current !== undefined
        : current !== undefined && BigInt(current) === expected);
    if (!ok) throw new WrongExpectedRevisionError(stream, expected, current === undefined ? 'no_stream' : BigInt(current));
    if (rows.length === 0) {
      // Nothing to write: answer with where the stream (or, for a new stream, the store) stands.
      const tail = reads.streamTail(stream);
      return { nextExpectedRevision: tail?.revision ?? -1n, position: tail?.position ?? reads.head() };
    }
    let revision = current === undefined ? 0 : current + 1;
    let rowid: number | bigint = 0;
    for (const row of rows) {
      rowid = insertStmt.run(stream, revision, row.id, row.type, row.data, row.metadata).lastInsertRowid;
      revision += 1;
    }
    return { nextExpectedRevision: BigInt(revision - 1), position: toPosition(rowid) };
  };
  // Called inside another transaction function, better-sqlite3 turns these into a SAVEPOINT.
  const writeOneTx = db.transaction(writeOne);
  const writeManyTx = db.transaction((parts: readonly AppendRequest[]) => parts.map(writeOne));

  /**
   * After a refusal: is this a re-send of events already stored? The rule: if every id is stored,
   * in this stream, at consecutive revisions in the same order, the append already happened and
   * its result is returned. Any other reuse of an id is refused with DUPLICATE_EVENT_ID.
   */
  const recover = (request: AppendRequest, error: unknown): Outcome => {
    const duplicate = isEventIdViolation(error);
    if (!duplicate && !(error instanceof WrongExpectedRevisionError)) return { error };
    const first = request.rows[0];
    const stored = first === undefined ? null : reads.findEvent(first.id);
    if (first === undefined || stored === null) {
      if (!duplicate) return { error };
      const reused = request.rows.find((row) => reads.findEvent(row.id) !== null);
      return { error: duplicateEventIdError(request.stream, reused?.id ?? '?', 'the id is already stored') };
    }
    if (stored.stream !== request.stream) {
      return { error: duplicateEventIdError(request.stream, first.id, `the id is already stored in '${stored.stream}'`) };
    }
    const ids = reads.eventIds(request.stream, stored.revision, request.rows.length);
    const sameAppend = ids.length === request.rows.length && ids.every((id, i) => id === request.rows[i]?.id);
    if (!sameAppend) {
      return {
        error: duplicateEventIdError(request.stream, first.id, 'a re-send must repeat the stored events exactly, in order'),
      };
    }
    const nextExpectedRevision = stored.revision + BigInt(request.rows.length - 1);
    const last = reads.readStream(request.stream, nextExpectedRevision, 1)[0];
    return { ok: [{ nextExpectedRevision, position: last?.position ?? stored.position }] };
  };

  /** A multi-stream append refused: nothing of it was written; a reused id is named. */
  const refuseMany = (parts: readonly AppendRequest[], error: unknown): Outcome => {
    if (!isEventIdViolation(error)) return { error };
    for (const part of parts) {
      const reused = part.rows.find((row) => reads.findEvent(row.id) !== null);
      if (reused !== undefined) return { error: duplicateEventIdError(part.stream, reused.id, 'the id is already stored') };
    }
    return { error };
  };

  const attempt = (pending: Pending, nested: boolean): Outcome => {
    if (pending.many) {
      try {
        return { ok: nested ? writeManyTx(pending.parts) : writeManyTx.immediate(pending.parts) };
      } catch (error) {
        return refuseMany(pending.parts, error);
      }
    }
    const request = pending.parts[0]!;
    try {
      return { ok: [nested ? writeOneTx(request) : writeOneTx.immediate(request)] };
    } catch (error) {
      return recover(request, error);
    }
  };

  const writeGroup = db.transaction((batch: readonly Pending[]): Outcome[] => batch.map((p) => attempt(p, true)));

  let queue: Pending[] = [];
  let scheduled = false;
  /** Counters for tests and the benchmark: appends per transaction shows group commit at work. */
  const stats = { transactions: 0, appends: 0 };

  const flush = (): void => {
    scheduled = false;
    const batch = queue;
    if (batch.length === 0) return;
    queue = [];
    let outcomes: Outcome[];
    if (batch.length === 1) {
      outcomes = [attempt(batch[0]!, false)];
    } else {
      try {
        outcomes = writeGroup.immediate(batch);
      } catch (error) {
        // BEGIN or COMMIT failed (busy past the timeout, disk full): nothing of the group was written.
        outcomes = batch.map(() => ({ error }));
      }
    }
    stats.transactions += 1;
    stats.appends += batch.reduce((n, p) => n + p.parts.length, 0);
    if (outcomes.some((o) => 'ok' in o)) onCommitted();
    batch.forEach((pending, i) => {
      const outcome = outcomes[i]!;
      if ('ok' in outcome) pending.resolve(outcome.ok);
      else pending.reject(outcome.error);
    });
  };

  const push = (parts: AppendRequest[], many: boolean): Promise<AppendResult[]> =>
    new Promise<AppendResult[]>((resolve, reject) => {
      queue.push({ parts, many, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        // Not a microtask: replies carried side by side reach their next append across I/O callbacks
        // (an X answer, a read), and a microtask flush commits each of them alone — one fsync per
        // append. setImmediate lets the appends of one turn of the loop share a commit
        // (bench:dispatch, docs/performance.md: 377 fsyncs instead of 7,961 for 1,000 replies).
        setImmediate(flush);
      }
    });

  return {
    enqueue: async (stream: StreamName, expected: ExpectedRevision, rows: EventRowInput[]): Promise<AppendResult> =>
      (await push([{ stream, expected, rows }], false))[0]!,
    /** Appends to several streams in one savepoint: all or nothing. */
    enqueueMany: (parts: AppendRequest[]): Promise<AppendResult[]> => push(parts, true),
    /** Write whatever is queued now (used by close). */
    flush,
    stats,
  };
};
