/**
 * Idempotency keys on the shared PostgreSQL (the port: adapters/idempotency-sqlite), so a creating
 * call retried against another server of the installation is recognised. The same rules as the
 * SQLite adapter: a claim is one conditional INSERT (an expired record of the scope is replaced),
 * completing and releasing touch only this process's own claim.
 */
import type pg from 'pg';
import { IDEMPOTENCY_RETENTION_MS, recordOfRow, type IdempotencyRow, type IdempotencyStore } from '@adapters/idempotency-sqlite';


export const createPgIdempotencyStore = (pool: pg.Pool, options: { owner: string; retentionMs?: number; now?: () => number }): IdempotencyStore => {
  const now = options.now ?? Date.now;
  const retention = options.retentionMs ?? IDEMPOTENCY_RETENTION_MS;
  const sweep = async () => (await pool.query('DELETE FROM riposte_idempotency_keys WHERE created_at <= $1', [now() - retention])).rowCount ?? 0;
  const timer = setInterval(() => void sweep().catch(() => undefined), 60 * 60_000);
  timer.unref();
  return {
    owner: options.owner,
    shared: true,
    find: async ({ userId, route, key }) => {
      const { rows } = await pool.query<IdempotencyRow>(
        'SELECT state, fingerprint, owner, status, body, location FROM riposte_idempotency_keys WHERE user_id = $1 AND route = $2 AND key = $3 AND created_at > $4',
        [userId, route, key, now() - retention],
      );
      const row = rows[0];
      return row === undefined ? null : recordOfRow(row);
    },
    claim: async ({ userId, route, key }, fingerprint) => {
      const at = now();
      const result = await pool.query(
        `INSERT INTO riposte_idempotency_keys (user_id, route, key, fingerprint, state, owner, created_at) VALUES ($1, $2, $3, $4, 'pending', $5, $6)
         ON CONFLICT (user_id, route, key) DO UPDATE SET fingerprint = excluded.fingerprint, state = 'pending', owner = excluded.owner,
           status = NULL, body = NULL, location = NULL, created_at = excluded.created_at
         WHERE riposte_idempotency_keys.created_at <= $7`,
        [userId, route, key, fingerprint, options.owner, at, at - retention],
      );
      return result.rowCount === 1;
    },
    complete: async ({ userId, route, key }, answer) => {
      await pool.query(
        `UPDATE riposte_idempotency_keys SET state = 'done', status = $1, body = $2, location = $3 WHERE user_id = $4 AND route = $5 AND key = $6 AND owner = $7`,
        [answer.status, JSON.stringify(answer.body ?? null), answer.location, userId, route, key, options.owner],
      );
    },
    release: async ({ userId, route, key }) => {
      await pool.query(`DELETE FROM riposte_idempotency_keys WHERE user_id = $1 AND route = $2 AND key = $3 AND owner = $4 AND state = 'pending'`, [
        userId,
        route,
        key,
        options.owner,
      ]);
    },
    sweep,
    close: () => clearInterval(timer),
  };
};
