/** The dashboard's queries (spec part 1 'Dashboard', §7): real read-model figures per user. */
import Router from '@koa/router';
import type { AppDeps } from '../deps';
import { currentUser, requireUser } from '../http/guards';
import { connectedAccounts, metricsOverview, recentActivities } from '../read/dashboard';

export const dashboardRoutes = (deps: AppDeps): Router => {
  const router = new Router({ prefix: '/api' });
  router.get('/metrics/overview', requireUser, (ctx) => {
    ctx.body = metricsOverview(deps.projector.db, currentUser(ctx).id, deps.clock());
  });
  router.get('/connected-accounts', requireUser, (ctx) => {
    ctx.body = connectedAccounts(deps.projector.db, currentUser(ctx).id);
  });
  router.get('/recent-activities', requireUser, (ctx) => {
    ctx.body = recentActivities(deps.projector.db, currentUser(ctx).id);
  });
  return router;
};
