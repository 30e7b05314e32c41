/**
 * Sessions in PostgreSQL, for servers behind a load balancer: the same contract as the SQLite
 * store (adapters/session-store-sqlite) — only a SHA-256 of the session id is kept, expired rows
 * are ignored on read and swept now and then.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { SessionData, SessionStore } from '@adapters/session-store-sqlite';

const digest = (id: string): string => createHash('sha256').update(id).digest('base64url');
const userIdOf = (data: SessionData): string | null => (typeof data.userId === 'string' ? data.userId : null);

export const createPgSessionStore = (
  pool: pg.Pool,
  options: { now?: () => number; sweepIntervalMs?: number } = {},
): SessionStore & { sweep(): Promise<number> } => {
  const now = options.now ?? Date.now;
  const sweep = async () => (await pool.query('DELETE FROM riposte_sessions WHERE expires_at <= $1', [now()])).rowCount ?? 0;
  const interval = options.sweepIntervalMs ?? 10 * 60_000;
  const timer = interval > 0 ? setInterval(() => void sweep().catch(() => undefined), interval) : null;
  timer?.unref();
  return {
    get: async (id) => {
      const { rows } = await pool.query<{ data: SessionData }>('SELECT data FROM riposte_sessions WHERE id_hash = $1 AND expires_at > $2', [digest(id), now()]);
      return rows[0]?.data;
    },
    set: async (id, data, maxAgeMs) => {
      await pool.query(
        `INSERT INTO riposte_sessions (id_hash, user_id, data, expires_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (id_hash) DO UPDATE SET user_id = excluded.user_id, data = excluded.data, expires_at = excluded.expires_at`,
        [digest(id), userIdOf(data), JSON.stringify(data), now() + maxAgeMs],
      );
    },
    destroy: async (id) => {
      await pool.query('DELETE FROM riposte_sessions WHERE id_hash = $1', [digest(id)]);
    },
    destroyForUser: async (userId, keepId) =>
      (await pool.query('DELETE FROM riposte_sessions WHERE user_id = $1 AND id_hash <> $2', [userId, keepId === undefined ? '' : digest(keepId)])).rowCount ?? 0,
    sweep,
    close: () => {
      if (timer !== null) clearInterval(timer);
    },
  };
};
