import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@core/shared/testing/given-when-then';
import { hasLongPosts } from '@core/x';
import { asSealed, xAccountDecider, type SealedTokens, type XAccountEvent, type XProfileSnapshot } from './account';
import { hasFreeSlot, remainingSlots, xAccountLimit } from './limits';
import { X_ACCOUNT_MESSAGES } from './messages';

const spec = deciderSpec(xAccountDecider);
const now = '2026-03-01T10:00:00.000Z';
const sealed = (n: number) => asSealed(`rtk1.0123456789abcdef.aaaaaaaaaaaaaaaa.b${n}.cccccccccccccccccccccc`);
const tokens: SealedTokens = { accessToken: sealed(1), accessSecret: sealed(2) };
const newTokens: SealedTokens = { accessToken: sealed(3), accessSecret: sealed(4) };
const profile: XProfileSnapshot = { xUserId: '42', username: 'alice_x', displayName: 'Alice', profilePicture: null };

const connected: XAccountEvent = {
  type: 'XAccountConnected',
  data: { ...profile, accountId: 'a1', userId: 'u1', tokens, tokenExpiresAt: null, via: 'pin' },
};
const disconnected: XAccountEvent = { type: 'XAccountDisconnected', data: { accountId: 'a1', userId: 'u1', xUserId: '42', username: 'alice_x' } };
const authFailed: XAccountEvent = { type: 'XAccountAuthFailed', data: { accountId: 'a1', userId: 'u1', reason: '401', at: now } };

const connect = (userId = 'u1', p: XProfileSnapshot = profile, t: SealedTokens = tokens) =>
  ({ type: 'ConnectXAccount', accountId: 'a1', userId, profile: p, tokens: t, via: 'pin', now }) as const;

describe('connect', () => {
  it('emits XAccountConnected with sealed tokens', () => {
    spec.given().when(connect()).then([connected]);
  });
  it('refuses plaintext tokens (nothing unsealed reaches an event)', () => {
    expect(() => asSealed('plain-access-token')).toThrow(/not encrypted/);
    const plain = { accessToken: 'plain' as never, accessSecret: 'x' as never };
    spec.given().when(connect('u1', profile, plain)).thenRefuses('internal');
  });
  it('connecting your own account again refreshes its tokens', () => {
    spec.given(connected).when(connect('u1', profile, newTokens)).then([
      { type: 'XAccountReconnected', data: { ...profile, accountId: 'a1', userId: 'u1', tokens: newTokens, via: 'pin' } },
    ]);
  });
  it("refuses another user's account as not found", () => {
    spec.given(connected).when(connect('u2')).thenRefuses('not_found');
  });
});

describe('reconnect', () => {
  const reconnect = (p: XProfileSnapshot = profile, userId = 'u1') =>
    ({ type: 'ReconnectXAccount', accountId: 'a1', userId, profile: p, tokens: newTokens, via: 'pin', now }) as const;
  it('stores the new tokens and clears an auth failure', () => {
    const state = spec.given(connected, authFailed).when(reconnect()).then([
      { type: 'XAccountReconnected', data: { ...profile, accountId: 'a1', userId: 'u1', tokens: newTokens, via: 'pin' } },
    ]);
    expect(state).toMatchObject({ status: 'connected', account: { authFailedAt: null, tokens: newTokens } });
  });
  it('refuses a different X account', () => {
    spec.given(connected).when(reconnect({ ...profile, xUserId: '99', username: 'bob' })).thenRefuses('validation', X_ACCOUNT_MESSAGES.wrongXAccount('bob', 'alice_x'));
  });
  it('refuses a gone account', () => {
    spec.given(connected, disconnected).when(reconnect()).thenRefuses('not_found');
  });
});

describe('X subscription (the length limit of replies)', () => {
  const premium: XProfileSnapshot = { ...profile, subscriptionType: 'Premium' };
  it('a connect records the subscription X reported, and the account carries it', () => {
    const state = spec.given().when(connect('u1', premium)).then([{ ...connected, data: { ...connected.data, subscriptionType: 'Premium' } }]);
    expect(state).toMatchObject({ status: 'connected', account: { subscriptionType: 'Premium' } });
  });
  it('an event written before the subscription was read (no field) reads as not known, so not Premium', () => {
    const state = spec.given(connected).when(connect('u1', premium, newTokens)).then([
      { type: 'XAccountReconnected', data: { ...premium, accountId: 'a1', userId: 'u1', tokens: newTokens, via: 'pin' } },
    ]);
    expect(state).toMatchObject({ account: { subscriptionType: 'Premium' } });
    expect(xAccountDecider.evolve(xAccountDecider.initialState(), connected)).toMatchObject({ account: { subscriptionType: null } });
  });
  it('a reconnect reads it again: a subscription that ended is recorded as None', () => {
    const state = spec
      .given({ ...connected, data: { ...connected.data, subscriptionType: 'Premium' } })
      .when({ type: 'ReconnectXAccount', accountId: 'a1', userId: 'u1', profile: { ...profile, subscriptionType: 'None' }, tokens: newTokens, via: 'pin', now })
      .then([{ type: 'XAccountReconnected', data: { ...profile, subscriptionType: 'None', accountId: 'a1', userId: 'u1', tokens: newTokens, via: 'pin' } }]);
    expect(state).toMatchObject({ account: { subscriptionType: 'None' } });
  });
  it('long posts come with every paid tier; None and unknown stay at 280', () => {
    expect((['None', 'Basic', 'Premium', 'PremiumPlus', null, undefined] as const).map(hasLongPosts)).toEqual([false, true, true, true, false, false]);
  });
});

describe('auth failure', () => {
  const mark = { type: 'MarkXAuthFailed', accountId: 'a1', reason: '401', now } as const;
  it('is recorded once', () => {
    spec.given(connected).when(mark).then([authFailed]);
    spec.given(connected, authFailed).when(mark).thenNothing();
  });
  it('refuses an unknown account', () => {
    spec.given().when(mark).thenRefuses('not_found');
  });
});

describe('disconnect', () => {
  const disconnect = (schedulesUsing: number, userId = 'u1') => ({ type: 'DisconnectXAccount', accountId: 'a1', userId, schedulesUsing, now }) as const;
  it('emits XAccountDisconnected when no schedule uses it', () => {
    spec.given(connected).when(disconnect(0)).then([disconnected]);
  });
  it('refuses with ACCOUNT_IN_USE and the spec message while schedules use it', () => {
    const error = spec.given(connected).when(disconnect(2)).thenRefuses('conflict', X_ACCOUNT_MESSAGES.accountInUse);
    expect(error.reason).toBe('ACCOUNT_IN_USE');
  });
  it('refuses twice and for others as not found', () => {
    spec.given(connected, disconnected).when(disconnect(0)).thenRefuses('not_found');
    spec.given(connected).when(disconnect(0, 'u2')).thenRefuses('not_found');
  });
});

describe('slots', () => {
  it('trial 1, premium/admin/legacy unlimited', () => {
    expect(xAccountLimit('trial')).toBe(1);
    expect(xAccountLimit('expired')).toBe(1);
    expect(xAccountLimit('premium')).toBeNull();
    expect(xAccountLimit('admin')).toBeNull();
    expect(xAccountLimit('legacy')).toBeNull();
  });
  it('remaining slots plus connected never exceed the limit and a free slot exists exactly when remaining > 0', () => {
    fc.assert(
      fc.property(fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }), fc.integer({ min: 0, max: 30 }), (limit, used) => {
        const left = remainingSlots(limit, used);
        if (limit === null) return left === null && hasFreeSlot(limit, used);
        return left !== null && left >= 0 && (left > 0) === hasFreeSlot(limit, used) && (used > limit || left + used === limit);
      }),
    );
  });
});
