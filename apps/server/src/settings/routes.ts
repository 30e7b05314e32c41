/**
 * /api/settings (spec part 2 'Settings'): the preferences the page shows and changes, and the export of
 * everything the user owns. Everything is the caller's
 * own: the session gives the user, no id is taken from the request.
 *
 *   GET  /api/settings                 { preferences, subscribedToUpdates, timeZone, hasPassword, installationHourlyCap }
 *   PUT  /api/settings/preferences     any of { emailOnFailedReply, weeklySummary, subscribedToUpdates, hourlyCap, defaultStyle }
 *   GET  /api/settings/export          a JSON file (attachment) of the account and everything it owns
 *   POST /api/settings/delete-account  { currentPassword?, confirm: 'DELETE' } (delete-account.ts)
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { listReplies } from '@adapters/read-models/replies';
import { listSchedules } from '@adapters/read-models/scheduling';
import { listTemplateGroups, listTemplates } from '@adapters/read-models/templates';
import { listConnectedAccounts } from '@adapters/read-models/x-accounts';
import { DEFAULT_HOURLY_CAP } from '@core/replies';
import { preferencesSchema, type PreferenceChanges } from '@core/users/preferences';
import type { User } from '@core/users/state';
import type { AppDeps } from '../deps';
import { body, validated } from '../http/validate';
import { currentUser, requireUser } from '../http/guards';
import { commandContext, presentUser } from '../http/present';
import { settle } from '../http/route-helpers';
import { deleteAccountRoute } from './delete-account';
import { conditional, tag } from '../http/revision';
import { userStream } from '@core/users/streams';
import { loadState } from '@core/eventstore/load-state';
import { userDecider } from '@core/users/decider';
import { AppError } from '@core/shared/errors';

const settingsOf = (user: User) => ({
  preferences: user.preferences,
  subscribedToUpdates: user.subscribedToUpdates,
  timeZone: user.timeZone,
  hasPassword: user.passwordHash !== null,
  installationHourlyCap: DEFAULT_HOURLY_CAP,
});

/** Every page of the user's reply history (the export holds all of it). */
const allReplies = (deps: AppDeps, userId: string) => {
  const items = [];
  for (let page = 1; ; page += 1) {
    const chunk = listReplies(deps.projector.db, userId, { page, limit: 500 });
    items.push(...chunk.items);
    if (chunk.items.length < 500) return items;
  }
};

/** What the export holds: the account and every record the user owns, never a secret. */
export const exportOf = (deps: AppDeps, ctx: Context) => {
  const user = currentUser(ctx);
  const db = deps.projector.db;
  return {
    exportedAt: deps.clock().toISOString(),
    format: 'riposte-export-1',
    account: presentUser(deps, user),
    settings: settingsOf(user),
    templates: listTemplates(db, user.id),
    templateGroups: listTemplateGroups(db, user.id),
    schedules: listSchedules(db, user.id),
    replies: allReplies(deps, user.id),
    connectedXAccounts: listConnectedAccounts(db, user.id),
  };
};

export const settingsRoutes = (deps: AppDeps): Router => {
  const router = new Router({ sensitive: true, strict: true });

  router.get('/api/settings', requireUser, (ctx) => {
    const user = currentUser(ctx);
    tag(ctx, deps, userStream(user.id));
    ctx.body = settingsOf(user);
  });

  // The preferences are the user's stream: If-Match against it (http/revision.ts), 412 with the settings as they are.
  const ifMatch = conditional(deps, {
    stream: (ctx) => userStream(currentUser(ctx).id),
    current: async (ctx) => {
      const { state } = await loadState(deps.store, userStream(currentUser(ctx).id), userDecider);
      return state.status === 'registered' ? settingsOf(state.user) : null;
    },
    notFound: () => new AppError('not_found', 'User not found', { reason: 'USER_NOT_FOUND' }),
  });

  router.put('/api/settings/preferences', requireUser, ...ifMatch, body(preferencesSchema), async (ctx) => {
    const user = currentUser(ctx);
    const input = validated(ctx, preferencesSchema);
    const changes: PreferenceChanges = {};
    for (const [key, value] of Object.entries(input)) if (value !== undefined) Object.assign(changes, { [key]: value });
    const written = await deps.users.changePreferences(user.id, changes, commandContext(ctx));
    await settle(deps, written.position);
    ctx.body = { ...settingsOf(written.user), user: presentUser(deps, written.user) };
  });

  router.get('/api/settings/export', requireUser, (ctx) => {
    const body = exportOf(deps, ctx);
    const day = body.exportedAt.slice(0, 10);
    ctx.set('Content-Disposition', `attachment; filename="riposte-export-${day}.json"`);
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(body, null, 2);
  });

  deleteAccountRoute(router, deps);

  return router;
};
