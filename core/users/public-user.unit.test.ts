import { describe, expect, it } from 'vitest';
import { fold } from '@core/shared/decider';
import { tierBadge } from './badge';
import { userDecider } from './decider';
import type { UserEvent } from './events';
import { toPublicUser } from './public-user';
import { emailReservationKey, userIdFromStream, userStream, usernameReservationKey } from './streams';
import { at, days, registered } from './test-fixtures';

const userOf = (...events: UserEvent[]) => {
  const state = fold(userDecider, events);
  if (state.status !== 'registered') throw new Error('not registered');
  return state.user;
};

describe('toPublicUser', () => {
  it('returns every public field, without the password hash, with tier and trial end', () => {
    const pub = toPublicUser(userOf(registered()), at(60), { legacyUsernames: [] });
    expect(pub).toEqual({
      id: 'u1',
      username: 'Alice',
      email: 'alice@example.com',
      fullName: 'Alice Liddell',
      name: null,
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-01T10:00:00.000Z',
      isActive: true,
      lastLogin: null,
      role: 'user',
      passwordChangeRequired: false,
      repliesRemaining: 25,
      isPremium: false,
      trialActive: true,
      subscriptionId: null,
      subscriptionStatus: null,
      subscriptionEndDate: null,
      subscribedToUpdates: false,
      xUserId: null,
      profilePicture: null,
      timeZone: 'Europe/Paris',
      permissions: [],
      preferences: { emailOnFailedReply: true, weeklySummary: true, hourlyCap: null, defaultStyle: null },
      hasPassword: true,
      tier: 'trial',
      trialEndsAt: '2026-03-08T10:00:00.000Z',
    });
    expect(JSON.stringify(pub)).not.toContain('hash-1');
  });

  it('shows the trial as over after 7 days, and premium only until its end date', () => {
    expect(toPublicUser(userOf(registered()), days(8), { legacyUsernames: [] })).toMatchObject({
      tier: 'expired',
      trialActive: false,
      repliesRemaining: 0,
    });
    const premium: UserEvent = { type: 'PremiumActivated', data: { until: days(31), subscriptionId: 'S', at: days(1) } };
    const user = userOf(registered(), premium);
    expect(toPublicUser(user, days(30), { legacyUsernames: [] })).toMatchObject({ tier: 'premium', isPremium: true });
    expect(toPublicUser(user, days(31), { legacyUsernames: [] })).toMatchObject({ tier: 'expired', isPremium: false });
  });

  it('says whether the user has a password (an X sign-up may not)', () => {
    expect(toPublicUser(userOf(registered({ passwordHash: null })), at(1), { legacyUsernames: [] }).hasPassword).toBe(false);
  });

  it('uses the configured legacy usernames', () => {
    expect(toPublicUser(userOf(registered()), days(9), { legacyUsernames: ['alice'] }).tier).toBe('legacy');
  });
});

describe('tierBadge', () => {
  it('follows the spec table', () => {
    expect(tierBadge('premium', 0)).toEqual({
      label: 'Premium',
      tooltip: 'You have a premium subscription with unlimited replies',
      href: '/trial-status',
    });
    expect(tierBadge('admin', 0)).toEqual({
      label: 'Admin Access',
      tooltip: 'You have administrator access with unlimited replies',
      href: '/trial-status',
    });
    expect(tierBadge('legacy', 0)).toEqual({
      label: 'Legacy User',
      tooltip: 'You have legacy access with expanded limits',
      href: '/trial-status',
    });
    expect(tierBadge('trial', 7)).toEqual({
      label: '7 Replies Left',
      tooltip: 'You have 7 free trial replies remaining',
      href: '/trial-status',
    });
    expect(tierBadge('expired', 0)).toEqual({
      label: 'Trial Expired',
      tooltip: 'Your free trial has expired. Upgrade to premium to continue.',
      href: '/payment',
    });
  });
});

describe('streams and reservation keys', () => {
  it('names user streams and reads the id back', () => {
    expect(userStream('abc')).toBe('user-abc');
    expect(userIdFromStream('user-abc')).toBe('abc');
    expect(userIdFromStream('user-')).toBeNull();
    expect(userIdFromStream('reservation-username-abc')).toBeNull();
  });

  it('makes usernames and e-mails case-insensitive keys', () => {
    expect(usernameReservationKey('Alice')).toBe(usernameReservationKey('alice'));
    expect(usernameReservationKey(' ALICE ')).toBe('alice');
    expect(emailReservationKey('  Alice@Example.COM ')).toBe('alice@example.com');
  });
});
