/**
 * Admin polling settings and account tiers (spec part 2 §7), all under /api/admin, so the admin
 * guard (http/guards.ts adminPaths) refuses anyone else before a route runs; each route repeats
 * requireAdmin.
 *
 *   GET   /api/admin/polling-settings                 every setting (defaults included), who changed it, when
 *   GET   /api/admin/polling-settings/category/tiers  the tier intervals
 *   PUT   /api/admin/polling-settings/:key            { value, xAdminToken? }: protected settings need the step-up
 *   POST  /api/admin/polling-settings/verify-x-admin  { xAdminToken } -> { success }: marks this session
 *   GET   /api/admin/accounts                         every monitored account, with monitoringTier and profilePicture
 *   PATCH /api/admin/accounts/:id/tier                { tier, xAdminToken? }: needs the step-up
 *   GET   /api/admin/polling-stats                    X reads of the watcher: today and the last 30 UTC days
 *
 * A token given with a change is checked first (a wrong one refuses the change and changes
 * nothing); without one, the session must have passed the step-up (docs/adr/0022).
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { ACCOUNT_MESSAGES, monitoringActorOf } from '@core/monitoring';
import { POLLING_MESSAGES, settingValueSchema, tierAssignmentSchema, verifyXAdminSchema } from '@core/polling';
import { AppError } from '@core/shared/errors';
import { findVisibleAccount, listVisibleAccounts } from '@adapters/read-models/monitoring';
import { xReadDays } from '@adapters/read-models/watching';
import { utcDay, X_READ_USD_PER_POST } from '@core/watching';
import { listPollingSettings } from '@adapters/read-models/polling';
import type { AppDeps } from '../deps';
import { body, validated } from '../http/validate';
import { answerWritten, idParam } from '../http/route-helpers';
import { currentUser, requireAdmin } from '../http/guards';
import { commandContext } from '../http/present';
import { createPollingService } from './service';
import { verifyXAdmin, xAdminStepUp } from './x-admin';

const KEY = /^[a-z][a-z0-9_]{0,63}$/;
const settingNotFound = () => new AppError('not_found', POLLING_MESSAGES.notFound, { reason: 'SETTING_NOT_FOUND' });
const accountNotFound = () => new AppError('not_found', ACCOUNT_MESSAGES.notFound, { reason: 'ACCOUNT_NOT_FOUND' });

export const pollingRoutes = (deps: AppDeps): Router => {
  const router = new Router({ prefix: '/api/admin', sensitive: true, strict: true });
  const db = () => deps.projector.db;
  const polling = createPollingService(deps.store, deps.clock);
  const actorOf = (ctx: Context) => monitoringActorOf(currentUser(ctx), { legacyUsernames: deps.config.legacyUsernames }, deps.clock());

  const stepUp = (ctx: Context, token: string | undefined): boolean => xAdminStepUp(ctx, currentUser(ctx), deps.config.x, token, deps.clock());

  router.get('/polling-settings', requireAdmin, (ctx) => {
    ctx.body = listPollingSettings(db());
  });

  router.get('/polling-settings/category/tiers', requireAdmin, (ctx) => {
    ctx.body = listPollingSettings(db(), 'tiers');
  });

  router.post('/polling-settings/verify-x-admin', requireAdmin, body(verifyXAdminSchema), (ctx) => {
    const { xAdminToken } = validated(ctx, verifyXAdminSchema);
    verifyXAdmin(ctx, currentUser(ctx), deps.config.x, xAdminToken, deps.clock());
    ctx.body = { success: true };
  });

  router.put('/polling-settings/:key', requireAdmin, body(settingValueSchema), async (ctx) => {
    const key = (ctx.params as { key?: string }).key ?? '';
    if (!KEY.test(key)) throw settingNotFound();
    const { value, xAdminToken } = validated(ctx, settingValueSchema);
    const written = await polling.changeSetting(key, value, stepUp(ctx, xAdminToken), commandContext(ctx));
    await answerWritten(ctx, deps, written, {
      find: () => listPollingSettings(db()).find((s) => s.settingKey === key) ?? null,
      location: '/api/admin/polling-settings',
    });
  });

  router.get('/polling-stats', requireAdmin, (ctx) => {
    const days = xReadDays(db(), utcDay(deps.clock().getTime()), 30);
    ctx.body = { today: days[0], days, usdPerPost: X_READ_USD_PER_POST };
  });

  router.get('/accounts', requireAdmin, (ctx) => {
    ctx.body = listVisibleAccounts(db(), actorOf(ctx));
  });

  router.patch('/accounts/:id/tier', requireAdmin, body(tierAssignmentSchema), async (ctx) => {
    const actor = actorOf(ctx);
    const id = idParam(ctx, accountNotFound);
    const { tier, xAdminToken } = validated(ctx, tierAssignmentSchema);
    const written = await deps.accounts.assignTier(actor, id, tier, stepUp(ctx, xAdminToken), commandContext(ctx));
    await answerWritten(ctx, deps, written, { find: () => findVisibleAccount(db(), actor, written.id), location: `/api/accounts/${written.id}` });
  });

  return router;
};
