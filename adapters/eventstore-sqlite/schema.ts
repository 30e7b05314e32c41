/**
 * The event table and the connection settings of the SQLite event store.
 *
 * One table: the rowid is the global position (SQLite has one writer at a time and never reuses a
 * committed rowid while no row is deleted, so a reader polling `position > checkpoint` misses
 * nothing, unlike sequences in multi-writer databases). (stream, revision) is unique, which makes
 * the expected-revision check and the stream read one index lookup; event ids are unique for
 * idempotent re-sends. Beside it, `snapshots`: one folded state per stream (a cache any build may
 * drop or ignore; the events stay the truth), so adding it kept the schema version.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Position } from '@core/eventstore/types';
import { AppError } from '@core/shared/errors';
import { isDamagedFile, isDiskFull } from '@adapters/sqlite-faults';

export type Synchronous = 'NORMAL' | 'FULL';

/** Bumped when the layout changes; a file of another version is refused rather than misread. */
const SCHEMA_VERSION = 1;

export const EVENTS_DDL = `
CREATE TABLE IF NOT EXISTS events (
  position INTEGER PRIMARY KEY,
  stream   TEXT    NOT NULL,
  revision INTEGER NOT NULL,
  event_id TEXT    NOT NULL,
  type     TEXT    NOT NULL,
  data     TEXT    NOT NULL,
  metadata TEXT    NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS events_stream_revision ON events (stream, revision);
CREATE UNIQUE INDEX IF NOT EXISTS events_event_id ON events (event_id);
-- One row: this file's identity (a random UUID made when the file is created), which read
-- databases record to notice when they are pointed at another store.
CREATE TABLE IF NOT EXISTS store_identity (
  id TEXT NOT NULL
);
-- The health probe's row: written and removed by every write probe (see probeHealth).
CREATE TABLE IF NOT EXISTS health_probe (
  at     TEXT NOT NULL,
  filler BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS snapshots (
  stream   TEXT    PRIMARY KEY,
  revision INTEGER NOT NULL,
  version  TEXT    NOT NULL,
  state    TEXT    NOT NULL
) WITHOUT ROWID;
`;

export interface ConnectionSettings {
  synchronous: Synchronous;
  /** How long a writer waits for another process's write lock before failing (ms). */
  busyTimeoutMs: number;
}

/** The pragmas the store and the raw-insert benchmark share, so they compare like with like. */
export const applySettings = (db: Database.Database, settings: ConnectionSettings): void => {
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${settings.synchronous}`);
  db.pragma(`busy_timeout = ${settings.busyTimeoutMs}`);
  // Keeps the indexes' hot pages in memory (32 MiB; the default is 2 MiB).
  db.pragma('cache_size = -32768');
  // When to checkpoint (copy the WAL back into the database file and fsync it), tuned per mode
  // (docs/performance.md). NORMAL: commits never sync, so checkpoints are the main I/O cost; every
  // ~40 MB instead of SQLite's ~4 MB measured ~1.3x more single appends. FULL: every commit
  // fsyncs the WAL anyway; a WAL that keeps growing makes each fsync also journal the file's new
  // size, so a ~16 MB WAL, reused sooner, did best for single appends and within 5% for batches.
  db.pragma(`wal_autocheckpoint = ${settings.synchronous === 'FULL' ? 4_000 : 10_000}`);
  db.pragma('journal_size_limit = 67108864');
};

/** The event file cannot be read: said as what it is (the source of truth), never repaired here. */
export const damagedStoreError = (path: string, cause: unknown): AppError =>
  new AppError(
    'internal',
    `${path} (the event store: the source of truth, which nothing rebuilds) is damaged: ${cause instanceof Error ? cause.message : String(cause)}. ` +
      'Riposte changed nothing. Stop every Riposte process, keep a copy of the file (and its -wal file, if there is one), ' +
      'and restore it from a backup; the read model (read.db) is rebuilt from whatever events the store then holds.',
    { reason: 'EVENT_STORE_DAMAGED', cause },
  );

export const openEventDatabase = (path: string, settings: ConnectionSettings): Database.Database => {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  let db: Database.Database;
  try {
    db = new Database(path);
  } catch (error) {
    throw isDamagedFile(error) ? damagedStoreError(path, error) : error;
  }
  try {
    applySettings(db, settings);
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version !== 0 && version !== SCHEMA_VERSION) {
      throw new AppError('internal', `${path} holds event-store schema version ${version}; this build reads version ${SCHEMA_VERSION}`);
    }
    // IMMEDIATE: two processes opening a fresh file at once must not both half-create it.
    db.transaction(() => {
      db.exec(EVENTS_DDL);
      if (db.prepare('SELECT 1 FROM store_identity').get() === undefined) db.prepare('INSERT INTO store_identity (id) VALUES (?)').run(randomUUID());
      db.pragma(`user_version = ${SCHEMA_VERSION}`);
    }).immediate();
    return db;
  } catch (error) {
    db.close();
    throw isDamagedFile(error) ? damagedStoreError(path, error) : error;
  }
};

/** Positions are the rowid as fixed-width decimal, so string order is global order. */
export const toPosition = (rowid: number | bigint): Position => String(rowid).padStart(20, '0') as Position;

export const fromPosition = (position: Position | null | undefined): bigint => {
  if (position == null) return 0n;
  if (!/^\d{1,20}$/.test(position)) throw new AppError('validation', `Not a position of the SQLite event store: '${position}'`, { field: 'position' });
  return BigInt(position);
};

/** `sqlite:<uuid>`: the same for every process on this file, another for any other file. */
export const storeIdentity = (db: Database.Database): string => {
  const row = db.prepare<[], { id: string }>('SELECT id FROM store_identity LIMIT 1').get();
  if (row === undefined) throw new AppError('internal', 'The event store file has no identity row');
  return `sqlite:${row.id}`;
};

/** How much the write probe writes: a few pages, so it needs room as an append does. */
export const PROBE_BYTES = 16_384;

const probeError = (error: unknown): string =>
  isDiskFull(error)
    ? `The event store is out of storage space (${error instanceof Error ? error.message : String(error)}): every write is refused (507) until space is freed`
    : error instanceof Error
      ? error.message
      : String(error);

/**
 * A read, and a real write: a row of PROBE_BYTES inserted and deleted again in one committed
 * transaction. A transaction begun and rolled back proves only that the lock can be taken: on a
 * full disk it succeeds while every append fails with SQLITE_FULL, because a rollback writes
 * nothing. The commit puts the pages in the WAL (fsync'd under synchronous=FULL), so it fails when
 * an append would; it leaves no row. /healthz reuses its answer for a second, so this is at most
 * one small commit a second.
 */
export const probeHealth = (db: Database.Database) => {
  const attempt = (check: () => void) => {
    try {
      check();
      return { ok: true as const };
    } catch (error) {
      return { ok: false as const, error: probeError(error) };
    }
  };
  return {
    read: attempt(() => db.prepare('SELECT max(position) FROM events').get()),
    write: attempt(() => {
      if (db.inTransaction) return; // the writer holds it right now
      db.transaction(() => {
        db.prepare('INSERT INTO health_probe (at, filler) VALUES (?, zeroblob(?))').run(new Date().toISOString(), PROBE_BYTES);
        db.prepare('DELETE FROM health_probe').run();
      }).immediate();
    }),
  };
};
