/**
 * Eight days of a simulated month (X's week of duplicates and one day past it; bench/month runs
 * the whole month at the size) of recurring schedules on the server's movable clock against the X emulator with X's
 * duplicate rule on (tests/api/month.support.ts): two users with two X accounts each, daily
 * schedules of fixed text, variations, AI (the offline writer) and template-group rotations, the
 * same texts shared by a user's accounts under shared targets. X refuses nothing as a duplicate, no
 * text is posted twice where X (or Riposte's rule for other accounts) would count it a repeat, and
 * every skipped run says why. bench/month runs the full size (npm run bench:month).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DispatchWorld } from './dispatch.support';
import { runMonth, startMonthWorld } from './month.support';

let w: DispatchWorld;
let usernames: string[];

beforeAll(async () => {
  ({ world: w, usernames } = await startMonthWorld(2));
});
afterAll(async () => {
  await w?.close();
});

describe('a simulated month', () => {
  it('posts no text twice where X refuses it: 0 duplicate refusals, 0 repeats in the windows, every skip with its reason', async () => {
    const figures = await runMonth(w, usernames, { users: 2, accountsPerUser: 2, targets: 2, schedules: 6, rotations: 2, days: 8, hours: 1, kinds: ['variations', 'ai', 'fixed'] });
    console.log(JSON.stringify(figures));
    expect(figures.runs).toBe(8 * 8);
    expect(figures.xDuplicateRefusals).toBe(0);
    expect(figures.sameTextOwnWindow).toBe(0);
    expect(figures.sameTextAcrossAccounts).toBe(0);
    expect(figures.skippedWithoutReason).toBe(0);
    expect(figures.byStatus.duplicate ?? 0).toBe(0);
    expect(figures.byStatus.failed ?? 0).toBe(0);
    // Every run that says sent is on X; the others were skipped before X was asked.
    expect(figures.postedOnX).toBe(figures.byStatus.sent);
    expect(figures.postedOnX).toBeGreaterThan(0);
    expect((figures.byStatus.sent ?? 0) + (figures.byStatus.skipped ?? 0)).toBe(figures.runs);
  }, 180_000);
});
