/**
 * How the SQLite files (events, read model, sessions) tell the faults a person must act on from
 * the rest: better-sqlite3's errors carry SQLite's result code, and a write that found no room
 * on the disk says SQLITE_FULL (ENOSPC from the file system, or the file's page cap).
 */

const codeOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

/** A file that is not a database, or whose pages are damaged. */
export const isDamagedFile = (error: unknown): boolean => {
  const code = codeOf(error);
  return code !== undefined && (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT'));
};

/** A write refused for want of space (the disk, or the file's cap). */
export const isDiskFull = (error: unknown): boolean => {
  const code = codeOf(error);
  return code === 'SQLITE_FULL' || code === 'ENOSPC';
};
