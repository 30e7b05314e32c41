/**
 * The post ledger against a real SQLite read model (the replies projection's tables): own POSTs
 * count before they are projected and once after, a slot given back is free again, and other
 * processes' POSTs are seen at the next read of the app's window.
 */
import Database from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import { repliesProjection } from '@core/replies';
import type { PostBudgets } from '@core/replies';
import { APP_WINDOW_READ_EVERY_MS, createPostLedger } from './post-ledger';

const T = Date.parse('2026-11-23T12:00:00.000Z');
const budgets = (account: number, app: number): PostBudgets => ({ account: { limit: account, windowMs: 15 * 60_000 }, app: { limit: app, windowMs: 24 * 3_600_000 } });
let db: Database.Database;

/** A POST the read model shows (projected from ReplySending). */
const projected = (replyId: string, userId: string, accountId: string, atMs: number) =>
  db
    .prepare('INSERT INTO x_post_attempts (reply_id, attempt, user_id, connected_account_id, at) VALUES (?, 1, ?, ?, ?)')
    .run(replyId, userId, accountId, new Date(atMs).toISOString());

beforeEach(() => {
  db = new Database(':memory:');
  for (const ddl of repliesProjection.schema) db.exec(ddl);
});

describe('post ledger', () => {
  it('counts its own POSTs before the read model shows them, so side-by-side sends never share the last slot', () => {
    const ledger = createPostLedger();
    const r = (id: string) => ({ replyId: id, userId: 'u1', accountId: 'a1' });
    expect(ledger.take(db, r('r1'), T, budgets(2, 100)).allowed).toBe(true);
    expect(ledger.take(db, r('r2'), T + 1, budgets(2, 100)).allowed).toBe(true);
    expect(ledger.take(db, r('r3'), T + 2, budgets(2, 100))).toMatchObject({ allowed: false, kind: 'account' });
  });

  it('counts a POST once when the read model shows it too', () => {
    const ledger = createPostLedger();
    expect(ledger.take(db, { replyId: 'r1', userId: 'u1', accountId: 'a1' }, T, budgets(2, 100)).allowed).toBe(true);
    projected('r1', 'u1', 'a1', T + 5);
    expect(ledger.take(db, { replyId: 'r2', userId: 'u1', accountId: 'a1' }, T + 10, budgets(2, 100)).allowed).toBe(true);
    // After the next read of the app's window: r1 once (projected), r2 (own): 2 of 3, one more fits, then none.
    expect(ledger.take(db, { replyId: 'r3', userId: 'u1', accountId: 'a1' }, T + APP_WINDOW_READ_EVERY_MS + 20, budgets(3, 100)).allowed).toBe(true);
    expect(ledger.take(db, { replyId: 'r4', userId: 'u1', accountId: 'a1' }, T + APP_WINDOW_READ_EVERY_MS + 30, budgets(3, 100))).toMatchObject({ allowed: false, kind: 'account' });
  });

  it('gives a slot back when the reply did not POST after all', () => {
    const ledger = createPostLedger();
    expect(ledger.take(db, { replyId: 'r1', userId: 'u1', accountId: 'a1' }, T, budgets(1, 2)).allowed).toBe(true);
    ledger.release('r1');
    expect(ledger.take(db, { replyId: 'r2', userId: 'u1', accountId: 'a1' }, T + 1, budgets(1, 2)).allowed).toBe(true);
    // The app's count was given back too: u2 still finds the second slot of the app's two.
    expect(ledger.take(db, { replyId: 'r3', userId: 'u2', accountId: 'a2' }, T + 2, budgets(1, 2)).allowed).toBe(true);
    expect(ledger.take(db, { replyId: 'r4', userId: 'u3', accountId: 'a3' }, T + 3, budgets(1, 2))).toMatchObject({ allowed: false, kind: 'app' });
  });

  it("sees other processes' POSTs at the next read of the app's window (once a second)", () => {
    const ledger = createPostLedger();
    expect(ledger.take(db, { replyId: 'r1', userId: 'u1', accountId: 'a1' }, T, budgets(10, 3)).allowed).toBe(true);
    projected('x1', 'u9', 'a9', T + 1);
    projected('x2', 'u9', 'a9', T + 2);
    // Within the second the app's window is the one read at T (plus r1): one more fits.
    expect(ledger.take(db, { replyId: 'r2', userId: 'u2', accountId: 'a2' }, T + 10, budgets(10, 3)).allowed).toBe(true);
    // Read again: x1, x2 (another process), r1 and r2 (not projected yet) fill the window.
    expect(ledger.take(db, { replyId: 'r3', userId: 'u3', accountId: 'a3' }, T + APP_WINDOW_READ_EVERY_MS + 10, budgets(10, 3))).toMatchObject({ allowed: false, kind: 'app' });
  });
});
