/**
 * Monitored accounts (spec part 2 §7 /api/accounts, §6 roles), every rule enforced here on the
 * server (core/monitoring/access.ts):
 *
 *   GET    /api/accounts                  accounts the caller may see (admins: all), list fields included
 *   GET    /api/accounts/access           what the page may offer this caller, and legacy mode's state
 *   GET    /api/accounts/activity         Account Activity Overview with the caller's own counts
 *   GET    /api/accounts/:id              one account the caller may see (else 404)
 *   POST   /api/accounts                  add (the standard form), or legacy mode when addedByOwner: true
 *   POST   /api/accounts/legacy/verify-pin  unlock the legacy form (the PIN is checked again on every add)
 *   PUT    /api/accounts/:id              edit (admins): form fields, visibility, tier, shouldMonitor
 *                                          (a tier or interval change needs the X Admin step-up, docs/adr/0022)
 *   PATCH  /api/accounts/:id/visibility   admins: visibleToLegacy, visibleToNormal, adminOnly
 *   PATCH  /api/accounts/:id/tier         admins: { tier, xAdminToken? }, behind the X Admin step-up
 *   DELETE /api/accounts/:id              admins
 *   PUT    /api/admin/accounts/:id/approve  admins: publish an account a non-admin added (pending till then)
 *   GET    /api/user/accounts             the slim list (id, username, xUserId, displayName) for forms
 *
 * An account a non-admin adds is `approval: 'pending'`: only its adder and admins see it, list it
 * or aim schedules at it until an admin approves it (core/monitoring/access.ts).
 * An account the caller cannot see is 404; one they see but may not change is 403. Bad input is
 * 400 with the spec's message and its field; a taken username is 409 on the username field.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import {
  accessOf,
  ACCOUNT_MESSAGES,
  accountInputSchema,
  accountPatchSchema,
  legacyAccountInputSchema,
  legacyPinSchema,
  monitoringActorOf,
  visibilitySchema,
  type MonitoringActor,
} from '@core/monitoring';
import { z } from 'zod';
import { accountActivitySchema, accountOptionSchema, accountViewSchema, type AccountsAccessView } from '@core/monitoring/views';
import { tierAssignmentSchema } from '@core/polling/schemas';
import { AppError } from '@core/shared/errors';
import { accountActivity, accountOptions, findVisibleAccount, listVisibleAccounts } from '@adapters/read-models/monitoring';
import type { Written } from '../commands';
import type { AppDeps } from '../deps';
import { body, bodyChoice, noBody, query, responds, validated } from '../http/validate';
import { currentPollingSettings } from '@adapters/read-models/polling';
import { autoEstimateQuerySchema, autoReplyEstimate, autoReplyEstimateSchema } from '@core/watching/estimate';
import { answerWritten, idParam, settle } from '../http/route-helpers';
import { currentUser, requireAdmin, requireUser } from '../http/guards';
import { commandContext } from '../http/present';
import { conditional, tag } from '../http/revision';
import { monitoredAccountStream } from '@core/monitoring/account';
import { xAdminStepUp } from '../polling/x-admin';

// Ids are UUIDs we made; anything else cannot name an account, so it is simply not found.
const notFound = () => new AppError('not_found', ACCOUNT_MESSAGES.notFound, { reason: 'ACCOUNT_NOT_FOUND' });

/** The legacy form says `addedByOwner: true`; every other body is the current form. */
const legacyAddSelector = z.looseObject({ addedByOwner: z.literal(true) });
const isLegacyAdd = (body: unknown): boolean => legacyAddSelector.safeParse(body).success;

export const accountRoutes = (deps: AppDeps): Router => {
  const router = new Router({ prefix: '/api', sensitive: true, strict: true });
  const db = () => deps.projector.db;
  const stepUp = (ctx: Context, token: string | undefined): boolean => xAdminStepUp(ctx, currentUser(ctx), deps.config.x, token, deps.clock());
  const actorOf = (ctx: Context): MonitoringActor => monitoringActorOf(currentUser(ctx), { legacyUsernames: deps.config.legacyUsernames }, deps.clock());

  /**
   * The actor for a change. An admin still holding the bootstrap password (printed to a log) may
   * look but not change anything, as on /api/admin (http/guards.ts).
   */
  const writerOf = (ctx: Context): MonitoringActor => {
    const user = currentUser(ctx);
    if (user.role === 'admin' && user.passwordChangeRequired) {
      throw new AppError('forbidden', 'Change your password before using admin tools', { reason: 'PASSWORD_CHANGE_REQUIRED' });
    }
    return actorOf(ctx);
  };

  /**
   * Waits for the read side, then answers the account as the caller sees it; 202 with the id when
   * the read side has not caught up (the write is stored either way).
   */
  const answer = (ctx: Context, actor: MonitoringActor, written: Written, status: 200 | 201 = 200) =>
    answerWritten(ctx, deps, written, { find: () => findVisibleAccount(db(), actor, written.id), location: `/api/accounts/${written.id}`, status });

  /** Writes of an existing account: If-Match against its stream (http/revision.ts). */
  const ifMatch = conditional(deps, {
    stream: (ctx) => monitoredAccountStream(idParam(ctx, notFound)),
    current: (ctx) => findVisibleAccount(db(), actorOf(ctx), idParam(ctx, notFound)),
    notFound,
  });

  router.get('/accounts', requireUser, responds(200, z.array(accountViewSchema)), (ctx) => {
    ctx.body = listVisibleAccounts(db(), actorOf(ctx));
  });

  // Registered before /accounts/:id so these names are never taken for ids.
  router.get('/accounts/access', requireUser, async (ctx) => {
    const actor = actorOf(ctx);
    const usage = await deps.accounts.legacyUsage(currentUser(ctx).id);
    const body: AccountsAccessView = { ...accessOf(actor), legacyMode: { enabled: deps.accounts.legacyModeEnabled, ...usage } };
    ctx.body = body;
  });

  router.get('/accounts/activity', requireUser, responds(200, z.array(accountActivitySchema)), (ctx) => {
    ctx.body = accountActivity(db(), actorOf(ctx), currentUser(ctx).id);
  });

  // How soon an auto reply on this account fires (core/watching/estimate.ts, the watcher's own
  // rule): its tier's interval for the period now, from the admin's polling settings.
  router.get('/accounts/:id/auto-estimate', requireUser, query(autoEstimateQuerySchema), responds(200, autoReplyEstimateSchema), (ctx) => {
    const account = findVisibleAccount(db(), actorOf(ctx), idParam(ctx, notFound));
    if (account === null) throw notFound();
    const { delayMinutes } = validated(ctx, autoEstimateQuerySchema);
    ctx.body = autoReplyEstimate({
      username: account.username,
      tier: account.monitoringTier,
      monitored: account.isMonitored,
      delayMinutes: delayMinutes ?? 0,
      now: deps.clock().getTime(),
      settings: currentPollingSettings(db()),
      mode: deps.config.x.RIPOSTE_X_WATCH === 'stream' ? 'stream' : 'poll',
    });
  });

  router.get('/accounts/:id', requireUser, responds(200, accountViewSchema), (ctx) => {
    const account = findVisibleAccount(db(), actorOf(ctx), idParam(ctx, notFound));
    if (account === null) throw notFound();
    tag(ctx, deps, monitoredAccountStream(account.id));
    ctx.body = account;
  });

  // The legacy form (an account without a connected X account) or the current one, told apart by the body.
  const accountBody = bodyChoice(legacyAddSelector, legacyAccountInputSchema, accountInputSchema);
  router.post('/accounts', requireUser, deps.idempotency.guard('POST /api/accounts'), accountBody, async (ctx) => {
    const actor = writerOf(ctx);
    const written = isLegacyAdd(ctx.request.body)
      ? await deps.accounts.addLegacyAccount(actor, validated(ctx, legacyAccountInputSchema), ctx.ip, commandContext(ctx))
      : await deps.accounts.addAccount(actor, validated(ctx, accountInputSchema), commandContext(ctx), currentPollingSettings(db()).userAccountsApproval);
    await answer(ctx, actor, written, 201);
  });

  router.post('/accounts/legacy/verify-pin', requireUser, body(legacyPinSchema), async (ctx) => {
    const { pin } = validated(ctx, legacyPinSchema);
    await deps.accounts.verifyLegacyPin(writerOf(ctx), pin, ctx.ip);
    ctx.body = { success: true, ...(await deps.accounts.legacyUsage(currentUser(ctx).id)) };
  });

  router.put('/accounts/:id', requireUser, ...ifMatch, body(accountPatchSchema), async (ctx) => {
    const actor = writerOf(ctx);
    const id = idParam(ctx, notFound);
    const changes = validated(ctx, accountPatchSchema);
    await answer(ctx, actor, await deps.accounts.editAccount(actor, id, changes, stepUp(ctx, undefined), commandContext(ctx)));
  });

  router.patch('/accounts/:id/visibility', requireUser, ...ifMatch, body(visibilitySchema), async (ctx) => {
    const actor = writerOf(ctx);
    const id = idParam(ctx, notFound);
    const visibility = validated(ctx, visibilitySchema);
    await answer(ctx, actor, await deps.accounts.setVisibility(actor, id, visibility, commandContext(ctx)));
  });

  router.patch('/accounts/:id/tier', requireUser, ...ifMatch, body(tierAssignmentSchema), async (ctx) => {
    const actor = writerOf(ctx);
    const id = idParam(ctx, notFound);
    const { tier, xAdminToken } = validated(ctx, tierAssignmentSchema);
    await answer(ctx, actor, await deps.accounts.assignTier(actor, id, tier, stepUp(ctx, xAdminToken), commandContext(ctx)));
  });

  router.delete('/accounts/:id', requireUser, ...ifMatch, async (ctx) => {
    const id = idParam(ctx, notFound);
    await settle(deps, (await deps.accounts.deleteAccount(writerOf(ctx), id, commandContext(ctx))).position);
    ctx.body = { success: true, id, message: 'Account deleted successfully' };
  });

  // Under /api/admin, so the admin guard covers it by path; requireAdmin checks the role here and
  // the decider once more, so a path that slipped past the guard would still be refused.
  router.put('/admin/accounts/:id/approve', requireAdmin, noBody, async (ctx) => {
    const actor = writerOf(ctx);
    const id = idParam(ctx, notFound);
    await answer(ctx, actor, await deps.accounts.approveAccount(actor, id, commandContext(ctx)));
  });

  router.get('/user/accounts', requireUser, responds(200, z.array(accountOptionSchema)), (ctx) => {
    ctx.body = accountOptions(db(), actorOf(ctx));
  });

  return router;
};
