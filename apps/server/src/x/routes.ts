/**
 * /api/x (spec part 1 §7 sign in with X; part 2 §7 the connection calls), every rule on the server:
 *
 *   GET    /api/x/auth/login                 public: { url } of X's authenticate page (callback mode), or 503 with diagnostics
 *   GET    /api/x/auth/callback              public: X sends the browser back here (sign in, or a popup connect)
 *   GET    /api/x/accounts                   { accounts, accountLimit, remainingSlots } (null = unlimited)
 *   DELETE /api/x/accounts/:id               disconnect (tokens revoked at X, their key destroyed); 409 ACCOUNT_IN_USE while schedules use it
 *   GET    /api/x/auth/url                   PIN mode: { url, token }
 *   POST   /api/x/auth/verify-pin            { token, pinCode } -> { success, username }
 *   GET    /api/x/auth/direct                callback mode (popup + status polling): { url, token, fallbackAvailable }
 *   GET    /api/x/auth/direct/reconnect/:id  the same for an existing account
 *   GET    /api/x/auth/status/:token         { status: pending|success|error, username, message }
 *   GET    /api/x/auth/reconnect/:id         PIN mode for an existing account: { url, token }
 *   POST   /api/x/auth/reconnect-pin         { accountId, pinCode, token? } -> { success, username }
 *   GET    /api/x/auto-connect               connects the X account the user signed in with: { success, message }
 *   GET    /api/x/auth/credentials-check     admins: credentials status (core/x XCredentialsStatus)
 *   GET    /api/x/test-credentials           the same
 *   POST   /api/x/test-tweet                 { connectedAccountId, content } -> { success, tweetId, tweetUrl }
 *
 * The GETs that start a flow or connect an account change state (the spec made them GETs), so they
 * are refused unless the web app's fetch sent them (`sameSiteCall`, http/csrf.ts). Starts and the test tweet are
 * limited (x/limits.ts).
 *
 * Only the caller's own accounts and requests exist for them (anything else is 404). No answer
 * ever carries a token; the request token secret never leaves the server.
 *
 * Every OAuth request is bound to the browser that started it (x/binding.ts): the callback and the
 * PIN calls refuse, and change nothing, when another browser or session tries to finish it. The
 * callback's redirects carry codes only (core/x-accounts auth-result), never text to display.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { connectedAccountViewSchema } from '@core/x-accounts/views';
import { AppError, isAppError } from '@core/shared/errors';
import type { User } from '@core/users/state';
import { isCallbackRefused, isXError, postUrl, throwUnlessSent } from '@core/x';
import {
  hasFreeSlot,
  remainingSlots,
  reconnectPinSchema,
  testTweetSchema,
  verifyPinSchema,
  X_ACCOUNT_MESSAGES,
  X_AUTH_RESULT_TEXTS,
  xAuthResultCodeOf,
  type XAuthResultCode,
} from '@core/x-accounts';
import type { AppDeps } from '../deps';
import { body, responds, validated } from '../http/validate';
import { idParam, isId, settle } from '../http/route-helpers';
import { sameSiteCall } from '../http/csrf';
import { RateLimitedError } from '../http/rate-limit';
import { currentUser, requireAdmin, requireUser } from '../http/guards';
import { signIn } from '../http/session';
import type { RiposteSession } from '../http/types';
import { bindingForStart, isBoundHere } from './binding';
import { connectFor, limitOf, requireXApp } from './flows';
import { createXLimits } from './limits';
import { addressRange, type PendingPurpose, type PendingRequest } from './pending';
import { countConnectedAccounts, listConnectedAccounts } from '@adapters/read-models/x-accounts';
import { completeXSignIn, openSignInMemo, type XSignInMemo } from './sign-in';
import { commandContext } from '../http/present';
import { ownBaseUrl } from '../http/own-origin';
import { redactTokens } from '@adapters/logging';

const notFound = () => new AppError('not_found', X_ACCOUNT_MESSAGES.notFound, { reason: 'X_ACCOUNT_NOT_FOUND' });
const expired = () => new AppError('not_found', X_ACCOUNT_MESSAGES.requestExpired, { reason: 'X_AUTH_REQUEST_EXPIRED' });
const otherBrowser = () => new AppError('forbidden', X_AUTH_RESULT_TEXTS.other_browser, { reason: 'X_AUTH_OTHER_BROWSER' });

/** The session keeps the X account signed in with, sealed (x/sign-in.ts), for auto-connect. */
type XSession = RiposteSession & { xSignIn?: XSignInMemo };

// Built from protocol and host: ctx.origin answered 'null' here (seen in tests), which X would refuse.
/** What an operator must do when X refuses the callback: register this exact URL for the app. */
export const callbackRefusedMessage = (url: string, detail: string | undefined): string =>
  `X refused the callback URL ${url}${detail === undefined ? '' : ` (X said: ${redactTokens(detail)})`}. Add it under Callback URI / Redirect URL in the X app's User authentication settings at developer.x.com.`;

const callbackUrl = (deps: AppDeps, ctx: Context) => `${deps.config.publicUrl ?? `${ctx.protocol}://${ctx.host}`}/api/x/auth/callback`;


const ownsRequest = (request: PendingRequest | null, user: User): request is PendingRequest =>
  request !== null && request.purpose.kind !== 'sign_in' && request.purpose.userId === user.id;

export const xRoutes = (deps: AppDeps): Router => {
  const router = new Router({ prefix: '/api/x', sensitive: true, strict: true });

  const ownAccount = async (user: User, accountId: string) => {
    const state = await deps.x.accounts.load(accountId);
    if (state.status !== 'connected' || state.account.userId !== user.id) throw notFound();
    return state.account;
  };

  const requireSlot = (user: User) => {
    const limit = limitOf(deps, user);
    if (!hasFreeSlot(limit, countConnectedAccounts(deps.projector.db, user.id))) {
      throw new AppError('payment_required', X_ACCOUNT_MESSAGES.limitReached(limit ?? 0), { reason: 'ACCOUNT_LIMIT_REACHED' });
    }
  };

  const https = deps.config.https;
  const limits = createXLimits(undefined, deps.counters);
  const boundHere = (ctx: Context, request: PendingRequest) => isBoundHere(ctx, request.binding, request.purpose, https);

  const start = async (ctx: Context, purpose: PendingPurpose, mode: 'pin' | 'callback', screenName?: string) => {
    const app = requireXApp(deps);
    const binding = bindingForStart(ctx, purpose, https);
    const auth = await app.startAuthorization({
      callback: mode === 'pin' ? 'oob' : callbackUrl(deps, ctx),
      linkMode: purpose.kind === 'sign_in' ? 'authenticate' : 'authorize',
      // Connecting a second account: X must offer its login form, not the account signed in there.
      forceLogin: purpose.kind === 'connect',
      ...(screenName === undefined ? {} : { screenName }),
    });
    const pending = await deps.x.pending.add({ requestToken: auth.requestToken, requestTokenSecret: auth.requestTokenSecret, purpose, mode, binding, range: addressRange(ctx.ip) });
    return { url: auth.url, token: pending.token };
  };

  // --- Sign in with X -------------------------------------------------------------------------

  router.get('/auth/login', sameSiteCall, async (ctx) => {
    const { apiKey, apiSecret } = deps.x.credentials;
    // The installation's own host, not the request's Host: the answer is public.
    const own = new URL(ownBaseUrl(deps.config, ctx));
    const diagnostics = (errorMessage: string) => ({ host: own.host, protocol: own.protocol.replace(/:$/, ''), xAPIKeyPresent: apiKey, xAPISecretPresent: apiSecret, errorMessage });
    if (deps.x.app === null) {
      ctx.status = 503;
      ctx.body = {
        error: 'X API credentials not configured',
        message: 'X API credentials not configured. Please contact the administrator.',
        diagnostics: diagnostics('RIPOSTE_X_API_KEY and RIPOSTE_X_API_SECRET must both be set (or leave both unset for the sandbox X)'),
      };
      return;
    }
    await limits.signInStart(ctx.ip);
    try {
      const { url } = await start(ctx, { kind: 'sign_in' }, 'callback');
      ctx.body = { url };
    } catch (error) {
      if (error instanceof RateLimitedError) throw error;
      // The cause (X's or the library's words) goes to the log only: the answer is public. One
      // exception: X refusing the callback URL, whose words and the URL to register are no secret
      // and are the only way an operator learns what to fix at developer.x.com.
      ctx.state.log.warn({ err: error }, 'sign in with X could not start');
      ctx.status = 503;
      const errorMessage =
        isXError(error) && isCallbackRefused(error.outcome)
          ? callbackRefusedMessage(callbackUrl(deps, ctx), error.outcome.detail)
          : 'X did not answer the sign-in request. Please try again later.';
      ctx.body = { error: 'X authentication failed to start', message: `X authentication failed to start: ${errorMessage}`, diagnostics: diagnostics(errorMessage) };
    }
  });

  /** Where X sends the browser back (callback mode), for sign in and for popup connects. */
  router.get('/auth/callback', async (ctx) => {
    const q = ctx.query as Record<string, string | undefined>;
    const requestToken = q.oauth_token ?? q.denied ?? '';
    const request = requestToken === '' ? null : await deps.x.pending.byRequestToken(requestToken);
    const signInResult = (params: Record<string, string>) => ctx.redirect(`/x-auth-callback?${new URLSearchParams(params).toString()}`);
    const popupResult = (params: Record<string, string>) => ctx.redirect(`/connected-accounts?${new URLSearchParams(params).toString()}`);
    ctx.set('Cache-Control', 'no-store');

    if (request === null) {
      signInResult({ auth_status: 'error', code: 'expired' });
      return;
    }
    const refuse = (code: XAuthResultCode) => {
      if (request.purpose.kind === 'sign_in') signInResult({ auth_status: 'error', code });
      else popupResult({ x_auth: 'error', code });
    };
    // Another browser than the one that started it: nothing is exchanged, used or settled, so the
    // request stays as it was for its own browser.
    if (!boundHere(ctx, request)) {
      ctx.state.log.warn({ purpose: request.purpose.kind }, 'X callback refused: another browser started this request');
      refuse('other_browser');
      return;
    }
    if (!(await deps.x.pending.take(request))) {
      refuse('expired');
      return;
    }
    const fail = async (code: XAuthResultCode, message: string) => {
      await deps.x.pending.settle(request, { status: 'error', message });
      refuse(code);
    };
    if (q.denied !== undefined || q.oauth_verifier === undefined) {
      await fail('denied', X_AUTH_RESULT_TEXTS.denied);
      return;
    }
    try {
      if (request.purpose.kind === 'sign_in') {
        const { user, created } = await completeXSignIn(deps, request, q.oauth_verifier, {
          context: (actor) => commandContext(ctx, actor),
          startSession: async (userId, memo) => {
            await signIn(ctx, userId, deps.clock());
            (ctx.session as XSession).xSignIn = memo;
          },
          log: ctx.state.log,
        });
        await deps.x.pending.settle(request, { status: 'success', username: user.username, message: 'Signed in with X' });
        // new_user only picks the greeting ('Welcome' rather than 'Welcome back'): a crafted URL changes nothing else.
        signInResult({ auth_status: 'success', username: user.username, ...(created ? { new_user: '1' } : {}) });
        return;
      }
      const user = currentUser(ctx);
      const result = await connectFor(deps, user, request, q.oauth_verifier, 'callback', commandContext(ctx, user.id));
      await settle(deps, result.position);
      await deps.x.pending.settle(request, { status: 'success', username: result.username, message: `Connected @${result.username}` });
      popupResult({ x_auth: 'success', username: result.username });
    } catch (error) {
      ctx.state.log.warn({ err: error, purpose: request.purpose.kind }, 'X callback failed');
      await fail(xAuthResultCodeOf(isAppError(error) ? error.reason : undefined), isAppError(error) ? error.message : X_AUTH_RESULT_TEXTS.failed);
    }
  });

  // --- Connected accounts ---------------------------------------------------------------------

  const connectedAccountsPage = z.object({ accounts: z.array(connectedAccountViewSchema), accountLimit: z.number().int().nullable(), remainingSlots: z.number().int().nullable() });
  router.get('/accounts', requireUser, responds(200, connectedAccountsPage), (ctx) => {
    const user = currentUser(ctx);
    const accounts = listConnectedAccounts(deps.projector.db, user.id);
    const accountLimit = limitOf(deps, user);
    ctx.body = { accounts, accountLimit, remainingSlots: remainingSlots(accountLimit, accounts.length) };
  });

  router.delete('/accounts/:id', requireUser, async (ctx) => {
    const user = currentUser(ctx);
    const accountId = idParam(ctx, notFound);
    const { position, tokens } = await deps.x.accounts.disconnect(user.id, accountId, commandContext(ctx));
    await settle(deps, position);
    // The stored tokens are already unreadable (their key was destroyed); X is told to forget them
    // too. When X cannot be reached the disconnect stands, and the log says the tokens live on at X.
    let revokedAtX = false;
    if (tokens !== null && deps.x.app !== null) {
      try {
        await deps.x.app.asUser(tokens).revoke();
        revokedAtX = true;
      } catch (error) {
        ctx.state.log.warn({ err: error, accountId }, 'X account disconnected, but X did not confirm the token revocation');
      }
    }
    ctx.body = { success: true, message: 'X account disconnected', revokedAtX };
  });

  router.get('/auth/url', sameSiteCall, requireUser, async (ctx) => {
    const user = currentUser(ctx);
    requireSlot(user);
    await limits.connectStart(user.id);
    ctx.body = await start(ctx, { kind: 'connect', userId: user.id }, 'pin');
  });

  router.get('/auth/direct', sameSiteCall, requireUser, async (ctx) => {
    const user = currentUser(ctx);
    requireSlot(user);
    await limits.connectStart(user.id);
    try {
      ctx.body = { ...(await start(ctx, { kind: 'connect', userId: user.id }, 'callback')), fallbackAvailable: true };
    } catch (error) {
      if (isAppError(error) && (error.reason === 'X_NOT_CONFIGURED' || error.code === 'rate_limited')) throw error;
      ctx.state.log.warn({ err: error }, 'direct X connect could not start; PIN mode offered');
      ctx.status = 503;
      ctx.body = { success: false, message: 'Direct connection is unavailable; use the PIN instead', error: 'DIRECT_UNAVAILABLE', fallbackAvailable: true };
    }
  });

  router.get('/auth/direct/reconnect/:id', sameSiteCall, requireUser, async (ctx) => {
    const user = currentUser(ctx);
    const account = await ownAccount(user, idParam(ctx, notFound));
    await limits.connectStart(user.id);
    ctx.body = { ...(await start(ctx, { kind: 'reconnect', userId: user.id, accountId: account.accountId }, 'callback', account.username)), fallbackAvailable: true };
  });

  router.get('/auth/reconnect/:id', sameSiteCall, requireUser, async (ctx) => {
    const user = currentUser(ctx);
    const account = await ownAccount(user, idParam(ctx, notFound));
    await limits.connectStart(user.id);
    ctx.body = await start(ctx, { kind: 'reconnect', userId: user.id, accountId: account.accountId }, 'pin', account.username);
  });

  const verify = async (ctx: Context, request: PendingRequest | null, pinCode: string) => {
    const user = currentUser(ctx);
    if (!ownsRequest(request, user)) throw expired();
    if (!boundHere(ctx, request)) throw otherBrowser();
    if (!(await deps.x.pending.take(request))) throw expired();
    try {
      const result = await connectFor(deps, user, request, pinCode, 'pin', commandContext(ctx));
      await settle(deps, result.position);
      await deps.x.pending.settle(request, { status: 'success', username: result.username, message: `Connected @${result.username}` });
      ctx.body = { success: true, username: result.username, accountId: result.accountId };
    } catch (error) {
      // A mistyped PIN leaves the request open for the right one (X keeps its request token).
      if (isAppError(error) && error.reason === 'PIN_REJECTED' && (await deps.x.pending.release(request))) {
        throw new AppError('validation', X_ACCOUNT_MESSAGES.pinRejected, { field: 'pinCode', reason: 'PIN_REJECTED', cause: error });
      }
      await deps.x.pending.settle(request, { status: 'error', message: isAppError(error) ? error.message : X_ACCOUNT_MESSAGES.pinFailed });
      throw error;
    }
  };

  router.post('/auth/verify-pin', requireUser, body(verifyPinSchema), async (ctx) => {
    const { token, pinCode } = validated(ctx, verifyPinSchema);
    await verify(ctx, await deps.x.pending.get(token), pinCode);
  });

  router.post('/auth/reconnect-pin', requireUser, body(reconnectPinSchema), async (ctx) => {
    const user = currentUser(ctx);
    const body = validated(ctx, reconnectPinSchema);
    const request = body.token === undefined ? await deps.x.pending.latestReconnectOf(user.id, body.accountId) : await deps.x.pending.get(body.token);
    if (request !== null && (request.purpose.kind !== 'reconnect' || request.purpose.accountId !== body.accountId)) throw expired();
    await verify(ctx, request, body.pinCode);
  });

  router.get('/auth/status/:token', requireUser, async (ctx) => {
    const user = currentUser(ctx);
    const request = await deps.x.pending.get((ctx.params as { token?: string }).token ?? '');
    if (!ownsRequest(request, user) || !boundHere(ctx, request)) {
      ctx.body = { status: 'error', username: null, message: X_ACCOUNT_MESSAGES.requestExpired };
      return;
    }
    const o = request.outcome;
    ctx.body = { status: o.status, username: o.status === 'success' ? o.username : null, message: o.status === 'pending' ? 'Waiting for X authorisation' : redactTokens(o.message) };
  });

  router.get('/auto-connect', sameSiteCall, requireUser, async (ctx) => {
    const user = currentUser(ctx);
    const memo = (ctx.session as XSession | null)?.xSignIn;
    if (memo === undefined || user.xUserId === null || memo.xUserId !== user.xUserId) {
      ctx.body = { success: false, message: X_ACCOUNT_MESSAGES.notXAuthenticated };
      return;
    }
    const existing = await deps.x.accounts.connectedHolder(memo.xUserId);
    if (existing?.userId === user.id) {
      ctx.body = { success: true, message: `@${memo.username} is already connected` };
      return;
    }
    const limit = limitOf(deps, user);
    if (!hasFreeSlot(limit, countConnectedAccounts(deps.projector.db, user.id))) {
      ctx.body = { success: false, message: X_ACCOUNT_MESSAGES.accountLimitReached };
      return;
    }
    const { profile, tokens } = openSignInMemo(deps.x.cipher, user.id, memo);
    const result = await deps.x.accounts.connect({ userId: user.id, limit, profile, tokens, via: 'sign_in' }, commandContext(ctx));
    await settle(deps, result.position);
    ctx.body = { success: true, message: `Connected @${result.username}` };
  });

  // --- Credentials and the test tweet -----------------------------------------------------------

  const credentials = async (ctx: Context) => {
    if (deps.x.app === null) {
      const { apiKey, apiSecret } = deps.x.credentials;
      ctx.body = {
        status: 'incomplete',
        message: X_ACCOUNT_MESSAGES.credentialsNotOk,
        error: 'RIPOSTE_X_API_KEY and RIPOSTE_X_API_SECRET must both be set',
        possibleSolution: 'Set both variables (or neither, for the sandbox X) and restart the server',
        sandbox: false,
        credentials: { apiKey, apiSecret, clientId: false, clientSecret: false, bearerToken: false },
        tests: { generateAuthLink: false, bearerTokenAccess: false },
      };
      return;
    }
    ctx.body = await deps.x.app.checkCredentials();
  };
  router.get('/auth/credentials-check', requireAdmin, credentials);
  router.get('/test-credentials', requireAdmin, credentials);

  router.post('/test-tweet', requireUser, body(testTweetSchema), async (ctx) => {
    const user = currentUser(ctx);
    const { connectedAccountId, content } = validated(ctx, testTweetSchema);
    if (!isId(connectedAccountId)) throw notFound();
    const app = requireXApp(deps);
    const tokens = await deps.x.accounts.userTokens(connectedAccountId, user.id);
    await limits.testTweet(user.id);
    const outcome = await app.asUser(tokens).post({ text: content });
    if (outcome.kind === 'auth_failed') {
      await deps.x.accounts.markAuthFailed(connectedAccountId, outcome.message, commandContext(ctx)).catch(() => undefined);
    }
    try {
      const tweetId = throwUnlessSent(outcome);
      // Ours beside the spec's tweetId: the tweet on X (or Sandbox X), for the page to link to.
      ctx.body = { success: true, tweetId, tweetUrl: postUrl(app.webUrl, tokens.username, tweetId) };
    } catch (error) {
      if (isXError(error)) ctx.state.log.info({ outcome: error.outcome.kind }, 'test tweet refused');
      throw error;
    }
  });

  return router;
};
