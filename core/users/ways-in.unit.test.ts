import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changesEmail, FRESH_SIGN_IN_MS, mayMailResetLink, proofForWayIn, type ProofPurpose } from './ways-in';

const NOW = new Date('2026-03-01T10:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const withPassword = { passwordHash: 'h', passwordChangeRequired: false };
const withoutPassword = { passwordHash: null, passwordChangeRequired: false };
const PURPOSES: ProofPurpose[] = ['password', 'email', 'token', 'delete_account'];

describe('proofForWayIn', () => {
  it('refuses a personal access token for every change, whatever the account', () => {
    for (const user of [withPassword, withoutPassword, { passwordHash: 'h', passwordChangeRequired: true }])
      for (const purpose of PURPOSES) expect(proofForWayIn(user, purpose, { kind: 'token' }, NOW)).toEqual({ outcome: 'refused', reason: 'token' });
  });

  it('asks an account with a password for it, however recent the sign-in', () => {
    for (const purpose of PURPOSES) expect(proofForWayIn(withPassword, purpose, { kind: 'session', signedInAt: ago(1000) }, NOW)).toEqual({ outcome: 'check_password' });
  });

  it('an account without a password: a sign-in within the window proves it, an older or unknown one does not', () => {
    fc.assert(
      fc.property(fc.integer({ min: -FRESH_SIGN_IN_MS, max: 3 * FRESH_SIGN_IN_MS }), (age) => {
        const decision = proofForWayIn(withoutPassword, 'email', { kind: 'session', signedInAt: ago(age) }, NOW);
        const fresh = age >= 0 && age <= FRESH_SIGN_IN_MS;
        expect(decision).toEqual(fresh ? { outcome: 'proven', proof: 'x_sign_in' } : { outcome: 'refused', reason: 'sign_in_with_x_again' });
      }),
    );
    expect(proofForWayIn(withoutPassword, 'email', { kind: 'session', signedInAt: null }, NOW)).toEqual({ outcome: 'refused', reason: 'sign_in_with_x_again' });
  });

  it('mints no token while the password must be changed; other changes still go by the password', () => {
    const bootstrap = { passwordHash: 'h', passwordChangeRequired: true };
    const session = { kind: 'session' as const, signedInAt: ago(0) };
    expect(proofForWayIn(bootstrap, 'token', session, NOW)).toEqual({ outcome: 'refused', reason: 'password_change_required' });
    expect(proofForWayIn(bootstrap, 'password', session, NOW)).toEqual({ outcome: 'check_password' });
  });
});

describe('changesEmail and mayMailResetLink', () => {
  it('a first address is a change; the same address in another case is not', () => {
    expect(changesEmail({ email: null }, 'a@b.co')).toBe(true);
    expect(changesEmail({ email: 'a@b.co' }, 'A@B.co')).toBe(false);
    expect(changesEmail({ email: 'a@b.co' }, undefined)).toBe(false);
    expect(changesEmail({ email: 'a@b.co' }, null)).toBe(true);
  });

  it('mails reset links to proven addresses only', () => {
    expect(mayMailResetLink({ email: 'a@b.co', emailProven: true })).toBe(true);
    expect(mayMailResetLink({ email: 'a@b.co', emailProven: false })).toBe(false);
    expect(mayMailResetLink({ email: null, emailProven: false })).toBe(false);
  });
});
