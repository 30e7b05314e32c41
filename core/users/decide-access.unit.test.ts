import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@core/shared/testing/given-when-then';
import { fold } from '@core/shared/decider';
import type { UserCommand } from './commands';
import { userDecider } from './decider';
import type { UserEvent } from './events';
import { admin, at, days, deactivated, plainUser, registered, system } from './test-fixtures';

const spec = deciderSpec(userDecider);

describe('SetRole', () => {
  const toLegacy: UserCommand = { type: 'SetRole', role: 'legacy', by: admin, now: at(1) };

  it('emits RoleChanged when an admin (or the system) changes the role', () => {
    const state = spec
      .given(registered())
      .when(toLegacy)
      .then([{ type: 'RoleChanged', data: { role: 'legacy', previousRole: 'user', by: 'admin-1', at: at(1) } }]);
    expect(state).toMatchObject({ user: { role: 'legacy' } });
    spec
      .given(registered())
      .when({ ...toLegacy, by: system })
      .then([{ type: 'RoleChanged', data: { role: 'legacy', previousRole: 'user', by: 'system', at: at(1) } }]);
  });

  it('refuses a non-admin, an unknown user and an admin demoting themself', () => {
    expect(spec.given(registered()).when({ ...toLegacy, by: plainUser }).thenRefuses('forbidden').reason).toBe('ADMIN_ONLY');
    spec.given().when(toLegacy).thenRefuses('not_found');
    const self = { kind: 'user' as const, id: 'u1', role: 'admin' as const };
    const error = spec.given(registered({ role: 'admin' })).when({ type: 'SetRole', role: 'user', by: self, now: at(1) }).thenRefuses('conflict');
    expect(error).toMatchObject({ field: 'role', reason: 'SELF_DEMOTION' });
  });

  it('stays quiet when the role is already the asked one', () => {
    spec.given(registered()).when({ ...toLegacy, role: 'user' }).thenNothing();
  });
});

describe('GrantPermission and RevokePermission', () => {
  const grant: UserCommand = { type: 'GrantPermission', permission: 'may_add_monitored_accounts', by: admin, now: at(1) };
  const granted: UserEvent = { type: 'PermissionGranted', data: { permission: 'may_add_monitored_accounts', by: 'admin-1', at: at(1) } };
  const revoke: UserCommand = { type: 'RevokePermission', permission: 'may_add_monitored_accounts', by: admin, now: at(2) };

  it('emits PermissionGranted, then PermissionRevoked', () => {
    expect(spec.given(registered()).when(grant).then([granted])).toMatchObject({ user: { permissions: ['may_add_monitored_accounts'] } });
    const state = spec
      .given(registered(), granted)
      .when(revoke)
      .then([{ type: 'PermissionRevoked', data: { permission: 'may_add_monitored_accounts', by: 'admin-1', at: at(2) } }]);
    expect(state).toMatchObject({ user: { permissions: [] } });
  });

  it('refuses non-admins and unknown users', () => {
    spec.given(registered()).when({ ...grant, by: plainUser }).thenRefuses('forbidden');
    spec.given(registered(), granted).when({ ...revoke, by: plainUser }).thenRefuses('forbidden');
    spec.given().when(grant).thenRefuses('not_found');
  });

  it('stays quiet when the permission is already held, or already absent', () => {
    spec.given(registered(), granted).when(grant).thenNothing();
    spec.given(registered()).when(revoke).thenNothing();
  });
});

describe('ConsumeReply', () => {
  const consume = (replyId: string, now = at(30), legacyUsernames: string[] = []): UserCommand => ({
    type: 'ConsumeReply',
    replyId,
    legacyUsernames,
    now,
  });
  const used = (replyId: string, left: number, when = at(30)): UserEvent => ({
    type: 'TrialReplyUsed',
    data: { replyId, repliesRemaining: left, at: when },
  });

  it('emits TrialReplyUsed with the replies left', () => {
    const state = spec.given(registered()).when(consume('r1')).then([used('r1', 24)]);
    expect(state).toMatchObject({ user: { repliesRemaining: 24, trialActive: true } });
  });

  it('ends the trial with the 25th reply', () => {
    const history = [registered(), ...Array.from({ length: 24 }, (_, i) => used(`r${i}`, 24 - i))];
    const state = spec
      .given(...history)
      .when(consume('last'))
      .then([used('last', 0), { type: 'TrialEnded', data: { reason: 'replies_used', at: at(30) } }]);
    expect(state).toMatchObject({ user: { repliesRemaining: 0, trialActive: false } });
  });

  it('refuses a POST while the 25 are on X (the reply waits) and once the 7 days are over, with payment_required', () => {
    const history = [registered(), ...Array.from({ length: 25 }, (_, i) => used(`r${i}`, 24 - i))];
    expect(spec.given(...history).when(consume('more')).thenRefuses('payment_required').reason).toBe('TRIAL_REPLIES_USED');
    spec.given(registered()).when(consume('late', days(7))).thenRefuses('payment_required', 'Your free trial has expired. Upgrade to premium to continue.');
    spec.given().when(consume('r1')).thenRefuses('not_found');
    spec.given(registered(), deactivated).when(consume('r1')).thenRefuses('forbidden');
  });

  it('counts a reply seen on X (onX) even once the 25 are used, and not after the 7 days', () => {
    const onX = (replyId: string, now = at(30)): UserCommand => ({ ...consume(replyId, now), onX: true } as UserCommand);
    const full = [registered(), ...Array.from({ length: 24 }, (_, i) => used(`r${i}`, 24 - i)), used('r24', 0), { type: 'TrialEnded', data: { reason: 'replies_used', at: at(30) } } as UserEvent];
    // Posted by the user from an open link after the allowance filled: recorded, no second TrialEnded.
    spec.given(...full).when(onX('late-tap')).then([used('late-tap', 0)]);
    spec.given(registered()).when(onX('seen')).then([used('seen', 24)]);
    spec.given(registered()).when(onX('after', days(8))).thenNothing();
  });

  it('stays quiet for a reply already counted and for unlimited tiers', () => {
    spec.given(registered(), used('r1', 24)).when(consume('r1')).thenNothing();
    const premium: UserEvent = { type: 'PremiumActivated', data: { until: days(40), subscriptionId: 'S1', at: at(1) } };
    spec.given(registered(), premium).when(consume('r2', days(20))).thenNothing();
    spec.given(registered({ role: 'admin' })).when(consume('r2', days(20))).thenNothing();
    spec.given(registered({ role: 'legacy' })).when(consume('r2', days(20))).thenNothing();
    spec.given(registered()).when(consume('r2', days(20), ['ALICE'])).thenNothing();
  });
});

describe('RefundTrialReply', () => {
  const used = (replyId: string, left: number): UserEvent => ({ type: 'TrialReplyUsed', data: { replyId, repliesRemaining: left, at: at(30) } });
  const refund = (replyId: string, now = at(40)): UserCommand => ({ type: 'RefundTrialReply', replyId, now });
  const refunded = (replyId: string, left: number, trialActive = true, when = at(40)): UserEvent => ({
    type: 'TrialReplyRefunded',
    data: { replyId, repliesRemaining: left, trialActive, at: when },
  });

  it('gives back a counted reply; the same reply may be counted again later', () => {
    const state = spec.given(registered(), used('r1', 24)).when(refund('r1')).then([refunded('r1', 25)]);
    expect(state).toMatchObject({ user: { repliesRemaining: 25, trialReplyIds: [] } });
    spec
      .given(registered(), used('r1', 24), refunded('r1', 25))
      .when({ type: 'ConsumeReply', replyId: 'r1', legacyUsernames: [], now: at(50) })
      .then([{ type: 'TrialReplyUsed', data: { replyId: 'r1', repliesRemaining: 24, at: at(50) } }]);
  });

  it('reopens a trial its 25th reply closed, inside the 7 days only', () => {
    const history = [registered(), ...Array.from({ length: 25 }, (_, i) => used(`r${i}`, 24 - i)), { type: 'TrialEnded', data: { reason: 'replies_used', at: at(30) } } as UserEvent];
    const state = spec.given(...history).when(refund('r24')).then([refunded('r24', 1, true)]);
    expect(state).toMatchObject({ user: { repliesRemaining: 1, trialActive: true } });
    spec.given(...history).when(refund('r24', days(8))).then([refunded('r24', 1, false, days(8))]);
  });

  it('refuses an unknown user', () => {
    spec.given().when(refund('r1')).thenRefuses('not_found');
  });

  it('stays quiet for a reply never counted or already refunded', () => {
    spec.given(registered()).when(refund('r1')).thenNothing();
    spec.given(registered(), used('r1', 24), refunded('r1', 25)).when(refund('r1')).thenNothing();
  });
});

describe('ExpireTrial', () => {
  it('emits TrialEnded once 7 days have passed', () => {
    spec
      .given(registered())
      .when({ type: 'ExpireTrial', now: days(7) })
      .then([{ type: 'TrialEnded', data: { reason: 'time_elapsed', at: days(7) } }]);
  });

  it('refuses an unknown user', () => {
    spec.given().when({ type: 'ExpireTrial', now: days(7) }).thenRefuses('not_found');
  });

  it('stays quiet before the 7 days and when the trial already ended', () => {
    spec.given(registered()).when({ type: 'ExpireTrial', now: at(7 * 24 * 60 - 1) }).thenNothing();
    const ended: UserEvent = { type: 'TrialEnded', data: { reason: 'time_elapsed', at: days(7) } };
    spec.given(registered(), ended).when({ type: 'ExpireTrial', now: days(8) }).thenNothing();
  });
});

describe('ActivatePremium and EndPremium', () => {
  const activate: UserCommand = { type: 'ActivatePremium', until: days(31), subscriptionId: 'ORDER-1', now: days(1) };
  const activated: UserEvent = { type: 'PremiumActivated', data: { until: days(31), subscriptionId: 'ORDER-1', at: days(1) } };

  it('emits PremiumActivated, and a renewal extends it', () => {
    const state = spec.given(registered()).when(activate).then([activated]);
    expect(state).toMatchObject({ user: { isPremium: true, subscriptionStatus: 'active', subscriptionEndDate: days(31) } });
    spec
      .given(registered(), activated)
      .when({ ...activate, until: days(61), subscriptionId: 'ORDER-2', now: days(30) })
      .then([{ type: 'PremiumActivated', data: { until: days(61), subscriptionId: 'ORDER-2', at: days(30) } }]);
  });

  it('emits PremiumEnded with its reason', () => {
    const state = spec
      .given(registered(), activated)
      .when({ type: 'EndPremium', reason: 'cancelled', now: days(10) })
      .then([{ type: 'PremiumEnded', data: { reason: 'cancelled', at: days(10) } }]);
    expect(state).toMatchObject({ user: { isPremium: false, subscriptionStatus: 'cancelled', subscriptionId: 'ORDER-1' } });
  });

  it('refuses an end date not after now, an unknown or deactivated user', () => {
    expect(spec.given(registered()).when({ ...activate, until: days(1) }).thenRefuses('validation').field).toBe('until');
    expect(spec.given(registered()).when({ ...activate, subscriptionId: ' ' }).thenRefuses('validation').field).toBe('subscriptionId');
    spec.given().when(activate).thenRefuses('not_found');
    spec.given(registered(), deactivated).when(activate).thenRefuses('forbidden');
    spec.given().when({ type: 'EndPremium', reason: 'expired', now: days(10) }).thenRefuses('not_found');
  });

  it('stays quiet for the same activation again, and for ending a premium that is not there', () => {
    spec.given(registered(), activated).when(activate).thenNothing();
    spec.given(registered()).when({ type: 'EndPremium', reason: 'expired', now: days(10) }).thenNothing();
  });
});

describe('evolve', () => {
  it('ignores events before registration and event types it does not know', () => {
    const stray: UserEvent = { type: 'UserLoggedIn', data: { at: at(1) } };
    expect(fold(userDecider, [stray])).toEqual({ status: 'unregistered' });
    const unknown = { type: 'SomethingNew', data: {} } as unknown as UserEvent;
    expect(fold(userDecider, [registered(), unknown])).toEqual(fold(userDecider, [registered()]));
  });
});
