/**
 * Time rules of dispatch, with the defaults Riposte runs with (docs/adr/0019-dispatch-exactly-once.md).
 * Pure: `now` is an argument, instants are ISO strings or epoch milliseconds.
 */
import { toInstant, toMs, type Instant } from '@core/scheduling/time';
import { REPLY_MESSAGES } from '../messages';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * How late a run may still go out. The seed product promised replies 'within 5–10 minutes'; a run
 * found later than this (a restart after hours down, a clock jump) is skipped, never sent late.
 */
export const DEFAULT_GRACE_MS = 15 * MINUTE;

/**
 * How long a claim holds without its claimant finishing the run. Longer than an AI call plus an X
 * round trip with their time-outs (about a minute each), so a live scheduler is not taken over.
 */
export const DEFAULT_CLAIM_LEASE_MS = 5 * MINUTE;

/** How recent the target post must be (a setting; 24 h by default), and how long a ready reply waits. */
export const DEFAULT_FRESHNESS_MS = 24 * HOUR;

/** Wait after a 429 that carried neither x-rate-limit-reset nor Retry-After (X's windows are 15 min). */
export const DEFAULT_RATE_LIMIT_WAIT_MS = 15 * MINUTE;

/**
 * How often the scheduler sends a reply again after reconciliation found its send did not reach X
 * (each such send waits out the POST's window first). X failing every time ends it failed.
 */
export const MAX_AUTO_RESENDS = 3;

/** The window of X's rule against identical text from several accounts. */
export const SAME_TEXT_WINDOW_MS = 24 * HOUR;

/**
 * How long X is taken to remember an account's posts when it refuses a repeat. X does not publish
 * it; a week is what its refusals have been seen to span, and the X emulator's default.
 */
export const X_DUPLICATE_WINDOW_MS = 7 * 24 * HOUR;

/**
 * How long an account (and a user's other accounts under the same target) waits before a text
 * comes back: X's week plus a day, so that a daily run at the same hour, prepared ahead or posted
 * late, never lands on the edge of X's window.
 */
export const OWN_TEXT_WINDOW_MS = X_DUPLICATE_WINDOW_MS + 24 * HOUR;

export type Lateness = { late: false; byMs: number } | { late: true; byMs: number; reason: string };

/** How late `now` is for the run due at `slot`; beyond the grace the run is skipped with a reason. */
export const lateness = (slot: Instant | number, now: Instant | number, graceMs: number = DEFAULT_GRACE_MS): Lateness => {
  const byMs = Math.max(0, toMs(now, 'now') - toMs(slot, 'slot'));
  return byMs > graceMs ? { late: true, byMs, reason: REPLY_MESSAGES.missedOffline } : { late: false, byMs };
};

/**
 * When a ready (assisted) reply expires: the end of the target post's freshness window, so the
 * user is never asked to answer a post older than the schedule would have picked.
 */
export const readyExpiry = (postCreatedAt: Instant | number, freshnessMs: number = DEFAULT_FRESHNESS_MS): Instant =>
  toInstant(toMs(postCreatedAt, 'postCreatedAt') + freshnessMs);
