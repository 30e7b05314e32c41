// Auto-refresh (spec part 2 §9 'Settings': off by default, local to this browser): when on, every
// list reloads itself every 30 seconds while its page is open. Kept in localStorage, like the
// sidebar's collapsed preference; the App reads it into swr's refreshInterval.
import { proxy } from 'valtio';

const KEY = 'riposte.autoRefresh';
/**
 * A second past the 30 s a query stays fresh (swr-config QUERY_FRESH_MS): a reload due exactly at
 * 30 s would be folded into the previous request and happen only every other time.
 */
export const AUTO_REFRESH_MS = 31_000;

function read(): boolean {
  try {
    return localStorage.getItem(KEY) === 'true';
  } catch {
    return false;
  }
}

export const autoRefreshState = proxy({ on: read() });

export function setAutoRefresh(on: boolean): void {
  autoRefreshState.on = on;
  try {
    localStorage.setItem(KEY, String(on));
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
}
