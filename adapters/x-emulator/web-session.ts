/**
 * Who is signed in to the emulator's "x.com" in this browser, as X keeps it: a session cookie (X's
 * auth_token) and a per-session token every form posts back (X's ct0), so another site cannot post
 * in the person's name. A person is signed in by authorizing an app on the consent page (as on X,
 * where signing in is part of authorizing) or on the sign-in page; sandbox accounts need no password.
 */
import type { Ctx } from './auth';
import { newSecret, type EmuUser, type World } from './world';

// Not X's own name (auth_token): cookies ignore ports, so Riposte on the same host sees this one too.
export const SESSION_COOKIE = 'sandbox_x_session';

export interface WebSession {
  userId: string;
  /** Sent back by every form of the signed-in person. */
  csrf: string;
}

const cookieOf = (ctx: Ctx, name: string): string | undefined => {
  for (const part of String(ctx.req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
};

export const createWebSessions = (world: World) => {
  const sessions = new Map<string, WebSession>();

  /** Signs the person in; the answer must carry the returned Set-Cookie header. */
  const signIn = (user: EmuUser): { 'set-cookie': string } => {
    const token = newSecret(24);
    sessions.set(token, { userId: user.id, csrf: newSecret(16) });
    return { 'set-cookie': `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax` };
  };

  const signOut = (ctx: Ctx): { 'set-cookie': string } => {
    const token = cookieOf(ctx, SESSION_COOKIE);
    if (token !== undefined) sessions.delete(token);
    return { 'set-cookie': `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0` };
  };

  /** The signed-in person, unless suspended (X signs them out). */
  const current = (ctx: Ctx): { user: EmuUser; session: WebSession } | undefined => {
    const token = cookieOf(ctx, SESSION_COOKIE);
    const session = token === undefined ? undefined : sessions.get(token);
    const user = session === undefined ? undefined : world.users.get(session.userId);
    return session && user && !user.suspended ? { user, session } : undefined;
  };

  return { signIn, signOut, current };
};
export type WebSessions = ReturnType<typeof createWebSessions>;

/** A form posted from another site (the browser says where it comes from) is refused. */
export const sameOrigin = (ctx: Ctx): boolean => {
  const origin = ctx.req.headers.origin;
  if (origin === undefined || origin === 'null') return origin === undefined;
  try {
    return new URL(origin).host === ctx.req.headers.host;
  } catch {
    return false;
  }
};

/** Where to go after signing in: a path on this site only. */
export const localPath = (value: string | null | undefined, fallback = '/'): string =>
  value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : fallback;
