/**
 * The dashboard's figures (spec part 1 'Dashboard'), read from the read database. Each figure
 * comes from the table of the capability that records it; where that projection is not in the read
 * database (the replies figures have none) the table is absent and the figure is an honest zero or
 * an empty list, never sample data.
 *
 * The tables and columns read here are listed in docs/api.md; a projection that provides them
 * lights the figure up without a change here.
 */
import type { ReadDb } from '@adapters/projections-sqlite';
import type { ActivityItem, ConnectedAccountItem, MetricsOverview } from '@core/dashboard/views';

export type { ActivityItem, ConnectedAccountItem, MetricsOverview };

/** True when `table` exists with every one of `columns`. */
const has = (db: ReadDb, table: string, columns: readonly string[]): boolean => {
  const cols = db.prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)').all(table).map((c) => c.name);
  return cols.length > 0 && columns.every((c) => cols.includes(c));
};

const count = (db: ReadDb, sql: string, ...params: unknown[]): number =>
  Number(db.prepare(sql).pluck().get(...params) ?? 0);

const DAY_MS = 24 * 60 * 60 * 1000;

/** `monitoredAccounts` is how many monitored accounts the user sees (curated ones included). */
export const metricsOverview = (db: ReadDb, userId: string, now: Date, monitoredAccounts: number): MetricsOverview => {
  const since = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const replies = has(db, 'replies', ['user_id', 'status', 'sent_at', 'impressions', 'engagements']);
  const impressions = (days: number) =>
    replies ? count(db, `SELECT coalesce(sum(impressions), 0) FROM replies WHERE user_id = ? AND status = 'sent' AND sent_at >= ?`, userId, since(days)) : 0;
  const repliesSent = replies ? count(db, `SELECT count(*) FROM replies WHERE user_id = ? AND status = 'sent'`, userId) : 0;
  const totalImpressions = replies ? count(db, `SELECT coalesce(sum(impressions), 0) FROM replies WHERE user_id = ? AND status = 'sent'`, userId) : 0;
  const engagements = replies ? count(db, `SELECT coalesce(sum(engagements), 0) FROM replies WHERE user_id = ? AND status = 'sent'`, userId) : 0;
  return {
    impressionsToday: impressions(1),
    impressionsWeek: impressions(7),
    impressionsMonth: impressions(30),
    repliesSent,
    // Schedules still to run (pending, active), as the Schedules list shows them.
    scheduledReplies: has(db, 'schedules', ['user_id', 'is_active', 'is_executed', 'deleted_at', 'pending_batch'])
      ? count(db, 'SELECT count(*) FROM schedules WHERE user_id = ? AND deleted_at IS NULL AND pending_batch IS NULL AND is_active = 1 AND is_executed = 0', userId)
      : 0,
    monitoredAccounts,
    // Engagements per impression, in percent with one decimal; 0 with no impressions.
    engagementRate: totalImpressions > 0 ? Math.round((engagements / totalImpressions) * 1000) / 10 : 0,
  };
};

export const connectedAccounts = (db: ReadDb, userId: string): ConnectedAccountItem[] =>
  has(db, 'connected_accounts', ['id', 'user_id', 'username', 'profile_picture', 'is_active'])
    ? db
        .prepare<[string], ConnectedAccountItem>(
          'SELECT id, username, profile_picture AS profileImageUrl FROM connected_accounts WHERE user_id = ? AND is_active = 1 ORDER BY username',
        )
        .all(userId)
    : [];

interface ActivityRow {
  id: string;
  type: ActivityItem['type'];
  target_account: string;
  content: string | null;
  timestamp: string;
  status: string | null;
  action: string | null;
}

export const recentActivities = (db: ReadDb, userId: string, limit = 20): ActivityItem[] => {
  if (!has(db, 'activities', ['id', 'user_id', 'type', 'target_account', 'content', 'timestamp', 'status', 'action'])) return [];
  const rows = db
    .prepare<[string, number], ActivityRow>(
      'SELECT id, type, target_account, content, timestamp, status, action FROM activities WHERE user_id = ? ORDER BY timestamp DESC LIMIT ?',
    )
    .all(userId, limit);
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    targetAccount: r.target_account,
    timestamp: r.timestamp,
    ...(r.content === null ? {} : { content: r.content }),
    ...(r.status === 'sent' || r.status === 'scheduled' ? { status: r.status } : {}),
    ...(r.action === 'added' || r.action === 'removed' ? { action: r.action } : {}),
  }));
};
