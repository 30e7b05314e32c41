/**
 * One server per data directory. A server's read database (read.db) is fed by one projector whose
 * checkpoints live in that process, its idempotency keys and mail sink are files there: a second
 * server on the same directory would apply events twice or skip them. So a server holds an
 * exclusive SQLite lock on `<data>/server.lock` while it runs; the operating system drops the lock
 * when the process ends, however it ends (kill -9 included), so a crash never leaves the directory
 * locked. (`npm run scheduler` processes take read slots of their own: apps/scheduler/src/read-slot.ts.)
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';

export const SERVER_LOCK_FILE = 'server.lock';

export class DataDirInUse extends Error {
  constructor(dataDir: string, holder: number | null) {
    super(
      `Another Riposte server${holder === null ? '' : ` (pid ${holder})`} is using the data directory ${dataDir}. ` +
        'Each server needs its own RIPOSTE_DATA_DIR; servers that serve one installation share state through RIPOSTE_SHARED_URL ' +
        '(docs/adr/0031-shared-state-for-several-processes.md).',
    );
    this.name = 'DataDirInUse';
  }
}

export interface DataDirLock {
  release(): void;
}

/**
 * Holds an exclusive SQLite lock on `lockPath` (writing this pid into it) until the connection is
 * closed or the process ends; null when another process holds it. Servers (the data directory)
 * and schedulers (their read slots) take their locks through this.
 */
export const holdLockFile = (lockPath: string): Database.Database | null => {
  const db = new Database(lockPath, { timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    // The first write takes the exclusive lock; in this mode it is kept until the connection closes.
    db.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER NOT NULL)');
    db.prepare('DELETE FROM holder').run();
    db.prepare('INSERT INTO holder (pid) VALUES (?)').run(process.pid);
    return db;
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return null;
    throw error;
  }
};

export const lockDataDir = (dataDir: string): DataDirLock => {
  const db = holdLockFile(join(dataDir, SERVER_LOCK_FILE));
  if (db === null) throw new DataDirInUse(dataDir, holderOf(dataDir));
  return { release: () => db.close() };
};

/** The pid written by the holder, when the file can be read at all (it is locked, so usually not). */
const holderOf = (dataDir: string): number | null => {
  try {
    const db = new Database(join(dataDir, SERVER_LOCK_FILE), { readonly: true, timeout: 0 });
    try {
      return (db.prepare('SELECT pid FROM holder').pluck().get() as number | undefined) ?? null;
    } finally {
      db.close();
    }
  } catch {
    return null;
  }
};
