/**
 * Applies a batch of events to every projection in ONE transaction, each projection's rows and
 * its checkpoint together. Each projection runs inside its own savepoint, so one that throws on an
 * event loses nothing but that event and what follows it in the batch: the others commit, and its
 * checkpoint stops just before the event that failed. Erasure copies (metadata.erasureCopyOf,
 * core/eventstore/erasure-copies.ts) are not projected: their originals were (AccountDeleted's
 * copy excepted: core/users/erasure.ts projectsEvent).
 */
import type { Statement } from 'better-sqlite3';
import type { Position, RecordedEvent } from '@core/eventstore/types';
import type { Projection, SqlStatement } from '@core/shared/projection';
import { projectsEvent } from '@core/users/erasure';
import { LAST_EVENT_TABLE, META_TABLE, type ReadDb } from './read-db';

export interface CompiledProjection {
  projection: Projection;
  /** null: every event type. */
  handles: ReadonlySet<string> | null;
}

export const compile = (projection: Projection): CompiledProjection => ({
  projection,
  handles: projection.handles === undefined ? null : new Set(projection.handles),
});

export interface ProjectionFailure {
  projection: string;
  event: RecordedEvent;
  error: unknown;
}

export interface BatchOutcome {
  /** Every checkpoint as committed by this batch. */
  checkpoints: Map<string, Position | null>;
  failures: ProjectionFailure[];
}

/** Thrown inside a savepoint to roll it back while remembering which event failed. */
class EventFailed extends Error {
  constructor(
    readonly index: number,
    readonly error: unknown,
  ) {
    super('projection failed on an event');
  }
}

// A projection may build SQL text dynamically; a bound keeps such a cache from growing forever.
const STATEMENT_CACHE_LIMIT = 1000;

/** Index of the first event strictly after `checkpoint` (events are in global order). */
const firstAfter = (events: readonly RecordedEvent[], checkpoint: Position | null): number => {
  if (checkpoint === null) return 0;
  let lo = 0;
  let hi = events.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((events[mid] as RecordedEvent).position <= checkpoint) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

export const createApplier = (db: ReadDb) => {
  const statements = new Map<string, Statement>();
  const prepared = (sql: string): Statement => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = db.prepare(sql);
      if (statements.size >= STATEMENT_CACHE_LIMIT) statements.delete(statements.keys().next().value as string);
      statements.set(sql, statement);
    }
    return statement;
  };
  const run = ({ sql, params }: SqlStatement): void => {
    const statement = prepared(sql);
    if (params === undefined) statement.run();
    else if (Array.isArray(params)) statement.run(...(params as unknown[]));
    else statement.run(params);
  };
  const saveCheckpoint = db.prepare(`UPDATE ${META_TABLE} SET position = ? WHERE name = ?`);
  const loadCheckpoints = db.prepare<[], { name: string; position: Position | null }>(`SELECT name, position FROM ${META_TABLE}`);
  // Only forwards: a cycle that replays from a stalled projection's checkpoint re-reads older events.
  const saveLastEvent = db.prepare<[string, string, string | null]>(
    `INSERT INTO ${LAST_EVENT_TABLE} (one, position, event_id, before_position) VALUES (1, ?, ?, ?)
     ON CONFLICT (one) DO UPDATE SET position = excluded.position, event_id = excluded.event_id, before_position = excluded.before_position
     WHERE excluded.position > ${LAST_EVENT_TABLE}.position`,
  );

  // Nested inside the batch transaction, better-sqlite3 runs this in a savepoint.
  const applyRange = db.transaction((target: CompiledProjection, events: readonly RecordedEvent[], from: number, to: number) => {
    const { projection, handles } = target;
    for (let i = from; i < to; i++) {
      const event = events[i] as RecordedEvent;
      if (handles !== null && !handles.has(event.type)) continue;
      // An erasure's redacted copy (KurrentDB) repeats an event already projected: skipped (but for
      // AccountDeleted's, see projectsEvent), and the checkpoint still passes it.
      if (!projectsEvent(event)) continue;
      try {
        for (const statement of projection.project(event)) run(statement);
      } catch (error) {
        throw new EventFailed(i, error);
      }
    }
    saveCheckpoint.run((events[to - 1] as RecordedEvent).position, projection.name);
  });

  const batch = db.transaction(
    (targets: readonly CompiledProjection[], events: readonly RecordedEvent[], before: Position | null): BatchOutcome => {
      // Checkpoints are read inside the write transaction, not trusted from memory: should a second
      // process project into the same file, each skips what the other has committed.
      const checkpoints = new Map(loadCheckpoints.all().map((row) => [row.name, row.position]));
      const failures: ProjectionFailure[] = [];
      for (const target of targets) {
        const name = target.projection.name;
        const from = firstAfter(events, checkpoints.get(name) ?? null);
        let to = events.length;
        let failure: ProjectionFailure | null = null;
        while (to > from) {
          try {
            applyRange(target, events, from, to);
            checkpoints.set(name, (events[to - 1] as RecordedEvent).position);
            break;
          } catch (e) {
            if (!(e instanceof EventFailed)) throw e;
            // Keep the events before the failing one; the failing one and the rest wait for a retry.
            failure = { projection: name, event: events[e.index] as RecordedEvent, error: e.error };
            to = e.index;
          }
        }
        if (failure !== null) failures.push(failure);
      }
      const last = events.at(-1);
      if (last !== undefined) saveLastEvent.run(last.position, last.id, events.length > 1 ? (events.at(-2) as RecordedEvent).position : before);
      return { checkpoints, failures };
    },
  );

  /**
   * IMMEDIATE: take the write lock before reading the checkpoints the batch builds on. `before`:
   * the position the events were read after (null: from the store's start).
   */
  const applyBatch = (targets: readonly CompiledProjection[], events: readonly RecordedEvent[], before: Position | null): BatchOutcome =>
    batch.immediate(targets, events, before);

  return { applyBatch };
};
