import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { beyondAllowance, beyondAllowanceWarning, mayReachX, quotaSummary, trialQuota, trialStateOf } from './quota';
import type { TierFacts } from './tier';

const created = '2026-03-01T00:00:00.000Z';
const day = (n: number) => new Date(Date.parse(created) + n * 86_400_000).toISOString();
const user = (over: Partial<TierFacts> = {}): TierFacts => ({
  username: 'ann',
  role: 'user',
  isPremium: false,
  subscriptionEndDate: null,
  trialActive: true,
  repliesRemaining: 25,
  createdAt: created,
  ...over,
});
const config = { legacyUsernames: [] };

describe('trialStateOf', () => {
  it('is used when the 25 are on X inside the 7 days, over only once they end', () => {
    expect(trialStateOf(user(), day(1), config)).toBe('open');
    expect(trialStateOf(user({ repliesRemaining: 0, trialActive: false }), day(1), config)).toBe('used');
    expect(trialStateOf(user({ repliesRemaining: 0, trialActive: false }), day(8), config)).toBe('over');
    expect(trialStateOf(user(), day(7), config)).toBe('over');
    expect(trialStateOf(user({ isPremium: true }), day(30), config)).toBe('unlimited');
  });
});

describe('mayReachX', () => {
  it('holds while the allowance is full and refuses once the days are over', () => {
    expect(mayReachX(user({ repliesRemaining: 3 }), day(2), config)).toEqual({ kind: 'go' });
    expect(mayReachX(user({ repliesRemaining: 0 }), day(2), config).kind).toBe('hold');
    expect(mayReachX(user(), day(9), config)).toEqual({ kind: 'refuse', reason: 'Free trial ended' });
  });
});

describe('trialQuota and its words', () => {
  it('says N prepared, M posted, K left', () => {
    expect(quotaSummary(trialQuota(user({ repliesRemaining: 5 }), day(1), config, 3))).toBe('3 prepared, 20 posted, 5 left');
    expect(quotaSummary(trialQuota(user({ repliesRemaining: 0, trialActive: false }), day(1), config, 2))).toBe('2 prepared, 25 posted, 0 left');
  });

  it('warns how many of a batch would not go out', () => {
    const q = trialQuota(user({ repliesRemaining: 5 }), day(1), config, 0);
    expect(beyondAllowance(q, 0, 8)).toBe(3);
    expect(beyondAllowanceWarning(3, 8)).toContain("3 of these won't go out on the trial");
    expect(beyondAllowance(q, 5, 2)).toBe(2);
    expect(beyondAllowanceWarning(2, 2)).toContain('None of these 2 will go out on the trial');
    expect(beyondAllowanceWarning(0, 4)).toBeNull();
    expect(beyondAllowance(trialQuota(user({ isPremium: true }), day(1), config, 0), 100, 50)).toBe(0);
  });

  it('never lets more go out than are left (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }), (left, ahead, count) => {
        const q = trialQuota(user({ repliesRemaining: left, trialActive: left > 0 }), day(1), config, 0);
        const beyond = beyondAllowance(q, ahead, count);
        expect(beyond).toBeGreaterThanOrEqual(0);
        expect(beyond).toBeLessThanOrEqual(count);
        // What goes out fits in what is left after those ahead.
        expect(count - beyond).toBeLessThanOrEqual(Math.max(0, left - ahead));
      }),
    );
  });
});
