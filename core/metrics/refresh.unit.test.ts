import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refreshIntervalMs, REFRESH_WINDOW_MS, repliesToRefresh, type SentReplyRef } from './refresh';

const MIN = 60_000;
const HOUR = 60 * MIN;
const NOW = Date.parse('2026-11-20T12:00:00Z');

const reply = (id: string, ageMs: number, userId = 'u1'): SentReplyRef => ({ replyId: id, userId, postId: `9${id.replace(/\D/g, '') || '1'}`, sentAtMs: NOW - ageMs });

describe('refreshIntervalMs', () => {
  it('reads young replies often and old ones rarely, and stops after 7 days', () => {
    expect(refreshIntervalMs(0)).toBe(15 * MIN);
    expect(refreshIntervalMs(2 * HOUR - 1)).toBe(15 * MIN);
    expect(refreshIntervalMs(2 * HOUR)).toBe(HOUR);
    expect(refreshIntervalMs(48 * HOUR - 1)).toBe(HOUR);
    expect(refreshIntervalMs(48 * HOUR)).toBe(6 * HOUR);
    expect(refreshIntervalMs(7 * 24 * HOUR - 1)).toBe(6 * HOUR);
    expect(refreshIntervalMs(7 * 24 * HOUR)).toBeNull();
  });

  it('never shortens as a reply ages (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: REFRESH_WINDOW_MS - 1 }), fc.integer({ min: 0, max: REFRESH_WINDOW_MS - 1 }), (a, b) => {
        const [young, old] = a <= b ? [a, b] : [b, a];
        expect(refreshIntervalMs(old) as number).toBeGreaterThanOrEqual(refreshIntervalMs(young) as number);
      }),
    );
  });
});

describe('repliesToRefresh', () => {
  it('chooses replies never read, and replies whose interval has passed since their last read', () => {
    const replies = [reply('r1', 10 * MIN), reply('r2', 10 * MIN), reply('r3', 3 * HOUR), reply('r4', 3 * HOUR), reply('r5', 8 * 24 * HOUR)];
    const last = new Map([
      ['r2', NOW - 5 * MIN],
      ['r3', NOW - 59 * MIN],
      ['r4', NOW - 60 * MIN],
    ]);
    expect(repliesToRefresh({ replies, lastObservedAtMs: last, nowMs: NOW }).map((b) => b.map((r) => r.replyId))).toEqual([['r1', 'r4']]);
  });

  it('stays quiet when everything was read within its interval, or is older than the window', () => {
    const replies = [reply('r1', 10 * MIN), reply('r2', 8 * 24 * HOUR)];
    expect(repliesToRefresh({ replies, lastObservedAtMs: new Map([['r1', NOW - MIN]]), nowMs: NOW })).toEqual([]);
  });

  it('batches 100 ids per read, most overdue first, and holds the rest past maxBatches', () => {
    const replies = Array.from({ length: 250 }, (_, i) => reply(`r${String(i).padStart(3, '0')}`, 3 * HOUR));
    const last = new Map(replies.map((r, i) => [r.replyId, NOW - HOUR - i * 1000]));
    const batches = repliesToRefresh({ replies, lastObservedAtMs: last, nowMs: NOW, maxBatches: 2 });
    expect(batches.map((b) => b.length)).toEqual([100, 100]);
    expect(batches[0]?.[0]?.replyId).toBe('r249');
  });

  it('property: every chosen reply is due, each once, batches of at most 100; every due reply is chosen without a cap', () => {
    const arbitraryReply = fc.record({
      id: fc.integer({ min: 0, max: 400 }),
      ageMs: fc.integer({ min: -HOUR, max: 8 * 24 * HOUR }),
      lastAgoMs: fc.option(fc.integer({ min: 0, max: 12 * HOUR })),
    });
    fc.assert(
      fc.property(fc.array(arbitraryReply, { maxLength: 300 }), (rows) => {
        const replies = rows.map((r) => reply(`r${r.id}`, r.ageMs));
        const last = new Map<string, number>();
        for (const r of rows) if (r.lastAgoMs !== null && !last.has(`r${r.id}`)) last.set(`r${r.id}`, NOW - r.lastAgoMs);
        const batches = repliesToRefresh({ replies, lastObservedAtMs: last, nowMs: NOW });
        const chosen = batches.flat();
        expect(batches.every((b) => b.length > 0 && b.length <= 100)).toBe(true);
        expect(new Set(chosen.map((r) => r.replyId)).size).toBe(chosen.length);
        const firstOf = new Map<string, SentReplyRef>();
        for (const r of replies) if (!firstOf.has(r.replyId)) firstOf.set(r.replyId, r);
        const due = [...firstOf.values()].filter((r) => {
          const age = NOW - r.sentAtMs;
          const every = age < 0 ? null : refreshIntervalMs(age);
          if (every === null) return false;
          const at = last.get(r.replyId);
          return at === undefined || NOW - at >= every;
        });
        expect(chosen.map((r) => r.replyId).sort()).toEqual(due.map((r) => r.replyId).sort());
      }),
    );
  });

  it('property: a reply read whenever due is read a bounded number of times over its week (the cost per reply)', () => {
    fc.assert(
      fc.property(fc.integer({ min: MIN, max: 10 * MIN }), (tickMs) => {
        const sentAtMs = 0;
        let lastRead: number | undefined;
        let reads = 0;
        for (let now = 0; now <= 8 * 24 * HOUR; now += tickMs) {
          const last = new Map(lastRead === undefined ? [] : [['r', lastRead]]);
          if (repliesToRefresh({ replies: [{ replyId: 'r', userId: 'u', postId: '1', sentAtMs }], lastObservedAtMs: last, nowMs: now }).length > 0) {
            reads += 1;
            lastRead = now;
          }
        }
        // 8 in the first 2 h, 46 to 48 h, 20 to 7 days: 74 at most, fewer when ticks are coarse.
        expect(reads).toBeLessThanOrEqual(75);
        expect(reads).toBeGreaterThanOrEqual(60);
      }),
      { numRuns: 10 },
    );
  });
});
