/**
 * The read database of one `npm run scheduler` process. A projector keeps its checkpoints in
 * memory, so two processes must never feed one read database: each scheduler takes the first free
 * slot (scheduler-read.db, then scheduler-read-2.db, ...). A slot is held by an exclusive SQLite
 * lock on its `.lock` file, which the operating system releases when the process ends however it
 * ends (kill -9 included): a slot never stays taken by a dead process.
 */
import { join } from 'node:path';
import { holdLockFile } from '@adapters/data-dir-lock';

const MAX_SLOTS = 64;

export interface ReadSlot {
  /** The read database of this process. */
  path: string;
  release(): void;
}

export const takeReadSlot = (dataDir: string): ReadSlot => {
  for (let slot = 1; slot <= MAX_SLOTS; slot += 1) {
    const name = slot === 1 ? 'scheduler-read' : `scheduler-read-${slot}`;
    const lock = holdLockFile(join(dataDir, `${name}.lock`));
    if (lock !== null) return { path: join(dataDir, `${name}.db`), release: () => lock.close() };
  }
  throw new Error(`More than ${MAX_SLOTS} schedulers run on ${dataDir}: no read database slot is free`);
};
