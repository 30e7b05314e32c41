/**
 * The dashboard's figures (spec part 1 'Dashboard'). The dashboard owns no read model: each figure
 * is a query of the read model of the capability that records it (adapters/read-models).
 *
 * Impressions are those of the user's own sent replies as X shows them (the metrics refresh job,
 * ADR 0026), counted per UTC day as growth: Impressions Today is what the user's replies gained
 * since midnight UTC (a reply sent today counts whole; an older one counts its growth since its last
 * read before midnight); Week and Month add the last 7 and 30 UTC days, today included. The
 * Engagement Rate is likes, reposts, replies, quotes and bookmarks per impression, as last seen,
 * over the replies sent in the last 7 days (docs/metrics.md).
 */
import type { ReadDb } from '@adapters/projections-sqlite';
import { impressionsGainedByDay, metricsTotalsSince } from '@adapters/read-models/metrics';
import { listVisibleAccounts, recentlyAddedAccounts } from '@adapters/read-models/monitoring';
import { countSentReplies, recentReplyActivities, sentRepliesByUtcDay, sentReplyDelays } from '@adapters/read-models/replies';
import { earlinessByMode } from '@core/replies/rules/earliness';
import { countUpcomingSchedules, dueRunsWaiting, recentSchedules } from '@adapters/read-models/scheduling';
import { schedulerProcesses } from '@adapters/read-models/scheduler-health';
import { schedulerHealth, type SchedulerHealth } from '@core/scheduler-health';
import { activeConnectedAccountItems } from '@adapters/read-models/x-accounts';
import type { ActivityItem, ConnectedAccountItem, DashboardActivity, MetricsOverview } from '@core/dashboard/views';
import { engagementRate, lastUtcDays } from '@core/metrics/days';
import type { MonitoringActor } from '@core/monitoring';

export type { ActivityItem, ConnectedAccountItem, DashboardActivity, MetricsOverview };

const DAY_MS = 86_400_000;
/** The window of the Engagement Rate. */
const ENGAGEMENT_WINDOW_MS = 7 * DAY_MS;

const sumOfDays = (gains: ReadonlyMap<string, number>, days: readonly string[]): number => days.reduce((sum, day) => sum + (gains.get(day) ?? 0), 0);

/** The figures of `actor`, the user `userId`, at `now`. */
export const metricsOverview = (db: ReadDb, userId: string, actor: MonitoringActor, now: Date): MetricsOverview => {
  const nowMs = now.getTime();
  const month = lastUtcDays(nowMs, 30);
  const gains = impressionsGainedByDay(db, userId, month[0] as string);
  const recent = metricsTotalsSince(db, userId, new Date(nowMs - ENGAGEMENT_WINDOW_MS).toISOString());
  return {
    impressionsToday: sumOfDays(gains, month.slice(-1)),
    impressionsWeek: sumOfDays(gains, month.slice(-7)),
    impressionsMonth: sumOfDays(gains, month),
    repliesSent: countSentReplies(db, userId),
    // Schedules still to run (pending, active), as the Schedules list shows them.
    scheduledReplies: countUpcomingSchedules(db, userId),
    // The monitored accounts the user sees (curated ones included).
    monitoredAccounts: listVisibleAccounts(db, actor).length,
    engagementRate: engagementRate(recent.engagements, recent.impressions),
    earliness: earlinessByMode(sentReplyDelays(db, userId, new Date(nowMs - 30 * DAY_MS).toISOString())),
  };
};

/** The user's replies sent and impressions gained per UTC day, the last `days` days ending today. */
export const activitySeries = (db: ReadDb, userId: string, now: Date, days: number): DashboardActivity => {
  const list = lastUtcDays(now.getTime(), days);
  const first = list[0] as string;
  const sent = sentRepliesByUtcDay(db, userId, `${first}T00:00:00.000Z`);
  const gains = impressionsGainedByDay(db, userId, first);
  return { timeZone: 'UTC', days: list.map((date) => ({ date, repliesSent: sent.get(date) ?? 0, impressions: gains.get(date) ?? 0 })) };
};

/** The user's active connected X accounts, by username. */
export const connectedAccounts = (db: ReadDb, userId: string): ConnectedAccountItem[] => activeConnectedAccountItems(db, userId);

/**
 * The user's latest actions, newest first: replies (sent, or still to go out: 'scheduled'),
 * schedules they made, and monitored accounts they added (a removed account leaves no trace to show).
 */
export const recentActivities = (db: ReadDb, userId: string, limit = 20): ActivityItem[] => {
  const schedules = recentSchedules(db, userId, limit).map(
    (s): ActivityItem => ({
      id: `schedule-${s.id}`,
      type: 'schedule',
      targetAccount: s.targetUsername ?? s.accountId,
      ...(s.content !== null ? { content: s.content } : s.templateName !== null ? { content: `Template: ${s.templateName}` } : {}),
      timestamp: s.createdAt,
    }),
  );
  const accounts = recentlyAddedAccounts(db, userId, limit).map(
    (a): ActivityItem => ({ id: `account-${a.id}`, type: 'account', targetAccount: a.username, timestamp: a.createdAt, action: 'added' }),
  );
  return [...recentReplyActivities(db, userId, limit), ...schedules, ...accounts]
    .sort((a, b) => (a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : 0))
    .slice(0, limit);
};

/** The scheduler's health for the admin's dashboard: every process's last tick and the due runs waiting. */
export const schedulerHealthNow = (db: ReadDb, now: Date): SchedulerHealth =>
  schedulerHealth(schedulerProcesses(db), dueRunsWaiting(db, now.toISOString()), now.getTime());
