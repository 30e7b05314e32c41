/**
 * Server-side sessions in their own SQLite file (not the read database, which may be deleted and
 * rebuilt at any time). koa-session calls get/set/destroy with the session id from the cookie.
 *
 * Only a SHA-256 of the session id is stored, so a copy of sessions.db does not hand out live
 * sessions. Expired rows are ignored on read and swept periodically.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';

export interface SessionStoreOptions {
  /** The SQLite file, or ':memory:'. */
  path: string;
  /** How often expired sessions are deleted (default every 10 minutes; 0 turns the sweeper off). */
  sweepIntervalMs?: number;
  /** Milliseconds since the epoch (tests move time). */
  now?: () => number;
}

export type SessionData = Record<string, unknown>;

/** What the server needs of a session store: this SQLite file, or PostgreSQL when processes share sessions (adapters/shared-postgres). */
export interface SessionStore {
  get(id: string): Promise<SessionData | undefined>;
  set(id: string, data: SessionData, maxAgeMs: number): Promise<void>;
  destroy(id: string): Promise<void>;
  /** Ends every session of a user except `keepId` (after a password change, say). Returns how many. */
  destroyForUser(userId: string, keepId?: string): number | Promise<number>;
  close(): void;
}

export interface SqliteSessionStore extends SessionStore {
  destroyForUser(userId: string, keepId?: string): number;
  /** Deletes expired sessions now; returns how many. */
  sweep(): number;
  count(): number;
  close(): void;
}

const digest = (id: string): string => createHash('sha256').update(id).digest('base64url');

/** The user id the session belongs to, for destroyForUser; sessions of visitors have none. */
const userIdOf = (data: SessionData): string | null => (typeof data.userId === 'string' ? data.userId : null);

export const createSqliteSessionStore = (options: SessionStoreOptions): SqliteSessionStore => {
  const now = options.now ?? Date.now;
  const db = new Database(options.path);
  db.pragma('journal_mode = WAL');
  // A lost session after a power cut means signing in again; not worth an fsync per request.
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.exec(`
    CREATE TABLE IF NOT EXISTS sessions (
      id_hash    TEXT PRIMARY KEY,
      user_id    TEXT,
      data       TEXT NOT NULL,
      expires_at INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS sessions_expires ON sessions (expires_at);
    CREATE INDEX IF NOT EXISTS sessions_user ON sessions (user_id);
  `);
  const getStmt = db.prepare<[string, number], { data: string }>('SELECT data FROM sessions WHERE id_hash = ? AND expires_at > ?');
  const setStmt = db.prepare<[string, string | null, string, number]>(
    `INSERT INTO sessions (id_hash, user_id, data, expires_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (id_hash) DO UPDATE SET user_id = excluded.user_id, data = excluded.data, expires_at = excluded.expires_at`,
  );
  const destroyStmt = db.prepare<[string]>('DELETE FROM sessions WHERE id_hash = ?');
  const destroyUserStmt = db.prepare<[string, string]>('DELETE FROM sessions WHERE user_id = ? AND id_hash <> ?');
  const sweepStmt = db.prepare<[number]>('DELETE FROM sessions WHERE expires_at <= ?');
  const countStmt = db.prepare<[number], number>('SELECT count(*) FROM sessions WHERE expires_at > ?').pluck();

  const sweep = () => sweepStmt.run(now()).changes;
  const interval = options.sweepIntervalMs ?? 10 * 60_000;
  const timer = interval > 0 ? setInterval(sweep, interval) : null;
  timer?.unref();
  sweep();

  return {
    get: async (id) => {
      const row = getStmt.get(digest(id), now());
      return row === undefined ? undefined : (JSON.parse(row.data) as SessionData);
    },
    set: async (id, data, maxAgeMs) => {
      setStmt.run(digest(id), userIdOf(data), JSON.stringify(data), now() + maxAgeMs);
    },
    destroy: async (id) => {
      destroyStmt.run(digest(id));
    },
    destroyForUser: (userId, keepId) => destroyUserStmt.run(userId, keepId === undefined ? '' : digest(keepId)).changes,
    sweep,
    count: () => countStmt.get(now()) ?? 0,
    close: () => {
      if (timer !== null) clearInterval(timer);
      db.close();
    },
  };
};
