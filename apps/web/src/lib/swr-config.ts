// Global swr configuration: the query rules of spec part 1 §9. Per-query overrides (auth status,
// trial status, needs-email) live next to their hooks in the features.
import type { SWRConfiguration } from 'swr';
import { ApiError, queryFetcher } from '@web/lib/api';

export const QUERY_FRESH_MS = 30_000;
export const QUERY_RETRIES = 2;

/** Retry delay: 1 s, doubling, capped at 10 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempt - 1), 10_000);
}

export const swrConfig: SWRConfiguration = {
  fetcher: queryFetcher,
  // "Fresh for 30 s": identical keys mounted within the window share one request.
  dedupingInterval: QUERY_FRESH_MS,
  focusThrottleInterval: QUERY_FRESH_MS,
  revalidateOnFocus: true,
  refreshInterval: 0,
  shouldRetryOnError: true,
  onErrorRetry: (err, _key, config, revalidate, { retryCount }) => {
    // Client errors will not heal by retrying (401/403/404/4xx).
    if (err instanceof ApiError && err.status >= 400 && err.status < 500) return;
    const max = typeof config.errorRetryCount === 'number' ? config.errorRetryCount : QUERY_RETRIES;
    if (retryCount > max) return;
    setTimeout(() => void revalidate({ retryCount }), retryDelay(retryCount));
  },
  errorRetryCount: QUERY_RETRIES,
};
