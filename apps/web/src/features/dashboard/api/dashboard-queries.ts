// The dashboard's read-model queries (api contract): real figures, zeros and empty lists when
// nothing exists yet. Default query rules (30 s fresh, 2 retries, focus refetch) apply.
import useSWR from 'swr';

export type MetricsOverview = {
  impressionsToday: number;
  impressionsWeek: number;
  impressionsMonth: number;
  repliesSent: number;
  scheduledReplies: number;
  monitoredAccounts: number;
  engagementRate: number;
};

export type ActivityItem = {
  id: string;
  type: 'reply' | 'schedule' | 'account';
  targetAccount: string;
  content?: string;
  timestamp: string;
  status?: 'sent' | 'scheduled';
  action?: 'added' | 'removed';
};

export type ConnectedAccount = { id: string; username: string; profileImageUrl: string | null };

export const useMetricsOverview = () => useSWR<MetricsOverview, Error>('/api/metrics/overview');
export const useRecentActivities = () => useSWR<ActivityItem[], Error>('/api/recent-activities');
export const useConnectedAccounts = () => useSWR<ConnectedAccount[], Error>('/api/connected-accounts');
