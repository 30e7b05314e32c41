/**
 * Reads through the KurrentDB client: one stream in revision order, $all in global order without
 * system events, and the few single-event look-ups the append path needs.
 *
 * In client 1.x reads go through the client's native bridge. A bridge whose first connection or a
 * leader redirect failed keeps failing every read while appends still work, so each read asks
 * `clients.get()` for the current read client and reports a failure with `clients.failed()`,
 * which replaces a client that met a transport error (./read-client.ts).
 */
import {
  BACKWARDS,
  END,
  START,
  excludeSystemEvents,
  type KurrentDBClient,
  type RecordedEvent as KurrentRecordedEvent,
} from '@kurrent/kurrentdb-client';
import { AppError } from '@core/shared/errors';
import type { Position, RecordedEvent, StreamName } from '@core/eventstore/types';
import { isMissingStream, mapReadError } from './errors';
import { fromRecordedEvent, isSystemEvent } from './mapping';
import type { ReadClients } from './read-client';
import { compareLogPositions, encodePosition, type LogPosition } from './positions';

/** Where an empty store "is": before every position KurrentDB can issue. */
export const ORIGIN: Position = encodePosition({ commit: 0n, prepare: 0n });

const positionOf = (event: KurrentRecordedEvent): LogPosition => {
  if (event.position === undefined) {
    // Stream reads carry positions since EventStoreDB 22.6; older servers cannot back this port.
    throw new AppError('internal', `KurrentDB returned event ${event.id} without its position; use KurrentDB (or EventStoreDB 22.10+)`);
  }
  return event.position;
};

export const createReads = (clients: ReadClients, pageSize: number, concurrency = 16) => {
  /** Runs one read on the current client; a failure is reported so a broken client is replaced. */
  const withClient = async <T>(read: (client: KurrentDBClient) => Promise<T>): Promise<T> => {
    const client = clients.get();
    try {
      return await read(client);
    } catch (error) {
      clients.failed(client, error);
      throw error;
    }
  };

  const readStream = async (
    stream: StreamName,
    options: { fromRevision?: bigint; maxCount?: number; backwards?: boolean; requiresLeader?: boolean } = {},
  ): Promise<RecordedEvent[]> => {
    if (options.maxCount !== undefined && options.maxCount <= 0) return [];
    const events: RecordedEvent[] = [];
    try {
      await withClient(async (client) => {
      const reading = client.readStream(stream, {
        fromRevision: options.fromRevision ?? (options.backwards === true ? END : START),
        maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
        ...(options.backwards === true ? { direction: BACKWARDS } : {}),
        ...(options.requiresLeader === true ? { requiresLeader: true } : {}),
      });
      for await (const resolved of reading) {
        if (resolved.event === undefined) continue;
        events.push(fromRecordedEvent(resolved.event, encodePosition(positionOf(resolved.event))));
      }
      });
    } catch (error) {
      if (isMissingStream(error)) return [];
      throw mapReadError(error, `read of '${stream}'`);
    }
    return events;
  };

  /**
   * Several streams, answered in the order given. KurrentDB has no multi-stream read, so they are
   * read in parallel (backwards when asked: its native direction), at most `concurrency` at a
   * time so that a schedule with thousands of replies neither opens thousands of reads at once nor
   * waits for them one by one. The first failure stops taking new streams and is thrown.
   */
  const readStreams = async (streams: readonly StreamName[], options: { maxCount?: number; backwards?: boolean } = {}): Promise<RecordedEvent[][]> => {
    const answer: RecordedEvent[][] = streams.map(() => []);
    const one = { ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }), ...(options.backwards === true ? { backwards: true } : {}) };
    let next = 0;
    let failed = false;
    const worker = async () => {
      while (!failed && next < streams.length) {
        const i = next++;
        try {
          answer[i] = await readStream(streams[i]!, one);
        } catch (error) {
          failed = true;
          throw error;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(Math.max(1, concurrency), streams.length) }, worker));
    return answer;
  };

  /**
   * Pages through $all after `after`. The server filters system events out (and we check again);
   * each page asks for one event more than it needs because a read from a position may include the
   * event at that position, which is dropped here: the port's `after` is exclusive.
   */
  const readAll = async (after: LogPosition | null, maxCount: number): Promise<RecordedEvent[]> => {
    const events: RecordedEvent[] = [];
    let cursor = after;
    while (events.length < maxCount) {
      const want = Math.min(maxCount - events.length, pageSize) + 1;
      let received = 0;
      try {
        await withClient(async (client) => {
        for await (const resolved of client.readAll({ fromPosition: cursor ?? START, maxCount: want, filter: excludeSystemEvents() })) {
          received += 1;
          const event = resolved.event;
          if (event === undefined) continue;
          if (cursor !== null && compareLogPositions(event.position, cursor) <= 0) continue;
          cursor = event.position;
          if (isSystemEvent(event)) continue;
          events.push(fromRecordedEvent(event, encodePosition(event.position)));
          if (events.length === maxCount) break;
        }
        });
      } catch (error) {
        throw mapReadError(error, 'read of $all');
      }
      if (received < want) break; // the end of $all
    }
    return events;
  };

  /**
   * The position of the last non-system event in $all, or ORIGIN for an empty store. Reads a few
   * back in case the server-side filter let system records through.
   */
  const head = async (): Promise<Position> => {
    try {
      return await withClient(async (client) => {
        for await (const resolved of client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 100, filter: excludeSystemEvents() })) {
          if (resolved.event !== undefined && !isSystemEvent(resolved.event)) return encodePosition(resolved.event.position);
        }
        return ORIGIN;
      });
    } catch (error) {
      throw mapReadError(error, 'read of the end of $all');
    }
  };

  return { readStream, readStreams, readAll, head };
};

export type Reads = ReturnType<typeof createReads>;
