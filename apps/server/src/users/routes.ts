/** /api/user: the email dialog's calls and the trial status (spec part 1 §3, §4, §7). */
import Router from '@koa/router';
import type { Context } from 'koa';
import { emailSchema } from '@core/users/schemas';
import { trialStatus } from '@core/users/tier';
import { quotaSummary, trialHeadline, trialQuota } from '@core/users/quota';
import { countPreparedReplies } from '@adapters/read-models/replies';
import { countSchedulesDueBefore } from '@adapters/read-models/scheduling';
import type { AppDeps } from '../deps';
import { body, validated } from '../http/validate';
import { settle } from '../http/route-helpers';
import { currentUser, requireUser } from '../http/guards';
import { changesEmail } from '@core/users/ways-in';
import { proveOwner } from './ways-in';
import { commandContext, presentUser } from '../http/present';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/**
 * Email test mode (the admin's 'Test Email Dialog') works on local hosts, or anywhere when
 * RIPOSTE_EMAIL_TEST_MODE is set; it only ever changes what the admin's own dialog shows.
 */
export const emailTestModeAllowed = (deps: Pick<AppDeps, 'config'>, ctx: Context): boolean =>
  deps.config.emailTestModeEverywhere || LOCAL_HOSTS.has(ctx.hostname);

export const userRoutes = (deps: AppDeps): Router => {
  const router = new Router({ prefix: '/api/user', sensitive: true, strict: true });
  router.get('/needs-email', requireUser, (ctx) => {
    const user = currentUser(ctx);
    ctx.set('Cache-Control', 'no-store');
    const testAsked = ctx.query.test === 'true';
    if (testAsked && user.role === 'admin' && emailTestModeAllowed(deps, ctx)) {
      ctx.body = { needsEmail: true, testMode: true, currentEmail: '' };
      return;
    }
    ctx.body = { needsEmail: user.email === null };
  });

  router.post('/email', requireUser, body(emailSchema), async (ctx) => {
    const user = currentUser(ctx);
    const { email, subscribedToUpdates, currentPassword } = validated(ctx, emailSchema);
    // The address receives reset links: a first one, like a new one, needs the owner's proof.
    const proof = changesEmail(user, email) ? await proveOwner(deps, ctx, user, 'email', currentPassword) : undefined;
    const written = await deps.users.setEmail(user, email, subscribedToUpdates, proof, commandContext(ctx));
    await settle(deps, written.position);
    ctx.body = { success: true, user: presentUser(deps, written.user) };
  });

  router.get('/trial-status', requireUser, (ctx) => {
    const user = currentUser(ctx);
    const now = deps.clock();
    const t = trialStatus(user, now);
    const db = deps.projector.db;
    const q = trialQuota(user, now, { legacyUsernames: deps.config.legacyUsernames }, countPreparedReplies(db, user.id));
    ctx.body = {
      isPremium: t.isPremium,
      trialActive: t.trialActive,
      repliesRemaining: t.repliesRemaining,
      subscriptionEndDate: t.subscriptionEndDate,
      trialEndsAt: t.trialEndsAt,
      // Counted on X (ADR 0047): what the trial-status page, the dashboard and the composers say.
      trialState: q.state,
      repliesPosted: q.posted,
      repliesPrepared: q.prepared,
      // Replies that come before a new one: prepared, and schedules whose next run is inside the trial.
      repliesAhead: q.state === 'unlimited' ? 0 : q.prepared + countSchedulesDueBefore(db, user.id, q.endsAt),
      summary: quotaSummary(q),
      headline: trialHeadline(q.state),
    };
  });

  return router;
};
