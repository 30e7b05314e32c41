/**
 * A clock that tests move from outside the process (RIPOSTE_TEST_CLOCK_FILE): the file holds the
 * milliseconds to add to the real time, and the test writes a larger number to make time pass
 * (a 17-minute rate-limit reset, a 20-minute stop) without waiting for it. The file is read again
 * at most every `readEveryMs`; a missing or unreadable file counts as no offset, and the clock
 * never goes back. Test only: the scheduler refuses it when NODE_ENV=production (adapters/env).
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';

export const fileClock = (path: string, readEveryMs = 20): (() => Date) => {
  let offset = 0;
  let readAt = Number.NEGATIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const real = Date.now();
    if (real - readAt >= readEveryMs) {
      readAt = real;
      try {
        const read = Number(readFileSync(path, 'utf8').trim());
        if (Number.isFinite(read)) offset = read;
      } catch {
        // Not written yet: real time.
      }
    }
    last = Math.max(last, real + offset);
    return new Date(last);
  };
};

/** Sets the offset every process reading `path` adds to the real time (written whole, never half). */
export const writeClockOffset = (path: string, offsetMs: number): void => {
  writeFileSync(`${path}.tmp`, String(Math.round(offsetMs)));
  renameSync(`${path}.tmp`, path);
};
