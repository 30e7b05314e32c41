import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REPLY_MESSAGES } from './messages';
import { FAIR_SHARE_RECHECK_MS, X_POST_BUDGETS, xPostBudget, type PostBudgets, type PostUsage } from './rules/x-budget';
import { T0 } from './testing/fixtures';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const t0 = Date.parse(T0);
const none: PostUsage = { accountAttempts: [], appByUser: new Map(), appOldestMs: null };
const usage = (byUser: Record<string, number>, oldest: number | null = t0 - 60 * MIN, accountAttempts: number[] = []): PostUsage => ({
  accountAttempts,
  appByUser: new Map(Object.entries(byUser)),
  appOldestMs: oldest,
});

describe('xPostBudget: the connected account (X: 100 posts every 15 minutes)', () => {
  it('given 99 posts of the account in the window, when one more is asked, then it goes', () => {
    const posts = Array.from({ length: 99 }, (_, i) => t0 - 14 * MIN + i * 1000);
    expect(xPostBudget('u1', { ...none, accountAttempts: posts }, t0)).toEqual({ allowed: true });
  });

  it('given 100, then it waits until the oldest of them is 15 minutes old, and posts older than the window do not count', () => {
    const posts = Array.from({ length: 100 }, (_, i) => t0 - 10 * MIN + i * 1000);
    const check = xPostBudget('u1', { ...none, accountAttempts: [...posts, t0 - 20 * MIN] }, t0);
    expect(check).toEqual({
      allowed: false,
      kind: 'account',
      retryAt: new Date(t0 + 5 * MIN).toISOString(),
      reason: 'X allows an account 100 posts every 15 minutes; this reply waits for the next slot',
    });
  });
});

describe('xPostBudget: the app (X: 10,000 posts every 24 hours, shared by every user)', () => {
  it('given the app budget used up, then the reply waits until its oldest post leaves the window', () => {
    const check = xPostBudget('u9', usage({ u1: 6_000, u2: 4_000 }, t0 - 23 * 60 * MIN), t0);
    expect(check).toEqual({ allowed: false, kind: 'app', retryAt: new Date(t0 + 60 * MIN).toISOString(), reason: REPLY_MESSAGES.xAppBudget(10_000, DAY) });
    expect(check.allowed === false && check.reason).toContain('10000 posts every 24 hours');
  });

  it('given less than half used, then a busy user goes on past any share (first come, first served)', () => {
    expect(xPostBudget('u1', usage({ u1: 4_990, u2: 5 }), t0)).toEqual({ allowed: true });
  });

  it('given more than half used, then a user at an equal share waits while users under theirs and newcomers go on', () => {
    const used = usage({ u1: 5_000, u2: 300, u3: 200 });
    // Three users posted in the window; with room for one more, an equal share is 2,500.
    const held = xPostBudget('u1', used, t0);
    expect(held).toEqual({ allowed: false, kind: 'fair_share', retryAt: new Date(t0 + FAIR_SHARE_RECHECK_MS).toISOString(), reason: REPLY_MESSAGES.xFairShare(5_000, 2_500) });
    expect(xPostBudget('u2', used, t0)).toEqual({ allowed: true });
    // A newcomer counts among the sharers (share 2,000) and has used nothing.
    expect(xPostBudget('u4', used, t0)).toEqual({ allowed: true });
  });

  it('given one user alone past half, then they stop at half: the rest is kept for users still to come', () => {
    expect(xPostBudget('u1', usage({ u1: 5_000 }), t0)).toMatchObject({ allowed: false, kind: 'fair_share', reason: REPLY_MESSAGES.xFairShare(5_000, 5_000) });
    expect(xPostBudget('u2', usage({ u1: 5_000 }), t0)).toEqual({ allowed: true });
  });

  it('given the window about to free a post, then a held user looks again then rather than after the recheck delay', () => {
    const check = xPostBudget('u1', usage({ u1: 9_000, u2: 100 }, t0 - DAY + 2 * MIN), t0);
    expect(check).toMatchObject({ allowed: false, kind: 'fair_share', retryAt: new Date(t0 + 2 * MIN).toISOString() });
  });
});

/** A day of requests from several users and accounts in random order, each answered by the rule. */
const day = fc.record({
  appLimit: fc.integer({ min: 4, max: 60 }),
  accountLimit: fc.integer({ min: 1, max: 12 }),
  requests: fc.array(fc.record({ user: fc.integer({ min: 0, max: 5 }), account: fc.integer({ min: 0, max: 2 }), minute: fc.integer({ min: 0, max: 2 * 24 * 60 }) }), {
    maxLength: 250,
  }),
});

describe('xPostBudget properties', () => {
  it('never lets more posts out than X allows, in any window, per account or for the app', () => {
    fc.assert(
      fc.property(day, ({ appLimit, accountLimit, requests }) => {
        const budgets: PostBudgets = { account: { limit: accountLimit, windowMs: 15 * MIN }, app: { limit: appLimit, windowMs: DAY } };
        const sent: { user: string; account: string; at: number }[] = [];
        for (const r of [...requests].sort((a, b) => a.minute - b.minute)) {
          const now = t0 + r.minute * MIN;
          const user = `u${r.user}`;
          const account = `${user}:a${r.account}`;
          const inApp = sent.filter((s) => s.at > now - DAY);
          const byUser = new Map<string, number>();
          for (const s of inApp) byUser.set(s.user, (byUser.get(s.user) ?? 0) + 1);
          const check = xPostBudget(
            user,
            { accountAttempts: sent.filter((s) => s.account === account).map((s) => s.at), appByUser: byUser, appOldestMs: inApp[0]?.at ?? null },
            now,
            budgets,
          );
          if (check.allowed) sent.push({ user, account, at: now });
          else expect(Date.parse(check.retryAt)).toBeGreaterThan(now);
        }
        for (const s of sent) {
          expect(sent.filter((o) => o.at > s.at - DAY && o.at <= s.at).length).toBeLessThanOrEqual(appLimit);
          expect(sent.filter((o) => o.account === s.account && o.at > s.at - 15 * MIN && o.at <= s.at).length).toBeLessThanOrEqual(accountLimit);
        }
      }),
    );
  });

  it('holds a user for fairness only when every user it lets go at that moment has used less', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('u1', 'u2', 'u3', 'u4', 'u5'), fc.integer({ min: 0, max: 5_000 })), (byUser) => {
        const used = usage(byUser);
        const answers = ['u1', 'u2', 'u3', 'u4', 'u5'].map((u) => ({ used: byUser[u] ?? 0, check: xPostBudget(u, used, t0) }));
        const held = answers.filter((a) => !a.check.allowed && a.check.kind === 'fair_share');
        const allowed = answers.filter((a) => a.check.allowed);
        for (const h of held) for (const a of allowed) expect(a.used).toBeLessThan(h.used);
        // Someone who has not posted in the window is never held for fairness.
        for (const u of ['u1', 'u2', 'u3', 'u4', 'u5']) {
          const check = xPostBudget(u, used, t0);
          if ((byUser[u] ?? 0) === 0 && !check.allowed) expect(check.kind).toBe('app');
        }
        // Nobody is held for fairness while the budget is less than half used.
        const total = Object.values(byUser).reduce((a, b) => a + b, 0);
        if (total * 2 < X_POST_BUDGETS.app.limit) expect(held).toHaveLength(0);
      }),
    );
  });
});
