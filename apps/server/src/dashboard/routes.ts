/** The dashboard's queries (spec part 1 'Dashboard', §7): real read-model figures per user. */
import Router from '@koa/router';
import { z } from 'zod';
import { activityQuerySchema } from '@core/dashboard/schemas';
import { connectedAccountItemSchema, dashboardActivitySchema, metricsOverviewSchema } from '@core/dashboard/views';
import { monitoringActorOf } from '@core/monitoring';
import { xSendingViewSchema } from '@core/x-sending';
import { xSendingNow } from '@adapters/read-models/x-sending';
import type { AppDeps } from '../deps';
import { query, responds, validated } from '../http/validate';
import { currentUser, requireAdmin, requireUser } from '../http/guards';
import { activitySeries, connectedAccounts, metricsOverview, recentActivities, schedulerHealthNow } from './read';

export const dashboardRoutes = (deps: AppDeps): Router => {
  const router = new Router({ prefix: '/api', sensitive: true, strict: true });
  router.get('/metrics/overview', requireUser, responds(200, metricsOverviewSchema), (ctx) => {
    const user = currentUser(ctx);
    ctx.body = metricsOverview(deps.projector.db, user.id, monitoringActorOf(user, { legacyUsernames: deps.config.legacyUsernames }, deps.clock()), deps.clock());
  });
  router.get('/dashboard/activity', requireUser, query(activityQuerySchema), responds(200, dashboardActivitySchema), (ctx) => {
    const { days } = validated(ctx, activityQuerySchema);
    ctx.body = activitySeries(deps.projector.db, currentUser(ctx).id, deps.clock(), days);
  });
  router.get('/connected-accounts', requireUser, responds(200, z.array(connectedAccountItemSchema)), (ctx) => {
    ctx.body = connectedAccounts(deps.projector.db, currentUser(ctx).id);
  });
  router.get('/recent-activities', requireUser, (ctx) => {
    ctx.body = recentActivities(deps.projector.db, currentUser(ctx).id);
  });
  // The admin's view of the scheduler: each process's last tick and the runs waiting for one.
  router.get('/admin/scheduler-health', requireAdmin, (ctx) => {
    ctx.body = schedulerHealthNow(deps.projector.db, deps.clock());
  });
  // Installation-wide: X refuses the app (credits used up, keys not enrolled) and nothing goes out.
  router.get('/admin/x-sending', requireAdmin, responds(200, xSendingViewSchema), (ctx) => {
    ctx.body = xSendingNow(deps.projector.db);
  });
  return router;
};
