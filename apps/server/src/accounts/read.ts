/**
 * Queries over the monitored_accounts read model (core/monitoring/projection.ts). Every list is
 * filtered by the caller's visibility (`visibleToSql`, the SQL form of `canSee`), so an account
 * someone may not see is never answered, and is "not found" by id.
 *
 * The Account Activity Overview counts the caller's own replies and schedules per account from the
 * tables of the capabilities that record them: `replies(account_id, user_id, status, sent_at)` and
 * `schedules(account_id, user_id, is_active, is_executed, created_at)`. Until those projections
 * exist the tables are absent and the counts are honest zeros, never sample data.
 */
import type { ReadDb } from '@adapters/projections-sqlite';
import { visibleToSql, type MonitoringActor, type MonitoringTier } from '@core/monitoring';
import type { AccountActivity, AccountOption, AccountView } from '@core/monitoring/views';

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
  profilePicture: r.profile_picture,
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

/** True when `table` exists with every one of `columns`. */
const has = (db: ReadDb, table: string, columns: readonly string[]): boolean => {
  const cols = db.prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)').all(table).map((c) => c.name);
  return cols.length > 0 && columns.every((c) => cols.includes(c));
};

interface CountRow {
  account_id: string;
  n: number;
  last: string | null;
}

const byAccount = (rows: CountRow[]) => new Map(rows.map((r) => [r.account_id, r]));

const latest = (a: string | null | undefined, b: string | null | undefined): string | null => {
  if (!a) return b ?? null;
  if (!b) return a;
  return a > b ? a : b;
};

/** The Account Activity Overview: one row per visible account, counts of the caller's own data. */
export const accountActivity = (db: ReadDb, actor: MonitoringActor, userId: string): AccountActivity[] => {
  const accounts = listVisibleAccounts(db, actor);
  const sent = has(db, 'replies', ['account_id', 'user_id', 'status', 'sent_at'])
    ? byAccount(
        db
          .prepare<[string], CountRow>(
            `SELECT account_id, count(*) AS n, max(sent_at) AS last FROM replies WHERE user_id = ? AND status = 'sent' GROUP BY account_id`,
          )
          .all(userId),
      )
    : new Map<string, CountRow>();
  // The schedules read model (core/scheduling/projection.ts): deleted schedules and entries of an
  // unfinished bulk batch are not the user's schedules.
  const scheduled = has(db, 'schedules', ['target_account_id', 'user_id', 'is_active', 'is_executed', 'created_at', 'deleted_at', 'pending_batch'])
    ? byAccount(
        db
          .prepare<[string], CountRow>(
            `SELECT target_account_id AS account_id, sum(CASE WHEN is_active = 1 AND is_executed = 0 THEN 1 ELSE 0 END) AS n, max(created_at) AS last
               FROM schedules WHERE user_id = ? AND deleted_at IS NULL AND pending_batch IS NULL GROUP BY target_account_id`,
          )
          .all(userId),
      )
    : new Map<string, CountRow>();
  return accounts.map((a) => {
    const s = sent.get(a.id);
    const p = scheduled.get(a.id);
    return {
      accountId: a.id,
      username: a.username,
      displayName: a.displayName,
      profilePicture: a.profilePicture,
      lastActivity: latest(s?.last, p?.last),
      repliesSent: Number(s?.n ?? 0),
      scheduledReplies: Number(p?.n ?? 0),
      status: a.isMonitored ? 'Monitoring' : 'Paused',
    };
  });
};
