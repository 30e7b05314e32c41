import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@core/shared/testing/given-when-then';
import type { UserCommand } from './commands';
import { userDecider } from './decider';
import type { UserEvent } from './events';
import { T0, admin, at, deactivated, plainUser, registered, system } from './test-fixtures';

const spec = deciderSpec(userDecider);

const register = (overrides: Partial<Extract<UserCommand, { type: 'Register' }>> = {}): UserCommand => ({
  type: 'Register',
  id: 'u1',
  username: 'Alice',
  email: 'alice@example.com',
  fullName: 'Alice Liddell',
  passwordHash: 'hash-1',
  timeZone: 'Europe/Paris',
  passwordChangeRequired: false,
  createdBy: null,
  now: T0,
  ...overrides,
});

describe('Register', () => {
  it('emits UserRegistered, and the state has the spec defaults', () => {
    const state = spec.given().when(register()).then([registered()]);
    expect(state).toMatchObject({
      status: 'registered',
      user: {
        repliesRemaining: 25,
        trialActive: true,
        isPremium: false,
        role: 'user',
        isActive: true,
        subscribedToUpdates: false,
        passwordChangeRequired: false,
        permissions: [],
        lastLogin: null,
        createdAt: T0,
        updatedAt: T0,
      },
    });
  });

  it('defaults the time zone to UTC and trims texts; a blank e-mail or name is absent', () => {
    spec
      .given()
      .when(register({ timeZone: undefined, username: '  Alice ', email: '  ', fullName: '' }))
      .then([registered({ timeZone: 'UTC', email: null, fullName: null })]);
  });

  it('stores the time zone in its canonical spelling', () => {
    spec.given().when(register({ timeZone: 'europe/paris' })).then([registered({ timeZone: 'Europe/Paris' })]);
  });

  it('records generated and X accounts as having to change their password', () => {
    const x = register({ passwordHash: null, xUserId: '123', passwordChangeRequired: true, email: null });
    const state = spec.given().when(x).then([registered({ passwordHash: null, xUserId: '123', passwordChangeRequired: true, email: null })]);
    expect(state.status === 'registered' && state.user.passwordChangeRequired).toBe(true);
  });

  it('registers the bootstrap admin with the admin role', () => {
    spec
      .given()
      .when(register({ role: 'admin', createdBy: 'system', passwordChangeRequired: true }))
      .then([registered({ role: 'admin', createdBy: 'system', passwordChangeRequired: true })]);
  });

  it('refuses a second registration of the same id', () => {
    const error = spec.given(registered()).when(register({ username: 'Bob' })).thenRefuses('conflict');
    expect(error.reason).toBe('ALREADY_REGISTERED');
  });

  it('refuses an unknown time zone, on the timeZone field', () => {
    const error = spec.given().when(register({ timeZone: 'Mars/Olympus' })).thenRefuses('validation');
    expect(error.field).toBe('timeZone');
  });

  it('refuses an empty or overlong username', () => {
    expect(spec.given().when(register({ username: '  ' })).thenRefuses('validation').field).toBe('username');
    expect(spec.given().when(register({ username: 'a'.repeat(51) })).thenRefuses('validation').field).toBe('username');
  });

  it('stays quiet when the same registration is decided again', () => {
    spec.given(registered()).when(register()).thenNothing();
  });
});

describe('RecordLogin', () => {
  it('emits UserLoggedIn and sets lastLogin', () => {
    const state = spec.given(registered()).when({ type: 'RecordLogin', now: at(10) }).then([{ type: 'UserLoggedIn', data: { at: at(10) } }]);
    expect(state.status === 'registered' && state.user.lastLogin).toBe(at(10));
  });

  it('refuses an unknown user (not_found) and a deactivated one (forbidden)', () => {
    spec.given().when({ type: 'RecordLogin', now: at(10) }).thenRefuses('not_found');
    const error = spec.given(registered(), deactivated).when({ type: 'RecordLogin', now: at(10) }).thenRefuses('forbidden');
    expect(error.reason).toBe('ACCOUNT_DEACTIVATED');
  });

  it('stays quiet for a login not newer than the recorded one', () => {
    const loggedIn: UserEvent = { type: 'UserLoggedIn', data: { at: at(10) } };
    spec.given(registered(), loggedIn).when({ type: 'RecordLogin', now: at(10) }).thenNothing();
    spec.given(registered(), loggedIn).when({ type: 'RecordLogin', now: at(9) }).thenNothing();
  });
});

describe('ChangePassword', () => {
  const change: UserCommand = { type: 'ChangePassword', passwordHash: 'hash-2', now: at(1) };

  it('emits PasswordChanged and clears passwordChangeRequired', () => {
    const state = spec
      .given(registered({ passwordChangeRequired: true }))
      .when(change)
      .then([{ type: 'PasswordChanged', data: { passwordHash: 'hash-2', at: at(1) } }]);
    expect(state).toMatchObject({ user: { passwordHash: 'hash-2', passwordChangeRequired: false, updatedAt: at(1) } });
  });

  it('sets a first password on an X account that has none', () => {
    const state = spec
      .given(registered({ passwordHash: null, passwordChangeRequired: true }))
      .when(change)
      .then([{ type: 'PasswordChanged', data: { passwordHash: 'hash-2', at: at(1) } }]);
    expect(state).toMatchObject({ user: { passwordHash: 'hash-2', passwordChangeRequired: false } });
  });

  it('refuses an unknown or deactivated user', () => {
    spec.given().when(change).thenRefuses('not_found');
    spec.given(registered(), deactivated).when(change).thenRefuses('forbidden');
  });

  it('stays quiet when the same hash is set again and no change is required', () => {
    spec.given(registered()).when({ type: 'ChangePassword', passwordHash: 'hash-1', now: at(1) }).thenNothing();
  });
});

describe('UpdateProfile', () => {
  it('emits ProfileUpdated with only the fields that change', () => {
    const command: UserCommand = {
      type: 'UpdateProfile',
      changes: { fullName: 'Alice Liddell', name: 'Al', timeZone: 'Europe/Paris', username: 'alice2', profilePicture: '' },
      now: at(2),
    };
    const state = spec
      .given(registered())
      .when(command)
      .then([{ type: 'ProfileUpdated', data: { changes: { name: 'Al', username: 'alice2' }, at: at(2) } }]);
    expect(state).toMatchObject({ user: { name: 'Al', username: 'alice2', fullName: 'Alice Liddell', updatedAt: at(2) } });
  });

  it('clears a clearable field with null or an empty text', () => {
    spec
      .given(registered())
      .when({ type: 'UpdateProfile', changes: { fullName: ' ', email: null }, proof: 'password', now: at(2) })
      .then([{ type: 'ProfileUpdated', data: { changes: { fullName: null, email: null }, proof: 'password', at: at(2) } }]);
  });

  it('records the proof of an e-mail change, refuses one without, and needs none for other fields', () => {
    const state = spec
      .given(registered())
      .when({ type: 'UpdateProfile', changes: { email: 'new@example.com' }, proof: 'x_sign_in', now: at(2) })
      .then([{ type: 'ProfileUpdated', data: { changes: { email: 'new@example.com' }, proof: 'x_sign_in', at: at(2) } }]);
    expect(state).toMatchObject({ user: { email: 'new@example.com', emailProven: true } });
    const refused = spec.given(registered()).when({ type: 'UpdateProfile', changes: { email: 'new@example.com' }, now: at(2) }).thenRefuses('forbidden');
    expect(refused.reason).toBe('REAUTH_REQUIRED');
    // The same address in another case is no change: no proof asked, none recorded.
    spec.given(registered()).when({ type: 'UpdateProfile', changes: { email: 'ALICE@example.com', fullName: 'A' }, now: at(2) }).then([
      { type: 'ProfileUpdated', data: { changes: { email: 'ALICE@example.com', fullName: 'A' }, at: at(2) } },
    ]);
  });

  it('refuses an unknown user, a bad time zone and an overlong picture link', () => {
    spec.given().when({ type: 'UpdateProfile', changes: { name: 'x' }, now: at(2) }).thenRefuses('not_found');
    const zone = spec.given(registered()).when({ type: 'UpdateProfile', changes: { timeZone: 'Nowhere' }, now: at(2) }).thenRefuses('validation');
    expect(zone.field).toBe('timeZone');
    const long = { profilePicture: `https://x.test/${'a'.repeat(1000)}` };
    expect(spec.given(registered()).when({ type: 'UpdateProfile', changes: long, now: at(2) }).thenRefuses('validation').field).toBe(
      'profilePicture',
    );
  });

  it('stays quiet when nothing changes', () => {
    spec.given(registered()).when({ type: 'UpdateProfile', changes: { username: 'Alice', email: 'alice@example.com' }, now: at(2) }).thenNothing();
    spec.given(registered()).when({ type: 'UpdateProfile', changes: {}, now: at(2) }).thenNothing();
  });
});

describe('SetEmail', () => {
  it('emits EmailSet with the subscription flag', () => {
    const state = spec
      .given(registered({ email: null }))
      .when({ type: 'SetEmail', email: ' new@example.com ', subscribedToUpdates: true, proof: 'password', now: at(3) })
      .then([{ type: 'EmailSet', data: { email: 'new@example.com', subscribedToUpdates: true, proof: 'password', at: at(3) } }]);
    expect(state).toMatchObject({ user: { email: 'new@example.com', subscribedToUpdates: true, emailProven: true } });
  });

  it('refuses a first address without a proof; the subscription alone needs none', () => {
    const refused = spec.given(registered({ email: null })).when({ type: 'SetEmail', email: 'new@example.com', subscribedToUpdates: false, now: at(3) }).thenRefuses('forbidden');
    expect(refused.reason).toBe('REAUTH_REQUIRED');
    const state = spec
      .given(registered())
      .when({ type: 'SetEmail', email: 'alice@example.com', subscribedToUpdates: true, now: at(3) })
      .then([{ type: 'EmailSet', data: { email: 'alice@example.com', subscribedToUpdates: true, at: at(3) } }]);
    expect(state).toMatchObject({ user: { emailProven: true } });
  });

  it('an address set before proofs were recorded is not proven', () => {
    const legacy: UserEvent = { type: 'EmailSet', data: { email: 'old@example.com', subscribedToUpdates: false, at: at(1) } };
    const state = spec
      .given(registered({ email: null }), legacy)
      .when({ type: 'SetEmail', email: 'old@example.com', subscribedToUpdates: true, now: at(3) })
      .then([{ type: 'EmailSet', data: { email: 'old@example.com', subscribedToUpdates: true, at: at(3) } }]);
    expect(state).toMatchObject({ user: { email: 'old@example.com', emailProven: false } });
  });

  it('refuses an unknown user and an empty address', () => {
    spec.given().when({ type: 'SetEmail', email: 'a@b.co', subscribedToUpdates: false, now: at(3) }).thenRefuses('not_found');
    expect(
      spec.given(registered()).when({ type: 'SetEmail', email: ' ', subscribedToUpdates: false, now: at(3) }).thenRefuses('validation').field,
    ).toBe('email');
  });

  it('stays quiet when the address and the flag are unchanged', () => {
    spec.given(registered()).when({ type: 'SetEmail', email: 'alice@example.com', subscribedToUpdates: false, now: at(3) }).thenNothing();
  });
});

describe('Deactivate and Reactivate', () => {
  it('lets the user deactivate their own account, and an admin reactivate it', () => {
    const selfActor = { kind: 'user' as const, id: 'u1', role: 'user' as const };
    spec
      .given(registered())
      .when({ type: 'Deactivate', by: selfActor, reason: ' moving on ', now: at(5) })
      .then([{ type: 'UserDeactivated', data: { by: 'u1', reason: 'moving on', at: at(5) } }]);
    const state = spec
      .given(registered(), deactivated)
      .when({ type: 'Reactivate', by: admin, now: at(6) })
      .then([{ type: 'UserReactivated', data: { by: 'admin-1', at: at(6) } }]);
    expect(state).toMatchObject({ user: { isActive: true } });
  });

  it('refuses another user deactivating, and a non-admin reactivating', () => {
    spec.given(registered()).when({ type: 'Deactivate', by: plainUser, now: at(5) }).thenRefuses('forbidden');
    spec.given(registered(), deactivated).when({ type: 'Reactivate', by: plainUser, now: at(6) }).thenRefuses('forbidden');
    spec.given().when({ type: 'Deactivate', by: system, now: at(5) }).thenRefuses('not_found');
  });

  it('stays quiet when already in the asked state', () => {
    spec.given(registered(), deactivated).when({ type: 'Deactivate', by: admin, now: at(6) }).thenNothing();
    spec.given(registered()).when({ type: 'Reactivate', by: system, now: at(6) }).thenNothing();
  });
});
