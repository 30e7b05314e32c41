// The product's store and raw better-sqlite3 on the same table, indexes and pragmas.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createSqliteEventStore, type SqliteEventStore } from '@adapters/eventstore-sqlite/index';
import { applySettings, EVENTS_DDL, type Synchronous } from '@adapters/eventstore-sqlite/schema';
import type { Appender } from './workload';

export interface Contender {
  append: Appender;
  close(): Promise<void>;
}

const streamName = (stream: number) => `bench-${stream}`;

export const openStore = (dir: string, file: string, synchronous: Synchronous): Contender & { store: SqliteEventStore } => {
  const store = createSqliteEventStore({ path: join(dir, file), synchronous });
  return {
    store,
    append: async (stream, revision, events) => {
      await store.append(streamName(stream), events, revision < 0 ? 'no_stream' : BigInt(revision));
    },
    close: () => store.close(),
  };
};

/**
 * The practical limit: a prepared INSERT of the same rows (data and metadata JSON-serialised, as
 * any store must), one transaction per append, no revision check, no idempotency, no promise.
 */
export const openRaw = (dir: string, file: string, synchronous: Synchronous): Contender => {
  const db = new Database(join(dir, file));
  applySettings(db, { synchronous, busyTimeoutMs: 5_000 });
  db.exec(EVENTS_DDL);
  const begin = db.prepare('BEGIN');
  const commit = db.prepare('COMMIT');
  const insert = db.prepare<[string, number, string, string, string, string]>(
    'INSERT INTO events (stream, revision, event_id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
  );
  return {
    append: (stream, revision, events) => {
      const name = streamName(stream);
      begin.run();
      let next = revision + 1;
      for (const e of events) {
        insert.run(name, next, e.id, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata));
        next += 1;
      }
      commit.run();
    },
    close: async () => {
      db.close();
    },
  };
};
