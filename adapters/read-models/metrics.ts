/**
 * The reply metrics read model: its projection (core/metrics/projection.ts: `reply_metrics`,
 * `reply_metrics_daily`) and every query over those tables (ADR 0018). The dashboard and the
 * metrics refresh job call these; every user figure is filtered by the owner.
 */
import type { ReadDb } from '@adapters/projections-sqlite';
import { replyMetricsProjection as metricsBase } from '@core/metrics/projection';
import { erasingAccounts } from '@core/users/erasure';

/**
 * The projection, also removing a deleted account's figures (ADR 0028). Version 2: the first
 * start with it rebuilds the tables, so accounts deleted before lose their rows too.
 */
export const replyMetricsProjection = {
  ...erasingAccounts(metricsBase, (userId) => [
    { sql: 'DELETE FROM reply_metrics WHERE user_id = @userId', params: { userId } },
    { sql: 'DELETE FROM reply_metrics_daily WHERE user_id = @userId', params: { userId } },
  ]),
  version: metricsBase.version + 1,
};

/** When each of these replies was last read (epoch ms); replies never read are absent. */
export const lastObservedAt = (db: ReadDb, replyIds: readonly string[]): Map<string, number> => {
  if (replyIds.length === 0) return new Map();
  const rows = db
    .prepare<[string], { reply_id: string; observed_at: string }>('SELECT reply_id, observed_at FROM reply_metrics WHERE reply_id IN (SELECT value FROM json_each(?))')
    .all(JSON.stringify(replyIds));
  return new Map(rows.map((r) => [r.reply_id, Date.parse(r.observed_at)]));
};

/**
 * The user's impressions gained per UTC day from `fromDay` on ('YYYY-MM-DD'): for each reply, its
 * last figure of the day minus its last figure of the day it was seen before (0 before its first
 * read). Days without a gain are absent. Replies are read for 7 days after they are sent, so only
 * rows of replies sent 8 days before `fromDay` or later can fall on those days.
 */
export const impressionsGainedByDay = (db: ReadDb, userId: string, fromDay: string): Map<string, number> => {
  const sentFrom = new Date(Date.parse(`${fromDay}T00:00:00.000Z`) - 8 * 86_400_000).toISOString();
  const rows = db
    .prepare<[{ userId: string; sentFrom: string; fromDay: string }], { day: string; gained: number }>(
      `SELECT day, sum(gain) AS gained FROM (
         SELECT day, impressions - coalesce(lag(impressions) OVER (PARTITION BY reply_id ORDER BY day), 0) AS gain
           FROM reply_metrics_daily WHERE user_id = @userId AND sent_at >= @sentFrom
       ) WHERE day >= @fromDay GROUP BY day`,
    )
    .all({ userId, sentFrom, fromDay });
  return new Map(rows.map((r) => [r.day, Number(r.gained)]));
};

/** Impressions and engagements, as last seen, of the user's replies sent at `since` or later. */
export const metricsTotalsSince = (db: ReadDb, userId: string, since: string): { impressions: number; engagements: number } => {
  const row = db
    .prepare<[string, string], { impressions: number | null; engagements: number | null }>(
      `SELECT sum(impressions) AS impressions, sum(likes + reposts + replies + quotes + bookmarks) AS engagements
         FROM reply_metrics WHERE user_id = ? AND sent_at >= ?`,
    )
    .get(userId, since);
  return { impressions: Number(row?.impressions ?? 0), engagements: Number(row?.engagements ?? 0) };
};
