/**
 * Who is asking. `loadUser` reads the session's user from their event stream on every request
 * (always current: a role change or a deactivation applies at once); a session whose user is gone
 * or deactivated is ended. `requireUser` and `requireAdmin` are checked on the server for every
 * protected route; the admin check covers the whole /api/admin family by path, so a route added
 * there later cannot forget it, and every admin route checks the role again itself.
 */
import type { Context, Middleware } from 'koa';
import { AppError } from '@core/shared/errors';
import type { User } from '@core/users/state';
import type { UsersService } from '../users/service';
import { signOut } from './session';

export const AUTH_REQUIRED = 'Authentication required';

export const loadUser = (users: UsersService): Middleware => async (ctx, next) => {
  const userId = ctx.session?.userId;
  if (typeof userId === 'string') {
    const user = await users.load(userId);
    if (user === null || !user.isActive) signOut(ctx);
    else ctx.state.user = user;
  }
  return next();
};

export const currentUser = (ctx: Context): User => {
  const user = ctx.state.user;
  if (user === null) throw new AppError('unauthenticated', AUTH_REQUIRED, { reason: 'UNAUTHENTICATED' });
  return user;
};

export const requireUser: Middleware = async (ctx, next) => {
  currentUser(ctx);
  return next();
};

export const isAdminPath = (path: string): boolean => path === '/api/admin' || path.startsWith('/api/admin/');

/**
 * 401 without a session, 403 for non-admins, and 403 for an admin who still has to replace the
 * password they were given (the bootstrap password was printed to a log).
 */
export const requireAdmin: Middleware = async (ctx, next) => {
  const user = currentUser(ctx);
  if (user.role !== 'admin') throw new AppError('forbidden', 'Admin access required', { reason: 'ADMIN_ONLY' });
  if (user.passwordChangeRequired) {
    throw new AppError('forbidden', 'Change your password before using admin tools', { reason: 'PASSWORD_CHANGE_REQUIRED' });
  }
  return next();
};

/**
 * The whole /api/admin family, by path, before any router runs: a route added there later cannot
 * forget the check. Each admin route also carries requireAdmin itself, so the check holds even if
 * a path ever reached a route without passing here.
 */
export const adminPaths: Middleware = async (ctx, next) => (isAdminPath(ctx.path) ? requireAdmin(ctx, next) : next());

export const actorOf = (user: User) => ({ kind: 'user' as const, id: user.id, role: user.role });
