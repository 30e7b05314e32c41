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
  action?: 'added' | 'removed';
}
