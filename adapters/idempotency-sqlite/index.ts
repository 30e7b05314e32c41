/**
 * Idempotency keys (the IETF httpapi Idempotency-Key draft) kept in SQLite, in the sessions file
 * (one server; with RIPOSTE_SHARED_URL they live in PostgreSQL instead, adapters/shared-postgres):
 * like sessions they cannot be rebuilt from the events, so they must not live in the read
 * database, which may be deleted at any time. See docs/adr/0012-idempotency-keys.md.
 *
 * A key is claimed ('pending') before the request runs and completed with the answer after it;
 * a request that failed gives its claim back so the same key may be tried again. A claim left
 * 'pending' by a process that stopped mid-request is reported as such, never silently re-run:
 * the write may or may not have been stored.
 *
 * Claims are written at synchronous=FULL: the events are durable before the answer is recorded,
 * and a recorded answer must survive as long as the events it describes.
 */
import Database from 'better-sqlite3';

export interface IdempotencyScope {
  userId: string;
  /** The route, e.g. 'POST /api/templates' (a key is only ever compared within one route). */
  route: string;
  key: string;
}

export interface StoredAnswer {
  status: number;
  body: unknown;
  location: string | null;
}

export type IdempotencyRecord =
  | { state: 'pending'; fingerprint: string; owner: string }
  | { state: 'done'; fingerprint: string; answer: StoredAnswer };

/**
 * The port: this SQLite adapter (one process) and adapters/shared-postgres/idempotency.ts (every
 * server of an installation) implement it, and tests/scaleout/idempotency-contract.int.test.ts
 * holds both to the same contract.
 */
export interface IdempotencyStore {
  /** The owner of this process's claims. */
  owner: string;
  /** True when other live processes claim keys in the same store (a pending claim of another owner may still be running). */
  shared: boolean;
  /** The live record for this scope (records older than the retention are gone). */
  find(scope: IdempotencyScope): Promise<IdempotencyRecord | null>;
  /** Claims the scope for a request; false when a live record already holds it. */
  claim(scope: IdempotencyScope, fingerprint: string): Promise<boolean>;
  complete(scope: IdempotencyScope, answer: StoredAnswer): Promise<void>;
  /** Gives a claim back (the request failed; nothing it did should be remembered). */
  release(scope: IdempotencyScope): Promise<void>;
  /** Deletes expired records; returns how many. */
  sweep(): Promise<number>;
  close(): void;
}

export interface IdempotencyStoreOptions {
  /** The SQLite file (the sessions file), or ':memory:'. */
  path: string;
  /** How long a key is remembered (default 24 h, as the draft suggests). */
  retentionMs?: number;
  /** Milliseconds since the epoch (tests move time). */
  now?: () => number;
  /** Names this process's claims: a pending claim of another owner was left by a stopped process. */
  owner: string;
}

export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60_000;

/** A stored key as both adapters keep it (this one and adapters/shared-postgres). */
export interface IdempotencyRow {
  state: 'pending' | 'done';
  fingerprint: string;
  owner: string;
  status: number | null;
  body: string | null;
  location: string | null;
}

/** The record a stored row stands for. */
export const recordOfRow = (row: IdempotencyRow): IdempotencyRecord =>
  row.state === 'pending'
    ? { state: 'pending', fingerprint: row.fingerprint, owner: row.owner }
    : { state: 'done', fingerprint: row.fingerprint, answer: { status: row.status ?? 200, body: row.body === null ? null : (JSON.parse(row.body) as unknown), location: row.location } };

export const createSqliteIdempotencyStore = (options: IdempotencyStoreOptions): IdempotencyStore => {
  const now = options.now ?? Date.now;
  const retention = options.retentionMs ?? IDEMPOTENCY_RETENTION_MS;
  const db = new Database(options.path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.exec(`
    CREATE TABLE IF NOT EXISTS idempotency_keys (
      user_id     TEXT    NOT NULL,
      route       TEXT    NOT NULL,
      key         TEXT    NOT NULL,
      fingerprint TEXT    NOT NULL,
      state       TEXT    NOT NULL CHECK (state IN ('pending', 'done')),
      owner       TEXT    NOT NULL,
      status      INTEGER,
      body        TEXT,
      location    TEXT,
      created_at  INTEGER NOT NULL,
      PRIMARY KEY (user_id, route, key)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS idempotency_keys_created ON idempotency_keys (created_at);
  `);
  const findStmt = db.prepare<[string, string, string, number], IdempotencyRow>(
    'SELECT state, fingerprint, owner, status, body, location FROM idempotency_keys WHERE user_id = ? AND route = ? AND key = ? AND created_at > ?',
  );
  // An expired record of the same scope is replaced: the key is free again after the retention.
  const claimStmt = db.prepare<[string, string, string, string, string, number, number]>(
    `INSERT INTO idempotency_keys (user_id, route, key, fingerprint, state, owner, created_at) VALUES (?, ?, ?, ?, 'pending', ?, ?)
     ON CONFLICT (user_id, route, key) DO UPDATE SET fingerprint = excluded.fingerprint, state = 'pending', owner = excluded.owner,
       status = NULL, body = NULL, location = NULL, created_at = excluded.created_at
     WHERE idempotency_keys.created_at <= ?`,
  );
  const completeStmt = db.prepare<[number, string, string | null, string, string, string, string]>(
    `UPDATE idempotency_keys SET state = 'done', status = ?, body = ?, location = ? WHERE user_id = ? AND route = ? AND key = ? AND owner = ?`,
  );
  const releaseStmt = db.prepare<[string, string, string, string]>(
    `DELETE FROM idempotency_keys WHERE user_id = ? AND route = ? AND key = ? AND owner = ? AND state = 'pending'`,
  );
  const sweepStmt = db.prepare<[number]>('DELETE FROM idempotency_keys WHERE created_at <= ?');

  const sweep = () => sweepStmt.run(now() - retention).changes;
  const timer = setInterval(sweep, 60 * 60_000);
  timer.unref();
  sweep();

  return {
    owner: options.owner,
    shared: false,
    find: async ({ userId, route, key }) => {
      const row = findStmt.get(userId, route, key, now() - retention);
      return row === undefined ? null : recordOfRow(row);
    },
    claim: async ({ userId, route, key }, fingerprint) => {
      const at = now();
      return claimStmt.run(userId, route, key, fingerprint, options.owner, at, at - retention).changes === 1;
    },
    complete: async ({ userId, route, key }, answer) => {
      completeStmt.run(answer.status, JSON.stringify(answer.body ?? null), answer.location, userId, route, key, options.owner);
    },
    release: async ({ userId, route, key }) => {
      releaseStmt.run(userId, route, key, options.owner);
    },
    sweep: async () => sweep(),
    close: () => {
      clearInterval(timer);
      db.close();
    },
  };
};
