/**
 * The connected X accounts read model: its projection (core/x-accounts/projection.ts, the
 * `connected_accounts` table) and every query over that table, side by side. Nothing else names the
 * table; other capabilities and the dashboard call these functions (ADR 0018). How many schedules
 * use an account is asked of the schedules read model.
 */
import type { ReadDb } from '@adapters/projections-sqlite';
import type { ConnectedAccountItem } from '@core/dashboard/views';
import { hasLongPosts, isXSubscriptionType } from '@core/x';
import { connectedAccountsProjection as connectedBase } from '@core/x-accounts/projection';
import { erasingAccounts } from '@core/users/erasure';

import type { ConnectedAccountView } from '@core/x-accounts/views';
import { schedulesUsingAccount } from './scheduling';

/** The projection, also removing a deleted account's X accounts (ADR 0028). */
export const connectedAccountsProjection = erasingAccounts(connectedBase, (userId) => [{ sql: 'DELETE FROM connected_accounts WHERE user_id = @userId', params: { userId } }]);
export type { ConnectedAccountView };

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
  x_subscription: string | null;
  user_id: string;
}

const view = (db: ReadDb, row: Row): ConnectedAccountView => {
  const schedulesCount = schedulesUsingAccount(db, row.id);
  const xSubscription = isXSubscriptionType(row.x_subscription) ? row.x_subscription : null;
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
    xSubscription,
    xPremium: hasLongPosts(xSubscription),
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

/** Connected accounts of every user (operators and bench:dispatch watch this). */
export const countAllConnectedAccounts = (db: ReadDb): number => Number(db.prepare('SELECT count(*) FROM connected_accounts').pluck().get() ?? 0);

export const countConnectedAccounts = (db: ReadDb, userId: string): number =>
  Number(db.prepare('SELECT count(*) FROM connected_accounts WHERE user_id = ?').pluck().get(userId) ?? 0);

/** The user's own active connected account (a disconnected or deactivated one cannot post). */
export const findActiveConnectedAccount = (db: ReadDb, userId: string, id: string): { id: string; username: string } | null =>
  db
    .prepare<[string, string], { id: string; username: string }>('SELECT id, username FROM connected_accounts WHERE id = ? AND user_id = ? AND is_active = 1')
    .get(id, userId) ?? null;

/** The user's active accounts by username, as the dashboard lists them. */
export const activeConnectedAccountItems = (db: ReadDb, userId: string): ConnectedAccountItem[] =>
  db
    .prepare<[string], ConnectedAccountItem>(
      'SELECT id, username, profile_picture AS profileImageUrl FROM connected_accounts WHERE user_id = ? AND is_active = 1 ORDER BY username',
    )
    .all(userId);
