/**
 * The read database of one `npm run scheduler` process. A projector keeps its checkpoints in
 * memory, so two processes must never feed one read database: each scheduler takes the first free
 * slot (scheduler-read.db, then scheduler-read-2.db, ...). A slot is held by an exclusive SQLite
 * lock on its `.lock` file, which the operating system releases when the process ends however it
 * ends (kill -9 included): a slot never stays taken by a dead process.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';

const MAX_SLOTS = 64;

export interface ReadSlot {
  /** The read database of this process. */
  path: string;
  release(): void;
}

const hold = (lockPath: string): Database.Database | null => {
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

export const takeReadSlot = (dataDir: string): ReadSlot => {
  for (let slot = 1; slot <= MAX_SLOTS; slot += 1) {
    const name = slot === 1 ? 'scheduler-read' : `scheduler-read-${slot}`;
    const lock = hold(join(dataDir, `${name}.lock`));
    if (lock !== null) return { path: join(dataDir, `${name}.db`), release: () => lock.close() };
  }
  throw new Error(`More than ${MAX_SLOTS} schedulers run on ${dataDir}: no read database slot is free`);
};
