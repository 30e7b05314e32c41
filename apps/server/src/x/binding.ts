/**
 * Which browser an OAuth request belongs to. X sends whoever approves back to our callback with
 * the request token in the URL, so the request token alone proves nothing: a consent link (or a
 * callback URL) handed to someone else would finish the flow in *their* browser. Each request is
 * therefore bound, when it starts, to a secret only the starting browser presents:
 *
 * - connect and reconnect (a signed-in user): the session, as a SHA-256 of its id (the id itself
 *   lives only in the HttpOnly session cookie);
 * - sign in with X (often no session yet): a random 256-bit nonce in its own HttpOnly,
 *   SameSite=Lax cookie, of which only the SHA-256 is kept with the request.
 *
 * The callback and the PIN calls finish a request only when the browser presents the same secret.
 * SameSite=Lax still sends both cookies on X's top-level redirect back to us.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import { PENDING_TTL_MS, type PendingPurpose } from './pending';

export const flowCookieName = (https: boolean): string => (https ? '__Host-riposte.xflow' : 'riposte.xflow');

const NONCE = /^[A-Za-z0-9_-]{43}$/;
const digest = (kind: string, secret: string) => `${kind}:${createHash('sha256').update(secret).digest('hex')}`;

const sessionBinding = (ctx: Context): string | null => {
  const id = ctx.session?.externalKey;
  return ctx.state.user === null || typeof id !== 'string' || id === '' ? null : digest('session', id);
};

/**
 * The binding for a request starting now. Sign-in reuses the browser's nonce when it has one
 * (several tabs may sign in at once) and renews the cookie so it outlives the request.
 */
export const bindingForStart = (ctx: Context, purpose: PendingPurpose, https: boolean): string => {
  if (purpose.kind !== 'sign_in') {
    const bound = sessionBinding(ctx);
    // requireUser ran before: a signed-in request always has a stored session.
    if (bound === null) throw new Error('a connect flow needs a session');
    return bound;
  }
  const name = flowCookieName(https);
  const existing = ctx.cookies.get(name, { signed: false });
  const nonce = existing !== undefined && NONCE.test(existing) ? existing : randomBytes(32).toString('base64url');
  ctx.cookies.set(name, nonce, { httpOnly: true, sameSite: 'lax', secure: https, path: '/', maxAge: PENDING_TTL_MS, overwrite: true, signed: false });
  return digest('browser', nonce);
};

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** True when this request comes from the browser (sign-in) or session (connect) that started `binding`. */
export const isBoundHere = (ctx: Context, binding: string, purpose: PendingPurpose, https: boolean): boolean => {
  if (purpose.kind !== 'sign_in') {
    const here = sessionBinding(ctx);
    return here !== null && ctx.state.user?.id === purpose.userId && same(here, binding);
  }
  const nonce = ctx.cookies.get(flowCookieName(https), { signed: false });
  return nonce !== undefined && NONCE.test(nonce) && same(digest('browser', nonce), binding);
};
