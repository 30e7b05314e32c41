/**
 * /api/admin/users (spec part 2 §6 roles; design: "user with id 2" becomes a permission an admin
 * grants): the admin's Users page. Every /api/admin path is guarded in app.ts (guards.adminPaths)
 * before any route runs: 401 without a session, 403 for anyone but an admin who has replaced their
 * first password; each route repeats the check (requireAdmin) so it never depends on the path it
 * was reached by, and the decider checks the actor once more.
 *
 *   GET /api/admin/users               ?q (name or e-mail), role, tier
 *   GET /api/admin/users/:id           one user, with its ETag
 *   PUT /api/admin/users/:id/role      { role }
 *   PUT /api/admin/users/:id/plan      { plan: 'premium', until: 'YYYY-MM-DD' } | { plan: 'none' }
 *   PUT /api/admin/users/:id/permissions { mayAddMonitoredAccounts }
 *   PUT /api/admin/users/:id/active    { active }: a disabled user's sessions and tokens are refused
 *
 * The writes take If-Match with the user's ETag (http/revision.ts); each change is an event on the
 * user's stream with the admin as its actor, so the audit shows who changed what.
 */
import Router from '@koa/router';
import type { RouterContext } from '@koa/router';
import { listUsers, userById } from '@adapters/read-models/users';
import { z } from 'zod';
import type { Position } from '@core/eventstore/types';
import { AppError } from '@core/shared/errors';
import type { User } from '@core/users/state';
import { toPublicUser, type PublicUser } from '@core/users/public-user';
import { adminUserSearchSchema, planEndOf, setActiveSchema, setPlanSchema, setRoleSchema, type AdminUserSearch } from '@core/users/schemas';
import { userStream } from '@core/users/streams';
import type { AppDeps } from '../deps';
import { body, query, validated } from '../http/validate';
import { idParam, settle } from '../http/route-helpers';
import { answerNextPage } from '../http/paging';
import { listPageQuerySchema } from '@core/shared/paging';
import { actorOf, currentUser, requireAdmin } from '../http/guards';
import { commandContext, presentUser } from '../http/present';
import { conditional, tag } from '../http/revision';

const permissionsSchema = z.object({
  mayAddMonitoredAccounts: z.boolean({ error: (i) => (i.input === undefined ? 'Required' : 'Invalid input') }),
});

/** User ids are UUIDs; anything else cannot name a user (and never reaches a stream name). */
const adminUsersQuerySchema = adminUserSearchSchema.extend(listPageQuerySchema.shape);

const userNotFound = () => new AppError('not_found', 'User not found', { reason: 'USER_NOT_FOUND' });

const matches = (user: PublicUser, search: AdminUserSearch): boolean => {
  if (search.role !== undefined && user.role !== search.role) return false;
  if (search.tier !== undefined && user.tier !== search.tier) return false;
  const words = (search.q ?? '').toLowerCase().split(/\s+/).filter((w) => w !== '');
  const haystack = [user.username, user.email ?? '', user.fullName ?? '', user.name ?? ''].join(' ').toLowerCase();
  return words.every((w) => haystack.includes(w));
};

export const adminRoutes = (deps: AppDeps): Router => {
  const router = new Router({ prefix: '/api/admin', sensitive: true, strict: true });
  const config = () => ({ legacyUsernames: deps.config.legacyUsernames });
  const find = (id: string): PublicUser | null => {
    const user = userById(deps.projector.db, id);
    return user === null ? null : toPublicUser(user, deps.clock(), config());
  };
  const ifMatch = conditional(deps, {
    stream: (ctx) => userStream(idParam(ctx, userNotFound)),
    current: (ctx) => find(idParam(ctx, userNotFound)),
    notFound: userNotFound,
  });

  /** Runs an admin's change of a user and answers the user as it now is. */
  const change = async (ctx: RouterContext, write: (id: string) => Promise<{ user: User; position: Position | null }>) => {
    const written = await write(idParam(ctx, userNotFound));
    await settle(deps, written.position);
    ctx.body = { user: presentUser(deps, written.user) };
  };

  // Paged like every list (core/shared/paging.ts): an installation's users are many; the web app
  // follows X-Next-Cursor, a search narrows the list before it is cut into pages.
  router.get('/users', requireAdmin, query(adminUsersQuerySchema), (ctx) => {
    const { cursor = 0, limit, ...search } = validated(ctx, adminUsersQuerySchema);
    const now = deps.clock();
    const found = listUsers(deps.projector.db)
      .map((user) => toPublicUser(user, now, config()))
      .filter((user) => matches(user, search));
    answerNextPage(ctx, { offset: cursor, limit, more: cursor + limit < found.length });
    ctx.body = { users: found.slice(cursor, cursor + limit) };
  });

  router.get('/users/:id', requireAdmin, (ctx) => {
    const id = idParam(ctx, userNotFound);
    const user = find(id);
    if (user === null) throw userNotFound();
    tag(ctx, deps, userStream(id));
    ctx.body = { user };
  });

  router.put('/users/:id/role', requireAdmin, ...ifMatch, body(setRoleSchema), async (ctx) => {
    const { role } = validated(ctx, setRoleSchema);
    await change(ctx, (id) => deps.users.setRole(id, role, actorOf(currentUser(ctx)), commandContext(ctx)));
  });

  router.put('/users/:id/plan', requireAdmin, ...ifMatch, body(setPlanSchema), async (ctx) => {
    const input = validated(ctx, setPlanSchema);
    const plan = input.plan === 'premium' && input.until !== undefined ? { kind: 'premium' as const, until: planEndOf(input.until) } : { kind: 'none' as const };
    await change(ctx, (id) => deps.users.setPlan(id, plan, actorOf(currentUser(ctx)), commandContext(ctx)));
  });

  router.put('/users/:id/permissions', requireAdmin, ...ifMatch, body(permissionsSchema), async (ctx) => {
    const { mayAddMonitoredAccounts } = validated(ctx, permissionsSchema);
    await change(ctx, (id) => deps.users.setPermission(id, 'may_add_monitored_accounts', mayAddMonitoredAccounts, actorOf(currentUser(ctx)), commandContext(ctx)));
  });

  router.put('/users/:id/active', requireAdmin, ...ifMatch, body(setActiveSchema), async (ctx) => {
    const { active } = validated(ctx, setActiveSchema);
    const admin = currentUser(ctx);
    const id = idParam(ctx, userNotFound);
    // An admin locking themself out could leave nobody able to undo it.
    if (!active && id === admin.id) throw new AppError('conflict', 'You cannot disable your own account here', { field: 'active', reason: 'SELF_DISABLE' });
    await change(ctx, () => deps.users.setActive(id, active, actorOf(admin), commandContext(ctx)));
  });

  return router;
};
