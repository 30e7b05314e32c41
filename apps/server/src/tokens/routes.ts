/**
 * Personal access tokens (Settings → API tokens). Only from a signed-in browser session: a token
 * cannot list, mint or revoke tokens (http/bearer.ts refuses it).
 *
 *   GET    /api/tokens       the caller's tokens (never the secret)
 *   POST   /api/tokens       { name, scopes: ('read'|'write'|'admin')[], expiresInDays: 1..365 | null,
 *                            currentPassword } (a fresh proof: the password, or for an account
 *                            without one a sign-in with X within 10 minutes; refused while the
 *                            password must be changed)
 *                            -> 201 { ...token, secret } (the secret is shown this once)
 *   DELETE /api/tokens/:id   revoke; someone else's token is 404
 */
import Router from '@koa/router';
import { z } from 'zod';
import { findToken, listTokens } from '@adapters/read-models/tokens';
import { AppError } from '@core/shared/errors';
import { TOKEN_MESSAGES, tokenCreateRequestSchema } from '@core/tokens';
import { tokenViewSchema } from '@core/tokens/views';
import type { AppDeps } from '../deps';
import { body, responds, validated } from '../http/validate';
import { currentUser, requireUser } from '../http/guards';
import { commandContext } from '../http/present';
import { proveOwner } from '../users/ways-in';
import { idParam, readBack, settle } from '../http/route-helpers';

const notFound = () => new AppError('not_found', TOKEN_MESSAGES.notFound, { reason: 'TOKEN_NOT_FOUND' });

export const tokenRoutes = (deps: AppDeps): Router => {
  const router = new Router({ prefix: '/api', sensitive: true, strict: true });
  const now = () => deps.clock().toISOString();
  const db = () => deps.projector.db;

  router.get('/tokens', requireUser, responds(200, z.array(tokenViewSchema)), (ctx) => {
    ctx.body = listTokens(db(), currentUser(ctx).id, now());
  });

  const created = [
    responds(201, tokenViewSchema.extend({ secret: z.string() }), 'The token, with its secret (shown this once)'),
    responds(202, z.object({ id: z.string(), pending: z.literal(true), secret: z.string() }), 'Stored, with its secret; the list has not caught up yet'),
  ];
  router.post('/tokens', requireUser, body(tokenCreateRequestSchema), ...created, async (ctx) => {
    const user = currentUser(ctx);
    const { currentPassword, ...input } = validated(ctx, tokenCreateRequestSchema);
    // A token is a way into the account: minting one needs a fresh proof (core/users/ways-in.ts).
    await proveOwner(deps, ctx, user, 'token', currentPassword);
    const written = await deps.tokens.create(user, input, commandContext(ctx));
    const view = await readBack(deps, written, () => findToken(db(), user.id, written.id, now()));
    // The secret exists only in this answer; it is given even when the list has not caught up.
    ctx.status = view === null ? 202 : 201;
    ctx.body = { ...(view ?? { id: written.id, pending: true }), secret: written.secret };
  });

  router.delete('/tokens/:id', requireUser, responds(200, tokenViewSchema, 'The token, revoked'), async (ctx) => {
    const user = currentUser(ctx);
    const id = idParam(ctx, notFound);
    await settle(deps, (await deps.tokens.revoke(user.id, id, commandContext(ctx))).position);
    const view = findToken(db(), user.id, id, now());
    if (view === null) throw notFound();
    ctx.body = view;
  });

  return router;
};
