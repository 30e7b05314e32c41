/**
 * Password reset by e-mailed link (docs/adr/0028):
 *
 *   POST /api/auth/forgot-password { email }  -> always the same 200 answer, at once; the lookup,
 *        the PasswordResetRequested event and the e-mail happen after the answer, so neither the
 *        body nor the time taken tells whether the address has an account. Limited per address
 *        (429) and, silently, per e-mail (no more than 3 links an hour reach one inbox).
 *   POST /api/auth/reset-password { token, newPassword, confirmPassword } -> the link's secret is
 *        checked against the stored sha-256 (single use, one hour, only the latest link) before
 *        any password is hashed; on success every session of the user ends and every personal
 *        access token is revoked (`tokensRevoked` says how many).
 *
 * The link's base is the installation's own address (http/own-origin.ts: never the
 * Host header, which a requester chooses). The token travels in the URL fragment, so it is not
 * sent to the server by the page load, nor in a Referer.
 */
import { createHash, randomBytes } from 'node:crypto';
import Router from '@koa/router';
import { passwordResetMail } from '@core/mail';
import { AppError } from '@core/shared/errors';
import { RESET_LINK_INVALID } from '@core/users/decide';
import { mayMailResetLink } from '@core/users/ways-in';
import {
  FORGOT_PASSWORD_ANSWER,
  forgotPasswordSchema,
  parseResetToken,
  RESET_DONE,
  RESET_LINK_TTL_MS,
  resetPasswordSchema,
  resetToken,
} from '@core/users/reset';
import type { AppDeps } from '../deps';
import { body, validated } from '../http/validate';
import { createAllowance } from '../http/rate-limit';
import { settle } from '../http/route-helpers';
import { commandContext } from '../http/present';
import { ownBaseUrl } from '../http/own-origin';

export interface ResetLimits {
  requestsPerAddress: number;
  linksPerEmail: number;
  resetsPerAddress: number;
}

export const DEFAULT_RESET_LIMITS: ResetLimits = { requestsPerAddress: 10, linksPerEmail: 3, resetsPerAddress: 20 };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const invalidLink = () => new AppError('validation', RESET_LINK_INVALID, { field: 'token', reason: 'RESET_LINK_INVALID' });

export const resetRoutes = (deps: AppDeps, limits: ResetLimits = DEFAULT_RESET_LIMITS): Router => {
  const router = new Router({ prefix: '/api/auth', sensitive: true, strict: true });
  const perAddress = createAllowance('reset-request-ip', { points: limits.requestsPerAddress, windowSeconds: 3600 }, deps.counters);
  const perEmail = createAllowance('reset-request-email', { points: limits.linksPerEmail, windowSeconds: 3600 }, deps.counters);
  const resetsPerAddress = createAllowance('reset-ip', { points: limits.resetsPerAddress, windowSeconds: 15 * 60 }, deps.counters);

  const sendLink = async (email: string, base: string, requestId: string) => {
    if ((await perEmail.take(email.toLowerCase())) > 0) return;
    const id = await deps.users.findIdByEmail(email);
    const user = id === null ? null : await deps.users.load(id);
    // Only an address the owner proved (core/users/ways-in.ts): for an account without a
    // password, the link is a first password.
    if (user === null || !user.isActive || user.email === null || !mayMailResetLink(user)) return;
    const secret = randomBytes(32).toString('base64url');
    const expiresAt = new Date(deps.clock().getTime() + RESET_LINK_TTL_MS).toISOString();
    await deps.users.requestPasswordReset(user.id, sha256(secret), expiresAt, { actor: null, correlationId: requestId });
    const link = `${base}/reset-password#token=${resetToken(user.id, secret)}`;
    await deps.mail.mailer.send(passwordResetMail(user.email, link));
  };

  router.post('/forgot-password', body(forgotPasswordSchema), async (ctx) => {
    const { email } = validated(ctx, forgotPasswordSchema);
    await perAddress.spend(ctx.ip, 'password reset requests', 'RESET_RATE_LIMITED');
    const base = ownBaseUrl(deps.config, ctx);
    const log = ctx.state.log;
    // After the answer: the time taken must not tell whether the address has an account.
    setImmediate(() => {
      sendLink(email, base, ctx.state.requestId).catch((err: unknown) => log.error({ err }, 'sending a password reset link failed'));
    });
    ctx.body = { success: true, message: FORGOT_PASSWORD_ANSWER };
  });

  router.post('/reset-password', body(resetPasswordSchema), async (ctx) => {
    const input = validated(ctx, resetPasswordSchema);
    await resetsPerAddress.spend(ctx.ip, 'password reset attempts', 'RESET_RATE_LIMITED');
    const parsed = parseResetToken(input.token);
    if (parsed === null) throw invalidLink();
    const user = await deps.users.load(parsed.userId);
    const tokenHash = sha256(parsed.secret);
    const pending = user?.passwordReset ?? null;
    // Checked before argon2 so a guess costs the server nothing; decide checks again atomically.
    if (user === null || pending === null || pending.tokenHash !== tokenHash || Date.parse(pending.expiresAt) <= deps.clock().getTime()) throw invalidLink();
    const passwordHash = await deps.hasher.hash(input.newPassword);
    const written = await deps.users.resetPassword(user.id, tokenHash, passwordHash, commandContext(ctx, user.id));
    await deps.sessions.destroyForUser(user.id);
    const tokens = await deps.tokens.revokeAllOf(user.id, commandContext(ctx, user.id));
    await settle(deps, tokens.position ?? written.position);
    await settle(deps, written.position);
    ctx.body = { success: true, message: RESET_DONE, tokensRevoked: tokens.revoked };
  });

  return router;
};
