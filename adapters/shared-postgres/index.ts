/**
 * Shared state on PostgreSQL (docs/adr/0031-shared-state-for-several-processes.md): what several
 * server and scheduler processes must see alike and the event store does not hold — sessions,
 * rate-limit counts, X OAuth requests in flight, the accounts' data keys and idempotency keys. RIPOSTE_SHARED_URL
 * turns it on; without it each of these stays in the process or its data directory.
 *
 * The tables are made at start-up under an advisory lock, so processes starting together do not
 * race on CREATE.
 */
import pg from 'pg';

export { createPgSessionStore } from './sessions';
export { createPgPendingRequests } from './pending';
export { openPgDataKeyStore } from './data-keys';
export { pgCounters } from './limits';
export { createPgIdempotencyStore } from './idempotency';

export interface SharedPostgres {
  pool: pg.Pool;
  close(): Promise<void>;
}

/** Any fixed number: the lock only orders Riposte's own start-ups. */
const MIGRATION_LOCK = 7_261_017;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS riposte_sessions (
    id_hash    TEXT PRIMARY KEY,
    user_id    TEXT,
    data       JSONB NOT NULL,
    expires_at BIGINT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS riposte_sessions_user ON riposte_sessions (user_id);
  CREATE INDEX IF NOT EXISTS riposte_sessions_expires ON riposte_sessions (expires_at);
  CREATE TABLE IF NOT EXISTS riposte_limits (
    key    VARCHAR(255) PRIMARY KEY,
    points INTEGER NOT NULL DEFAULT 0,
    expire BIGINT
  );
  CREATE TABLE IF NOT EXISTS riposte_x_pending (
    token          TEXT PRIMARY KEY,
    request_token  TEXT NOT NULL UNIQUE,
    binding        TEXT NOT NULL,
    reconnect_key  TEXT,
    request        JSONB NOT NULL,
    created_at     BIGINT NOT NULL,
    seq            BIGSERIAL
  );
  CREATE INDEX IF NOT EXISTS riposte_x_pending_binding ON riposte_x_pending (binding, seq);
  CREATE INDEX IF NOT EXISTS riposte_x_pending_reconnect ON riposte_x_pending (reconnect_key, seq);
  CREATE TABLE IF NOT EXISTS riposte_data_keys (
    account_id TEXT PRIMARY KEY,
    sealed     TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
  );
  CREATE TABLE IF NOT EXISTS riposte_idempotency_keys (
    user_id     TEXT    NOT NULL,
    route       TEXT    NOT NULL,
    key         TEXT    NOT NULL,
    fingerprint TEXT    NOT NULL,
    state       TEXT    NOT NULL CHECK (state IN ('pending', 'done')),
    owner       TEXT    NOT NULL,
    status      INTEGER,
    body        TEXT,
    location    TEXT,
    created_at  BIGINT  NOT NULL,
    PRIMARY KEY (user_id, route, key)
  );
  CREATE INDEX IF NOT EXISTS riposte_idempotency_keys_created ON riposte_idempotency_keys (created_at);
`;

export const openSharedPostgres = async (url: string, options: { max?: number } = {}): Promise<SharedPostgres> => {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, connectionTimeoutMillis: 10_000 });
  // An idle client losing its connection (a database restart) must not end the process.
  pool.on('error', () => undefined);
  const client = await pool.connect().catch(async (error: unknown) => {
    await pool.end();
    throw new Error(`could not connect to RIPOSTE_SHARED_URL: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  });
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(SCHEMA);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
  return { pool, close: () => pool.end() };
};
