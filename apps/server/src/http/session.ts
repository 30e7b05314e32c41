/**
 * Server-side sessions: koa-session keeps only a random id in the cookie; the data lives in
 * <dataDir>/sessions.db (@adapters/session-store-sqlite). The cookie is HttpOnly, SameSite=Lax,
 * signed with RIPOSTE_SESSION_KEYS (newest first, so keys rotate), and over https it is
 * `__Host-riposte.sid` with Secure (the prefix forbids a Domain and requires Path=/).
 *
 * signIn/signOut are the only ways a session gains or loses a user; signIn always issues a fresh
 * session id so an id planted before sign-in (session fixation) is worthless after it.
 *
 * A session slides (14 days, renewed when half is gone) but never outlives 30 days from the
 * sign-in that created it: a stolen cookie kept warm by its thief dies all the same.
 */
import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import session from 'koa-session';
import type { SessionStore } from '@adapters/session-store-sqlite';
import { AppError } from '@core/shared/errors';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_MAX_AGE_MS = 14 * DAY_MS;
/** From sign-in, whatever the activity since. */
export const SESSION_ABSOLUTE_MAX_AGE_MS = 30 * DAY_MS;

export const sessionCookieName = (https: boolean): string => (https ? '__Host-riposte.sid' : 'riposte.sid');

export interface SessionOptions {
  app: Koa;
  store: SessionStore;
  keys: string[];
  https: boolean;
  /** The server's clock (tests move it); the absolute lifetime is measured with it. */
  clock: () => Date;
}

/** Ends a signed-in session once its sign-in is older than the absolute lifetime (or unknown). */
const absoluteLifetime =
  (clock: () => Date): Middleware =>
  async (ctx, next) => {
    const s = ctx.session;
    if (s !== null && typeof s.userId === 'string') {
      const since = typeof s.signedInAt === 'string' ? Date.parse(s.signedInAt) : Number.NaN;
      if (!(clock().getTime() - since < SESSION_ABSOLUTE_MAX_AGE_MS)) signOut(ctx);
    }
    return next();
  };

export const sessionMiddleware = ({ app, store, keys, https, clock }: SessionOptions): Middleware[] => {
  app.keys = keys;
  const middleware = session(
    {
      key: sessionCookieName(https),
      maxAge: SESSION_MAX_AGE_MS,
      // Renewed when half the lifetime is gone, so an active user stays signed in.
      renew: true,
      rolling: false,
      httpOnly: true,
      sameSite: 'lax',
      secure: https,
      signed: true,
      overwrite: true,
      // 256 random bits, not a UUID's 122.
      genid: () => randomBytes(32).toString('base64url'),
      store: {
        get: (key: string) => store.get(key),
        set: (key: string, data: Record<string, unknown>, maxAge: number) => store.set(key, data, maxAge),
        destroy: (key: string) => store.destroy(key),
      },
    },
    app,
  ) as Middleware;
  if (!https) return [middleware, absoluteLifetime(clock)];
  // The operator says TLS ends in front of us (RIPOSTE_PUBLIC_URL is https); without this, the
  // cookies library refuses Secure cookies on the plain hop from the proxy.
  const trustTls: Middleware = async (ctx, next) => {
    ctx.cookies.secure = true;
    return next();
  };
  return [trustTls, middleware, absoluteLifetime(clock)];
};

const requireSession = (ctx: Context) => {
  if (ctx.session === null) throw new AppError('internal', 'No session middleware on this route');
  return ctx.session;
};

/**
 * Binds the session to a user under a NEW session id (the old id is destroyed). Used by password
 * sign-in, registration and, later, sign-in with X.
 */
export const signIn = async (ctx: Context, userId: string, now: Date = new Date()): Promise<void> => {
  const s = requireSession(ctx);
  for (const key of Object.keys(s)) {
    if (key !== 'isNew' && !key.startsWith('_')) Reflect.deleteProperty(s, key);
  }
  s.userId = userId;
  s.signedInAt = now.toISOString();
  await s.regenerate();
};

/** Destroys the session server-side and clears the cookie (at the end of the request). */
export const signOut = (ctx: Context): void => {
  ctx.session = null;
};
