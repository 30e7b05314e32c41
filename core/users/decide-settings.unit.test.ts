import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@core/shared/testing/given-when-then';
import type { UserCommand } from './commands';
import { RESET_LINK_INVALID } from './decide';
import { userDecider } from './decider';
import type { UserEvent } from './events';
import { at, deactivated, registered } from './test-fixtures';

const spec = deciderSpec(userDecider);
const HASH = 'a'.repeat(64);
const OTHER_HASH = 'b'.repeat(64);

const prefs = (changes: Extract<UserCommand, { type: 'ChangePreferences' }>['changes']): UserCommand => ({ type: 'ChangePreferences', changes, now: at(10) });
const requested = (tokenHash = HASH, expiresAt = at(70)): UserEvent => ({ type: 'PasswordResetRequested', data: { tokenHash, expiresAt, at: at(10) } });
const reset = (tokenHash = HASH, now = at(20)): UserCommand => ({ type: 'ResetPassword', tokenHash, passwordHash: 'hash-new', now });

describe('ChangePreferences', () => {
  it('emits only what changes, and the state holds the choice', () => {
    const state = spec
      .given(registered())
      .when(prefs({ hourlyCap: 12, weeklySummary: true, emailOnFailedReply: false, subscribedToUpdates: true, defaultStyle: 'hot_take' }))
      .then([
        {
          type: 'PreferencesChanged',
          data: { changes: { hourlyCap: 12, emailOnFailedReply: false, subscribedToUpdates: true, defaultStyle: 'hot_take' }, at: at(10) },
        },
      ]);
    expect(state).toMatchObject({
      user: { subscribedToUpdates: true, preferences: { hourlyCap: 12, emailOnFailedReply: false, weeklySummary: true, defaultStyle: 'hot_take' } },
    });
  });

  it('refuses an hourly limit outside 1-50, on its field', () => {
    spec.given(registered()).when(prefs({ hourlyCap: 51 })).thenRefuses('validation');
    spec.given(registered()).when(prefs({ hourlyCap: 0 })).thenRefuses('validation');
  });

  it('refuses a deactivated account and an unknown one', () => {
    spec.given(registered(), deactivated).when(prefs({ hourlyCap: 5 })).thenRefuses('forbidden');
    spec.given().when(prefs({ hourlyCap: 5 })).thenRefuses('not_found');
  });

  it('stays quiet when nothing changes (the defaults, or the same value again)', () => {
    spec.given(registered()).when(prefs({ weeklySummary: true, emailOnFailedReply: true, hourlyCap: null, subscribedToUpdates: false })).thenNothing();
    const changed: UserEvent = { type: 'PreferencesChanged', data: { changes: { hourlyCap: 12 }, at: at(5) } };
    spec.given(registered(), changed).when(prefs({ hourlyCap: 12 })).thenNothing();
  });
});

describe('RequestPasswordReset', () => {
  const request = (tokenHash = HASH): UserCommand => ({ type: 'RequestPasswordReset', tokenHash, expiresAt: at(70), now: at(10) });

  it('emits the hashed link with its expiry', () => {
    spec.given(registered()).when(request()).then([requested()]);
  });

  it('refuses a deactivated account (the route answers the same either way)', () => {
    spec.given(registered(), deactivated).when(request()).thenRefuses('forbidden');
  });

  it('stays quiet for the same link again', () => {
    spec.given(registered(), requested()).when(request()).thenNothing();
  });
});

describe('ResetPassword', () => {
  it('sets the new password and spends the link', () => {
    const state = spec
      .given(registered(), requested())
      .when(reset())
      .then([{ type: 'PasswordResetCompleted', data: { passwordHash: 'hash-new', at: at(20) } }]);
    expect(state).toMatchObject({ user: { passwordHash: 'hash-new', passwordReset: null, passwordChangeRequired: false } });
  });

  it('refuses a spent link, an expired link, another link, a replaced link and no link, all with one message', () => {
    const spent: UserEvent = { type: 'PasswordResetCompleted', data: { passwordHash: 'hash-new', at: at(20) } };
    const refusals = [
      spec.given(registered(), requested(), spent).when(reset(HASH, at(21))),
      spec.given(registered(), requested()).when(reset(HASH, at(70))),
      spec.given(registered(), requested()).when(reset(OTHER_HASH)),
      spec.given(registered(), requested(), requested(OTHER_HASH)).when(reset(HASH)),
      spec.given(registered()).when(reset()),
      spec.given().when(reset()),
    ];
    for (const r of refusals) expect(() => r.thenRefuses('validation')).not.toThrow();
    expect(() => userDecider.decide(reset(), userDecider.evolve(userDecider.initialState(), registered()))).toThrow(RESET_LINK_INVALID);
  });

  it('refuses a deactivated account', () => {
    spec.given(registered(), requested(), deactivated).when(reset()).thenRefuses('validation');
  });
});

describe('DeleteAccount', () => {
  const del: UserCommand = { type: 'DeleteAccount', now: at(30) };

  it('emits AccountDeleted and the state keeps nothing of the person', () => {
    const state = spec.given(registered()).when(del).then([{ type: 'AccountDeleted', data: { at: at(30) } }]);
    expect(state).toEqual({ status: 'deleted', id: 'u1', deletedAt: at(30), erasedAt: null, erase: { streams: [], reservations: [] } });
  });

  it('keeps the plan of the erasure on AccountDeleted', () => {
    const erase = { streams: ['template-t1'], reservations: [{ kind: 'username', value: 'alice' }] };
    const state = spec.given(registered()).when({ ...del, erase }).then([{ type: 'AccountDeleted', data: { at: at(30), erase } }]);
    // The erasure job reads its plan from the state (loadState), not by scanning the raw events.
    expect(state).toMatchObject({ status: 'deleted', erasedAt: null, erase });
  });


  it('refuses an account that never existed, and registering the deleted id again', () => {
    spec.given().when(del).thenRefuses('not_found');
    const gone: UserEvent = { type: 'AccountDeleted', data: { at: at(30) } };
    spec
      .given(registered(), gone)
      .when({ type: 'Register', id: 'u1', username: 'Alice', passwordHash: 'h', passwordChangeRequired: false, createdBy: null, now: at(40) })
      .thenRefuses('conflict');
  });

  it('stays quiet when asked again, and sign-in style commands find no user', () => {
    const gone: UserEvent = { type: 'AccountDeleted', data: { at: at(30) } };
    spec.given(registered(), gone).when(del).thenNothing();
    spec.given(registered(), gone).when({ type: 'RecordLogin', now: at(40) }).thenRefuses('not_found');
  });
});

describe('RecordErasure', () => {
  const record: UserCommand = { type: 'RecordErasure', events: 7, now: at(31) };
  const gone: UserEvent = { type: 'AccountDeleted', data: { at: at(30) } };

  it('emits AccountErased for a deleted account', () => {
    const state = spec.given(registered(), gone).when(record).then([{ type: 'AccountErased', data: { events: 7, at: at(31) } }]);
    expect(state).toEqual({ status: 'deleted', id: 'u1', deletedAt: at(30), erasedAt: at(31), erase: { streams: [], reservations: [] } });
  });

  it('refuses an account that is not deleted', () => {
    spec.given(registered()).when(record).thenRefuses('conflict');
  });

  it('stays quiet once erased', () => {
    spec.given(registered(), gone, { type: 'AccountErased', data: { events: 7, at: at(31) } }).when(record).then([]);
  });
});
