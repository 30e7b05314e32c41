/**
 * The embedded EventStore: one SQLite file (better-sqlite3, WAL). Durable by default
 * (synchronous=FULL: a committed append survives power loss, which matters because appends precede
 * calls to X and PayPal); appends issued together share one transaction and one fsync (group
 * commit). See docs/adr/0003-sqlite-event-store-durability.md.
 */
import type Database from 'better-sqlite3';
import { AppError } from '@core/shared/errors';
import { duplicateEventIdError } from '@core/eventstore/errors';
import type { AppendResult, EventStore, ExpectedRevision, NewEvent, SnapshotStore, StreamAppend } from '@core/eventstore/types';
import { prepareReads } from './reads';
import { openEventDatabase, probeHealth, storeIdentity, type Synchronous } from './schema';
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
  /**
   * Runs on the store's connection once it is set up. Tests cap the file with `max_page_count` to
   * act out a full disk: SQLite then refuses writes with SQLITE_FULL exactly as on ENOSPC.
   */
  onOpen?: (db: Database.Database) => void;
}

export interface SqliteEventStore extends EventStore {
  readonly kind: 'sqlite';
  appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]>;
  readonly snapshots: SnapshotStore;
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

/** The rows of a multi-stream append; an id used twice anywhere in it is refused up front. */
const toManyRows = (appends: readonly StreamAppend[]) => {
  const seen = new Set<string>();
  return appends.map((a) => {
    checkExpected(a.expectedRevision);
    const rows = toRows(a.stream, a.events);
    for (const row of rows) {
      if (seen.size === seen.add(row.id).size) throw duplicateEventIdError(a.stream, row.id, 'the id appears twice in one append');
    }
    return { stream: a.stream, expected: a.expectedRevision, rows };
  });
};

/** Snapshots in the same file, written outside the group commit (a lost one only costs a longer fold). */
const createSnapshots = (db: ReturnType<typeof openEventDatabase>, ensureOpen: () => void): SnapshotStore => {
  const loadStmt = db.prepare<[string], { revision: number; version: string; state: string }>('SELECT revision, version, state FROM snapshots WHERE stream = ?');
  const saveStmt = db.prepare<[string, number, string, string]>(
    `INSERT INTO snapshots (stream, revision, version, state) VALUES (?, ?, ?, ?)
     ON CONFLICT (stream) DO UPDATE SET revision = excluded.revision, version = excluded.version, state = excluded.state
     WHERE excluded.revision > snapshots.revision OR excluded.version <> snapshots.version`,
  );
  return {
    load: async (stream) => {
      ensureOpen();
      const row = loadStmt.get(stream);
      return row === undefined ? null : { revision: BigInt(row.revision), version: row.version, state: JSON.parse(row.state) as unknown };
    },
    save: async (stream, snapshot) => {
      ensureOpen();
      saveStmt.run(stream, Number(snapshot.revision), snapshot.version, serialise(snapshot.state, 'snapshot', stream));
    },
  };
};

export const createSqliteEventStore = (options: SqliteEventStoreOptions): SqliteEventStore => {
  const db = openEventDatabase(options.path, {
    synchronous: options.synchronous ?? 'FULL',
    busyTimeoutMs: options.busyTimeoutMs ?? 5_000,
  });
  options.onOpen?.(db);
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

  const snapshots = createSnapshots(db, ensureOpen);

  const identity = storeIdentity(db);
  // data_version moves when another connection (process) commits; total_changes when this one
  // writes. Together they move on every write to the file, for the price of one tiny statement.
  // (Two statements: the pragma alone is cheaper than one SELECT that joins the two.)
  const ownChanges = db.prepare<[], number>('SELECT total_changes()').pluck();
  const othersChanges = db.prepare<[], number>('PRAGMA data_version').pluck();

  return {
    kind: 'sqlite',
    identity: async () => identity,
    health: async () => {
      ensureOpen();
      return probeHealth(db);
    },
    append: (stream, events, expectedRevision) => {
      try {
        ensureOpen();
        checkExpected(expectedRevision);
        return writer.enqueue(stream, expectedRevision, toRows(stream, events));
      } catch (error) {
        return Promise.reject(error);
      }
    },
    appendMany: (appends) => {
      try {
        ensureOpen();
        return writer.enqueueMany(toManyRows(appends));
      } catch (error) {
        return Promise.reject(error);
      }
    },
    snapshots,
    erase: async (stream, redact, renameTo) => {
      ensureOpen();
      writer.flush();
      const events = reads.readStream(stream, undefined, undefined);
      const setData = db.prepare<[string, string]>('UPDATE events SET data = ? WHERE event_id = ?');
      const rename = db.prepare<[string, string]>('UPDATE events SET stream = ? WHERE stream = ?');
      const dropSnapshot = db.prepare<[string]>('DELETE FROM snapshots WHERE stream = ?');
      db.transaction(() => {
        for (const event of events) setData.run(serialise(redact(event), 'data', stream), event.id);
        if (renameTo !== undefined && renameTo !== stream) rename.run(renameTo, stream);
        dropSnapshot.run(stream);
      }).immediate();
      return events.length;
    },
    changeMark: () => {
      ensureOpen();
      return `${ownChanges.get()}:${othersChanges.get()}`;
    },
    readStream: async (stream, readOptions = {}) => {
      ensureOpen();
      if (readOptions.backwards === true) return reads.readStreamBackwards(stream, readOptions.fromRevision, readOptions.maxCount);
      return reads.readStream(stream, readOptions.fromRevision, readOptions.maxCount);
    },
    readStreams: async (streams, readOptions = {}) => {
      ensureOpen();
      return reads.readStreams(streams, readOptions.backwards === true, readOptions.maxCount);
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
