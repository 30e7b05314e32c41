/**
 * Allowance of a run besides the trial (core/users ConsumeReply and RefundTrialReply, idempotent
 * per replyId): a per-user hourly cap, and which replies give their trial reply back.
 */
import { toInstant, toMs, type Instant } from '@core/scheduling/time';
import { REPLY_MESSAGES } from '../messages';
import type { ReplyState } from '../state';

/** Replies a user may send in any hour (a setting later). */
export const DEFAULT_HOURLY_CAP = 50;
const HOUR = 3_600_000;

export type HourlyCheck = { allowed: true; remaining: number } | { allowed: false; retryAt: Instant; reason: string };

/**
 * May one more reply go out now? `sentAt` are the user's sends (any order, older ones ignored).
 * When the cap is reached the reply waits until the oldest send of the last hour is an hour old.
 */
export const hourlyCap = (sentAt: readonly (Instant | number)[], now: Instant | number, cap: number = DEFAULT_HOURLY_CAP): HourlyCheck => {
  const nowMs = toMs(now, 'now');
  const recent = sentAt
    .map((t) => toMs(t, 'sentAt'))
    .filter((t) => t > nowMs - HOUR && t <= nowMs)
    .sort((a, b) => a - b);
  if (recent.length < cap) return { allowed: true, remaining: cap - recent.length };
  // The (len - cap + 1)-th oldest must leave the window before one more fits.
  const leaving = recent[recent.length - cap] as number;
  return { allowed: false, retryAt: toInstant(leaving + HOUR), reason: REPLY_MESSAGES.hourlyCap(cap) };
};

/**
 * True when the reply surely did not go out, so a trial reply it used goes back (RefundTrialReply):
 * refused, skipped or expired. Not for sent, nor for unconfirmed (it may exist), nor while open.
 */
export const refundsTrialReply = (state: ReplyState): boolean =>
  state.status === 'failed' || state.status === 'skipped' || state.status === 'expired';
