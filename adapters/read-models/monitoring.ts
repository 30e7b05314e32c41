/**
 * The monitored accounts read model: its projection (core/monitoring/projection.ts, the
 * `monitored_accounts` table) and every query over that table, side by side. Nothing else names
 * the table; other capabilities call these functions (ADR 0018).
 *
 * Every list is filtered by the caller's visibility (`visibleToSql`, the SQL form of `canSee`), so
 * an account someone may not see is never answered, and is "not found" by id.
 *
 * The Account Activity Overview counts the caller's own schedules per account, asked of the
 * schedules read model, and the replies it sent to each, asked of the replies read model; the
 * account's last post and last read come from the watched posts read model.
 */
import type { ReadDb } from '@adapters/projections-sqlite';
import { shownPicture, visibleToSql, type MonitoringActor, type MonitoringTier } from '@core/monitoring';
import { monitoredAccountsProjection } from '@core/monitoring/projection';
import type { AccountActivity, AccountOption, AccountView } from '@core/monitoring/views';
import type { WatchableAccount } from '@core/watching/due';
import { sentRepliesByTarget } from './replies';
import { scheduleActivityByTarget } from './scheduling';
import { watchStatuses } from './watching';

export { monitoredAccountsProjection };
export type { AccountActivity, AccountOption, AccountView };

interface AccountRow {
  id: string;
  username: string;
  display_name: string;
  profile_picture: string | null;
  bio: string | null;
  topic_keyword: string | null;
  x_user_id: string | null;
  is_active: number;
  should_monitor: number;
  monitoring_interval: number;
  monitoring_tier: string;
  visible_to_legacy: number;
  visible_to_normal: number;
  admin_only: number;
  user_only: number;
  added_by_owner: number;
  source: string;
  approval: string;
  user_id: string | null;
  created_at: string;
  updated_at: string;
}

const toView = (r: AccountRow): AccountView => ({
  id: r.id,
  username: r.username,
  displayName: r.display_name,
  // One gate for every answer that carries it (lists, by id, options, activity, the admin's).
  profilePicture: shownPicture(r.profile_picture),
  bio: r.bio,
  topicKeyword: r.topic_keyword,
  xUserId: r.x_user_id,
  isActive: r.is_active === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  monitoringInterval: r.monitoring_interval,
  shouldMonitor: r.should_monitor === 1,
  userId: r.user_id,
  monitoringTier: r.monitoring_tier as MonitoringTier,
  visibleToLegacy: r.visible_to_legacy === 1,
  visibleToNormal: r.visible_to_normal === 1,
  adminOnly: r.admin_only === 1,
  addedByOwner: r.added_by_owner === 1,
  isMonitored: r.is_active === 1 && r.should_monitor === 1,
  userOnly: r.user_only === 1,
  source: r.source as AccountView['source'],
  approval: r.approval === 'pending' ? 'pending' : 'approved',
});

const ORDER = 'ORDER BY lower(display_name), username_key, id';

export const listVisibleAccounts = (db: ReadDb, actor: MonitoringActor): AccountView[] => {
  const where = visibleToSql(actor);
  return db.prepare<[Record<string, unknown>], AccountRow>(`SELECT * FROM monitored_accounts WHERE ${where.sql} ${ORDER}`).all(where.params).map(toView);
};

export const findVisibleAccount = (db: ReadDb, actor: MonitoringActor, id: string): AccountView | null => {
  const where = visibleToSql(actor);
  const row = db
    .prepare<[Record<string, unknown>], AccountRow>(`SELECT * FROM monitored_accounts WHERE id = @id AND ${where.sql}`)
    .get({ ...where.params, id });
  return row === undefined ? null : toView(row);
};

export const accountOptions = (db: ReadDb, actor: MonitoringActor): AccountOption[] =>
  listVisibleAccounts(db, actor).map(({ id, username, xUserId, displayName, profilePicture, isActive }) => ({
    id,
    username,
    xUserId,
    displayName,
    profilePicture,
    isActive,
  }));

/** Accounts whose X id is still unknown, oldest first (the resolver's work list). */
export const unresolvedAccountIds = (db: ReadDb, limit: number): string[] =>
  db
    .prepare<[number], string>('SELECT id FROM monitored_accounts WHERE x_user_id IS NULL ORDER BY created_at, id LIMIT ?')
    .pluck()
    .all(limit);

/** The Account Activity Overview: one row per visible account, counts of the caller's own data. */
export const accountActivity = (db: ReadDb, actor: MonitoringActor, userId: string): AccountActivity[] => {
  const accounts = listVisibleAccounts(db, actor);
  const scheduled = scheduleActivityByTarget(db, userId);
  const replied = sentRepliesByTarget(db, userId);
  const watched = watchStatuses(db);
  return accounts.map((a) => {
    const s = scheduled.get(a.id);
    const r = replied.get(a.id);
    // The latest of: a schedule created for the account, a reply sent to it.
    const times = [s?.lastCreatedAt ?? null, r?.lastSentAt ?? null].filter((t): t is string => t !== null).sort();
    return {
      accountId: a.id,
      username: a.username,
      displayName: a.displayName,
      profilePicture: a.profilePicture,
      lastActivity: times.at(-1) ?? null,
      lastPostAt: watched.get(a.id)?.lastPostAt ?? null,
      lastCheckedAt: watched.get(a.id)?.lastPolledAt ?? null,
      repliesSent: r?.sent ?? 0,
      scheduledReplies: s?.upcoming ?? 0,
      status: a.isMonitored ? 'Monitoring' : 'Paused',
    };
  });
};

/** A monitored account's X identity, whoever sees it (the scheduler answers the account a schedule names). */
export const targetIdentity = (db: ReadDb, id: string): { username: string; xUserId: string | null; monitored: boolean } | null => {
  const row = db
    .prepare<[string], { username: string; x_user_id: string | null; is_active: number; should_monitor: number }>(
      'SELECT username, x_user_id, is_active, should_monitor FROM monitored_accounts WHERE id = ?',
    )
    .get(id);
  return row === undefined ? null : { username: row.username, xUserId: row.x_user_id, monitored: row.is_active === 1 && row.should_monitor === 1 };
};

/**
 * Every monitored account as the watcher needs it (id, X id, tier, whether it may be read). An
 * account is read only while it is active, monitored and approved: an admin's pause stops its
 * reads, and with them its auto replies; an account a user added under the 'reviewed' rule costs
 * no X read until an admin approves it.
 */
export const watchableAccounts = (db: ReadDb): WatchableAccount[] =>
  db
    .prepare<[], { id: string; x_user_id: string | null; monitoring_tier: string; is_active: number; should_monitor: number; approval: string }>(
      'SELECT id, x_user_id, monitoring_tier, is_active, should_monitor, approval FROM monitored_accounts',
    )
    .all()
    .map((r) => ({
      accountId: r.id,
      xUserId: r.x_user_id,
      tier: r.monitoring_tier as MonitoringTier,
      active: r.is_active === 1 && r.should_monitor === 1 && r.approval === 'approved',
    }));

/** Accounts the user added that still exist, newest first (the dashboard's recent activity). */
export const recentlyAddedAccounts = (db: ReadDb, userId: string, limit: number): { id: string; username: string; createdAt: string }[] =>
  db
    .prepare<[string, number], { id: string; username: string; created_at: string }>(
      'SELECT id, username, created_at FROM monitored_accounts WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?',
    )
    .all(userId, limit)
    .map((r) => ({ id: r.id, username: r.username, createdAt: r.created_at }));

/** The tiers of these monitored accounts (the ready queue's order); accounts gone are absent. */
export const tiersOf = (db: ReadDb, ids: readonly string[]): Map<string, MonitoringTier> =>
  new Map(
    (
      db.prepare('SELECT id, monitoring_tier FROM monitored_accounts WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify([...new Set(ids)])) as {
        id: string;
        monitoring_tier: string;
      }[]
    ).map((r) => [r.id, r.monitoring_tier as MonitoringTier]),
  );
