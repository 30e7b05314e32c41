/**
 * The dashboard's figures (spec part 1 'Dashboard'). The dashboard owns no read model: each figure
 * is a query of the read model of the capability that records it (adapters/read-models). Riposte
 * records no replies yet, so the impressions, replies sent, engagement rate and recent activities
 * are honest zeros and an empty list, never sample data.
 */
import type { ReadDb } from '@adapters/projections-sqlite';
import { listVisibleAccounts } from '@adapters/read-models/monitoring';
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
  repliesSent: 0,
  // Schedules still to run (pending, active), as the Schedules list shows them.
  scheduledReplies: countUpcomingSchedules(db, userId),
  // The monitored accounts the user sees (curated ones included).
  monitoredAccounts: listVisibleAccounts(db, actor).length,
  engagementRate: 0,
});

/** The user's active connected X accounts, by username. */
export const connectedAccounts = (db: ReadDb, userId: string): ConnectedAccountItem[] => activeConnectedAccountItems(db, userId);

/** Riposte records no replies yet, so there is no activity to list. */
export const recentActivities = (): ActivityItem[] => [];
