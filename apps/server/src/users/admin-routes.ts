/**
 * /api/admin/users (spec part 2 §6 roles; design: "user with id 2" becomes a permission an admin
 * grants). Every /api/admin path is guarded in app.ts (guards.adminPaths) before any route runs:
 * 401 without a session, 403 for anyone but an admin who has replaced their first password; each
 * route repeats the check (requireAdmin) so it never depends on the path it was reached by.
 */
import Router from '@koa/router';
import { listUsers } from '@adapters/read-models/users';
import { z } from 'zod';
import { AppError } from '@core/shared/errors';
import { toPublicUser } from '@core/users/public-user';
import { setRoleSchema } from '@core/users/schemas';
import type { AppDeps } from '../deps';
import { body, validated } from '../http/validate';
import { idParam, settle } from '../http/route-helpers';
import { actorOf, currentUser, requireAdmin } from '../http/guards';
import { commandContext, presentUser } from '../http/present';

const permissionsSchema = z.object({
  mayAddMonitoredAccounts: z.boolean({ error: (i) => (i.input === undefined ? 'Required' : 'Invalid input') }),
});

/** User ids are UUIDs; anything else cannot name a user (and never reaches a stream name). */
const userNotFound = () => new AppError('not_found', 'User not found', { reason: 'USER_NOT_FOUND' });

export const adminRoutes = (deps: AppDeps): Router => {
  const router = new Router({ prefix: '/api/admin', sensitive: true, strict: true });
  const config = () => ({ legacyUsernames: deps.config.legacyUsernames });

  router.get('/users', requireAdmin, (ctx) => {
    const now = deps.clock();
    ctx.body = { users: listUsers(deps.projector.db).map((user) => toPublicUser(user, now, config())) };
  });

  router.put('/users/:id/role', requireAdmin, body(setRoleSchema), async (ctx) => {
    const { role } = validated(ctx, setRoleSchema);
    const admin = currentUser(ctx);
    const written = await deps.users.setRole(idParam(ctx, userNotFound), role, actorOf(admin), commandContext(ctx));
    await settle(deps, written.position);
    ctx.body = { user: presentUser(deps, written.user) };
  });

  router.put('/users/:id/permissions', requireAdmin, body(permissionsSchema), async (ctx) => {
    const { mayAddMonitoredAccounts } = validated(ctx, permissionsSchema);
    const admin = currentUser(ctx);
    const id = idParam(ctx, userNotFound);
    const written = await deps.users.setPermission(id, 'may_add_monitored_accounts', mayAddMonitoredAccounts, actorOf(admin), commandContext(ctx));
    await settle(deps, written.position);
    ctx.body = { user: presentUser(deps, written.user) };
  });

  return router;
};
