/**
 * Who is calling: OAuth 1.0a (a user's access token, a request token during sign-in, or the
 * consumer alone) or an app-only bearer token. Failures answer as X does: v1.1 error codes on the
 * OAuth and 1.1 endpoints, the v2 'Unauthorized' problem on /2.
 */
import type { IncomingMessage } from 'node:http';
import { baseUrlOf, parseOAuthHeader, verifySignature } from './oauth';
import { unauthorizedV2, v1Error, type Reply } from './wire';
import type { AccessToken, EmuApp, EmuUser, RequestToken, World } from './world';

export interface Ctx {
  req: IncomingMessage;
  method: string;
  path: string;
  query: URLSearchParams;
  body: Buffer;
  contentType: string;
  /** The form body, when it is application/x-www-form-urlencoded. */
  form: URLSearchParams | null;
}

export type Caller =
  | { kind: 'user'; app: EmuApp; user: EmuUser; token: AccessToken }
  | { kind: 'app'; app: EmuApp }
  | { kind: 'consumer'; app: EmuApp; requestToken?: RequestToken };

/** OAuth timestamps are the client's wall clock, not the emulator's (possibly simulated) one. */
const TIMESTAMP_SKEW_S = 30 * 60;
const NONCE_MEMORY = 10_000;

export const createAuthenticator = (world: World) => {
  const nonces = new Set<string>();

  const rememberNonce = (key: string): boolean => {
    if (nonces.has(key)) return false;
    nonces.add(key);
    if (nonces.size > NONCE_MEMORY) nonces.delete(nonces.values().next().value as string);
    return true;
  };

  const bearerApp = (header: string | undefined): EmuApp | undefined => {
    const m = /^Bearer\s+(.+)$/i.exec(header ?? '');
    if (!m) return undefined;
    const token = decodeURIComponent(m[1]?.trim() ?? '');
    return [...world.apps.values()].find((a) => a.bearerToken === token);
  };

  /** The caller, or the 401 answer. `dialect` picks the error shape. */
  const authenticate = (ctx: Ctx, dialect: 'v1' | 'v2'): Caller | Reply => {
    const fail = (code: number, message: string): Reply => (dialect === 'v2' ? unauthorizedV2() : v1Error(401, code, message));
    const authorization = ctx.req.headers.authorization;
    const header = parseOAuthHeader(authorization);
    if (header === null) {
      const app = bearerApp(authorization);
      return app ? { kind: 'app', app } : dialect === 'v2' ? unauthorizedV2() : v1Error(400, 215, 'Bad Authentication data.');
    }
    const app = world.apps.get(header.get('oauth_consumer_key') ?? '');
    if (!app || header.get('oauth_signature_method') !== 'HMAC-SHA1') return fail(32, 'Could not authenticate you.');
    const timestamp = Number(header.get('oauth_timestamp'));
    if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > TIMESTAMP_SKEW_S) return fail(135, 'Timestamp out of bounds.');
    const tokenValue = header.get('oauth_token');
    let tokenSecret = '';
    let access: AccessToken | undefined;
    let request: RequestToken | undefined;
    if (tokenValue !== undefined && tokenValue !== '') {
      access = world.accessTokens.get(tokenValue);
      request = access ? undefined : world.requestTokens.get(tokenValue);
      const found = access ?? request;
      if (!found || found.consumerKey !== app.consumerKey || access?.revoked) return fail(89, 'Invalid or expired token.');
      tokenSecret = found.secret;
    }
    const signed = { method: ctx.method, baseUrl: baseUrlOf(ctx.req.headers.host, ctx.path), header, query: ctx.query, form: ctx.form };
    if (!verifySignature(signed, app.consumerSecret, tokenSecret)) return fail(32, 'Could not authenticate you.');
    if (!rememberNonce(`${app.consumerKey}|${header.get('oauth_nonce') ?? ''}|${timestamp}`)) return fail(32, 'Could not authenticate you.');
    if (access) {
      const user = world.users.get(access.userId);
      if (!user) return fail(89, 'Invalid or expired token.');
      return { kind: 'user', app, user, token: access };
    }
    return { kind: 'consumer', app, ...(request ? { requestToken: request } : {}) };
  };

  return { authenticate };
};

export const isReply = (x: Caller | Reply): x is Reply => 'status' in x;
