// The dashboard's read-model queries (api contract): real figures, zeros and empty lists when
// nothing exists yet. Default query rules (30 s fresh, 2 retries, focus refetch) apply.
import useSWR from 'swr';
import type { ActivityDay, ActivityItem, ConnectedAccountItem, DashboardActivity, MetricsOverview } from '@core/dashboard/views';

export type { ActivityDay, ActivityItem, DashboardActivity, MetricsOverview };
export type ConnectedAccount = ConnectedAccountItem;

export const useMetricsOverview = () => useSWR<MetricsOverview, Error>('/api/metrics/overview');
export const useRecentActivities = () => useSWR<ActivityItem[], Error>('/api/recent-activities');
export const useConnectedAccounts = () => useSWR<ConnectedAccount[], Error>('/api/connected-accounts');
export const useDashboardActivity = (days = 14) => useSWR<DashboardActivity, Error>(`/api/dashboard/activity?days=${days}`);
