/**
 * The scale-out EventStore: KurrentDB (formerly EventStoreDB) through its official gRPC client,
 * `@kurrent/kurrentdb-client`. See docs/adr/0004-kurrentdb-client.md.
 *
 * The port maps almost one to one: revisions are KurrentDB's own (0-based), expected revisions are
 * the client's `streamState`, the event id is KurrentDB's event id (so a re-sent append is
 * recognised by the server), positions encode $all's (commit, prepare) pair (./positions.ts).
 */
import { excludeSystemEvents, KurrentDBClient, START } from '@kurrent/kurrentdb-client';
import { AppError } from '@core/shared/errors';
import { WrongExpectedRevisionError } from '@core/eventstore/errors';
import type { AppendResult, EventStore, ExpectedRevision, StreamName, Subscription } from '@core/eventstore/types';
import { mapAppendError } from './errors';
import { toEventData, toStreamState } from './mapping';
import { decodePosition, encodePosition } from './positions';
import { createReads, type Reads } from './reads';
import { wrapSubscription } from './subscription';

export { decodePosition, encodePosition } from './positions';

export interface KurrentEventStoreOptions {
  /** e.g. `kurrentdb://localhost:2113?tls=false` (esdb:// and kurrentdb+discover:// work too). */
  connectionString: string;
  /** Events per request while reading $all (default 500). */
  readPageSize?: number;
}

const meets = (expected: ExpectedRevision, actual: bigint | 'no_stream'): boolean =>
  expected === 'any' ||
  (expected === 'no_stream' ? actual === 'no_stream' : expected === 'stream_exists' ? actual !== 'no_stream' : actual === expected);

/**
 * An append of no events writes nothing, so it is answered by reading: the expectation is checked
 * and the stream's end (or the store's, for a stream that does not exist) is returned.
 */
const appendNothing = async (reads: Reads, stream: StreamName, expected: ExpectedRevision): Promise<AppendResult> => {
  const [last] = await reads.readStream(stream, { backwards: true, maxCount: 1, requiresLeader: true });
  const actual = last?.revision ?? 'no_stream';
  if (!meets(expected, actual)) throw new WrongExpectedRevisionError(stream, expected, actual);
  return { nextExpectedRevision: last?.revision ?? -1n, position: last?.position ?? (await reads.head()) };
};

export const createKurrentEventStore = (options: KurrentEventStoreOptions): EventStore => {
  let client: KurrentDBClient;
  try {
    client = KurrentDBClient.connectionString(options.connectionString);
  } catch (cause) {
    // The string itself is not repeated: it may carry a password.
    throw new AppError('validation', `Not a KurrentDB connection string: ${cause instanceof Error ? cause.message : String(cause)}`, {
      field: 'connectionString',
      cause,
    });
  }
  const reads = createReads(client, options.readPageSize ?? 500);
  const subscriptions = new Set<Subscription>();
  let closed = false;

  const ensureOpen = () => {
    if (closed) throw new AppError('unavailable', 'The KurrentDB event store is closed');
  };

  const append = async (stream: StreamName, events: Parameters<EventStore['append']>[1], expected: ExpectedRevision): Promise<AppendResult> => {
    ensureOpen();
    const streamState = toStreamState(expected);
    const data = toEventData(stream, events);
    if (data.length === 0) return appendNothing(reads, stream, expected);

    let written;
    try {
      written = await client.appendToStream(stream, data, { streamState });
    } catch (error) {
      throw mapAppendError(stream, expected, error);
    }
    // The server answers with its commit position only (the same number in both halves), which is
    // not the $all position of the batch's last event; nor does an idempotent re-send say where the
    // first write landed. Reading that one event back gives the exact position either way.
    const [last] = await reads.readStream(stream, { fromRevision: written.nextExpectedRevision, maxCount: 1, requiresLeader: true });
    if (last !== undefined) return { nextExpectedRevision: written.nextExpectedRevision, position: last.position };
    // The event was deleted or truncated meanwhile: the commit position is the best bound left.
    if (written.position !== undefined) {
      return { nextExpectedRevision: written.nextExpectedRevision, position: encodePosition(written.position) };
    }
    throw new AppError('internal', `KurrentDB accepted the append to '${stream}' but its last event cannot be read back`);
  };

  return {
    kind: 'kurrentdb',
    append,
    readStream: async (stream, readOptions = {}) => {
      ensureOpen();
      return reads.readStream(stream, readOptions);
    },
    readAll: async (readOptions = {}) => {
      ensureOpen();
      const after = readOptions.after == null ? null : decodePosition(readOptions.after);
      return reads.readAll(after, readOptions.maxCount ?? Number.POSITIVE_INFINITY);
    },
    subscribe: (subscribeOptions = {}) => {
      ensureOpen();
      const after = subscribeOptions.after == null ? null : decodePosition(subscribeOptions.after);
      const source = client.subscribeToAll({ fromPosition: after ?? START, filter: excludeSystemEvents() });
      const subscription = wrapSubscription(source, after, () => subscriptions.delete(subscription));
      subscriptions.add(subscription);
      return subscription;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((s) => s.close()));
      await client.dispose();
    },
  };
};
