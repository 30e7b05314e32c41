/**
 * Per-account data keys, so a disconnected account's tokens can be destroyed although the events
 * that carry them are never rewritten (crypto-shredding). Each connected account's tokens are
 * sealed with a random key of its own; that key is kept here, itself sealed with the installation's
 * token key (RIPOSTE_TOKEN_KEY), in a small SQLite file beside (not inside) the append-only store.
 * Destroying the row on disconnect leaves the old ciphertexts in the events unreadable for good.
 *
 * The file is the only mutable place secrets live, so: `secure_delete` zeroes a deleted row's
 * bytes in the database file, and the WAL is checkpointed and truncated after each destruction so
 * no copy of the row stays in it either. Copies outside SQLite's reach (backups, a filesystem's or
 * a flash drive's remapped blocks) are not covered; each is still sealed with the token key.
 */
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { createTokenCipher, tokenKey, TokenDecryptError, type TokenBinding, type TokenCipher } from './cipher';

export const DATA_KEYS_FILE = 'token-data-keys.db';

export interface DataKeyStore {
  get(accountId: string): string | null;
  /** Keeps `sealed` unless the account already has a key; answers the one kept. */
  putIfAbsent(accountId: string, sealed: string): string;
  /** Destroys the account's key; true when there was one. */
  destroy(accountId: string): boolean | Promise<boolean>;
  /**
   * A store the vault cannot read synchronously (PostgreSQL, adapters/shared-postgres) loads the
   * account's key here before each use, creating it from `fresh` when sealing and none exists.
   */
  prepare?(accountId: string, fresh?: () => string): Promise<void>;
  close(): void;
}

/** A SQLite file (or ':memory:' for tests). */
export const openDataKeyStore = (path: string): DataKeyStore => {
  const db = new Database(path);
  if (path !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('secure_delete = ON');
  db.exec('CREATE TABLE IF NOT EXISTS data_keys (account_id TEXT PRIMARY KEY, sealed TEXT NOT NULL, created_at TEXT NOT NULL)');
  const select = db.prepare<[string], { sealed: string }>('SELECT sealed FROM data_keys WHERE account_id = ?');
  const insert = db.prepare<[string, string, string]>('INSERT OR IGNORE INTO data_keys (account_id, sealed, created_at) VALUES (?, ?, ?)');
  const remove = db.prepare<[string]>('DELETE FROM data_keys WHERE account_id = ?');
  return {
    get: (accountId) => select.get(accountId)?.sealed ?? null,
    putIfAbsent: (accountId, sealed) => {
      insert.run(accountId, sealed, new Date().toISOString());
      return select.get(accountId)?.sealed ?? sealed;
    },
    destroy: (accountId) => {
      const gone = remove.run(accountId).changes > 0;
      if (gone && path !== ':memory:') db.pragma('wal_checkpoint(TRUNCATE)');
      return gone;
    },
    close: () => db.close(),
  };
};

/** A TokenCipher whose values are sealed with each account's own data key, which can be destroyed. */
export interface TokenVault extends TokenCipher {
  /** Destroys the account's data key: every value sealed for that account can no longer be opened. */
  destroy(accountId: string): Promise<void>;
  /** Call before sealing (`forSealing`) or opening an account's values: loads its data key where the store needs it. */
  prepare(accountId: string, forSealing: boolean): Promise<void>;
}

const dataKeyBinding = (accountId: string): TokenBinding => ({ userId: '-', accountId, field: 'dataKey' });

/**
 * `master` seals the data keys (and still opens values sealed with it directly, before data keys
 * existed). A value's key id tells which: a data key's id is never a master key's.
 */
export const createTokenVault = (master: TokenCipher, keys: DataKeyStore, masterKeyIds: readonly string[]): TokenVault => {
  const masterIds = new Set(masterKeyIds);
  const dataKeyOf = (accountId: string, create: boolean): TokenCipher | null => {
    let sealed = keys.get(accountId);
    if (sealed === null) {
      if (!create) return null;
      sealed = keys.putIfAbsent(accountId, master.encrypt(randomBytes(32).toString('base64'), dataKeyBinding(accountId)));
    }
    const key = tokenKey(Buffer.from(master.decrypt(sealed, dataKeyBinding(accountId)), 'base64'));
    return createTokenCipher({ current: key, previous: [] });
  };

  const decrypt = (value: string, binding: TokenBinding): string => {
    if (masterIds.has(master.keyIdOf(value))) return master.decrypt(value, binding);
    const cipher = dataKeyOf(binding.accountId, false);
    if (cipher === null) throw new TokenDecryptError('unknown_key', 'The data key of this account was destroyed (the account was disconnected)');
    return cipher.decrypt(value, binding);
  };
  const encrypt = (plaintext: string, binding: TokenBinding): string => (dataKeyOf(binding.accountId, true) as TokenCipher).encrypt(plaintext, binding);

  return {
    encrypt,
    decrypt,
    keyIdOf: (value) => master.keyIdOf(value),
    // Values still sealed with a master key move to the account's data key.
    needsRotation: (value) => masterIds.has(master.keyIdOf(value)),
    rotate: (value, binding) => encrypt(decrypt(value, binding), binding),
    destroy: async (accountId) => {
      await keys.destroy(accountId);
    },
    prepare: async (accountId, forSealing) => {
      if (keys.prepare === undefined) return;
      await keys.prepare(accountId, forSealing ? () => master.encrypt(randomBytes(32).toString('base64'), dataKeyBinding(accountId)) : undefined);
    },
  };
};
