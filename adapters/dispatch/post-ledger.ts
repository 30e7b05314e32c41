/**
 * X's posting budgets as this process sees them (core/replies rules/x-budget): the POSTs the read
 * model shows (every process's, a moment late), plus this process's own POSTs it does not show yet.
 *
 * Checking and taking a slot happen in one synchronous step (the read model is queried
 * synchronously), so replies sent side by side in this process never both take the last slot.
 * Another process's sends are seen once projected; X's 429 answers the rare overlap.
 */
import type { ReadDb } from '@adapters/projections-sqlite';
import { latestPostAttempts, xPostUsage } from '@adapters/read-models/replies';
import { xPostBudget, type BudgetCheck, type PostBudgets, type PostUsage } from '@core/replies';

type Own = { replyId: string; userId: string; accountId: string; atMs: number };

export interface PostLedger {
  /** The budgets' answer for one more POST now; when allowed, the slot is this reply's until released or projected. */
  take(db: ReadDb, reply: { replyId: string; userId: string; accountId: string }, nowMs: number, budgets: PostBudgets): BudgetCheck;
  /** The reply did not POST after all (someone else sent it, the account is gone). */
  release(replyId: string): void;
}

export const createPostLedger = (): PostLedger => {
  const own = new Map<string, Own>();

  /** Drops own POSTs the read model shows now (counted there): a row of that reply from then on. */
  const forgetProjected = (db: ReadDb): void => {
    if (own.size === 0) return;
    for (const [replyId, atMs] of latestPostAttempts(db, [...own.keys()])) {
      const mine = own.get(replyId);
      if (mine !== undefined && atMs >= mine.atMs) own.delete(replyId);
    }
  };

  const withOwn = (usage: PostUsage, accountId: string, accountSinceMs: number, appSinceMs: number): PostUsage => {
    if (own.size === 0) return usage;
    const byUser = new Map(usage.appByUser);
    const accountAttempts = [...usage.accountAttempts];
    let oldest = usage.appOldestMs;
    for (const o of own.values()) {
      if (o.atMs > appSinceMs) {
        byUser.set(o.userId, (byUser.get(o.userId) ?? 0) + 1);
        oldest = oldest === null ? o.atMs : Math.min(oldest, o.atMs);
      }
      if (o.accountId === accountId && o.atMs > accountSinceMs) accountAttempts.push(o.atMs);
    }
    return { accountAttempts, appByUser: byUser, appOldestMs: oldest };
  };

  return {
    take: (db, reply, nowMs, budgets) => {
      forgetProjected(db);
      const accountSince = nowMs - budgets.account.windowMs;
      const appSince = nowMs - budgets.app.windowMs;
      const usage = xPostUsage(db, reply.accountId, new Date(accountSince).toISOString(), new Date(appSince).toISOString());
      const check = xPostBudget(reply.userId, withOwn(usage, reply.accountId, accountSince, appSince), nowMs, budgets);
      if (check.allowed) own.set(reply.replyId, { ...reply, atMs: nowMs });
      return check;
    },
    release: (replyId) => void own.delete(replyId),
  };
};
