/**
 * The embedded EventStore: one SQLite file (better-sqlite3, WAL). Durable by default
 * (synchronous=FULL: a committed append survives power loss, which matters because appends precede
 * calls to X and PayPal); appends issued together share one transaction and one fsync (group
 * commit). See docs/adr/0003-sqlite-event-store-durability.md.
 */
import { AppError } from '@core/shared/errors';
import { duplicateEventIdError } from '@core/eventstore/errors';
import type { EventStore, ExpectedRevision, NewEvent } from '@core/eventstore/types';
import { prepareReads } from './reads';
import { openEventDatabase, type Synchronous } from './schema';
import { createSubscriptions } from './subscriptions';
import { createWriter, type EventRowInput } from './writer';

export type { Synchronous } from './schema';

export interface SqliteEventStoreOptions {
  /** The database file (created with its folder if missing), or ':memory:' for throwaway stores. */
  path: string;
  /** 'FULL' (default): durable on power loss. 'NORMAL': a power cut may lose the last commits. */
  synchronous?: Synchronous;
  /** How long an append waits for another process's write lock (default 5,000 ms). */
  busyTimeoutMs?: number;
  /** How often an idle subscription looks for events written by other processes (default 250 ms). */
  pollIntervalMs?: number;
  /** Events read per query while a subscription catches up (default 500). */
  catchUpPageSize?: number;
}

export interface SqliteEventStore extends EventStore {
  readonly kind: 'sqlite';
  /** Write transactions and appends so far (appends / transactions = the group-commit factor). */
  stats(): { transactions: number; appends: number };
}

const serialise = (value: unknown, what: string, stream: string): string => {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch (cause) {
    throw new AppError('validation', `The ${what} of an event for '${stream}' is not JSON-serialisable`, { cause });
  }
};

const checkExpected = (expected: ExpectedRevision): void => {
  if (typeof expected === 'bigint' ? expected < 0n : !['any', 'no_stream', 'stream_exists'].includes(expected)) {
    throw new AppError('validation', `Not an expected revision: ${String(expected)}`, { field: 'expectedRevision' });
  }
};

const toRows = (stream: string, events: readonly NewEvent[]): EventRowInput[] => {
  const rows = events.map((e): EventRowInput => {
    if (typeof e.id !== 'string' || e.id === '') throw new AppError('validation', 'An event needs an id', { field: 'id' });
    if (typeof e.type !== 'string' || e.type === '') throw new AppError('validation', 'An event needs a type', { field: 'type' });
    return { id: e.id, type: e.type, data: serialise(e.data, 'data', stream), metadata: serialise(e.metadata, 'metadata', stream) };
  });
  if (rows.length > 1 && new Set(rows.map((r) => r.id)).size !== rows.length) {
    const seen = new Set<string>();
    const twice = rows.find((r) => seen.size === seen.add(r.id).size);
    throw duplicateEventIdError(stream, twice?.id ?? '?', 'the id appears twice in one append');
  }
  return rows;
};

export const createSqliteEventStore = (options: SqliteEventStoreOptions): SqliteEventStore => {
  const db = openEventDatabase(options.path, {
    synchronous: options.synchronous ?? 'FULL',
    busyTimeoutMs: options.busyTimeoutMs ?? 5_000,
  });
  const reads = prepareReads(db);
  const subscriptions = createSubscriptions(reads, {
    pollIntervalMs: options.pollIntervalMs ?? 250,
    pageSize: options.catchUpPageSize ?? 500,
  });
  const writer = createWriter(db, reads, subscriptions.notify);
  let closed = false;

  const ensureOpen = () => {
    if (closed) throw new AppError('unavailable', `The event store ${options.path} is closed`);
  };

  return {
    kind: 'sqlite',
    append: (stream, events, expectedRevision) => {
      try {
        ensureOpen();
        checkExpected(expectedRevision);
        return writer.enqueue(stream, expectedRevision, toRows(stream, events));
      } catch (error) {
        return Promise.reject(error);
      }
    },
    readStream: async (stream, readOptions = {}) => {
      ensureOpen();
      return reads.readStream(stream, readOptions.fromRevision, readOptions.maxCount);
    },
    readAll: async (readOptions = {}) => {
      ensureOpen();
      return reads.readAll(readOptions.after, readOptions.maxCount);
    },
    subscribe: (subscribeOptions) => {
      ensureOpen();
      return subscriptions.subscribe(subscribeOptions);
    },
    stats: () => ({ ...writer.stats }),
    close: async () => {
      if (closed) return;
      closed = true;
      writer.flush(); // appends already accepted are written, not dropped
      subscriptions.closeAll();
      db.close();
    },
  };
};
