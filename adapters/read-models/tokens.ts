/**
 * The personal access tokens read model: its projection (core/tokens/projection.ts,
 * `access_tokens`) and every query over it (ADR 0018). Lists are filtered by the owner.
 */
import type { ReadDb } from '@adapters/projections-sqlite';
import { accessTokensProjection as base, tokenStatusOf, type TokenScope, type TokenView } from '@core/tokens';
import { erasingAccounts } from '@core/users/erasure';

export const accessTokensProjection = erasingAccounts(base, (userId) => [{ sql: 'DELETE FROM access_tokens WHERE user_id = @userId', params: { userId } }]);
export type { TokenView };

interface TokenRow {
  id: string;
  user_id: string;
  name: string;
  scopes: string;
  prefix: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

const viewOf = (row: TokenRow, now: string): TokenView => ({
  id: row.id,
  name: row.name,
  scopes: JSON.parse(row.scopes) as TokenScope[],
  prefix: row.prefix,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  lastUsedAt: row.last_used_at,
  revokedAt: row.revoked_at,
  status: tokenStatusOf({ revokedAt: row.revoked_at, expiresAt: row.expires_at }, now),
});

const COLUMNS = 'id, user_id, name, scopes, prefix, created_at, expires_at, last_used_at, revoked_at';

/** The user's tokens, newest first. */
export const listTokens = (db: ReadDb, userId: string, now: string): TokenView[] =>
  (db.prepare(`SELECT ${COLUMNS} FROM access_tokens WHERE user_id = ? ORDER BY created_at DESC, id`).all(userId) as TokenRow[]).map((r) => viewOf(r, now));

export const findToken = (db: ReadDb, userId: string, tokenId: string, now: string): TokenView | null => {
  const row = db.prepare(`SELECT ${COLUMNS} FROM access_tokens WHERE user_id = ? AND id = ?`).get(userId, tokenId) as TokenRow | undefined;
  return row === undefined ? null : viewOf(row, now);
};

/** The token a presented secret's hash names, whatever its state (its stream decides that). */
export const tokenIdByHash = (db: ReadDb, tokenHash: string): string | null => {
  const row = db.prepare('SELECT id FROM access_tokens WHERE token_hash = ?').get(tokenHash) as { id: string } | undefined;
  return row?.id ?? null;
};

/** Tokens neither revoked nor expired: a user may hold only so many. */
export const liveTokenCount = (db: ReadDb, userId: string, now: string): number =>
  (db.prepare('SELECT COUNT(*) AS n FROM access_tokens WHERE user_id = ? AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)').get(userId, now) as { n: number }).n;
