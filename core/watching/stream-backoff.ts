/**
 * Reconnecting to X's filtered stream as X's documentation asks, per kind of failure:
 *  - network errors (a refused or dropped connection, a stall): linear, 250 ms more per attempt,
 *    up to 16 seconds;
 *  - HTTP errors (503 and the like): exponential from 5 seconds, up to 320 seconds;
 *  - 429 (rate limited, or TooManyConnections: another process holds the app's one connection):
 *    exponential from a minute; X sets no ceiling, Riposte stops doubling at 16 minutes (past one
 *    15-minute rate window), or waits for X's reset when that is later.
 * A failure of another kind starts its own count; a connection that delivered something (an item
 * or a heartbeat) clears the count.
 */
import type { XOutcome } from '@core/x/outcomes';

export type StreamFailure = 'network' | 'http' | 'rate_limited';

export interface StreamBackoff {
  kind: StreamFailure | null;
  attempt: number;
}

export const NO_BACKOFF: StreamBackoff = { kind: null, attempt: 0 };

export const BACKOFF_LIMITS: Readonly<Record<StreamFailure, { firstMs: number; maxMs: number }>> = {
  network: { firstMs: 250, maxMs: 16_000 },
  http: { firstMs: 5_000, maxMs: 320_000 },
  rate_limited: { firstMs: 60_000, maxMs: 16 * 60_000 },
};

/** The wait before the `attempt`-th reconnect (1-based) after failures of one kind. */
export const reconnectDelayMs = (kind: StreamFailure, attempt: number): number => {
  const { firstMs, maxMs } = BACKOFF_LIMITS[kind];
  const n = Math.max(1, Math.floor(attempt));
  if (kind === 'network') return Math.min(maxMs, firstMs * n);
  // 2 ** 30 is far past every ceiling; the exponent is bounded so the number stays finite.
  return Math.min(maxMs, firstMs * 2 ** Math.min(n - 1, 30));
};

/** After a failure: the new state and the wait. `resetAtMs` (X's rate-limit reset) lengthens a 429's wait. */
export const afterFailure = (state: StreamBackoff, kind: StreamFailure, at: { nowMs: number; resetAtMs?: number }): { state: StreamBackoff; delayMs: number } => {
  const attempt = state.kind === kind ? state.attempt + 1 : 1;
  let delayMs = reconnectDelayMs(kind, attempt);
  if (kind === 'rate_limited' && at.resetAtMs !== undefined && Number.isFinite(at.resetAtMs)) delayMs = Math.max(delayMs, at.resetAtMs - at.nowMs);
  return { state: { kind, attempt }, delayMs };
};

/** What kind of failure an X answer was: 429, another status X answered, or no answer at all. */
export const streamFailureOf = (outcome: XOutcome): StreamFailure =>
  outcome.kind === 'rate_limited' || outcome.httpStatus === 429 ? 'rate_limited' : outcome.httpStatus !== undefined ? 'http' : 'network';
