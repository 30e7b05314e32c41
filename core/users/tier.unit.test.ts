import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AppError } from '@core/shared/errors';
import { ROLES, TRIAL_REPLIES } from './constants';
import { userDecider } from './decider';
import type { UserEvent } from './events';
import type { UserState } from './state';
import { canUseReplies, deriveTier, isPremiumAt, isTrialActive, TIERS, trialEndsAt, trialStatus, type TierFacts } from './tier';
import { registered } from './test-fixtures';

const DAY = 24 * 60 * 60 * 1000;
const START = Date.parse('2024-01-01T00:00:00.000Z');
const instant = (ms: number) => new Date(ms).toISOString();

const msArb = fc.integer({ min: START, max: START + 3 * 365 * DAY });
/** Times near the interesting edges: around sign-up, the 7-day end, and a subscription's end. */
const offsetArb = fc.oneof(
  fc.integer({ min: -DAY, max: 10 * DAY }),
  fc.integer({ min: 7 * DAY - 1000, max: 7 * DAY + 1000 }),
  fc.integer({ min: 0, max: 400 * DAY }),
);

/** A user and a moment to ask about, the moment placed relative to the user's sign-up. */
const caseArb = fc
  .record({
    username: fc.constantFrom('alice', 'Bob', 'carol', 'Legacy_Larry'),
    role: fc.constantFrom(...ROLES),
    isPremium: fc.boolean(),
    subscriptionEnd: fc.option(offsetArb, { nil: null }),
    trialActive: fc.boolean(),
    repliesRemaining: fc.integer({ min: 0, max: TRIAL_REPLIES }),
    created: msArb,
    now: offsetArb,
  })
  .map(({ created, now, subscriptionEnd, ...rest }) => ({
    user: {
      ...rest,
      createdAt: instant(created),
      subscriptionEndDate: subscriptionEnd === null ? null : instant(created + subscriptionEnd),
    } satisfies TierFacts,
    now: created + now,
  }));
const configArb = fc.record({ legacyUsernames: fc.subarray(['legacy_larry', 'BOB', 'dave']) });

describe('deriveTier', () => {
  it('is total: every user at every time has exactly one of the five tiers', () => {
    fc.assert(
      fc.property(caseArb, configArb, ({ user, now }, config) => {
        expect(TIERS).toContain(deriveTier(user, instant(now), config));
      }),
    );
  });

  it('premium always wins while it lasts', () => {
    fc.assert(
      fc.property(caseArb, configArb, ({ user, now }, config) => {
        fc.pre(isPremiumAt(user, instant(now)));
        expect(deriveTier(user, instant(now), config)).toBe('premium');
      }),
    );
  });

  it('follows the precedence premium > admin > legacy > trial active > trial expired', () => {
    fc.assert(
      fc.property(caseArb, configArb, ({ user, now: ms }, config) => {
        const now = instant(ms);
        const premium = isPremiumAt(user, now);
        const legacy =
          user.role === 'legacy' || config.legacyUsernames.some((u) => u.toLowerCase() === user.username.toLowerCase());
        const expected = premium
          ? 'premium'
          : user.role === 'admin'
            ? 'admin'
            : legacy
              ? 'legacy'
              : isTrialActive(user, now)
                ? 'trial'
                : 'expired';
        expect(deriveTier(user, now, config)).toBe(expected);
      }),
    );
  });

  it('a trial tier means: a plain user, fewer than 25 replies used, less than 7 days old', () => {
    fc.assert(
      fc.property(caseArb, configArb, ({ user, now: ms }, config) => {
        fc.pre(deriveTier(user, instant(ms), config) === 'trial');
        expect(user.role).toBe('user');
        expect(user.trialActive).toBe(true);
        expect(user.repliesRemaining).toBeGreaterThan(0);
        expect(ms).toBeLessThan(Date.parse(user.createdAt) + 7 * DAY);
      }),
    );
  });

  it('trial expiry is monotone in time: once expired, expired at every later time', () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 0, max: 400 * DAY }), configArb, ({ user, now: ms }, later, config) => {
        const plain = { ...user, isPremium: false };
        fc.pre(deriveTier(plain, instant(ms), config) === 'expired');
        expect(deriveTier(plain, instant(ms + later), config)).toBe('expired');
      }),
    );
  });

  it('trial expiry is monotone in replies used: using more never revives a trial', () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 0, max: TRIAL_REPLIES }), configArb, ({ user, now: ms }, more, config) => {
        fc.pre(deriveTier(user, instant(ms), config) === 'expired');
        const fewer = { ...user, repliesRemaining: Math.max(0, user.repliesRemaining - more) };
        expect(deriveTier(fewer, instant(ms), config)).toBe('expired');
      }),
    );
  });

  it('the trial lasts exactly 7 days from sign-up', () => {
    fc.assert(
      fc.property(msArb, fc.integer({ min: 1, max: TRIAL_REPLIES }), (created, left) => {
        const user = { trialActive: true, repliesRemaining: left, createdAt: instant(created) };
        expect(isTrialActive(user, instant(created + 7 * DAY - 1))).toBe(true);
        expect(isTrialActive(user, instant(created + 7 * DAY))).toBe(false);
        expect(trialEndsAt(user)).toBe(instant(created + 7 * DAY));
      }),
    );
  });

  it('premium ends at its end date and has none when the date is absent', () => {
    const user = { isPremium: true, subscriptionEndDate: '2026-04-01T00:00:00.000Z' };
    expect(isPremiumAt(user, '2026-03-31T23:59:59.999Z')).toBe(true);
    expect(isPremiumAt(user, '2026-04-01T00:00:00.000Z')).toBe(false);
    expect(isPremiumAt({ isPremium: true, subscriptionEndDate: null }, '2099-01-01T00:00:00.000Z')).toBe(true);
    expect(isPremiumAt(user, new Date('2026-03-01T00:00:00Z'))).toBe(true);
  });

  it('matches configured legacy usernames without regard to case or spaces', () => {
    const user = { ...registeredFacts(), username: 'Larry' };
    expect(deriveTier(user, '2026-03-02T00:00:00.000Z', { legacyUsernames: [' LARRY '] })).toBe('legacy');
    expect(deriveTier(user, '2026-03-02T00:00:00.000Z', { legacyUsernames: ['larry2'] })).toBe('trial');
  });
});

describe('trialStatus', () => {
  it('agrees with the tier for plain users and keeps replies within 0..25', () => {
    fc.assert(
      fc.property(caseArb, ({ user, now: ms }) => {
        const plain = { ...user, role: 'user' as const };
        const now = instant(ms);
        const status = trialStatus(plain, now);
        const tier = deriveTier(plain, now, { legacyUsernames: [] });
        expect(status.isPremium).toBe(tier === 'premium');
        if (!status.isPremium) expect(status.trialActive).toBe(tier === 'trial');
        expect(status.repliesRemaining).toBeGreaterThanOrEqual(0);
        expect(status.repliesRemaining).toBeLessThanOrEqual(TRIAL_REPLIES);
        if (!status.trialActive) expect(status.repliesRemaining).toBe(0);
        expect(status.subscriptionEndDate).toBe(plain.subscriptionEndDate);
        expect(Date.parse(status.trialEndsAt) - Date.parse(plain.createdAt)).toBe(7 * DAY);
      }),
    );
  });

  it('answers the spec shape for a fresh user', () => {
    expect(trialStatus(registeredFacts(), '2026-03-01T11:00:00.000Z')).toEqual({
      isPremium: false,
      trialActive: true,
      repliesRemaining: 25,
      subscriptionEndDate: null,
      trialEndsAt: '2026-03-08T10:00:00.000Z',
    });
  });
});

describe('canUseReplies', () => {
  it('is true exactly for active users whose tier is not expired', () => {
    fc.assert(
      fc.property(caseArb, fc.boolean(), configArb, ({ user, now: ms }, isActive, config) => {
        const now = instant(ms);
        expect(canUseReplies({ ...user, isActive }, now, config)).toBe(isActive && deriveTier(user, now, config) !== 'expired');
      }),
    );
  });
});

describe('the decider counts trial replies as the rules say', () => {
  it('any sequence of reply uses (with retries) leaves 25 minus the distinct replies, and refuses beyond', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 60 }), (replies) => {
        let state: UserState = userDecider.evolve(userDecider.initialState(), registered());
        const counted = new Set<number>();
        for (const r of replies) {
          const command = { type: 'ConsumeReply' as const, replyId: `r${r}`, legacyUsernames: [], now: '2026-03-02T00:00:00.000Z' };
          let events: UserEvent[];
          try {
            events = userDecider.decide(command, state);
          } catch (error) {
            expect(error).toBeInstanceOf(AppError);
            expect((error as AppError).code).toBe('payment_required');
            expect(counted.size).toBe(TRIAL_REPLIES);
            expect(counted.has(r)).toBe(false);
            continue;
          }
          counted.add(r);
          state = events.reduce(userDecider.evolve, state);
        }
        const user = state.status === 'registered' ? state.user : undefined;
        expect(user?.repliesRemaining).toBe(TRIAL_REPLIES - counted.size);
        expect(user?.trialActive).toBe(counted.size < TRIAL_REPLIES);
      }),
    );
  });
});

function registeredFacts() {
  const state = userDecider.evolve(userDecider.initialState(), registered());
  if (state.status !== 'registered') throw new Error('fixture not registered');
  return state.user;
}
