/**
 * X OAuth requests in flight in PostgreSQL, with the rules of the in-memory form (adapters/x-pending):
 * a request expires after `ttlMs`, is used at most once (`take` is one conditional UPDATE, so two
 * servers cannot both spend it), one browser keeps at most `perBinding` requests (a new one
 * replaces that browser's oldest), one address range at most `perRange`, and with `max` in all the
 * oldest request of the fullest range makes room.
 */
import type pg from 'pg';
import {
  MAX_WRONG_PINS,
  newPendingToken,
  PENDING_LIMITS,
  PENDING_TTL_MS,
  type PendingRequest,
  type PendingRequests,
} from '@adapters/x-pending';

const reconnectKeyOf = (request: Pick<PendingRequest, 'purpose'>): string | null =>
  request.purpose.kind === 'reconnect' ? `${request.purpose.userId}\u0000${request.purpose.accountId}` : null;

export const createPgPendingRequests = (
  pool: pg.Pool,
  now: () => number = Date.now,
  ttlMs = PENDING_TTL_MS,
  limits = PENDING_LIMITS,
): PendingRequests => {
  const sweep = () => pool.query('DELETE FROM riposte_x_pending WHERE created_at < $1', [now() - ttlMs]);
  const one = async (where: string, value: string): Promise<PendingRequest | null> => {
    const { rows } = await pool.query<{ request: PendingRequest }>(
      `SELECT request FROM riposte_x_pending WHERE ${where} = $1 AND created_at >= $2 ORDER BY seq DESC LIMIT 1`,
      [value, now() - ttlMs],
    );
    return rows[0]?.request ?? null;
  };
  return {
    add: async (entry) => {
      await sweep();
      const request: PendingRequest = { ...entry, token: newPendingToken(), createdAt: now(), outcome: { status: 'pending' }, used: false, wrongPins: 0 };
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        // One browser's starts are serialised, so its bound holds when two servers add at once.
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [request.binding]);
        await client.query(
          `DELETE FROM riposte_x_pending WHERE token IN (
             SELECT token FROM riposte_x_pending WHERE binding = $1 ORDER BY seq DESC OFFSET $2)`,
          [request.binding, Math.max(0, limits.perBinding - 1)],
        );
        // The range's bound, then the bound in all (the oldest of the fullest range goes), under
        // one lock for all starts: several servers adding at once keep both.
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['riposte_x_pending:all']);
        await client.query(
          `DELETE FROM riposte_x_pending WHERE token IN (
             SELECT token FROM riposte_x_pending WHERE request->>'range' = $1 ORDER BY seq DESC OFFSET $2)`,
          [request.range, Math.max(0, limits.perRange - 1)],
        );
        await client.query(
          `DELETE FROM riposte_x_pending WHERE token IN (
             SELECT token FROM riposte_x_pending
             WHERE request->>'range' = (
               SELECT request->>'range' FROM riposte_x_pending GROUP BY 1 ORDER BY count(*) DESC, min(seq) ASC LIMIT 1)
             ORDER BY seq ASC
             LIMIT GREATEST(0, (SELECT count(*) FROM riposte_x_pending) - $1 + 1))`,
          [limits.max],
        );
        await client.query(
          'INSERT INTO riposte_x_pending (token, request_token, binding, reconnect_key, request, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
          [request.token, request.requestToken, request.binding, reconnectKeyOf(request), JSON.stringify(request), request.createdAt],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
      return request;
    },
    get: (token) => one('token', token),
    byRequestToken: (requestToken) => one('request_token', requestToken),
    latestReconnectOf: (userId, accountId) => one('reconnect_key', `${userId}\u0000${accountId}`),
    take: async (request) => {
      const { rowCount } = await pool.query(
        `UPDATE riposte_x_pending SET request = jsonb_set(request, '{used}', 'true')
         WHERE token = $1 AND NOT (request->>'used')::boolean`,
        [request.token],
      );
      const taken = (rowCount ?? 0) > 0;
      if (taken) request.used = true;
      return taken;
    },
    release: async (request) => {
      const { rows } = await pool.query<{ wrong: number }>(
        `UPDATE riposte_x_pending
         SET request = jsonb_set(jsonb_set(request, '{wrongPins}', to_jsonb((request->>'wrongPins')::int + 1)),
                                 '{used}', to_jsonb((request->>'wrongPins')::int + 1 >= $2))
         WHERE token = $1 RETURNING (request->>'wrongPins')::int AS wrong`,
        [request.token, MAX_WRONG_PINS],
      );
      const wrong = rows[0]?.wrong ?? MAX_WRONG_PINS;
      request.wrongPins = wrong;
      request.used = wrong >= MAX_WRONG_PINS;
      return !request.used;
    },
    settle: async (request, outcome) => {
      await pool.query(`UPDATE riposte_x_pending SET request = jsonb_set(request, '{outcome}', $2::jsonb) WHERE token = $1`, [request.token, JSON.stringify(outcome)]);
      request.outcome = outcome;
    },
  };
};
