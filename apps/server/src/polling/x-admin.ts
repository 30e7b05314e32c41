/**
 * The X Admin step-up (docs/adr/0022-x-admin-step-up.md): before an admin changes account tiers or
 * a protected polling setting, they prove they hold the configured X app's API secret
 * (RIPOSTE_X_API_SECRET; in sandbox mode, the emulator app's secret). The token is compared with
 * the secret in constant time (both hashed first, so their lengths leak nothing either), never
 * logged, never stored. Passing it marks the server-side session, for that user, until the
 * session ends: a new sign-in issues a new session without the mark.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import { SANDBOX_APP } from '@adapters/x-emulator/server';
import { POLLING_MESSAGES } from '@core/polling';
import { AppError } from '@core/shared/errors';
import type { User } from '@core/users/state';
import type { ServerConfig } from '../config';

/** The secret a token must match, or null when no X app is configured (X calls answer 503 then). */
export const xAdminSecret = (x: ServerConfig['x']): string | null => x.RIPOSTE_X_API_SECRET ?? (x.sandbox ? SANDBOX_APP.consumerSecret : null);

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

export const tokenMatches = (secret: string, token: string): boolean => timingSafeEqual(digest(secret), digest(token));

/** True when this session passed the step-up as this user. */
export const isXAdminVerified = (ctx: Context, user: User): boolean => {
  const mark = ctx.session?.xAdminVerified;
  return mark !== undefined && mark.userId === user.id;
};

/**
 * Checks a token and marks the session on success; a wrong one is 403 on the xAdminToken field
 * and leaves the session as it was (a session already verified stays verified).
 */
export const verifyXAdmin = (ctx: Context, user: User, x: ServerConfig['x'], token: string, now: Date): void => {
  const secret = xAdminSecret(x);
  if (secret === null) throw new AppError('unavailable', POLLING_MESSAGES.unavailable, { reason: 'X_NOT_CONFIGURED' });
  if (!tokenMatches(secret, token)) {
    throw new AppError('forbidden', POLLING_MESSAGES.authFailed, { field: 'xAdminToken', reason: 'X_ADMIN_INVALID' });
  }
  if (ctx.session === null) throw new AppError('internal', 'No session middleware on this route');
  ctx.session.xAdminVerified = { userId: user.id, at: now.toISOString() };
};

/**
 * For a change that needs the step-up: checks a token sent with it (marking the session; a wrong
 * one refuses the change), then answers whether this session is verified.
 */
export const xAdminStepUp = (ctx: Context, user: User, x: ServerConfig['x'], token: string | undefined, now: Date): boolean => {
  if (token !== undefined) verifyXAdmin(ctx, user, x, token, now);
  return isXAdminVerified(ctx, user);
};
