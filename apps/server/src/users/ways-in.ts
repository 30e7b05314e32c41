/**
 * The one server guard of the ways-in rule (core/users/ways-in.ts): every route that changes or
 * adds a way into an account (password, e-mail, personal access token), and account deletion,
 * calls `proveOwner` before it changes anything. It answers the proof to record on the event.
 *
 * - A request made with a personal access token is refused, whatever the token's scopes.
 * - An account with a password proves it with the current password (counted like a sign-in, so
 *   it cannot be guessed through these calls).
 * - An account without a password must have signed in with X within the window: `signedInAt` is
 *   written by `signIn` at every sign-in, and such an account has no other sign-in.
 */
import type { Context } from 'koa';
import type { PasswordHasher } from '@adapters/password';
import { AppError } from '@core/shared/errors';
import type { User } from '@core/users/state';
import { proofForWayIn, WAY_IN_MESSAGES, type ProofPurpose, type WayInCaller, type WayInProof } from '@core/users/ways-in';
import type { LoginLimiter } from '../http/rate-limit';

export interface ProofDeps {
  hasher: PasswordHasher;
  loginLimiter: LoginLimiter;
  clock: () => Date;
}

const callerOf = (ctx: Context): WayInCaller =>
  ctx.state.token !== null ? { kind: 'token' } : { kind: 'session', signedInAt: typeof ctx.session?.signedInAt === 'string' ? ctx.session.signedInAt : null };

/** Throws unless the request proves it is the account's owner right now; answers how it did. */
export const proveOwner = async (deps: ProofDeps, ctx: Context, user: User, purpose: ProofPurpose, currentPassword: string | undefined): Promise<WayInProof> => {
  const decision = proofForWayIn(user, purpose, callerOf(ctx), deps.clock());
  switch (decision.outcome) {
    case 'proven':
      return decision.proof;
    case 'refused':
      if (decision.reason === 'token') throw new AppError('forbidden', WAY_IN_MESSAGES.token, { reason: 'WAY_IN_TOKEN' });
      if (decision.reason === 'password_change_required') throw new AppError('forbidden', WAY_IN_MESSAGES.passwordChangeRequired, { reason: 'PASSWORD_CHANGE_REQUIRED' });
      throw new AppError('forbidden', WAY_IN_MESSAGES.signInWithXAgain, { reason: 'REAUTH_REQUIRED' });
    case 'check_password':
      break;
  }
  if (user.passwordHash === null) throw new AppError('internal', 'A password check for an account without a password');
  if (currentPassword === undefined) throw new AppError('validation', WAY_IN_MESSAGES.currentPasswordRequired, { field: 'currentPassword' });
  await deps.loginLimiter.attempt(user.username, ctx.ip);
  if (!(await deps.hasher.verify(user.passwordHash, currentPassword))) {
    throw new AppError('validation', WAY_IN_MESSAGES.currentPasswordIncorrect, { field: 'currentPassword', reason: 'WRONG_PASSWORD' });
  }
  await deps.loginLimiter.succeeded(user.username, ctx.ip);
  return 'password';
};
