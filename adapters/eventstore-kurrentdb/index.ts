/**
 * The scale-out EventStore: KurrentDB (formerly EventStoreDB) through its official gRPC client,
 * `@kurrent/kurrentdb-client`. See docs/adr/0004-kurrentdb-client.md.
 *
 * The port maps almost one to one: revisions are KurrentDB's own (0-based), expected revisions are
 * the client's `streamState`, the event id is KurrentDB's event id (so a re-sent append is
 * recognised by the server), positions encode $all's (commit, prepare) pair (./positions.ts).
 *
 * Two clients: the writer (appends one gRPC call each with a deadline, and subscriptions) and the
 * reader (the client's native read bridge), which is replaced when it breaks (./read-client.ts).
 * Both get the decoded credentials explicitly (./connection.ts).
 */
import { randomUUID } from 'node:crypto';
import { ANY, excludeSystemEvents, NO_STREAM, START, WrongExpectedVersionError, type KurrentDBClient } from '@kurrent/kurrentdb-client';
import { AppError } from '@core/shared/errors';
import { WrongExpectedRevisionError } from '@core/eventstore/errors';
import { eraseByCopy } from '@core/eventstore/erasure-copies';
import type { AppendResult, EventStore, ExpectedRevision, HealthProbe, Position, StreamName, Subscription } from '@core/eventstore/types';
import { makeClient, parseConnection, type ParsedConnection } from './connection';
import { mapAppendError } from './errors';
import { IDENTITY_STREAM, toEventData, toStreamState } from './mapping';
import { decodePosition, encodePosition } from './positions';
import { createReadClients } from './read-client';
import { createReads, type Reads } from './reads';
import { wrapSubscription } from './subscription';

export { decodePosition, encodePosition } from './positions';
export { parseConnection } from './connection';

/** The subset of pino the adapter uses. */
export interface KurrentLogger {
  warn(obj: Record<string, unknown>, msg: string): void;
}

export interface KurrentEventStoreOptions {
  /** e.g. `kurrentdb://localhost:2113?tls=false` (esdb:// and kurrentdb+discover:// work too). */
  connectionString: string;
  /** Events per request while reading $all (default 500). */
  readPageSize?: number;
  /** Streams one `readStreams` call reads at the same time (default 16; KurrentDB has no multi-stream read). */
  readConcurrency?: number;
  /** How long one append may take before it fails as "may have been written" (default 10,000 ms). */
  appendDeadlineMs?: number;
  /** How long the health probes wait (default 2,000 ms). */
  probeDeadlineMs?: number;
  /** A read client that failed on the transport is replaced at most this often (default 1,000 ms). */
  readClientMinIntervalMs?: number;
  logger?: KurrentLogger;
  /** Makes the clients (tests give fakes); default: the real client, credentials set explicitly. */
  makeClient?: (connection: ParsedConnection) => KurrentDBClient;
}

/** The stream the write probe "appends" nothing to. */
export const HEALTH_STREAM = 'riposte-health';

/**
 * Where an append whose position cannot be known is said to be: after every real position, so a
 * `waitFor` on it times out (the caller answers "pending") instead of passing too early.
 */
const UNKNOWN_POSITION = encodePosition({ commit: (1n << 64n) - 1n, prepare: (1n << 64n) - 1n });

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

/** The promise, or a failure once `ms` have passed without an answer. */
const withinDeadline = <T>(work: Promise<T>, ms: number, what: string): Promise<T> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`KurrentDB did not answer the ${what} within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
};

const probe = async (check: () => Promise<unknown>): Promise<HealthProbe> => {
  try {
    await check();
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
};

export const createKurrentEventStore = (options: KurrentEventStoreOptions): EventStore => {
  const connection = parseConnection(options.connectionString);
  const make = () => (options.makeClient ?? makeClient)(connection);
  const appendDeadlineMs = options.appendDeadlineMs ?? 10_000;
  const probeDeadlineMs = options.probeDeadlineMs ?? 2_000;
  const logger = options.logger;
  const writer = make();
  const readers = createReadClients({
    make,
    ...(options.readClientMinIntervalMs === undefined ? {} : { minIntervalMs: options.readClientMinIntervalMs }),
    onReplace: (err) => logger?.warn({ err }, 'KurrentDB: a read failed on the transport; the read client is replaced'),
  });
  const reads = createReads(readers, options.readPageSize ?? 500, options.readConcurrency ?? 16);
  const subscriptions = new Set<Subscription>();
  let closed = false;

  const ensureOpen = () => {
    if (closed) throw new AppError('unavailable', 'The KurrentDB event store is closed');
  };

  /**
   * The exact $all position of the append's last event. The server answers with its commit
   * position only (the same number in both halves), which is not the $all position of the batch's
   * last event; nor does an idempotent re-send say where the first write landed. Reading that one
   * event back gives the exact position. The events are written by then, so a failed read-back
   * never fails the append: the server's position, or failing that UNKNOWN_POSITION, stands in.
   */
  const positionAfter = async (stream: StreamName, revision: bigint, serverPosition: { commit: bigint; prepare: bigint } | undefined): Promise<Position> => {
    try {
      const [last] = await reads.readStream(stream, { fromRevision: revision, maxCount: 1, requiresLeader: true });
      if (last !== undefined) return last.position;
    } catch (err) {
      logger?.warn({ err, stream }, "KurrentDB: an append succeeded but its position could not be read back; using the server's");
    }
    // Deleted or truncated meanwhile, or the read failed: the commit position is the best bound left.
    return serverPosition !== undefined ? encodePosition(serverPosition) : UNKNOWN_POSITION;
  };

  const append = async (stream: StreamName, events: Parameters<EventStore['append']>[1], expected: ExpectedRevision): Promise<AppendResult> => {
    ensureOpen();
    const streamState = toStreamState(expected);
    const data = toEventData(stream, events);
    if (data.length === 0) return appendNothing(reads, stream, expected);

    let written;
    try {
      written = await writer.appendToStream(stream, data, { streamState, deadline: appendDeadlineMs });
    } catch (error) {
      throw mapAppendError(stream, expected, error);
    }
    if (!written.success) {
      // Only with throwOnAppendFailure=false, which connection.ts refuses; never report it as written.
      throw new WrongExpectedRevisionError(stream, expected, written.nextExpectedRevision >= 0n ? written.nextExpectedRevision : 'no_stream');
    }
    return { nextExpectedRevision: written.nextExpectedRevision, position: await positionAfter(stream, written.nextExpectedRevision, written.position) };
  };

  /**
   * Sets the stream's "truncate before" ($tb in its metadata stream), keeping whatever other
   * metadata an operator set (max age, ACLs). Reads then skip the events before `revision`; they
   * stay in $all, and on disk, until a scavenge removes them (docs/adr/0028, addendum).
   */
  const truncateBefore = async (stream: StreamName, revision: bigint): Promise<void> => {
    const reader = readers.get();
    let current: Awaited<ReturnType<KurrentDBClient['getStreamMetadata']>>;
    try {
      current = await reader.getStreamMetadata(stream, { requiresLeader: true });
    } catch (error) {
      readers.failed(reader, error);
      throw mapAppendError(stream, 'any', error);
    }
    try {
      await writer.setStreamMetadata(stream, { ...(current.metadata ?? {}), truncateBefore: Number(revision) }, { deadline: appendDeadlineMs });
    } catch (error) {
      throw mapAppendError(stream, 'any', error);
    }
  };

  /**
   * `kurrentdb:<uuid>`: the id in the first event of IDENTITY_STREAM, written by whichever process
   * asks first (no_stream, so two processes agree on one). The adapter hides that stream from $all.
   */
  const identity = async (): Promise<string> => {
    ensureOpen();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const [first] = await reads.readStream(IDENTITY_STREAM, { maxCount: 1, requiresLeader: true });
      const id = (first?.data as { id?: unknown } | undefined)?.id;
      if (typeof id === 'string') return `kurrentdb:${id}`;
      try {
        const mine = randomUUID();
        await writer.appendToStream(
          IDENTITY_STREAM,
          [{ id: randomUUID(), contentType: 'application/json', type: 'RiposteStoreIdentified', data: { id: mine }, metadata: {} }],
          { streamState: NO_STREAM, deadline: appendDeadlineMs },
        );
        return `kurrentdb:${mine}`;
      } catch (error) {
        // Another process named the store first: read its id.
        if (!(error instanceof WrongExpectedVersionError)) throw mapAppendError(IDENTITY_STREAM, 'no_stream', error);
      }
    }
    throw new AppError('unavailable', 'KurrentDB: the store identity could not be read or written', { reason: 'STORE_UNAVAILABLE' });
  };

  return {
    kind: 'kurrentdb',
    append,
    identity,
    health: async () => {
      ensureOpen();
      const [read, write] = await Promise.all([
        // A server that takes the call and goes silent must not hold /healthz: the read is bounded.
        probe(() => withinDeadline(reads.readStream(HEALTH_STREAM, { backwards: true, maxCount: 1, requiresLeader: true }), probeDeadlineMs, 'read probe')),
        // An append of no events writes nothing but goes the whole way through the append path.
        probe(() =>
          writer.appendToStream(HEALTH_STREAM, [], { streamState: ANY, deadline: probeDeadlineMs }).catch((error: unknown) => {
            throw mapAppendError(HEALTH_STREAM, 'any', error);
          }),
        ),
      ]);
      return { read, write };
    },
    /**
     * KurrentDB cannot rewrite an event: copy-and-truncate (core/eventstore/erasure-copies.ts).
     * `renameTo` is ignored: a stream cannot be renamed, and deleting a reservation stream would
     * make its value hard to reserve again (see docs/adr/0028, addendum); its copies hold the
     * reservation released, with the value redacted.
     */
    erase: async (stream, redact) => {
      ensureOpen();
      const leaderReads = { readStream: (name: StreamName) => reads.readStream(name, { requiresLeader: true }), append, truncateBefore };
      return eraseByCopy(leaderReads, stream, redact, randomUUID);
    },
    readStream: async (stream, readOptions = {}) => {
      ensureOpen();
      return reads.readStream(stream, readOptions);
    },
    readStreams: async (streams, readOptions = {}) => {
      ensureOpen();
      return reads.readStreams(streams, readOptions);
    },
    readAll: async (readOptions = {}) => {
      ensureOpen();
      const after = readOptions.after == null ? null : decodePosition(readOptions.after);
      return reads.readAll(after, readOptions.maxCount ?? Number.POSITIVE_INFINITY);
    },
    subscribe: (subscribeOptions = {}) => {
      ensureOpen();
      const after = subscribeOptions.after == null ? null : decodePosition(subscribeOptions.after);
      const source = writer.subscribeToAll({ fromPosition: after ?? START, filter: excludeSystemEvents() });
      const subscription = wrapSubscription(source, after, () => subscriptions.delete(subscription));
      subscriptions.add(subscription);
      return subscription;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((s) => s.close()));
      await Promise.all([writer.dispose(), readers.close()]);
    },
  };
};

