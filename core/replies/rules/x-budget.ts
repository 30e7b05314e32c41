/**
 * X's posting budgets (design.md, "Delivery of replies"): X counts the POSTs of each connected
 * account (its user token: 100 every 15 minutes) and of the whole app (10,000 every 24 hours, shared
 * by every user of this installation). Riposte keeps inside both before asking X, so that one busy
 * user cannot spend everyone's allowance and a reply is held with a plain reason instead of being
 * refused by X (X's 429 remains the backstop: other processes' sends are seen a moment late).
 *
 * Fair sharing of the app budget: while less than half of it is used, replies go first come, first
 * served (there is plenty). Past half, a user who has already used an equal share waits while users
 * under theirs go on. The share divides the budget among the users who posted in the window (this
 * one included) and one more: room is always kept for someone who has not posted yet, so a user
 * alone cannot spend the whole day's allowance before others arrive.
 */
import { toInstant, toMs, type Instant } from '@core/scheduling/time';
import { REPLY_MESSAGES } from '../messages';

export type PostLimit = { limit: number; windowMs: number };

const MINUTE = 60_000;
export const X_ACCOUNT_POST_LIMIT: PostLimit = { limit: 100, windowMs: 15 * MINUTE };
export const X_APP_POST_LIMIT: PostLimit = { limit: 10_000, windowMs: 24 * 60 * MINUTE };
/** A user held for their share looks again after this (others' use changes, the window moves). */
export const FAIR_SHARE_RECHECK_MS = 15 * MINUTE;
/** Attempts older than this are never needed (windows are at most 24 h); the read model drops them. */
export const POST_ATTEMPTS_KEPT_MS = 2 * 24 * 60 * MINUTE;

export interface PostBudgets {
  account: PostLimit;
  app: PostLimit;
}

export const X_POST_BUDGETS: PostBudgets = { account: X_ACCOUNT_POST_LIMIT, app: X_APP_POST_LIMIT };

/** What was posted through the app, as far as this process can see (epoch ms). */
export interface PostUsage {
  /** The connected account's POSTs within the account window (any order). */
  accountAttempts: readonly number[];
  /** POSTs within the app window, per Riposte user. */
  appByUser: ReadonlyMap<string, number>;
  /** When the oldest POST of the app window went out; null when there is none. */
  appOldestMs: number | null;
}

export type BudgetCheck = { allowed: true } | { allowed: false; retryAt: Instant; reason: string; kind: 'account' | 'app' | 'fair_share' };

/**
 * May `userId` POST one more reply now? Pure: the usage is read by the caller, time is an argument.
 */
export const xPostBudget = (userId: string, usage: PostUsage, now: Instant | number, budgets: PostBudgets = X_POST_BUDGETS): BudgetCheck => {
  const nowMs = toMs(now, 'now');
  const { account, app } = budgets;

  const recent = usage.accountAttempts.filter((t) => t > nowMs - account.windowMs && t <= nowMs).sort((a, b) => a - b);
  if (recent.length >= account.limit) {
    // The (len - limit + 1)-th oldest must leave the window before one more fits.
    const leaving = recent[recent.length - account.limit] as number;
    return { allowed: false, kind: 'account', retryAt: toInstant(leaving + account.windowMs), reason: REPLY_MESSAGES.xAccountBudget(account.limit, account.windowMs) };
  }

  let total = 0;
  for (const n of usage.appByUser.values()) total += n;
  const freesAt = usage.appOldestMs === null ? nowMs + app.windowMs : Math.max(usage.appOldestMs + app.windowMs, nowMs + 1);
  if (total >= app.limit) {
    return { allowed: false, kind: 'app', retryAt: toInstant(freesAt), reason: REPLY_MESSAGES.xAppBudget(app.limit, app.windowMs) };
  }
  if (total * 2 < app.limit) return { allowed: true };

  const users = new Set(usage.appByUser.keys()).add(userId).size;
  const share = Math.max(1, Math.floor(app.limit / (users + 1)));
  const used = usage.appByUser.get(userId) ?? 0;
  if (used < share) return { allowed: true };
  return {
    allowed: false,
    kind: 'fair_share',
    retryAt: toInstant(Math.min(freesAt, nowMs + FAIR_SHARE_RECHECK_MS)),
    reason: REPLY_MESSAGES.xFairShare(used, share),
  };
};
