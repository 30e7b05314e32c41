/**
 * `Authorization: Bearer <personal access token>` on the JSON API (docs/adr/0030).
 *
 * Runs before the CSRF check and the session: a request that carries a token is authenticated by
 * the token alone. Its cookies are dropped before the session middleware reads them (a browser's
 * session never mixes with a script's token), and no CSRF header is asked (a foreign page cannot
 * make a browser send a header it does not know). After this, the same checks as for a session
 * apply; on top of them, the token's scopes: every token reads, unsafe methods need `write`, the
 * admin routes need `admin` (and the user must still be an admin). An admin's token without the
 * admin scope acts as a plain user everywhere (role 'user'), so no admin power leaks through a
 * check that looks only at the role.
 *
 * Calls that belong to a browser (sign-in and the rest of /api/auth, token management itself, the
 * X connect flows, PayPal, account deletion, the X admin step-up) refuse tokens: a token must not
 * mint tokens or take over the account.
 */
import type { Context, Middleware } from 'koa';
import { AppError } from '@core/shared/errors';
import { missingScope, SCOPE_MESSAGES, type TokenScope } from '@core/tokens';
import type { Allowance } from './rate-limit';
import type { TokensService } from '../tokens/service';
import { isAdminPath } from './guards';

export interface BearerToken {
  id: string;
  scopes: TokenScope[];
}

const SESSION_ONLY_PREFIXES = ['/api/auth/', '/api/tokens', '/api/push/', '/api/x/', '/paypal/'];
const SESSION_ONLY_PATHS = new Set(['/api/settings/delete-account', '/api/admin/polling-settings/verify-x-admin']);
const TOKEN_ALLOWED = new Set(['GET /api/auth/status']);

export const isSessionOnly = (method: string, path: string): boolean =>
  !TOKEN_ALLOWED.has(`${method} ${path}`) && (SESSION_ONLY_PATHS.has(path) || SESSION_ONLY_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p)));

export const BEARER_MESSAGES = {
  malformed: "Authorization must be 'Bearer <token>' with a Riposte personal access token",
  unknown: 'This token is not valid',
  revoked: 'This token was revoked',
  expired: 'This token has expired',
  inactive: 'This token is not valid',
  sessionOnly: 'This call is made from a signed-in browser; personal access tokens cannot use it',
} as const;

const unauthenticated = (message: string, reason: string): never => {
  throw new AppError('unauthenticated', message, { field: 'Authorization', reason });
};

// The scheme is case-insensitive (RFC 9110 §11.1); one space, then the token.
const BEARER = /^Bearer ([\x21-\x7e]{1,200})$/i;

/** The presented token; null when the request carries no Authorization header at all. */
const presented = (ctx: Context): string | null => {
  const header = ctx.req.headers.authorization;
  if (header === undefined) return null;
  const match = BEARER.exec(header);
  if (match === null) return unauthenticated(BEARER_MESSAGES.malformed, 'TOKEN_MALFORMED');
  return match[1] ?? null;
};

export const bearerAuth =
  (deps: { tokens: TokensService; limit: Allowance; onUse: (ctx: Context, tokenId: string) => void }): Middleware =>
  async (ctx, next) => {
    let secret: string | null;
    try {
      secret = presented(ctx);
    } catch (error) {
      ctx.set('WWW-Authenticate', 'Bearer error="invalid_request"');
      throw error;
    }
    if (secret === null) return next();
    // The token alone speaks for this request: no cookie reaches the session middleware.
    delete ctx.req.headers.cookie;
    const found = await deps.tokens.authenticate(secret);
    if (!found.ok) {
      ctx.set('WWW-Authenticate', 'Bearer error="invalid_token"');
      return unauthenticated(BEARER_MESSAGES[found.refusal], `TOKEN_${found.refusal.toUpperCase()}`);
    }
    await deps.limit.spend(found.tokenId, 'requests with this token', 'TOKEN_RATE_LIMITED');
    if (isSessionOnly(ctx.method, ctx.path)) throw new AppError('forbidden', BEARER_MESSAGES.sessionOnly, { reason: 'TOKEN_SESSION_ONLY' });
    const missing = missingScope(found.scopes, { method: ctx.method, adminRoute: isAdminPath(ctx.path) });
    if (missing !== null) throw new AppError('forbidden', SCOPE_MESSAGES[missing], { reason: `TOKEN_SCOPE_${missing.toUpperCase()}` });
    const user = found.user.role === 'admin' && !found.scopes.includes('admin') ? { ...found.user, role: 'user' as const } : found.user;
    ctx.state.user = user;
    ctx.state.token = { id: found.tokenId, scopes: found.scopes };
    if (deps.tokens.useWorthRecording(found.lastUsedAt)) deps.onUse(ctx, found.tokenId);
    return next();
  };
