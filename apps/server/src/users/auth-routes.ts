/**
 * /api/auth (spec part 1 §7, docs/api.md): status, login, registration, logout, profile and
 * password. Sign-in answers 'Invalid credentials' for an unknown user, a wrong password, an
 * account without a password and a deactivated account alike, and spends an argon2 verification
 * in every case so the time taken does not tell them apart either.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { AppError } from '@core/shared/errors';
import { changePasswordRequestSchema, loginSchema, profileUpdateSchema, registerSchema } from '@core/users/schemas';
import type { ProfileChanges } from '@core/users/events';
import type { User } from '@core/users/state';
import { publicUserSchema } from '@core/users/public-user';
import type { AppDeps } from '../deps';
import { body, noBody, responds, validated } from '../http/validate';
import { settle } from '../http/route-helpers';
import { AUTH_REQUIRED, currentUser, requireUser } from '../http/guards';
import { signIn, signOut } from '../http/session';
import { changesEmail } from '@core/users/ways-in';
import { proveOwner } from './ways-in';
import { commandContext, presentUser } from '../http/present';

export const NO_TOKEN = 'No authentication token provided';
const INVALID_CREDENTIALS = 'Invalid credentials';

const invalidCredentials = () => new AppError('unauthenticated', INVALID_CREDENTIALS, { reason: 'INVALID_CREDENTIALS' });

export const authRoutes = (deps: AppDeps): Router => {
  const { users, hasher, loginLimiter } = deps;
  const router = new Router({ prefix: '/api/auth', sensitive: true, strict: true });


  /**
   * A password change ends every other session of the user, renews this one's id, and revokes
   * every personal access token (one minted under the old password must not outlive it).
   */
  const setPassword = async (ctx: Context, user: User, newPassword: string) => {
    const written = await users.changePassword(user.id, await hasher.hash(newPassword), commandContext(ctx));
    await deps.sessions.destroyForUser(user.id);
    const tokens = await deps.tokens.revokeAllOf(user.id, commandContext(ctx));
    await signIn(ctx, user.id, deps.clock());
    await settle(deps, tokens.position);
    return { ...written, tokensRevoked: tokens.revoked };
  };

  const answersUser = (status: 200 | 201, description: string) => responds(status, z.object({ user: publicUserSchema }), description);
  router.get('/status', responds(200, z.object({ isAuthenticated: z.literal(true), user: publicUserSchema }), 'The signed-in user (401 with isAuthenticated false otherwise)'), (ctx) => {
    const user = ctx.state.user;
    if (user === null) {
      ctx.status = 401;
      ctx.body = { isAuthenticated: false, user: null, message: NO_TOKEN, error: NO_TOKEN };
      return;
    }
    ctx.body = { isAuthenticated: true, user: presentUser(deps, user) };
  });

  router.post('/login', body(loginSchema), answersUser(200, 'Signed in: the session cookie is set'), async (ctx) => {
    const { username, password } = validated(ctx, loginSchema);
    await loginLimiter.attempt(username, ctx.ip);
    const id = await users.findIdByUsername(username);
    const user = id === null ? null : await users.load(id);
    if (user === null || user.passwordHash === null || !user.isActive) {
      await hasher.verifyNobody(password);
      throw invalidCredentials();
    }
    if (!(await hasher.verify(user.passwordHash, password))) throw invalidCredentials();
    await loginLimiter.succeeded(username, ctx.ip);
    const written = await users.recordLogin(user.id, commandContext(ctx, user.id));
    await signIn(ctx, user.id, deps.clock());
    await settle(deps, written.position);
    ctx.body = { user: presentUser(deps, written.user) };
  });

  // Cheapest first: the form, the address's allowance, the username and e-mail (two stream
  // reads), and only then argon2.
  router.post('/register', body(registerSchema), answersUser(201, 'Registered and signed in'), async (ctx) => {
    const input = validated(ctx, registerSchema);
    await deps.registrationLimiter.attempt(ctx.ip);
    await users.assertAvailable(input.username, input.email);
    const passwordHash = await hasher.hash(input.password);
    // xUserId is not taken from this form: an X identity is linked only through sign-in with X.
    const written = await users.register(
      {
        username: input.username,
        email: input.email,
        fullName: input.fullName ?? null,
        passwordHash,
        ...(input.timeZone === undefined ? {} : { timeZone: input.timeZone }),
        passwordChangeRequired: false,
        createdBy: null,
      },
      commandContext(ctx),
    );
    await signIn(ctx, written.user.id, deps.clock());
    await settle(deps, written.position);
    ctx.status = 201;
    ctx.body = { user: presentUser(deps, written.user) };
  });

  router.post('/logout', noBody, (ctx) => {
    signOut(ctx);
    ctx.body = { success: true };
  });

  // 'Logout Instead': navigating here logs out (csrf.ts accepts it only from this site).
  router.get('/logout', (ctx) => {
    signOut(ctx);
    ctx.redirect('/auth');
  });

  router.put('/profile', requireUser, body(profileUpdateSchema), responds(200, z.object({ user: publicUserSchema, tokensRevoked: z.number().int().optional() }), 'The profile as it now is; with a new password, how many personal access tokens it revoked'), async (ctx) => {
    const user = currentUser(ctx);
    const input = validated(ctx, profileUpdateSchema);
    const emailChange = changesEmail(user, input.email);
    const proof = input.newPassword !== undefined || emailChange ? await proveOwner(deps, ctx, user, emailChange ? 'email' : 'password', input.currentPassword) : undefined;
    const changes: ProfileChanges = {};
    for (const key of ['username', 'email', 'fullName', 'name', 'profilePicture', 'timeZone'] as const) {
      if (input[key] !== undefined) Object.assign(changes, { [key]: input[key] });
    }
    const profile = await users.updateProfile(user, changes, emailChange ? proof : undefined, commandContext(ctx));
    const password = input.newPassword === undefined ? null : await setPassword(ctx, profile.user, input.newPassword);
    const written = password ?? profile;
    await settle(deps, written.position);
    ctx.body = { user: presentUser(deps, written.user), ...(password === null ? {} : { tokensRevoked: password.tokensRevoked }) };
  });

  router.put('/change-password', requireUser, body(changePasswordRequestSchema), responds(200, z.object({ user: publicUserSchema, tokensRevoked: z.number().int() }), 'Changed; other sessions ended, this one renewed, every personal access token revoked (how many)'), async (ctx) => {
    const user = currentUser(ctx);
    const input = validated(ctx, changePasswordRequestSchema);
    await proveOwner(deps, ctx, user, 'password', input.currentPassword);
    if (user.passwordHash !== null && (await hasher.verify(user.passwordHash, input.newPassword))) {
      throw new AppError('validation', 'New password must be different from the current password', { field: 'newPassword' });
    }
    const written = await setPassword(ctx, user, input.newPassword);
    await settle(deps, written.position);
    ctx.body = { user: presentUser(deps, written.user), tokensRevoked: written.tokensRevoked };
  });

  return router;
};

export { AUTH_REQUIRED };
