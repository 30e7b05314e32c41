import { describe, expect, it } from 'vitest';
import { requireMaySchedule, SCHEDULING_ACCESS_MESSAGES } from '@core/scheduling/access';
import type { TierFacts } from '@core/users/tier';

const T0 = '2026-03-01T10:00:00.000Z';
const user = (over: Partial<TierFacts> = {}): TierFacts => ({
  username: 'alice',
  role: 'user',
  isPremium: false,
  subscriptionEndDate: null,
  trialActive: true,
  repliesRemaining: 25,
  createdAt: T0,
  ...over,
});
const config = { legacyUsernames: [] };
const later = (days: number) => new Date(Date.parse(T0) + days * 86_400_000).toISOString();

describe('requireMaySchedule', () => {
  it('lets a trial user schedule one by one but not in bulk', () => {
    expect(requireMaySchedule(user(), later(1), config)).toBe('trial');
    expect(() => requireMaySchedule(user(), later(1), config, { bulk: true })).toThrow(SCHEDULING_ACCESS_MESSAGES.bulkNeedsPremium);
  });

  it('refuses a user whose trial is over by time (402), not one whose 25 replies are on X inside the 7 days', () => {
    expect(() => requireMaySchedule(user(), later(8), config)).toThrow(expect.objectContaining({ code: 'payment_required', reason: 'TRIAL_EXPIRED' }));
    expect(() => requireMaySchedule(user({ trialActive: false }), later(1), config)).toThrow(SCHEDULING_ACCESS_MESSAGES.trialOver);
    // Their new replies wait for an upgrade (core/users/quota); bulk stays Premium.
    expect(requireMaySchedule(user({ repliesRemaining: 0, trialActive: false }), later(1), config)).toBe('expired');
    expect(() => requireMaySchedule(user({ repliesRemaining: 0, trialActive: false }), later(1), config, { bulk: true })).toThrow(SCHEDULING_ACCESS_MESSAGES.bulkNeedsPremium);
  });

  it('lets premium, admins and legacy users bulk schedule, also after the trial', () => {
    expect(requireMaySchedule(user({ isPremium: true }), later(30), config, { bulk: true })).toBe('premium');
    expect(requireMaySchedule(user({ role: 'admin' }), later(30), config, { bulk: true })).toBe('admin');
    expect(requireMaySchedule(user({ username: 'old' }), later(30), { legacyUsernames: ['old'] }, { bulk: true })).toBe('legacy');
  });
});
