/**
 * The SQLite read database: opening it, telling whether it still matches the projections, and
 * deleting it. It holds only derived data, so it trades durability for speed (WAL with
 * synchronous=NORMAL: a power cut may lose the last batches, which the projector re-applies from
 * the event store because their checkpoints are lost with them).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Position } from '@core/eventstore/types';
import type { Projection } from '@core/shared/projection';
import { AppError } from '@core/shared/errors';

export type ReadDb = Database.Database;

/** The runner's own table: one row per projection, its checkpoint written with its rows. */
export const META_TABLE = 'riposte_projections';
/** Bumped when the runner's own layout changes; a read database of another format is rebuilt. */
const FORMAT = 1;

export const isMemoryPath = (path: string): boolean => path === ':memory:';

/** Statements kept per connection; lists that build `IN (?, ?, ...)` make many shapes of one query. */
const STATEMENTS_KEPT = 500;

/**
 * `db.prepare` that keeps what it compiled: every read of the API prepares its query on every
 * request, and compiling one costs more than running it on a short list (bench:api). A kept
 * statement is handed out with its modes back at their defaults (a caller may have set pluck or
 * raw on it); one that is in use (an iteration in progress) is not handed out again: that call
 * gets a fresh one.
 */
const keepStatements = (db: ReadDb): void => {
  const prepare = db.prepare.bind(db);
  const kept = new Map<string, Database.Statement>();
  const cached = (source: string): Database.Statement => {
    const stmt = kept.get(source);
    if (stmt !== undefined && !stmt.busy) {
      kept.delete(source);
      kept.set(source, stmt);
      if (stmt.reader) stmt.pluck(false).raw(false).expand(false).safeIntegers(false);
      return stmt;
    }
    const fresh = prepare(source);
    if (stmt === undefined) {
      kept.set(source, fresh);
      if (kept.size > STATEMENTS_KEPT) kept.delete(kept.keys().next().value as string);
    }
    return fresh;
  };
  db.prepare = cached as ReadDb['prepare'];
};

export const openReadDb = (path: string): ReadDb => {
  if (!isMemoryPath(path)) mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  keepStatements(db);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // Another process may read (or, rarely, project into) the same file: wait for its lock.
  db.pragma('busy_timeout = 5000');
  db.pragma('temp_store = MEMORY');
  // 64 MiB of page cache keeps a rebuild's indexes in memory.
  db.pragma('cache_size = -65536');
  // Checkpoint every ~40 MB of WAL rather than ~4 MB: a catch-up batch dirties many index pages,
  // and each checkpoint copies them again (the event store does the same; docs/performance.md).
  db.pragma('wal_autocheckpoint = 10000');
  db.pragma('journal_size_limit = 67108864');
  return db;
};

/** Whitespace-insensitive fingerprint of a projection's DDL. */
export const schemaHash = (schema: readonly string[]): string =>
  createHash('sha256')
    .update(JSON.stringify(schema.map((ddl) => ddl.replace(/\s+/g, ' ').trim())))
    .digest('hex')
    .slice(0, 32);

interface MetaRow {
  name: string;
  version: number;
  schema_hash: string;
  position: string | null;
}

type Inspection =
  | { kind: 'empty' }
  | { kind: 'ours'; format: number; rows: MetaRow[] }
  | { kind: 'foreign'; tables: string[] };

const inspect = (db: ReadDb): Inspection => {
  const tables = db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all()
    .map((t) => t.name);
  if (tables.includes(META_TABLE)) {
    const format = db.pragma('user_version', { simple: true }) as number;
    const rows = db.prepare<[], MetaRow>(`SELECT name, version, schema_hash, position FROM ${META_TABLE}`).all();
    return { kind: 'ours', format, rows };
  }
  return tables.length === 0 ? { kind: 'empty' } : { kind: 'foreign', tables };
};

const refuseForeign = (path: string, tables: string[]): never => {
  throw new AppError(
    'internal',
    `Refusing to use ${path} as the projections' read database: it holds other tables (${tables.slice(0, 5).join(', ')}) ` +
      `and no ${META_TABLE} table. Is the path pointing at the event store?`,
    { reason: 'NOT_A_READ_DATABASE' },
  );
};

/** Why the read database must be rebuilt for these projections, or null when it still fits. */
export const staleReason = (db: ReadDb, path: string, projections: readonly Projection[]): string | null => {
  const found = inspect(db);
  if (found.kind === 'empty') return null;
  if (found.kind === 'foreign') return refuseForeign(path, found.tables);
  if (found.format !== FORMAT) return `read database format ${found.format} is not ${FORMAT}`;
  const wanted = new Map(projections.map((p) => [p.name, p]));
  for (const row of found.rows) {
    const p = wanted.get(row.name);
    if (p === undefined) return `projection ${row.name} was removed`;
    if (p.version !== row.version) return `projection ${row.name} went from version ${row.version} to ${p.version}`;
    if (schemaHash(p.schema) !== row.schema_hash) return `projection ${row.name} changed its schema`;
  }
  return null;
};

/**
 * Creates the runner's table and the tables of every projection not installed yet (a projection
 * added later starts from the beginning of the store; the others keep their checkpoints), and
 * returns every checkpoint.
 */
export const installProjections = (db: ReadDb, projections: readonly Projection[]): Map<string, Position | null> => {
  const install = db.transaction(() => {
    db.exec(
      `CREATE TABLE IF NOT EXISTS ${META_TABLE} (
         name TEXT PRIMARY KEY, version INTEGER NOT NULL, schema_hash TEXT NOT NULL, position TEXT
       ) STRICT`,
    );
    db.exec(LAST_EVENT_DDL);
    db.pragma(`user_version = ${FORMAT}`);
    const installed = new Set(db.prepare<[], { name: string }>(`SELECT name FROM ${META_TABLE}`).all().map((r) => r.name));
    const insert = db.prepare(`INSERT INTO ${META_TABLE} (name, version, schema_hash, position) VALUES (?, ?, ?, NULL)`);
    for (const p of projections) {
      if (installed.has(p.name)) continue;
      for (const ddl of p.schema) {
        try {
          db.exec(ddl);
        } catch (cause) {
          throw new AppError('internal', `Projection ${p.name}: its schema failed on "${ddl.slice(0, 80)}": ${String(cause)}`, { cause });
        }
      }
      insert.run(p.name, p.version, schemaHash(p.schema));
    }
  });
  install();
  const rows = db.prepare<[], MetaRow>(`SELECT name, version, schema_hash, position FROM ${META_TABLE}`).all();
  return new Map(rows.map((r) => [r.name, r.position as Position | null]));
};

/**
 * Which event store the rows were built from (EventStore.identity): one row. A read database built
 * from another store (another SQLite file, another KurrentDB) holds rows and checkpoints that mean
 * nothing here, so the projector rebuilds it (docs/adr/0005-projections.md).
 */
export const STORE_TABLE = 'riposte_store';

export const recordedStoreIdentity = (db: ReadDb): string | null => {
  const exists = db.prepare<[string], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?").get(STORE_TABLE);
  if (exists === undefined) return null;
  return db.prepare<[], { identity: string }>(`SELECT identity FROM ${STORE_TABLE} LIMIT 1`).get()?.identity ?? null;
};

export const recordStoreIdentity = (db: ReadDb, identity: string): void => {
  db.transaction(() => {
    db.exec(`CREATE TABLE IF NOT EXISTS ${STORE_TABLE} (identity TEXT NOT NULL) STRICT`);
    db.exec(`DELETE FROM ${STORE_TABLE}`);
    db.prepare(`INSERT INTO ${STORE_TABLE} (identity) VALUES (?)`).run(identity);
  })();
};

/**
 * The last event the read database has taken from the store (the highest position it has read),
 * with the position just before it, written in the same transaction as the rows it produced. A
 * store that went backwards (it lost its last events: a restore of the event file alone, its WAL
 * removed or torn, a power cut under synchronous=NORMAL, an older KurrentDB backup) no longer has
 * that event there; read after `before`, it shows nothing or another event. Without this check the
 * store's next events reuse positions the checkpoints have passed and are never projected.
 */
export const LAST_EVENT_TABLE = 'riposte_last_event';

export interface LastEvent {
  position: Position;
  eventId: string;
  /** The position of the event read just before it; null when it was the store's first. */
  before: Position | null;
}

export const LAST_EVENT_DDL = `CREATE TABLE IF NOT EXISTS ${LAST_EVENT_TABLE} (
  one INTEGER PRIMARY KEY CHECK (one = 1), position TEXT NOT NULL, event_id TEXT NOT NULL, before_position TEXT
) STRICT`;

export const recordedLastEvent = (db: ReadDb): LastEvent | null => {
  const exists = db.prepare<[string], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?").get(LAST_EVENT_TABLE);
  if (exists === undefined) return null;
  const row = db.prepare<[], { position: string; event_id: string; before_position: string | null }>(`SELECT position, event_id, before_position FROM ${LAST_EVENT_TABLE}`).get();
  return row === undefined ? null : { position: row.position as Position, eventId: row.event_id, before: row.before_position as Position | null };
};

/** True when some projection has applied an event (its checkpoint is set). */
export const hasCheckpoints = (db: ReadDb): boolean =>
  db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${META_TABLE} WHERE position IS NOT NULL`).get()?.n !== 0;

/** Deletes the read database and its WAL/SHM files, after checking it is one. */
export const deleteReadDb = (path: string): void => {
  if (isMemoryPath(path)) return;
  if (existsSync(path)) {
    const db = new Database(path, { fileMustExist: true });
    try {
      const found = inspect(db);
      if (found.kind === 'foreign') refuseForeign(path, found.tables);
    } finally {
      db.close();
    }
  }
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(path + suffix, { force: true });
};

/**
 * Moves the read database (and its WAL) aside as `<path>.<label>-<time>`, kept for a look and
 * never read again, so that a fresh one is built in its place; the SHM index is only deleted.
 * Answers the new name, or null when there was no file.
 */
export const setAsideReadDb = (path: string, label: string, now: Date = new Date()): string | null => {
  if (isMemoryPath(path) || !existsSync(path)) return null;
  const aside = `${path}.${label}-${now.toISOString().replace(/[:.]/g, '-')}`;
  renameSync(path, aside);
  if (existsSync(`${path}-wal`)) renameSync(`${path}-wal`, `${aside}-wal`);
  for (const suffix of ['-shm', '-journal']) rmSync(path + suffix, { force: true });
  return aside;
};
