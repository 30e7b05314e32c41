/**
 * The end of an OAuth round trip: the PIN or verifier is exchanged for tokens, the X profile is
 * read with them, and the purpose of the request is carried out (sign in, connect, reconnect).
 * Shared by the PIN calls and the callback route, so both behave the same.
 */
import { isAppError } from '@core/shared/errors';
import type { Position } from '@core/eventstore/types';
import type { User } from '@core/users/state';
import { deriveTier } from '@core/users/tier';
import type { XAppClient, XAuthorizedUser } from '@core/x';
import { X_ACCOUNT_MESSAGES, xAccountLimit, type ConnectVia, type XProfileSnapshot } from '@core/x-accounts';
import { AppError } from '@core/shared/errors';
import type { AppDeps } from '../deps';
import type { CommandContext } from '../commands';
import type { PendingRequest } from './pending';

export const requireXApp = (deps: AppDeps): XAppClient => {
  if (deps.x.app === null) {
    throw new AppError('unavailable', X_ACCOUNT_MESSAGES.credentialsNotOk, { reason: 'X_NOT_CONFIGURED' });
  }
  return deps.x.app;
};

export const limitOf = (deps: AppDeps, user: User): number | null =>
  xAccountLimit(deriveTier(user, deps.clock(), { legacyUsernames: deps.config.legacyUsernames }));

/** Tokens plus the profile X shows for them (display name, picture and subscription come from users/me). */
export const exchange = async (app: XAppClient, request: PendingRequest, verifier: string): Promise<{ authorized: XAuthorizedUser; profile: XProfileSnapshot }> => {
  let authorized: XAuthorizedUser;
  try {
    authorized = await app.completeAuthorization({ requestToken: request.requestToken, requestTokenSecret: request.requestTokenSecret, verifier });
  } catch (error) {
    if (isAppError(error) && error.code !== 'unavailable' && error.code !== 'internal') {
      throw new AppError('validation', X_ACCOUNT_MESSAGES.pinFailed, { field: 'pinCode', reason: 'PIN_REJECTED', cause: error });
    }
    throw error;
  }
  const me = await app.asUser(authorized.tokens).me().catch(() => null);
  return {
    authorized,
    profile: {
      xUserId: authorized.userId,
      username: me?.username ?? authorized.username,
      displayName: me?.displayName ?? authorized.username,
      profilePicture: me?.profileImageUrl ?? null,
      subscriptionType: me?.subscriptionType ?? null,
    },
  };
};

/** Connect or reconnect for the request's user; returns the X username. */
export const connectFor = async (
  deps: AppDeps,
  user: User,
  request: PendingRequest,
  verifier: string,
  via: ConnectVia,
  ctx: CommandContext,
): Promise<{ username: string; accountId: string; position: Position | null }> => {
  const app = requireXApp(deps);
  const { authorized, profile } = await exchange(app, request, verifier);
  if (request.purpose.kind === 'reconnect') {
    const r = await deps.x.accounts.reconnect(user.id, request.purpose.accountId, profile, authorized.tokens, via, ctx);
    return { username: r.username, accountId: r.accountId, position: r.position };
  }
  const r = await deps.x.accounts.connect({ userId: user.id, limit: limitOf(deps, user), profile, tokens: authorized.tokens, via }, ctx);
  return { username: r.username, accountId: r.accountId, position: r.position };
};
