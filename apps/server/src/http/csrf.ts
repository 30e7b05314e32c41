/**
 * CSRF defence for the cookie-authenticated JSON API (docs/adr/0006-sessions-csrf-security.md).
 *
 * Unsafe methods need all of, on every path (no route outside /api accepts one, and checking
 * them all leaves no spelling of a path that skips the check):
 * - the header `X-Riposte-Request: 1`: a cross-site <form> cannot set headers, and a cross-site
 *   fetch with a custom header needs a CORS preflight this server never grants;
 * - an Origin, when the browser sends one, equal to this server's origin (or RIPOSTE_PUBLIC_URL's);
 * - a Sec-Fetch-Site, when sent, of same-origin or none.
 * GET /api/auth/logout changes state too (a navigation logs out), so it is accepted only from a
 * same-origin page or a typed address (Sec-Fetch-Site absent, same-origin or none).
 */
import type { Context, Middleware } from 'koa';
import { AppError } from '@core/shared/errors';

export const CSRF_HEADER = 'X-Riposte-Request';
export const PAYPAL_WEBHOOK_PATH = '/paypal/webhook';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SAME_SITE_FETCH = new Set(['same-origin', 'none']);

const refuse = (message: string, reason: string): never => {
  throw new AppError('forbidden', message, { reason });
};

const checkFetchSite = (ctx: Context) => {
  const site = ctx.get('Sec-Fetch-Site');
  if (site !== '' && !SAME_SITE_FETCH.has(site)) refuse('Cross-site request refused', 'CSRF_CROSS_SITE');
};

export const csrfProtection = (options: { publicUrl: string | undefined }): Middleware => {
  const publicOrigin = options.publicUrl === undefined ? null : new URL(options.publicUrl).origin;
  return async (ctx, next) => {
    // PayPal's webhook is called by PayPal, not a browser: it needs no session, and each event
    // is verified with PayPal before anything is done (billing/routes.ts, ADR 0024).
    if (ctx.path === PAYPAL_WEBHOOK_PATH && ctx.method === 'POST') return next();
    if (SAFE_METHODS.has(ctx.method)) {
      if (ctx.path === '/api/auth/logout') checkFetchSite(ctx);
      return next();
    }
    if (ctx.get(CSRF_HEADER) !== '1') refuse(`Missing ${CSRF_HEADER} header`, 'CSRF_HEADER_MISSING');
    const origin = ctx.get('Origin');
    // Not ctx.origin: since Koa 3 that is the request's own Origin header, not this server's.
    const ownOrigin = `${ctx.protocol}://${ctx.host}`;
    if (origin !== '' && origin !== ownOrigin && origin !== publicOrigin) refuse('Cross-origin request refused', 'CSRF_ORIGIN');
    checkFetchSite(ctx);
    return next();
  };
};

/**
 * For the GETs that change state (the spec made X flow starts and auto-connect GETs): only the web
 * app's own fetch, which sends the header (a link, an <img> or a form on another site cannot), and
 * never a request the browser marks as coming from another site.
 */
export const sameSiteCall: Middleware = async (ctx, next) => {
  if (ctx.get(CSRF_HEADER) !== '1') refuse(`Missing ${CSRF_HEADER} header`, 'CSRF_HEADER_MISSING');
  checkFetchSite(ctx);
  return next();
};
