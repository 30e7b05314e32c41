/**
 * Sign in with X, the end of it: `completeXSignIn` is the whole use case once X sends the browser
 * back (the user behind the X account is found or made by sign-in-users.ts); the route only reads
 * the query, calls it and redirects.
 */
import { tokenBinding, type TokenCipher } from '@adapters/crypto-tokens';
import { AppError } from '@core/shared/errors';
import type { User } from '@core/users/state';
import type { XSubscriptionType, XUserTokens } from '@core/x';
import type { XProfileSnapshot } from '@core/x-accounts';
import type { CommandContext } from '../commands';
import type { AppDeps } from '../deps';
import { settle } from '../http/route-helpers';
import { exchange, limitOf, requireXApp } from './flows';
import type { PendingRequest } from './pending';


/** The X account a user signed in with, kept sealed in their server-side session for auto-connect. */
export interface XSignInMemo {
  xUserId: string;
  username: string;
  displayName: string;
  profilePicture: string | null;
  /** Absent in memos kept before the subscription was read: X did not say. */
  subscriptionType?: XSubscriptionType | null;
  accessToken: string;
  accessSecret: string;
}

const SIGN_IN_MEMO_ACCOUNT = 'sign-in';
const memoBinding = (userId: string, field: 'xAccessToken' | 'xAccessSecret') => tokenBinding(userId, SIGN_IN_MEMO_ACCOUNT, field);

/** The profile and tokens a memo holds, unsealed for the user it was sealed for. */
export const openSignInMemo = (cipher: TokenCipher, userId: string, memo: XSignInMemo): { profile: XProfileSnapshot; tokens: XUserTokens } => {
  const { accessToken, accessSecret, ...profile } = memo;
  return {
    profile,
    tokens: { accessToken: cipher.decrypt(accessToken, memoBinding(userId, 'xAccessToken')), accessSecret: cipher.decrypt(accessSecret, memoBinding(userId, 'xAccessSecret')) },
  };
};

/** What the HTTP edge lends the use case: event metadata, the session, the request's log. */
export interface SignInEdge {
  context(actor: string): CommandContext;
  /** Signs the browser in as `userId` and keeps `memo` in its session. */
  startSession(userId: string, memo: XSignInMemo): Promise<void>;
  log: { info(obj: object, msg: string): void };
}

/**
 * The end of a sign-in with X: the verifier is exchanged for tokens, the Riposte user behind the X
 * account is found or created (a deactivated one is refused), the login is recorded and the browser
 * signed in. The account signed in with then becomes a connected account when a slot is free; when
 * it cannot, the sign-in still stands. Answers the user once the read models show the login.
 */
export const completeXSignIn = async (
  deps: AppDeps,
  request: PendingRequest,
  verifier: string,
  edge: SignInEdge,
): Promise<{ user: User; created: boolean }> => {
  const app = requireXApp(deps);
  const { authorized, profile } = await exchange(app, request, verifier);
  const found = await deps.x.signIn.findOrCreateUser(profile, edge.context('system'));
  if (!found.user.isActive) throw new AppError('forbidden', 'This account is deactivated', { reason: 'ACCOUNT_DEACTIVATED' });
  const userId = found.user.id;
  const written = await deps.users.recordLogin(userId, edge.context(userId));
  await edge.startSession(userId, {
    ...profile,
    accessToken: deps.x.cipher.encrypt(authorized.tokens.accessToken, memoBinding(userId, 'xAccessToken')),
    accessSecret: deps.x.cipher.encrypt(authorized.tokens.accessSecret, memoBinding(userId, 'xAccessSecret')),
  });
  // Auto-connect: the account signed in with becomes a connected account when a slot is free.
  try {
    const connected = await deps.x.accounts.connect(
      { userId, limit: limitOf(deps, written.user), profile, tokens: authorized.tokens, via: 'sign_in' },
      edge.context(userId),
    );
    await settle(deps, connected.position);
  } catch (error) {
    edge.log.info({ err: error, userId }, 'signed in with X; the account was not auto-connected');
  }
  await settle(deps, written.position);
  return { user: found.user, created: found.created };
};
