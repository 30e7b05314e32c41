// Properties of who sees and changes which monitored account. The SQL form of the same rule is
// held to `canSee` over a real SQLite table in tests/read-models/monitored-accounts.int.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accessOf, addRightOf, approvalOnAdd, canAdd, canManage, canSee, monitoringActorOf, type MonitoringActor, type VisibilityFacts } from './access';

const userIds = fc.constantFrom('u1', 'u2', 'u3');
const actorArb: fc.Arbitrary<MonitoringActor> = fc.oneof(
  fc.constant<MonitoringActor>({ kind: 'system' }),
  fc.record({
    kind: fc.constant('user' as const),
    userId: userIds,
    audience: fc.constantFrom('admin' as const, 'legacy' as const, 'normal' as const),
    mayAdd: fc.boolean(),
  }),
);
const accountArb: fc.Arbitrary<VisibilityFacts> = fc.record({
  userId: fc.option(userIds, { nil: null }),
  visibleToLegacy: fc.boolean(),
  visibleToNormal: fc.boolean(),
  adminOnly: fc.boolean(),
  userOnly: fc.boolean(),
  approval: fc.constantFrom('approved' as const, 'pending' as const),
});

const isAdmin = (a: MonitoringActor) => a.kind === 'system' || a.audience === 'admin';

describe('canSee', () => {
  it('admins and the system see every account', () => {
    fc.assert(fc.property(actorArb.filter(isAdmin), accountArb, (actor, account) => canSee(actor, account)));
  });

  it('a user always sees the accounts they added, whatever the flags', () => {
    fc.assert(
      fc.property(actorArb, accountArb, (actor, account) => {
        fc.pre(actor.kind === 'user');
        return canSee(actor, { ...account, userId: actor.kind === 'user' ? actor.userId : null });
      }),
    );
  });

  it("non-admins never see someone else's admin-only or user-only account", () => {
    fc.assert(
      fc.property(actorArb, accountArb, (actor, account) => {
        fc.pre(!isAdmin(actor) && actor.kind === 'user' && account.userId !== actor.userId && (account.adminOnly || account.userOnly));
        return !canSee(actor, account);
      }),
    );
  });

  it("a shared account is seen exactly by the audiences it is visible to", () => {
    fc.assert(
      fc.property(actorArb, accountArb, (actor, account) => {
        fc.pre(
          actor.kind === 'user' && !isAdmin(actor) && account.userId !== actor.userId && !account.adminOnly && !account.userOnly && account.approval === 'approved',
        );
        const expected = actor.kind === 'user' && actor.audience === 'legacy' ? account.visibleToLegacy : account.visibleToNormal;
        return canSee(actor, account) === expected;
      }),
    );
  });

  it("non-admins never see someone else's account while it waits for approval, whatever its flags", () => {
    fc.assert(
      fc.property(actorArb, accountArb, (actor, account) => {
        fc.pre(actor.kind === 'user' && !isAdmin(actor) && account.userId !== actor.userId);
        return !canSee(actor, { ...account, approval: 'pending' });
      }),
    );
  });

  it("an add is pending exactly when a non-admin makes it", () => {
    fc.assert(fc.property(actorArb, (actor) => approvalOnAdd(actor) === (isAdmin(actor) ? 'approved' : 'pending')));
  });

  it('the add permission changes what one may do, never what one sees', () => {
    fc.assert(
      fc.property(actorArb, accountArb, (actor, account) => {
        fc.pre(actor.kind === 'user');
        if (actor.kind !== 'user') return true;
        return canSee({ ...actor, mayAdd: true }, account) === canSee({ ...actor, mayAdd: false }, account);
      }),
    );
  });

  it('clearing adminOnly or userOnly, approving, or making it visible to more, never hides an account', () => {
    fc.assert(
      fc.property(actorArb, accountArb, (actor, account) => {
        const wider = { ...account, adminOnly: false, userOnly: false, visibleToLegacy: true, visibleToNormal: true, approval: 'approved' as const };
        return !canSee(actor, account) || canSee(actor, wider);
      }),
    );
  });
});

describe('what one may do', () => {
  it('only admins manage; whoever manages may add; the summary agrees', () => {
    fc.assert(
      fc.property(actorArb, (actor) => {
        const access = accessOf(actor);
        expect(canManage(actor)).toBe(isAdmin(actor));
        if (canManage(actor)) expect(canAdd(actor)).toBe(true);
        expect(access).toEqual({
          canAdd: canAdd(actor),
          canEdit: canManage(actor),
          canDelete: canManage(actor),
          canSetVisibility: canManage(actor),
          canSetTier: canManage(actor),
          seesAll: canManage(actor),
        });
      }),
    );
  });

  it('legacy users and permitted users may add; plain users may not', () => {
    fc.assert(
      fc.property(actorArb, (actor) => {
        fc.pre(actor.kind === 'user' && actor.audience !== 'admin');
        if (actor.kind !== 'user') return true;
        return canAdd(actor) === (actor.audience === 'legacy' || actor.mayAdd);
      }),
    );
  });
});

describe('monitoringActorOf', () => {
  const base = { id: 'u1', username: 'ann', permissions: [] as 'may_add_monitored_accounts'[], isPremium: false, subscriptionEndDate: null as string | null };
  const config = { legacyUsernames: ['OldTimer'] };

  it('reads the role, the legacy list of the environment and the permission', () => {
    expect(monitoringActorOf({ ...base, role: 'admin' }, config, '2026-01-01T00:00:00.000Z')).toEqual({ kind: 'user', userId: 'u1', audience: 'admin', mayAdd: false });
    expect(monitoringActorOf({ ...base, role: 'legacy' }, config, '2026-01-01T00:00:00.000Z')).toMatchObject({ audience: 'legacy' });
    expect(monitoringActorOf({ ...base, role: 'user', username: 'oldtimer' }, config, '2026-01-01T00:00:00.000Z')).toMatchObject({ audience: 'legacy' });
    expect(monitoringActorOf({ ...base, role: 'user' }, config, '2026-01-01T00:00:00.000Z')).toMatchObject({ audience: 'normal', mayAdd: false });
    expect(monitoringActorOf({ ...base, role: 'user', permissions: ['may_add_monitored_accounts'] }, config, '2026-01-01T00:00:00.000Z')).toMatchObject({ audience: 'normal', mayAdd: true });
  });

  it('lets a Premium user add accounts of their own while the plan lasts, never the trial', () => {
    const now = '2026-01-01T00:00:00.000Z';
    const premium = { ...base, role: 'user' as const, isPremium: true, subscriptionEndDate: '2026-02-01T00:00:00.000Z' };
    expect(addRightOf(premium, config, now)).toBe('premium');
    expect(monitoringActorOf(premium, config, now)).toMatchObject({ audience: 'normal', mayAdd: true });
    // The plan's end date passed (PremiumEnded not recorded yet): no longer.
    expect(addRightOf(premium, config, '2026-02-02T00:00:00.000Z')).toBeNull();
    expect(monitoringActorOf(premium, config, '2026-02-02T00:00:00.000Z')).toMatchObject({ mayAdd: false });
    expect(addRightOf({ ...base, role: 'user' }, config, now)).toBeNull();
    expect(addRightOf({ ...base, role: 'user', permissions: ['may_add_monitored_accounts'] }, config, now)).toBe('granted');
    expect(addRightOf({ ...base, role: 'admin' }, config, now)).toBe('admin');
  });
});

describe('approvalOnAdd', () => {
  const user: MonitoringActor = { kind: 'user', userId: 'u1', audience: 'normal', mayAdd: true };
  it("follows the admin's rule for a non-admin's add; an admin's add needs none", () => {
    expect(approvalOnAdd(user)).toBe('pending');
    expect(approvalOnAdd(user, 'reviewed')).toBe('pending');
    expect(approvalOnAdd(user, 'automatic')).toBe('approved');
    expect(approvalOnAdd({ ...user, audience: 'admin' }, 'reviewed')).toBe('approved');
  });
});
