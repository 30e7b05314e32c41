/**
 * X's posting budgets as this process sees them (core/replies rules/x-budget): the POSTs the read
 * model shows (every process's, a moment late), plus this process's own POSTs it does not show yet.
 *
 * Checking and taking a slot happen in one synchronous step (the read model is queried
 * synchronously), so replies sent side by side in this process never both take the last slot.
 * Another process's sends are seen once projected; X's 429 answers the rare overlap.
 *
 * The app's window (every user's POSTs of the last 24 h) is read at most once a second, not per
 * send: a burst of 1,000 sends would otherwise group the whole window 1,000 times. Between reads
 * this process's own POSTs are added as they are taken. The account's window is small and indexed:
 * it is read per send.
 */
import type { ReadDb } from '@adapters/projections-sqlite';
import { accountPostTimes, appPostUsage, latestPostAttempts } from '@adapters/read-models/replies';
import { xPostBudget, type BudgetCheck, type PostBudgets } from '@core/replies';

type Own = { userId: string; accountId: string; atMs: number };

export interface PostLedger {
  /** The budgets' answer for one more POST now; when allowed, the slot is this reply's until released or projected. */
  take(db: ReadDb, reply: { replyId: string; userId: string; accountId: string }, nowMs: number, budgets: PostBudgets): BudgetCheck;
  /** The reply did not POST after all (someone else sent it, the account is gone). */
  release(replyId: string): void;
}

/** How long a read of the app's window serves. */
export const APP_WINDOW_READ_EVERY_MS = 1_000;

export const createPostLedger = (): PostLedger => {
  /** Own POSTs (by reply) the last read of the app's window did not show. */
  const own = new Map<string, Own>();
  /** The last read of the app's window, with the own POSTs taken since added in. */
  let app: { readAtMs: number; windowMs: number; byUser: Map<string, number>; oldestMs: number | null } | null = null;

  const add = (byUser: Map<string, number>, userId: string, n: number) => {
    const next = (byUser.get(userId) ?? 0) + n;
    if (next > 0) byUser.set(userId, next);
    else byUser.delete(userId);
  };

  const readApp = (db: ReadDb, nowMs: number, windowMs: number) => {
    // Own POSTs the read model shows now are counted there.
    for (const [replyId, atMs] of latestPostAttempts(db, [...own.keys()])) {
      const mine = own.get(replyId);
      if (mine !== undefined && atMs >= mine.atMs) own.delete(replyId);
    }
    const usage = appPostUsage(db, new Date(nowMs - windowMs).toISOString());
    const byUser = new Map(usage.appByUser);
    let oldestMs = usage.appOldestMs;
    for (const o of own.values()) {
      if (o.atMs <= nowMs - windowMs) continue;
      add(byUser, o.userId, 1);
      oldestMs = oldestMs === null ? o.atMs : Math.min(oldestMs, o.atMs);
    }
    app = { readAtMs: nowMs, windowMs, byUser, oldestMs };
    return app;
  };

  return {
    take: (db, reply, nowMs, budgets) => {
      const current =
        app !== null && app.windowMs === budgets.app.windowMs && nowMs >= app.readAtMs && nowMs - app.readAtMs < APP_WINDOW_READ_EVERY_MS
          ? app
          : readApp(db, nowMs, budgets.app.windowMs);
      const accountSince = nowMs - budgets.account.windowMs;
      const projected = accountPostTimes(db, reply.accountId, new Date(accountSince).toISOString());
      const accountAttempts = projected.map((p) => p.atMs);
      // Own POSTs of this account the read model does not show yet.
      for (const [replyId, o] of own) {
        if (o.accountId !== reply.accountId || o.atMs <= accountSince) continue;
        if (!projected.some((p) => p.replyId === replyId && p.atMs >= o.atMs)) accountAttempts.push(o.atMs);
      }
      const check = xPostBudget(reply.userId, { accountAttempts, appByUser: current.byUser, appOldestMs: current.oldestMs }, nowMs, budgets);
      if (check.allowed) {
        own.set(reply.replyId, { userId: reply.userId, accountId: reply.accountId, atMs: nowMs });
        add(current.byUser, reply.userId, 1);
        if (current.oldestMs === null) current.oldestMs = nowMs;
      }
      return check;
    },
    release: (replyId) => {
      const mine = own.get(replyId);
      if (mine === undefined) return;
      own.delete(replyId);
      // Every own POST not yet forgotten is counted in the app's window: take it back out.
      if (app !== null) add(app.byUser, mine.userId, -1);
    },
  };
};
