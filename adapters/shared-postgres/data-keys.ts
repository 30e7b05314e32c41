/**
 * The accounts' data keys (adapters/crypto-tokens/data-keys.ts) in PostgreSQL, so a token sealed
 * by one process opens in every other and a disconnect destroys the key for all of them.
 *
 * The vault is synchronous; PostgreSQL is not. So the vault calls `prepare(accountId, fresh)`
 * before it seals or opens: the row is read (and, when sealing, made from `fresh` if missing) and
 * held in memory for that use. Each prepare reads the row again, so a key another process destroyed
 * is gone here at the next use.
 */
import type pg from 'pg';
import type { DataKeyStore } from '@adapters/crypto-tokens';

export const openPgDataKeyStore = (pool: pg.Pool): DataKeyStore => {
  const held = new Map<string, string>();
  return {
    get: (accountId) => held.get(accountId) ?? null,
    putIfAbsent: (accountId) => {
      // A key made here would live in this process only, and the tokens sealed with it would be lost.
      const kept = held.get(accountId);
      if (kept === undefined) throw new Error(`the data key of ${accountId} was not prepared before sealing (TokenVault.prepare)`);
      return kept;
    },
    prepare: async (accountId, fresh) => {
      if (fresh !== undefined) {
        await pool.query('INSERT INTO riposte_data_keys (account_id, sealed) VALUES ($1, $2) ON CONFLICT (account_id) DO NOTHING', [accountId, fresh()]);
      }
      const { rows } = await pool.query<{ sealed: string }>('SELECT sealed FROM riposte_data_keys WHERE account_id = $1', [accountId]);
      const sealed = rows[0]?.sealed;
      if (sealed === undefined) held.delete(accountId);
      else held.set(accountId, sealed);
    },
    destroy: async (accountId) => {
      held.delete(accountId);
      return ((await pool.query('DELETE FROM riposte_data_keys WHERE account_id = $1', [accountId])).rowCount ?? 0) > 0;
    },
    close: () => undefined,
  };
};
