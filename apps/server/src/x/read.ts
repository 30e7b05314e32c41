/**
 * Reads of connected X accounts from the read database (the `connected_accounts` projection of
 * core/x-accounts). Schedule use comes from the `schedules` table when that capability's projection
 * exists; without it no schedule can use an account. A schedule uses an account while it is not
 * deleted, still active and not yet executed: a finished one-time schedule does not pin it.
 */
import type { ReadDb } from '@adapters/projections-sqlite';

export interface ConnectedAccountView {
  id: string;
  username: string;
  displayName: string;
  profileImageUrl: string | null;
  /** Spec field name as well (the list view names both). */
  profilePicture: string | null;
  isActive: boolean;
  tokenExpiresAt: string | null;
  /** False after X refused the tokens: the UI shows an authentication issue and offers Reconnect. */
  hasSecret: boolean;
  authFailedAt: string | null;
  usedInSchedules: boolean;
  schedulesCount: number;
  createdAt: string;
}

interface Row {
  id: string;
  username: string;
  display_name: string;
  profile_picture: string | null;
  is_active: number;
  token_expires_at: string | null;
  has_secret: number;
  auth_failed_at: string | null;
  created_at: string;
  x_user_id: string;
  user_id: string;
}

const hasSchedules = (db: ReadDb): boolean => {
  const cols = db.prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)').all('schedules').map((c) => c.name);
  return ['connected_account_id', 'deleted_at', 'is_active', 'is_executed'].every((c) => cols.includes(c));
};

/** Schedules that still use the account (see the file comment). */
export const schedulesUsing = (db: ReadDb, accountId: string): number =>
  hasSchedules(db)
    ? Number(
        db
          .prepare('SELECT count(*) FROM schedules WHERE connected_account_id = ? AND deleted_at IS NULL AND is_active = 1 AND is_executed = 0')
          .pluck()
          .get(accountId) ?? 0,
      )
    : 0;

const view = (db: ReadDb, row: Row): ConnectedAccountView => {
  const schedulesCount = schedulesUsing(db, row.id);
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    profileImageUrl: row.profile_picture,
    profilePicture: row.profile_picture,
    isActive: row.is_active === 1,
    tokenExpiresAt: row.token_expires_at,
    hasSecret: row.has_secret === 1,
    authFailedAt: row.auth_failed_at,
    usedInSchedules: schedulesCount > 0,
    schedulesCount,
    createdAt: row.created_at,
  };
};

export const listConnectedAccounts = (db: ReadDb, userId: string): ConnectedAccountView[] =>
  db
    .prepare<[string], Row>('SELECT * FROM connected_accounts WHERE user_id = ? ORDER BY created_at, id')
    .all(userId)
    .map((row) => view(db, row));

export const countConnectedAccounts = (db: ReadDb, userId: string): number =>
  Number(db.prepare('SELECT count(*) FROM connected_accounts WHERE user_id = ?').pluck().get(userId) ?? 0);

/** The user's account with this X user id, if connected. */
export const findByXUserId = (db: ReadDb, userId: string, xUserId: string): string | null =>
  (db.prepare('SELECT id FROM connected_accounts WHERE user_id = ? AND x_user_id = ?').pluck().get(userId, xUserId) as string | undefined) ?? null;
