/**
 * The Koa application: middleware in the order a request meets it, then the routes. Kept free of
 * I/O set-up (start.ts wires the stores) so tests and the route walk can build it directly.
 *
 *  request id + log line -> request metrics -> errors -> security headers -> this server's host names only -> one spelling per
 *  path -> no-store on /api -> readiness gate -> /metrics (its own bearer) -> web app (static) -> bearer token -> CSRF (not for a token) -> JSON body (100 kB, 32 levels deep at
 *  most) -> session (absolute lifetime) -> current user -> one user's share of reads -> /api/admin guard -> /api 404 ->
 *  routes (exact match)
 *
 * Every guard reads ctx.path as it is and every router matches it exactly, after canonicalPaths
 * has refused any other spelling of an /api, /uploads or /healthz path (docs/adr/0006).
 */
import { bodyParser } from '@koa/bodyparser';
import type Router from '@koa/router';
import Koa from 'koa';
import { AppError } from '@core/shared/errors';
import type { AppDeps } from './deps';
import { allowedHosts, hostRule } from './http/allowed-hosts';
import { canonicalPaths } from './http/canonical-path';
import { bearerAuth } from './http/bearer';
import { csrfProtection } from './http/csrf';
import { createAllowance } from './http/rate-limit';
import { errorHandler } from './http/errors';
import { jsonDepthLimit } from './http/json-depth';
import { createMetrics } from './http/metrics';
import { adminPaths, loadUser } from './http/guards';
import { requestContext } from './http/request-context';
import { assertExactRouting } from './http/router';
import { readShare } from './http/read-share';
import { securityHeaders } from './http/security-headers';
import { sessionMiddleware } from './http/session';
import { webApp } from './http/web-app';
import { isProbePath, isServerPath } from './http/server-paths';
import { commandContext } from './http/present';
import { accountRoutes } from './accounts/routes';
import { adminRoutes } from './users/admin-routes';
import { aiRoutes } from './ai/routes';
import { aiProviderRoutes } from './ai/provider-routes';
import { auditRoutes } from './audit/routes';
import { billingRoutes } from './billing/routes';
import { authRoutes } from './users/auth-routes';
import { resetRoutes } from './users/reset-routes';
import { dashboardRoutes } from './dashboard/routes';
import { mailboxRoutes } from './mail/routes';
import { miscRoutes } from './http/misc-routes';
import { openApiRoutes } from './http/openapi-routes';
import { pollingRoutes } from './polling/routes';
import { pushRoutes } from './push/routes';
import { createLiveHub } from './live/hub';
import { LIVE_PATH, liveRoutes } from './live/routes';
import { replyRoutes } from './replies/routes';
import { scheduleRoutes } from './schedules/routes';
import { settingsRoutes } from './settings/routes';
import { templateRoutes } from './templates/routes';
import { tokenRoutes } from './tokens/routes';
import { userRoutes } from './users/routes';
import { xRoutes } from './x/routes';
import './http/types';

/** Every router of the API, in one list, so the route-walk test sees each registered route. */
export const apiRouters = (deps: AppDeps): Router[] => {
  const routers = [
    miscRoutes(deps),
    authRoutes(deps),
    resetRoutes(deps),
    userRoutes(deps),
    settingsRoutes(deps),
    dashboardRoutes(deps),
    adminRoutes(deps),
    mailboxRoutes(deps),
    auditRoutes(deps),
    pollingRoutes(deps),
    templateRoutes(deps),
    tokenRoutes(deps),
    pushRoutes({ ...deps, push: deps.push ?? null }),
    liveRoutes({ hub: createLiveHub({ db: () => deps.projector.db, position: () => deps.projector.position() }) }),
    accountRoutes(deps),
    scheduleRoutes(deps),
    replyRoutes(deps),
    aiRoutes(deps),
    aiProviderRoutes(deps),
    xRoutes(deps),
    billingRoutes(deps),
  ];
  // The API's own description, built from this list (itself included).
  routers.push(openApiRoutes(deps, routers));
  return routers;
};

export const createApp = (deps: AppDeps, sessionKeys: string[]): { app: Koa; routers: Router[] } => {
  // Behind n proxies the client's address is the n-th X-Forwarded-For entry from the right; the
  // entries left of it are whatever the client sent.
  const hops = deps.config.trustedProxyHops;
  const app = new Koa({ proxy: hops > 0, maxIpsCount: hops });
  // Koa's default prints every stream error to stderr. A browser that cancels a file download
  // while navigating is normal; everything else goes to the log with its cause.
  app.silent = true;
  app.on('error', (err: unknown) => {
    const code = (err as { code?: unknown } | null)?.code;
    if (code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET' || code === 'EPIPE') return;
    deps.logger.error({ err }, 'unhandled error outside a request');
  });
  const routers = apiRouters(deps);
  assertExactRouting(routers);

  const metrics = createMetrics({ config: deps.config, db: () => deps.projector.db, position: () => deps.projector.position(), clock: deps.clock });
  app.use(requestContext(deps.logger));
  app.use(metrics.timing);
  app.use(errorHandler());
  app.use(securityHeaders(deps.config.https));
  app.use(allowedHosts(hostRule({ publicUrl: deps.config.publicUrl, allowedHosts: deps.config.allowedHosts, listenHost: deps.config.host })));
  app.use(canonicalPaths);
  app.use(async (ctx, next) => {
    // API answers are per user and often personal: no browser or shared cache keeps them. Set
    // first so error answers carry it too; a route may still choose otherwise.
    if (ctx.path === '/api' || ctx.path.startsWith('/api/') || ctx.path.startsWith('/paypal/')) ctx.set('Cache-Control', 'no-store');
    return next();
  });
  app.use(async (ctx, next) => {
    if (deps.isReady() || isProbePath(ctx.path)) return next();
    ctx.set('Retry-After', '1');
    throw new AppError('unavailable', 'The server is starting; try again in a moment', { reason: 'STARTING' });
  });
  // The scraper's bearer is its own, not a personal access token: answered before those are read.
  app.use(metrics.endpoint);
  // Uploaded images (/uploads/<file>) are served by their router after the session is read.
  const web = webApp(deps.webDist);
  app.use((ctx, next) => (ctx.path.startsWith('/uploads/') ? next() : web(ctx, next)));
  // A personal access token speaks for its request alone: no cookie, no CSRF header (ADR 0030).
  const tokenLimit = createAllowance('token', { points: deps.config.tokenRateLimit, windowSeconds: 60 }, deps.counters);
  app.use(
    bearerAuth({
      tokens: deps.tokens,
      limit: tokenLimit,
      onUse: (ctx, tokenId) => {
        deps.tokens.recordUse(tokenId, commandContext(ctx)).catch((err: unknown) => ctx.state.log.warn({ err, tokenId }, 'recording a token use failed'));
      },
    }),
  );
  const csrf = csrfProtection({ publicUrl: deps.config.publicUrl });
  app.use((ctx, next) => (ctx.state.token !== null ? next() : csrf(ctx, next)));
  const jsonBody = (jsonLimit: string, shown: string) =>
    bodyParser({
      enableTypes: ['json'],
      jsonLimit,
      onError: (error) => {
        // Too large is its own answer (413, exposed by co-body); anything else is not JSON.
        if ((error as { status?: unknown }).status === 413) {
          throw Object.assign(new Error(`The request body is too large (${shown} at most)`), { status: 413, expose: true });
        }
        // co-body (strict) reads only objects and arrays: a bare string, number, true or null is JSON
        // all the same, and saying otherwise would send the client looking for a syntax error.
        if (/only supports object and array/.test(String((error as { message?: unknown }).message))) {
          throw new AppError('validation', 'The request body must be a JSON object', { reason: 'JSON_NOT_OBJECT' });
        }
        throw new AppError('validation', 'The request body is not valid JSON', { reason: 'MALFORMED_JSON' });
      },
    });
  const apiBody = jsonBody('100kb', '100 kB');
  // PayPal's events carry whole resources (a dispute with its messages): PayPal is not held to the
  // API's 100 kB, and a verified event refused for its size would be redelivered for days.
  const webhookBody = jsonBody('1mb', '1 MB');
  app.use((ctx, next) => (ctx.path === '/paypal/webhook' ? webhookBody(ctx, next) : apiBody(ctx, next)));
  app.use(jsonDepthLimit());
  for (const mw of sessionMiddleware({ app, store: deps.sessions, keys: sessionKeys, https: deps.config.https, clock: deps.clock })) app.use(mw);
  app.use(loadUser(deps.users));
  app.use(readShare(deps.config.readShare, { streams: [LIVE_PATH] }));
  app.use(adminPaths);
  app.use(async (ctx, next) => {
    await next();
    // After the routers (and their 405 answers): an /api call nobody served is a JSON 404.
    const api = isServerPath(ctx.path);
    if (api && ctx.status === 404 && ctx.body == null) {
      throw new AppError('not_found', `No such API call: ${ctx.method} ${ctx.path}`, { reason: 'NO_ROUTE' });
    }
    // The routers' 405 and 501 answers have no body; an API client reads a JSON message. The
    // status and the Allow header the router set are kept.
    if (api && (ctx.status === 405 || ctx.status === 501) && ctx.body == null) {
      const message = ctx.status === 405 ? `${ctx.method} is not allowed on ${ctx.path}` : `${ctx.method} is not supported`;
      ctx.body = { message, error: message, code: ctx.status === 405 ? 'METHOD_NOT_ALLOWED' : 'NOT_IMPLEMENTED' };
    }
  });
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return { app, routers };
};
