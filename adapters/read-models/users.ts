/**
 * The users read model: its projection (core/users/projection.ts, the `users` table) and every
 * query over that table, side by side. Nothing else names the table; other capabilities call these
 * functions (ADR 0018).
 */
import type { ReadDb } from '@adapters/projections-sqlite';
import type { Permission, Role } from '@core/users/constants';
import { usersProjection } from '@core/users/projection';
import type { ClassicStyle } from '@core/styles/catalogue';
import type { SubscriptionStatus, User } from '@core/users/state';
import { idList } from './id-list';

export { usersProjection };

/** A row of `users` as SQLite returns it. */
export interface UserRow {
  id: string;
  username: string;
  username_lower: string;
  email: string | null;
  email_lower: string | null;
  full_name: string | null;
  name: string | null;
  password_hash: string | null;
  x_user_id: string | null;
  role: string;
  is_active: number;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  last_login: string | null;
  password_change_required: number;
  replies_remaining: number;
  is_premium: number;
  trial_active: number;
  trial_ends_at: string;
  subscription_id: string | null;
  subscription_status: string | null;
  subscription_end_date: string | null;
  subscribed_to_updates: number;
  profile_picture: string | null;
  time_zone: string;
  permissions: string;
  email_on_failed_reply: number;
  weekly_summary: number;
  hourly_cap: number | null;
  default_style: string | null;
}

/** The user a row describes (what `toPublicUser` takes); counted reply ids live only in the stream. */
export const userFromRow = (row: UserRow): Omit<User, 'trialReplyIds' | 'passwordReset' | 'emailProven' | 'passwordChangedAt'> => ({
  id: row.id,
  username: row.username,
  email: row.email,
  fullName: row.full_name,
  name: row.name,
  passwordHash: row.password_hash,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  createdBy: row.created_by,
  isActive: row.is_active === 1,
  lastLogin: row.last_login,
  role: row.role as Role,
  passwordChangeRequired: row.password_change_required === 1,
  repliesRemaining: row.replies_remaining,
  isPremium: row.is_premium === 1,
  trialActive: row.trial_active === 1,
  subscriptionId: row.subscription_id,
  subscriptionStatus: row.subscription_status as SubscriptionStatus | null,
  subscriptionEndDate: row.subscription_end_date,
  subscribedToUpdates: row.subscribed_to_updates === 1,
  xUserId: row.x_user_id,
  profilePicture: row.profile_picture,
  timeZone: row.time_zone,
  permissions: JSON.parse(row.permissions) as Permission[],
  preferences: {
    emailOnFailedReply: row.email_on_failed_reply === 1,
    weeklySummary: row.weekly_summary === 1,
    hourlyCap: row.hourly_cap,
    defaultStyle: row.default_style as ClassicStyle | null,
  },
});

/** The replies per hour this user chose, or null (the installation's cap applies). */
export const hourlyCapOf = (db: ReadDb, userId: string): number | null =>
  (db.prepare<[string], { hourly_cap: number | null }>('SELECT hourly_cap FROM users WHERE id = ?').get(userId)?.hourly_cap ?? null);

/** One user's row as a user, or null (unknown or deleted). */
export const userById = (db: ReadDb, id: string): Omit<User, 'trialReplyIds' | 'passwordReset' | 'emailProven' | 'passwordChangedAt'> | null => {
  const row = db.prepare<[string], UserRow>('SELECT * FROM users WHERE id = ?').get(id);
  return row === undefined ? null : userFromRow(row);
};

/** Active users with an e-mail who want the weekly summary, oldest first, after `afterId` (paging). */
export const weeklySummaryRecipients = (db: ReadDb, afterId: string, limit: number): { id: string; email: string; timeZone: string; createdAt: string }[] =>
  db
    .prepare<[string, number], { id: string; email: string; time_zone: string; created_at: string }>(
      `SELECT id, email, time_zone, created_at FROM users
       WHERE weekly_summary = 1 AND is_active = 1 AND email IS NOT NULL AND id > ? ORDER BY id LIMIT ?`,
    )
    .all(afterId, limit)
    .map((r) => ({ id: r.id, email: r.email, timeZone: r.time_zone, createdAt: r.created_at }));

/** E-mail and failed-reply preference of these users, for the failed-reply alerts. */
export const failedReplyRecipients = (db: ReadDb, ids: readonly string[]): Map<string, string> =>
  ids.length === 0
    ? new Map()
    : new Map(
        db
          .prepare<[string], { id: string; email: string }>(
            `SELECT id, email FROM users WHERE id IN (SELECT value FROM json_each(?))
             AND email_on_failed_reply = 1 AND is_active = 1 AND email IS NOT NULL`,
          )
          .all(idList(ids))
          .map((r) => [r.id, r.email]),
      );

/** Every user, oldest first (the admin list). */
export const listUsers = (db: ReadDb): Omit<User, 'trialReplyIds' | 'passwordReset' | 'emailProven' | 'passwordChangedAt'>[] =>
  db.prepare<[], UserRow>('SELECT * FROM users ORDER BY created_at, id').all().map(userFromRow);

/** The usernames of these users, for whoever lists things that name their owner. */
export const usernamesByIds = (db: ReadDb, ids: readonly string[]): Map<string, string> =>
  ids.length === 0
    ? new Map()
    : new Map(
        db
          .prepare<[string], { id: string; username: string }>('SELECT id, username FROM users WHERE id IN (SELECT value FROM json_each(?))')
          .all(idList(ids))
          .map((r) => [r.id, r.username]),
      );

/** How many users the read model holds. */
export const countUsers = (db: ReadDb): number => Number(db.prepare('SELECT count(*) FROM users').pluck().get() ?? 0);

/** Deleted accounts whose events are not erased yet, oldest first (the erasure job's list). */
export const pendingErasures = (db: ReadDb, limit = 100): string[] =>
  db
    .prepare<[number], { user_id: string }>('SELECT user_id FROM users_pending_erasure ORDER BY deleted_at, user_id LIMIT ?')
    .all(limit)
    .map((r) => r.user_id);

/** The e-mail addresses of the active admins (who hear of installation-wide trouble). */
export const adminRecipients = (db: ReadDb): { id: string; email: string }[] =>
  db
    .prepare<[], { id: string; email: string }>("SELECT id, email FROM users WHERE role = 'admin' AND is_active = 1 AND email IS NOT NULL ORDER BY created_at, id")
    .all();
