/**
 * The OAuth endpoints: request_token, the consent page (authorize / authenticate), access_token,
 * invalidate_token (a user's access token revoked by the app), and oauth2/token for app-only
 * bearer tokens. Answers are form-encoded text as X sends them.
 */
import { randomInt } from 'node:crypto';
import { isReply, type Caller, type Ctx } from './auth';
import { authorizePage, messagePage, pinPage } from './pages';
import { CALLBACK_NOT_APPROVED_XML } from './routes-api';
import { v1Error, type Reply } from './wire';
import type { WebSessions } from './web-session';
import { newSecret, type EmuApp, type World } from './world';

const REQUEST_TOKEN_TTL_MS = 15 * 60_000;
const USERNAME = /^[A-Za-z0-9_]{1,15}$/;

const formText = (status: number, values: Record<string, string>): Reply => ({
  status,
  text: new URLSearchParams(values).toString(),
  contentType: 'text/html; charset=utf-8',
});
const html = (status: number, text: string): Reply => ({ status, text, contentType: 'text/html; charset=utf-8' });

/** An OAuth parameter may come in the Authorization header, the query or the form body. */
const oauthParam = (ctx: Ctx, name: string): string | undefined => {
  const header = /(?:^|[\s,])([a-z_]+)="([^"]*)"/g;
  for (const m of (ctx.req.headers.authorization ?? '').matchAll(header)) if (m[1] === name) return decodeURIComponent(m[2] ?? '');
  return ctx.form?.get(name) ?? ctx.query.get(name) ?? undefined;
};

const callbackAllowed = (app: EmuApp, callback: string): boolean => {
  if (callback === 'oob') return true;
  let url: URL;
  try {
    url = new URL(callback);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return app.callbackUrls === undefined || app.callbackUrls.some((allowed) => callback.startsWith(allowed));
};

export const createOAuthRoutes = (world: World, authenticate: (ctx: Ctx, dialect: 'v1' | 'v2') => Caller | Reply, sessions: WebSessions) => {
  const requestToken = (ctx: Ctx): Reply => {
    const caller = authenticate(ctx, 'v1');
    if (isReply(caller)) return caller;
    if (caller.kind !== 'consumer' || caller.requestToken) return v1Error(401, 32, 'Could not authenticate you.');
    const callback = oauthParam(ctx, 'oauth_callback');
    // X answers this one in XML, whatever the request asked for.
    if (callback === undefined || !callbackAllowed(caller.app, callback)) return { status: 403, text: CALLBACK_NOT_APPROVED_XML, contentType: 'application/xml;charset=utf-8' };
    const token = { token: newSecret(20), secret: newSecret(), consumerKey: caller.app.consumerKey, callback, createdAt: world.now() };
    world.requestTokens.set(token.token, token);
    return formText(200, { oauth_token: token.token, oauth_token_secret: token.secret, oauth_callback_confirmed: 'true' });
  };

  const liveRequestToken = (value: string | null | undefined) => {
    const token = value ? world.requestTokens.get(value) : undefined;
    return token && world.now() - token.createdAt <= REQUEST_TOKEN_TTL_MS ? token : undefined;
  };

  const consentPage = (ctx: Ctx, action: '/oauth/authorize' | '/oauth/authenticate', error?: string, oauthToken?: string): Reply => {
    const token = liveRequestToken(oauthToken ?? ctx.query.get('oauth_token'));
    if (!token) return html(400, messagePage('This page is no longer valid', "It looks like someone already used the token information you provided. Please return to the site that sent you to this page and try again … it was probably an honest mistake."));
    const app = world.apps.get(token.consumerKey);
    const sandboxUsers = [...world.users.values()].filter((u) => !u.simulated && !u.suspended);
    const screenName = ctx.query.get('screen_name') ?? undefined;
    return html(error ? 400 : 200, authorizePage({ appName: app?.name ?? 'App', oauthToken: token.token, action, sandboxUsers, ...(screenName ? { screenName } : {}), ...(error ? { error } : {}) }));
  };

  const decide = (ctx: Ctx, action: '/oauth/authorize' | '/oauth/authenticate'): Reply => {
    const form = ctx.form ?? new URLSearchParams();
    const token = liveRequestToken(form.get('oauth_token'));
    if (!token) return consentPage(ctx, action);
    const app = world.apps.get(token.consumerKey);
    if (form.get('decision') === 'deny') {
      world.requestTokens.delete(token.token);
      if (token.callback === 'oob') return html(200, messagePage('Authorization cancelled', `You have not granted access to ${app?.name ?? 'the app'}.`));
      return redirect(token.callback, { denied: token.token });
    }
    const username = (form.get('pick') || form.get('username') || '').trim().replace(/^@/, '');
    if (!USERNAME.test(username)) return consentPage(ctx, action, 'Enter a username of 1-15 letters, digits or underscores.', token.token);
    const user = world.userByName(username) ?? world.addUser({ username, displayName: username });
    if (user.suspended) return consentPage(ctx, action, 'This account is suspended.', token.token);
    token.userId = user.id;
    token.verifier = token.callback === 'oob' ? String(randomInt(1_000_000, 10_000_000)) : newSecret(24);
    // Authorizing signs the person in to X in this browser, so the web intents post as them.
    const cookie = sessions.signIn(user);
    if (token.callback === 'oob') return { ...html(200, pinPage(app?.name ?? 'the app', token.verifier, user.username)), headers: cookie };
    const to = redirect(token.callback, { oauth_token: token.token, oauth_verifier: token.verifier });
    return { ...to, headers: { ...to.headers, ...cookie } };
  };

  const accessToken = (ctx: Ctx): Reply => {
    const caller = authenticate(ctx, 'v1');
    if (isReply(caller)) return caller;
    const token = caller.kind === 'consumer' ? caller.requestToken : undefined;
    if (!token || world.now() - token.createdAt > REQUEST_TOKEN_TTL_MS) return { status: 401, text: 'Invalid request token.', contentType: 'text/plain' };
    const verifier = oauthParam(ctx, 'oauth_verifier');
    if (!token.userId || !token.verifier || verifier !== token.verifier) {
      return { status: 401, text: 'Error processing your OAuth request: Invalid oauth_verifier parameter', contentType: 'text/plain' };
    }
    world.requestTokens.delete(token.token);
    const user = world.users.get(token.userId);
    if (!user) return { status: 401, text: 'Invalid request token.', contentType: 'text/plain' };
    // X hands the same token pair again to a user who authorizes the same app twice, until revoked.
    const existing = [...world.accessTokens.values()].find((t) => t.userId === user.id && t.consumerKey === token.consumerKey && !t.revoked);
    const access = existing ?? { token: `${user.id}-${newSecret(30)}`, secret: newSecret(33), consumerKey: token.consumerKey, userId: user.id, revoked: false };
    world.accessTokens.set(access.token, access);
    return formText(200, { oauth_token: access.token, oauth_token_secret: access.secret, user_id: user.id, screen_name: user.username });
  };

  const bearerToken = (ctx: Ctx): Reply => {
    const m = /^Basic\s+(.+)$/i.exec(ctx.req.headers.authorization ?? '');
    const [key, secret] = Buffer.from(m?.[1] ?? '', 'base64').toString('utf8').split(':').map((s) => decodeURIComponent(s));
    const app = world.apps.get(key ?? '');
    if (!app || app.consumerSecret !== secret) return v1Error(403, 99, 'Unable to verify your credentials');
    if (ctx.form?.get('grant_type') !== 'client_credentials') return v1Error(403, 170, 'Missing required parameter: grant_type');
    return { status: 200, body: { token_type: 'bearer', access_token: app.bearerToken } };
  };

  /** POST /1.1/oauth/invalidate_token, signed with the access token to revoke: X forgets it. */
  const invalidateToken = (ctx: Ctx): Reply => {
    const caller = authenticate(ctx, 'v1');
    if (isReply(caller)) return caller;
    if (caller.kind !== 'user') return v1Error(401, 89, 'Invalid or expired token.');
    caller.token.revoked = true;
    return { status: 200, body: { access_token: caller.token.token } };
  };

  return { requestToken, consentPage, decide, accessToken, bearerToken, invalidateToken };
};

const redirect = (callback: string, params: Record<string, string>): Reply => {
  const url = new URL(callback);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return { status: 302, text: '', contentType: 'text/html; charset=utf-8', headers: { location: url.toString() } };
};
