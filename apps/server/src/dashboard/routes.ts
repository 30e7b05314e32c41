/** The dashboard's queries (spec part 1 'Dashboard', §7): real read-model figures per user. */
import Router from '@koa/router';
import { monitoringActorOf } from '@core/monitoring';
import { listVisibleAccounts } from '../accounts/read';
import type { AppDeps } from '../deps';
import { currentUser, requireUser } from '../http/guards';
import { connectedAccounts, metricsOverview, recentActivities } from './read';

export const dashboardRoutes = (deps: AppDeps): Router => {
  const router = new Router({ prefix: '/api', sensitive: true, strict: true });
  router.get('/metrics/overview', requireUser, (ctx) => {
    const user = currentUser(ctx);
    const db = deps.projector.db;
    const visible = listVisibleAccounts(db, monitoringActorOf(user, { legacyUsernames: deps.config.legacyUsernames })).length;
    ctx.body = metricsOverview(db, user.id, deps.clock(), visible);
  });
  router.get('/connected-accounts', requireUser, (ctx) => {
    ctx.body = connectedAccounts(deps.projector.db, currentUser(ctx).id);
  });
  router.get('/recent-activities', requireUser, (ctx) => {
    ctx.body = recentActivities(deps.projector.db, currentUser(ctx).id);
  });
  return router;
};
