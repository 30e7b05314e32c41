import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@core/shared/testing/given-when-then';
import { parseOrThrow } from '@core/shared/parse';
import type { MonitoringActor } from './access';
import { monitoredAccountDecider, type MonitoredAccount, type MonitoredAccountEvent } from './account';
import { ACCOUNT_MESSAGES, accountInputSchema, accountPatchSchema } from './schemas';
import { aMonitoredAccount } from './test-fixtures';

const spec = deciderSpec(monitoredAccountDecider);
const id = 'a1';

const admin: MonitoringActor = { kind: 'user', userId: 'admin1', audience: 'admin', mayAdd: false };
const legacy: MonitoringActor = { kind: 'user', userId: 'leg1', audience: 'legacy', mayAdd: false };
const permitted: MonitoringActor = { kind: 'user', userId: 'perm1', audience: 'normal', mayAdd: true };
const plain: MonitoringActor = { kind: 'user', userId: 'plain1', audience: 'normal', mayAdd: false };

const account = (overrides: Partial<MonitoredAccount> = {}): MonitoredAccount => aMonitoredAccount({ accountId: id, ...overrides });
const added = (o: Partial<MonitoredAccount> = {}): MonitoredAccountEvent => ({ type: 'MonitoredAccountAdded', data: account(o) });
const deleted: MonitoredAccountEvent = { type: 'MonitoredAccountDeleted', data: { accountId: id, username: 'naval', userId: 'admin1', addedByOwner: false } };

const add = (actor: MonitoringActor, input: Record<string, unknown>) => ({
  type: 'AddMonitoredAccount' as const,
  accountId: id,
  actor,
  input: parseOrThrow(accountInputSchema, input),
});

describe('AddMonitoredAccount', () => {
  it('emits the account with the defaults of spec §3 and the adder', () => {
    spec.given().when(add(admin, { username: '@naval', displayName: 'Naval' })).then([added()]);
    // A non-admin's add waits for an admin's approval before anyone else sees it.
    spec.given().when(add(legacy, { username: 'naval', displayName: 'Naval' })).then([added({ userId: 'leg1', approval: 'pending' })]);
    spec
      .given()
      .when(add(permitted, { username: 'naval', displayName: 'Naval', userOnly: true }))
      .then([added({ userId: 'perm1', userOnly: true, approval: 'pending' })]);
  });

  it('lets an admin set visibility, tier (with its interval) and pause from the start', () => {
    spec
      .given()
      .when(add(admin, { username: 'naval', displayName: 'Naval', adminOnly: true, visibleToNormal: false, monitoringTier: 'high', shouldMonitor: false }))
      .then([added({ adminOnly: true, visibleToNormal: false, monitoringTier: 'high', monitoringInterval: 5, shouldMonitor: false })]);
  });

  it('refuses a plain user, and a non-admin choosing visibility or tiers', () => {
    spec.given().when(add(plain, { username: 'naval', displayName: 'Naval' })).thenRefuses('forbidden', ACCOUNT_MESSAGES.addForbidden);
    spec.given().when(add(legacy, { username: 'naval', displayName: 'Naval', adminOnly: true })).thenRefuses('forbidden', ACCOUNT_MESSAGES.adminFieldsForbidden);
    spec.given().when(add(permitted, { username: 'naval', displayName: 'Naval', monitoringTier: 'high' })).thenRefuses('forbidden');
    // Sending the defaults themselves is fine (a form may send every field).
    spec
      .given()
      .when(add(legacy, { username: 'naval', displayName: 'Naval', visibleToLegacy: true, monitoringInterval: 15 }))
      .then([added({ userId: 'leg1', approval: 'pending' })]);
  });

  it('refuses an id that exists', () => {
    spec.given(added()).when(add(admin, { username: 'naval', displayName: 'Naval' })).thenRefuses('conflict');
  });
});

describe('ApproveMonitoredAccount', () => {
  const approve = (actor: MonitoringActor) => ({ type: 'ApproveMonitoredAccount' as const, accountId: id, actor });
  const pending = added({ userId: 'perm1', approval: 'pending' });

  it('emits the approval when an admin approves a pending account', () => {
    spec.given(pending).when(approve(admin)).then([{ type: 'MonitoredAccountApproved', data: { accountId: id } }]);
  });

  it('refuses non-admins (the adder included) and an account that does not exist', () => {
    spec.given(pending).when(approve(permitted)).thenRefuses('forbidden', ACCOUNT_MESSAGES.manageForbidden);
    spec.given(pending).when(approve(plain)).thenRefuses('not_found');
    spec.given().when(approve(admin)).thenRefuses('not_found');
    spec.given(pending, deleted).when(approve(admin)).thenRefuses('not_found');
  });

  it('stays quiet for an account already approved', () => {
    spec.given(added()).when(approve(admin)).then([]);
    spec.given(pending, { type: 'MonitoredAccountApproved', data: { accountId: id } }).when(approve(admin)).then([]);
  });
});

describe('AddLegacyAccount', () => {
  const legacyAdd = (actor: MonitoringActor, pinAccepted = true) => ({
    type: 'AddLegacyAccount' as const,
    accountId: id,
    actor,
    pinAccepted,
    username: 'naval',
    displayName: 'naval',
    shouldMonitor: true,
    userOnly: true,
    xUserId: '745273',
    profilePicture: null,
  });

  it('emits an account flagged addedByOwner for whoever knows the PIN', () => {
    spec
      .given()
      .when(legacyAdd(plain))
      .then([added({ userId: 'plain1', addedByOwner: true, source: 'legacy', approval: 'pending', displayName: 'naval', userOnly: true, xUserId: '745273' })]);
  });

  it('refuses without the PIN, and for the system', () => {
    spec.given().when(legacyAdd(plain, false)).thenRefuses('forbidden', ACCOUNT_MESSAGES.pinIncorrect);
    spec.given().when(legacyAdd({ kind: 'system' })).thenRefuses('forbidden');
  });

  it('refuses an id that exists', () => {
    spec.given(added()).when(legacyAdd(plain)).thenRefuses('conflict');
  });
});

describe('SeedCuratedAccount', () => {
  const seed = { type: 'SeedCuratedAccount' as const, accountId: id, seed: { username: 'naval', displayName: 'Naval', xUserId: '745273', monitoringTier: 'high' as const } };

  it('emits a curated account owned by nobody', () => {
    spec.given().when(seed).then([added({ userId: null, source: 'curated', xUserId: '745273', monitoringTier: 'high', monitoringInterval: 5 })]);
  });

  it('stays quiet when the account was seeded before, even if deleted since', () => {
    spec.given(added({ source: 'curated', userId: null })).when(seed).thenNothing();
    spec.given(added({ source: 'curated', userId: null }), deleted).when(seed).thenNothing();
  });
});

describe('EditMonitoredAccount', () => {
  const edit = (actor: MonitoringActor, changes: Record<string, unknown>, xAdminVerified = true) => ({
    type: 'EditMonitoredAccount' as const,
    accountId: id,
    actor,
    changes: parseOrThrow(accountPatchSchema, changes),
    xAdminVerified,
  });

  it('emits one event per kind of change', () => {
    spec
      .given(added())
      .when(edit(admin, { displayName: 'Naval R.', adminOnly: true, monitoringTier: 'low', shouldMonitor: false }))
      .then([
        { type: 'MonitoredAccountEdited', data: { accountId: id, username: 'naval', displayName: 'Naval R.', bio: null, profilePicture: null, topicKeyword: null, xUserId: null, isActive: true, userOnly: false } },
        { type: 'MonitoredAccountVisibilityChanged', data: { accountId: id, visibleToLegacy: true, visibleToNormal: true, adminOnly: true } },
        { type: 'MonitoringScheduleChanged', data: { accountId: id, monitoringTier: 'low', monitoringInterval: 60 } },
        { type: 'MonitoringPaused', data: { accountId: id } },
      ]);
  });

  it('keeps an interval changed together with the tier', () => {
    spec
      .given(added())
      .when(edit(admin, { monitoringTier: 'high', monitoringInterval: 7 }))
      .then([{ type: 'MonitoringScheduleChanged', data: { accountId: id, monitoringTier: 'high', monitoringInterval: 7 } }]);
  });

  it('refuses a tier or interval change without the X Admin step-up, and lets the rest through', () => {
    spec.given(added()).when(edit(admin, { monitoringTier: 'low' }, false)).thenRefuses('forbidden', 'X Admin authentication is required to change account tiers.');
    spec.given(added()).when(edit(admin, { monitoringInterval: 7 }, false)).thenRefuses('forbidden', 'X Admin authentication is required to change account tiers.');
    spec
      .given(added())
      .when(edit(admin, { monitoringTier: 'standard', shouldMonitor: false }, false))
      .then([{ type: 'MonitoringPaused', data: { accountId: id } }]);
  });

  it('refuses non-admins: forbidden when they see it, not found when they do not', () => {
    spec.given(added()).when(edit(legacy, { displayName: 'x' })).thenRefuses('forbidden', ACCOUNT_MESSAGES.manageForbidden);
    spec.given(added({ userId: 'perm1' })).when(edit(permitted, { displayName: 'x' })).thenRefuses('forbidden');
    spec.given(added({ adminOnly: true })).when(edit(plain, { displayName: 'x' })).thenRefuses('not_found', ACCOUNT_MESSAGES.notFound);
    spec.given().when(edit(admin, { displayName: 'x' })).thenRefuses('not_found');
    spec.given(added(), deleted).when(edit(admin, { displayName: 'x' })).thenRefuses('not_found');
  });

  it('stays quiet when the form sends what is stored', () => {
    spec.given(added()).when(edit(admin, { username: 'naval', displayName: 'Naval', monitoringInterval: 15, shouldMonitor: true, adminOnly: false })).thenNothing();
  });
});

describe('visibility, pause and resume', () => {
  it('emits the change', () => {
    spec
      .given(added())
      .when({ type: 'SetAccountVisibility', accountId: id, actor: admin, visibility: { visibleToLegacy: false } })
      .then([{ type: 'MonitoredAccountVisibilityChanged', data: { accountId: id, visibleToLegacy: false, visibleToNormal: true, adminOnly: false } }]);
    const paused = spec.given(added()).when({ type: 'PauseMonitoring', accountId: id, actor: admin }).then([{ type: 'MonitoringPaused', data: { accountId: id } }]);
    expect(paused.status === 'live' && paused.account.shouldMonitor).toBe(false);
    spec
      .given(added({ shouldMonitor: false }))
      .when({ type: 'ResumeMonitoring', accountId: id, actor: admin })
      .then([{ type: 'MonitoringResumed', data: { accountId: id } }]);
  });

  it('refuses non-admins', () => {
    spec.given(added()).when({ type: 'SetAccountVisibility', accountId: id, actor: legacy, visibility: { adminOnly: true } }).thenRefuses('forbidden');
    spec.given(added()).when({ type: 'PauseMonitoring', accountId: id, actor: plain }).thenRefuses('forbidden');
    spec.given(added({ userOnly: true, userId: 'leg1' })).when({ type: 'ResumeMonitoring', accountId: id, actor: plain }).thenRefuses('not_found');
  });

  it('stays quiet when nothing changes', () => {
    spec.given(added()).when({ type: 'SetAccountVisibility', accountId: id, actor: admin, visibility: { adminOnly: false } }).thenNothing();
    spec.given(added({ shouldMonitor: false })).when({ type: 'PauseMonitoring', accountId: id, actor: admin }).thenNothing();
    spec.given(added()).when({ type: 'ResumeMonitoring', accountId: id, actor: admin }).thenNothing();
  });
});

describe('AssignMonitoringTier (Tier Management, behind the X Admin step-up)', () => {
  const assign = (tier: 'high' | 'standard' | 'low', xAdminVerified: boolean, actor = admin) =>
    ({ type: 'AssignMonitoringTier', accountId: id, actor, tier, xAdminVerified }) as const;

  it('emits the schedule change for a verified admin', () => {
    spec.given(added()).when(assign('low', true)).then([{ type: 'MonitoringScheduleChanged', data: { accountId: id, monitoringTier: 'low', monitoringInterval: 60 } }]);
  });

  it('refuses without the step-up, and refuses non-admins whatever they claim', () => {
    spec.given(added()).when(assign('high', false)).thenRefuses('forbidden', 'X Admin authentication is required to change account tiers.');
    spec.given(added()).when(assign('high', true, permitted)).thenRefuses('forbidden');
    spec.given().when(assign('high', true)).thenRefuses('not_found');
  });

  it('stays quiet when the tier is the one held', () => {
    spec.given(added()).when(assign('standard', true)).thenNothing();
  });
});

describe('ResolveXUser', () => {
  const resolve = { type: 'ResolveXUser' as const, accountId: id, profile: { xUserId: '745273', displayName: 'Naval', profilePicture: 'https://pbs.example/n.jpg', bio: 'Angel' } };

  it('fills the X id, and the picture and bio where none was given', () => {
    const state = spec
      .given(added({ bio: 'mine' }))
      .when(resolve)
      .then([{ type: 'MonitoredAccountXUserResolved', data: { accountId: id, xUserId: '745273', profilePicture: 'https://pbs.example/n.jpg', bio: 'mine' } }]);
    expect(state.status === 'live' && state.account.xUserId).toBe('745273');
  });

  it('stays quiet for a resolved, deleted or unknown account', () => {
    spec.given(added({ xUserId: '1' })).when(resolve).thenNothing();
    spec.given(added(), deleted).when(resolve).thenNothing();
    spec.given().when(resolve).thenNothing();
  });
});

describe('DeleteMonitoredAccount', () => {
  const remove = (actor: MonitoringActor) => ({ type: 'DeleteMonitoredAccount' as const, accountId: id, actor });

  it('emits the deletion with what the slots and reservations need', () => {
    spec
      .given(added({ userId: 'plain1', addedByOwner: true }))
      .when(remove(admin))
      .then([{ type: 'MonitoredAccountDeleted', data: { accountId: id, username: 'naval', userId: 'plain1', addedByOwner: true } }]);
  });

  it('refuses non-admins and unknown ids', () => {
    spec.given(added({ userId: 'leg1' })).when(remove(legacy)).thenRefuses('forbidden');
    spec.given().when(remove(admin)).thenRefuses('not_found');
  });

  it('stays quiet the second time', () => {
    spec.given(added(), deleted).when(remove(admin)).thenNothing();
  });
});
