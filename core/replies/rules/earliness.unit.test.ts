import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { durationWords, earlinessByMode, earlinessOf, postTimeWords } from './earliness';

const MIN = 60_000;

describe('how early replies go out', () => {
  it('gives the median and the shares within 5 and 15 minutes', () => {
    expect(earlinessOf([2 * MIN, 4 * MIN, 10 * MIN, 40 * MIN])).toEqual({ measured: 4, medianMinutes: 7, within5: 0.5, within15: 0.75 });
    expect(earlinessOf([90_000])).toEqual({ measured: 1, medianMinutes: 1.5, within5: 1, within15: 1 });
  });
  it('says nothing was measured rather than inventing a median', () => {
    expect(earlinessOf([])).toEqual({ measured: 0, medianMinutes: null, within5: 0, within15: 0 });
  });
  it('keeps the modes apart', () => {
    const by = earlinessByMode([
      { mode: 'direct', delayMs: MIN },
      { mode: 'assisted', delayMs: 20 * MIN },
      { mode: 'assisted', delayMs: 30 * MIN },
    ]);
    expect(by.direct).toMatchObject({ measured: 1, medianMinutes: 1 });
    expect(by.assisted).toMatchObject({ measured: 2, medianMinutes: 25, within15: 0 });
  });
  it('has shares that grow with the limit, a median inside the range, whatever the delays', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -MIN, max: 600 * MIN }), { minLength: 1, maxLength: 200 }), (delays) => {
        const e = earlinessOf(delays);
        expect(e.within5).toBeLessThanOrEqual(e.within15);
        expect(e.within15).toBeLessThanOrEqual(1);
        const clipped = delays.map((d) => Math.max(0, d));
        expect(e.medianMinutes ?? -1).toBeGreaterThanOrEqual(Math.floor(Math.min(...clipped) / MIN * 10) / 10);
        expect(e.medianMinutes ?? Infinity).toBeLessThanOrEqual(Math.ceil(Math.max(...clipped) / MIN * 10) / 10);
      }),
    );
  });
});

describe('a post’s time in words', () => {
  const now = Date.parse('2026-12-01T12:00:00.000Z');
  it('gives the age of the post a waiting reply answers', () => {
    expect(postTimeWords({ status: 'ready', postCreatedAt: '2026-12-01T11:56:00.000Z', sentAt: null }, now)).toBe('post made 4 min ago');
    expect(postTimeWords({ status: 'pending', postCreatedAt: '2026-12-01T02:01:00.000Z', sentAt: null }, now)).toBe('post made 9 h 59 min ago');
  });
  it('gives how soon after the post a sent reply went out', () => {
    expect(postTimeWords({ status: 'sent', postCreatedAt: '2026-12-01T11:56:00.000Z', sentAt: '2026-12-01T11:56:40.000Z' }, now)).toBe('sent 40 s after the post');
  });
  it('says nothing when the post’s time was not recorded', () => {
    expect(postTimeWords({ status: 'sent', postCreatedAt: null, sentAt: '2026-12-01T11:56:40.000Z' }, now)).toBeNull();
  });
  it('words durations from seconds to days', () => {
    expect([durationWords(5_000), durationWords(3 * MIN), durationWords(120 * MIN), durationWords(125 * MIN), durationWords(72 * 60 * MIN)]).toEqual(['5 s', '3 min', '2 h', '2 h 5 min', '3 days']);
  });
});
