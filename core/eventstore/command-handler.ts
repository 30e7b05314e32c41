/**
 * The one write path of every capability: load the stream's state (./load-state.ts: a fold of
 * `evolve`, from a snapshot when the decider keeps them), `decide`, append with the revision that
 * was read. Another writer may have appended in between; then the store refuses
 * (WrongExpectedRevisionError) and the command is decided again on fresh state, a bounded number of
 * times, because a decision taken on stale state may no longer be valid.
 *
 * Domain events are `{ type, data }` (the shape the store records); ids and time come in as
 * arguments so the core stays pure.
 */
import { AppError } from '@core/shared/errors';
import type { Decider } from '@core/shared/decider';
import { isWrongExpectedRevision } from './errors';
import { loadState } from './load-state';
import type { EventMetadata, EventStore, NewEvent, Position, StreamName } from './types';

export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

export interface HandleCommandOptions {
  /** Actor, correlation, causation and time of the events this command produces. */
  metadata: EventMetadata;
  /** A fresh event id (UUID) per call; the adapter layer passes crypto.randomUUID. */
  newId: () => string;
  /** Re-decisions after a conflict before giving up (default 3: up to 4 attempts). */
  maxRetries?: number;
  /**
   * The revision the caller last saw (an HTTP If-Match). When given, a stream that has moved on is
   * a conflict straight away: the caller decided on what it saw, so re-deciding silently is wrong.
   */
  expectedRevision?: bigint | 'no_stream';
}

export interface HandleCommandResult<Event, State> {
  /** What was appended (empty when the decision was to do nothing). */
  events: Event[];
  /** The state after the new events. */
  state: State;
  /** Revision of the stream's last event, or 'no_stream' when it still has none. */
  revision: bigint | 'no_stream';
  /** Global position of the last appended event; null when nothing was appended. */
  position: Position | null;
}

export const DEFAULT_MAX_RETRIES = 3;

export const handleCommand = async <Command, Event extends DomainEvent, State>(
  store: EventStore,
  streamName: StreamName,
  decider: Decider<Command, Event, State>,
  command: Command,
  options: HandleCommandOptions,
): Promise<HandleCommandResult<Event, State>> => {
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  if (!Number.isInteger(maxRetries) || maxRetries < 0) {
    throw new AppError('internal', `maxRetries must be a non-negative integer, got ${maxRetries}`);
  }
  for (let attempt = 0; ; attempt += 1) {
    const { state, revision } = await loadState(store, streamName, decider);
    if (options.expectedRevision !== undefined && options.expectedRevision !== revision) {
      throw new AppError(
        'conflict',
        `'${streamName}' has changed since it was read (now at ${String(revision)}, expected ${String(options.expectedRevision)})`,
        { reason: 'STALE_REVISION' },
      );
    }
    const events = decider.decide(command, state);
    if (events.length === 0) return { events, state, revision, position: null };

    const toAppend: NewEvent[] = events.map((e) => ({
      id: options.newId(),
      type: e.type,
      data: e.data,
      metadata: options.metadata,
    }));
    try {
      const appended = await store.append(streamName, toAppend, revision);
      return {
        events,
        state: events.reduce(decider.evolve, state),
        revision: appended.nextExpectedRevision,
        position: appended.position,
      };
    } catch (error) {
      if (!isWrongExpectedRevision(error)) throw error;
      if (options.expectedRevision !== undefined) {
        throw new AppError('conflict', `'${streamName}' has changed since it was read`, {
          reason: 'STALE_REVISION',
          cause: error,
        });
      }
      if (attempt >= maxRetries) {
        throw new AppError(
          'conflict',
          `'${streamName}' kept changing while the command was handled; gave up after ${attempt + 1} attempt(s)`,
          { reason: 'CONCURRENCY_CONFLICT', cause: error },
        );
      }
    }
  }
};
