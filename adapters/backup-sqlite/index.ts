/**
 * Online backups of a data directory, and their restore (docs/adr/0052-backups.md).
 *
 * A backup is a directory `riposte-backup-<UTC time>` holding a copy of every file of the data
 * directory: each SQLite file through SQLite's online backup (better-sqlite3's `.backup()`), which
 * copies one consistent state while the server goes on writing; every other file as it is. The
 * read database is copied before the events, so the copy of the read model never stands past the
 * copy of the events (the server catches the read model up at start). A `manifest.json` names the
 * event store (its identity and last position) and each file's size and SHA-256; it is written
 * last and the directory is renamed into place only then, so a backup is whole or absent.
 *
 * Left out: the generated token key (`token-key`; whoever holds a backup and the key holds the X
 * tokens: keep the key apart), locks, WAL side files, and the files set aside by earlier repairs
 * and restores.
 */
import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import Database from 'better-sqlite3';
import { holdLockFile, SERVER_LOCK_FILE } from '@adapters/data-dir-lock';
import { EVENTS_FILE, READ_MODELS_FILE } from '@adapters/eventstore-open';
import { TOKEN_KEY_FILE } from '@adapters/crypto-tokens/keyring';
import { AppError } from '@core/shared/errors';

export const BACKUP_PREFIX = 'riposte-backup-';
const MANIFEST = 'manifest.json';
const MANIFEST_VERSION = 1;

export interface BackupFile {
  /** Path inside the backup (and the data directory), '/'-separated. */
  path: string;
  bytes: number;
  sha256: string;
  sqlite: boolean;
}

export interface Manifest {
  version: number;
  createdAt: string;
  /** The event store's identity (`sqlite:<uuid>`), its last position and how many events it holds. */
  store: { identity: string; lastPosition: number; events: number };
  files: BackupFile[];
}

export interface BackupReport {
  backup: string;
  manifest: Manifest;
  seconds: number;
  /** Older backups removed to keep `keep`. */
  removed: string[];
  /** Files a restore needs that are not in the backup, with why. */
  keptApart: string[];
}

export interface BackupOptions {
  dataDir: string;
  /** The event file, when it is not <dataDir>/events.db (RIPOSTE_SQLITE_FILE). */
  eventsPath?: string | undefined;
  /** Where backups are kept. */
  to: string;
  /** How many backups to keep, this one included (the oldest go). */
  keep: number;
  clock?: () => Date;
}

const SQLITE_HEADER = Buffer.from('SQLite format 3\u0000', 'latin1');

const isSqliteFile = (path: string): boolean => {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(SQLITE_HEADER.length);
    return readSync(fd, head, 0, head.length, 0) === head.length && head.equals(SQLITE_HEADER);
  } finally {
    closeSync(fd);
  }
};

/** Side files and set-aside copies: never part of a backup, never replaced by a restore. */
const isLeftOut = (name: string): boolean =>
  name === TOKEN_KEY_FILE ||
  name.endsWith('.lock') ||
  /-(wal|shm|journal)$/.test(name) ||
  /\.(damaged|ahead)-/.test(name) ||
  name.startsWith('replaced-') ||
  name.startsWith('.');

/** The read model is copied first, then the events, then the rest. */
const rankOf = (path: string) => (path === READ_MODELS_FILE ? 0 : path === EVENTS_FILE ? 1 : 2);

/** Every file to copy, relative to the data directory. */
const filesOf = (dataDir: string, skip: ReadonlySet<string>): string[] => {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (isLeftOut(entry.name) || skip.has(full)) continue;
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) found.push(relative(dataDir, full).split('\\').join('/'));
    }
  };
  walk(dataDir);
  return found.sort((a, b) => rankOf(a) - rankOf(b) || (a < b ? -1 : a > b ? 1 : 0));
};

const sha256Of = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

/** SQLite's online backup of one file: one consistent state, whatever other processes write meanwhile. */
const backupSqlite = async (source: string, target: string): Promise<void> => {
  const db = new Database(source, { readonly: true, fileMustExist: true, timeout: 10_000 });
  try {
    // After the first small step, the rest in one step: a step reads one snapshot, so writers in
    // other processes cannot make the copy start over page by page for ever.
    await db.backup(target, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
  const copy = new Database(target, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new AppError('internal', `The backup of ${source} does not pass SQLite's check: ${String(check)}`);
  } finally {
    copy.close();
  }
};

const storeOf = (eventsFile: string): Manifest['store'] => {
  const db = new Database(eventsFile, { readonly: true, fileMustExist: true });
  try {
    const id = db.prepare<[], { id: string }>('SELECT id FROM store_identity LIMIT 1').get();
    const head = db.prepare<[], { last: number | null; n: number }>('SELECT MAX(position) AS last, COUNT(*) AS n FROM events').get();
    if (id === undefined) throw new AppError('internal', `${eventsFile} has no store identity: it is not a Riposte event store`);
    return { identity: `sqlite:${id.id}`, lastPosition: head?.last ?? 0, events: head?.n ?? 0 };
  } finally {
    db.close();
  }
};

const stamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.(\d{3})Z$/, '$1Z');

/** The backups kept in `dir`, oldest first (their names sort by time). */
export const listBackups = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((n) => n.startsWith(BACKUP_PREFIX) && !n.endsWith('.partial') && existsSync(join(dir, n, MANIFEST)))
        .sort()
        .map((n) => join(dir, n))
    : [];

export const backupDataDir = async (options: BackupOptions): Promise<BackupReport> => {
  const started = performance.now();
  const { dataDir, to, keep } = options;
  if (!Number.isInteger(keep) || keep < 1) throw new AppError('validation', 'keep must be a whole number of backups, 1 or more', { field: 'keep' });
  const eventsPath = options.eventsPath ?? join(dataDir, EVENTS_FILE);
  if (!existsSync(eventsPath)) throw new AppError('validation', `No event store at ${eventsPath}: nothing to back up (is RIPOSTE_DATA_DIR right?)`, { field: 'RIPOSTE_DATA_DIR' });
  mkdirSync(to, { recursive: true });
  const name = `${BACKUP_PREFIX}${stamp((options.clock ?? (() => new Date()))())}`;
  const final = join(to, name);
  const partial = `${final}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  try {
    // Backups kept inside the data directory are not backed up again.
    const inside = relative(dataDir, to);
    const skip = new Set(inside === '' || inside.startsWith('..') ? [] : [join(dataDir, inside.split(/[\\/]/)[0] ?? '')]);
    const sourceOf = (path: string) => (path === EVENTS_FILE ? eventsPath : join(dataDir, path));
    const ordered = [...new Set([EVENTS_FILE, ...filesOf(dataDir, skip)])].sort((a, b) => rankOf(a) - rankOf(b));
    const files: BackupFile[] = [];
    for (const path of ordered) {
      const source = sourceOf(path);
      const target = join(partial, path);
      mkdirSync(dirname(target), { recursive: true });
      const sqlite = isSqliteFile(source);
      if (sqlite) await backupSqlite(source, target);
      else copyFileSync(source, target);
      files.push({ path, bytes: statSync(target).size, sha256: sha256Of(target), sqlite });
    }
    const manifest: Manifest = { version: MANIFEST_VERSION, createdAt: new Date().toISOString(), store: storeOf(join(partial, EVENTS_FILE)), files };
    writeFileSync(join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    renameSync(partial, final);
    const all = listBackups(to);
    const removed = all.slice(0, Math.max(0, all.length - keep));
    for (const old of removed) rmSync(old, { recursive: true, force: true });
    const keptApart = existsSync(join(dataDir, TOKEN_KEY_FILE))
      ? [`${join(dataDir, TOKEN_KEY_FILE)}: the generated token key is not in the backup; keep a copy apart (or set RIPOSTE_TOKEN_KEY), without it the restored X tokens cannot be opened`]
      : [];
    return { backup: final, manifest, seconds: (performance.now() - started) / 1000, removed, keptApart };
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
};

export interface RestoreOptions {
  backup: string;
  dataDir: string;
  eventsPath?: string | undefined;
  clock?: () => Date;
}

export interface RestoreReport {
  dataDir: string;
  store: Manifest['store'];
  files: number;
  /** Where the files the restore replaced were moved (null when the directory was empty). */
  replaced: string | null;
}

const readManifest = (backup: string): Manifest => {
  const path = join(backup, MANIFEST);
  if (!existsSync(path)) throw new AppError('validation', `${backup} is not a Riposte backup (no ${MANIFEST})`, { field: 'backup' });
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  if (manifest.version !== MANIFEST_VERSION) throw new AppError('validation', `${backup} is a backup of format ${manifest.version}; this build restores format ${MANIFEST_VERSION}`, { field: 'backup' });
  for (const f of manifest.files) {
    const file = join(backup, f.path);
    if (!existsSync(file) || sha256Of(file) !== f.sha256) throw new AppError('validation', `${backup} is damaged: ${f.path} is missing or not the file that was backed up; nothing was restored`, { field: 'backup' });
  }
  return manifest;
};

const identityOf = (eventsFile: string): string | null => {
  if (!existsSync(eventsFile)) return null;
  try {
    return storeOf(eventsFile).identity;
  } catch {
    return 'unreadable';
  }
};

/**
 * Puts a backup back into a data directory. Refused while a server or a scheduler runs on it (it
 * holds the server lock meanwhile, so none starts), and over the event store of another
 * installation; files it replaces are moved to `replaced-<time>/` in the directory, not deleted.
 */
export const restoreDataDir = (options: RestoreOptions): RestoreReport => {
  const { backup, dataDir } = options;
  const manifest = readManifest(backup);
  mkdirSync(dataDir, { recursive: true });
  const lock = holdLockFile(join(dataDir, SERVER_LOCK_FILE));
  if (lock === null) throw new AppError('conflict', `A Riposte server is running on ${dataDir}: stop it before restoring into it; nothing was restored`, { field: 'RIPOSTE_DATA_DIR' });
  const held = [lock];
  try {
    for (const name of readdirSync(dataDir).filter((n) => n.endsWith('.lock') && n !== SERVER_LOCK_FILE)) {
      const slot = holdLockFile(join(dataDir, name));
      if (slot === null) throw new AppError('conflict', `A Riposte scheduler is running on ${dataDir} (${name}): stop it before restoring; nothing was restored`, { field: 'RIPOSTE_DATA_DIR' });
      held.push(slot);
    }
    const eventsPath = options.eventsPath ?? join(dataDir, EVENTS_FILE);
    const present = identityOf(eventsPath);
    if (present !== null && present !== manifest.store.identity) {
      throw new AppError(
        'conflict',
        `${eventsPath} holds another event store (${present}) than the backup (${manifest.store.identity}): restore into an empty directory, or move this one aside first; nothing was restored`,
        { field: 'RIPOSTE_DATA_DIR' },
      );
    }
    const targets = new Map(manifest.files.map((f) => [f.path, f.path === EVENTS_FILE ? eventsPath : join(dataDir, f.path)]));
    // What the restore replaces: the files and their SQLite side files (those of the locks stay).
    const current = readdirSync(dataDir).filter((n) => !isLeftOut(n) || (/-(wal|shm|journal)$/.test(n) && !/\.lock-\w+$/.test(n)));
    const eventsSide = [eventsPath, `${eventsPath}-wal`, `${eventsPath}-shm`].filter((p) => existsSync(p) && dirname(p) !== dataDir);
    let replaced: string | null = null;
    if (current.length > 0 || eventsSide.length > 0) {
      replaced = join(dataDir, `replaced-${stamp((options.clock ?? (() => new Date()))())}`);
      mkdirSync(replaced);
      for (const name of current) renameSync(join(dataDir, name), join(replaced, name));
      for (const p of eventsSide) renameSync(p, join(replaced, basename(p)));
    }
    for (const [path, target] of targets) {
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(join(backup, path), target);
    }
    return { dataDir, store: manifest.store, files: manifest.files.length, replaced };
  } finally {
    for (const l of held) l.close();
  }
};
