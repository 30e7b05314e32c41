/**
 * The dashboard's figures (spec part 1 'Dashboard'). The dashboard owns no read model: each figure
 * is a query of the read model of the capability that records it (adapters/read-models). Replies
 * carry no impressions or engagements (Riposte does not read X's metrics), so those figures are
 * honest zeros, never sample data.
 */
import type { ReadDb } from '@adapters/projections-sqlite';
import { listVisibleAccounts } from '@adapters/read-models/monitoring';
import { countSentReplies, recentReplyActivities } from '@adapters/read-models/replies';
import { countUpcomingSchedules } from '@adapters/read-models/scheduling';
import { activeConnectedAccountItems } from '@adapters/read-models/x-accounts';
import type { ActivityItem, ConnectedAccountItem, MetricsOverview } from '@core/dashboard/views';
import type { MonitoringActor } from '@core/monitoring';

export type { ActivityItem, ConnectedAccountItem, MetricsOverview };

/** The figures of `actor`, the user `userId`. */
export const metricsOverview = (db: ReadDb, userId: string, actor: MonitoringActor): MetricsOverview => ({
  impressionsToday: 0,
  impressionsWeek: 0,
  impressionsMonth: 0,
  repliesSent: countSentReplies(db, userId),
  // Schedules still to run (pending, active), as the Schedules list shows them.
  scheduledReplies: countUpcomingSchedules(db, userId),
  // The monitored accounts the user sees (curated ones included).
  monitoredAccounts: listVisibleAccounts(db, actor).length,
  engagementRate: 0,
});

/** The user's active connected X accounts, by username. */
export const connectedAccounts = (db: ReadDb, userId: string): ConnectedAccountItem[] => activeConnectedAccountItems(db, userId);

/** The user's latest replies: sent, or still to go out (scheduled). */
export const recentActivities = (db: ReadDb, userId: string, limit = 20): ActivityItem[] => recentReplyActivities(db, userId, limit);
