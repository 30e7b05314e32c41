// The watcher's X reads (GET /api/admin/polling-stats): today's and the last 30 UTC days' requests,
// posts returned and estimated spend. Refreshed every minute, as often as the server records them.
import useSWR from 'swr';
import type { ReadDayView } from '@core/watching/reads';

export type { ReadDayView };

export interface PollingStats {
  today: ReadDayView;
  days: ReadDayView[];
  usdPerPost: number;
}

export const POLLING_STATS_KEY = '/api/admin/polling-stats';

export const usePollingStats = () => useSWR<PollingStats, Error>(POLLING_STATS_KEY, { refreshInterval: 60_000 });
