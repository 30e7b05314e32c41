/**
 * Re-authentication before the changes that would let a stolen session keep the account after
 * the session is gone: setting or changing the password, and replacing the e-mail address.
 *
 * - An account with a password proves it with the current password (counted like a sign-in, so
 *   it cannot be guessed through these calls).
 * - An account made through X has no password to give: it must have signed in with X within the
 *   last RECENT_SIGN_IN_MS. `signedInAt` is written by `signIn` at every sign-in; for an account
 *   without a password the only sign-in there is, is sign in with X.
 */
import type { Context } from 'koa';
import type { PasswordHasher } from '@adapters/password';
import { AppError } from '@core/shared/errors';
import type { User } from '@core/users/state';
import type { LoginLimiter } from '../http/rate-limit';

export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

export const REAUTH_MESSAGES = {
  currentPasswordRequired: 'Current password is required',
  currentPasswordIncorrect: 'Current password is incorrect',
  signInWithXAgain: 'For your security, please sign in with X again: changing your password or email needs a sign-in from the last 10 minutes.',
} as const;

export interface ReauthDeps {
  hasher: PasswordHasher;
  loginLimiter: LoginLimiter;
  clock: () => Date;
}

/** Throws unless the request proves it is the account's owner right now (see above). */
export const confirmIdentity = async (deps: ReauthDeps, ctx: Context, user: User, currentPassword: string | undefined): Promise<void> => {
  if (user.passwordHash === null) {
    const signedInAt = Date.parse(ctx.session?.signedInAt ?? '');
    const age = deps.clock().getTime() - signedInAt;
    if (!Number.isFinite(age) || age < 0 || age > RECENT_SIGN_IN_MS) {
      throw new AppError('forbidden', REAUTH_MESSAGES.signInWithXAgain, { reason: 'REAUTH_REQUIRED' });
    }
    return;
  }
  if (currentPassword === undefined) {
    throw new AppError('validation', REAUTH_MESSAGES.currentPasswordRequired, { field: 'currentPassword' });
  }
  await deps.loginLimiter.attempt(user.username, ctx.ip);
  if (!(await deps.hasher.verify(user.passwordHash, currentPassword))) {
    throw new AppError('validation', REAUTH_MESSAGES.currentPasswordIncorrect, { field: 'currentPassword', reason: 'WRONG_PASSWORD' });
  }
  await deps.loginLimiter.succeeded(user.username, ctx.ip);
};

/** True when `email` would replace an address the account already has (a first address is not a change). */
export const replacesEmail = (user: User, email: string | undefined): boolean =>
  email !== undefined && user.email !== null && email.toLowerCase() !== user.email.toLowerCase();
