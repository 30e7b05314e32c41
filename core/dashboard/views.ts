import type { BadgeVariant } from '@core/replies/views';
// The dashboard's answers (spec part 1 §3 'Dashboard metrics', 'Connected account sample',
// 'Activity item'), shared by the server's read queries and the web app's hooks.

export interface MetricsOverview {
  impressionsToday: number;
  impressionsWeek: number;
  impressionsMonth: number;
  repliesSent: number;
  scheduledReplies: number;
  monitoredAccounts: number;
  engagementRate: number;
}

export interface ConnectedAccountItem {
  id: string;
  username: string;
  profileImageUrl: string | null;
}

export interface ActivityItem {
  id: string;
  type: 'reply' | 'schedule' | 'account';
  targetAccount: string;
  content?: string;
  timestamp: string;
  status?: 'sent' | 'scheduled';
  /** A reply's state as every list shows it (core/scheduling/run-state.ts): badge, reason, no link. */
  outcome?: { label: string; variant: BadgeVariant; reason: string | null; link: null; at: string | null };
  action?: 'added' | 'removed';
}

/** One UTC day of the dashboard's chart: replies the user sent and impressions their replies gained. */
export interface ActivityDay {
  /** 'YYYY-MM-DD', a UTC day. */
  date: string;
  repliesSent: number;
  impressions: number;
}

/** GET /api/dashboard/activity: the last `days` UTC days, oldest first, today last. */
export interface DashboardActivity {
  timeZone: 'UTC';
  days: ActivityDay[];
}
