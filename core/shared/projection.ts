/**
 * Read side: a projection is plain data plus one pure function from a recorded event to SQL
 * statements for a SQLite read database (design: "projections are functions from an event to SQL").
 * The runner (adapters/projections-sqlite) owns transactions, checkpoints and rebuilds, so a
 * projection never touches a connection and is tested by looking at the statements it returns.
 *
 * Rules a projection follows:
 * - it writes only its own tables (the runner may apply projections in any order within a batch);
 * - `project` is deterministic: replaying the same events yields the same rows (rebuilds rely on it);
 * - changing `schema` or bumping `version` makes the runner rebuild the read database.
 */
import type { RecordedEvent } from '@core/eventstore/types';

/** SQLite values: numbers, bigints, strings, null, byte arrays. Named params bind `@name`/`:name`/`$name`. */
export interface SqlStatement {
  sql: string;
  params?: Record<string, unknown> | readonly unknown[];
}

export interface Projection<E extends RecordedEvent = RecordedEvent> {
  /** Unique among the projections of one read database; the key of its checkpoint. */
  name: string;
  /** Bump when `project` changes meaning: the read database is rebuilt. */
  version: number;
  /** DDL run once on a fresh read database (CREATE TABLE / CREATE INDEX ...). */
  schema: readonly string[];
  /** Event types this projection cares about; omit to receive every event. */
  handles?: readonly string[];
  // Method syntax on purpose: a projection typed for its own events stays assignable to Projection.
  project(event: E): SqlStatement[];
}

/** True when the projection wants this event (its `handles` list, or every event without one). */
export const projectionHandles = (projection: Pick<Projection, 'handles'>, type: string): boolean =>
  projection.handles === undefined || projection.handles.includes(type);

/** The statements a projection emits for a sequence of events, in order (for tests). */
export const projectEvents = <E extends RecordedEvent>(
  projection: Projection<E>,
  events: readonly E[],
): SqlStatement[] => events.filter((e) => projectionHandles(projection, e.type)).flatMap((e) => projection.project(e));
