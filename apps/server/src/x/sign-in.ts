/**
 * Sign in with X: the Riposte user behind an X user id, created on first sign-in. The link is a
 * reservation (kind x_login, value = X user id, owner = Riposte user id), so two first sign-ins
 * racing create one user, on every store. An X account connected to another user for posting is
 * not a way into that user: signing in with it is refused (core/users/ways-in.ts).
 *
 * New users get the X handle as username (made unique when taken) and no password: they sign in
 * with X, so nothing forces them to choose one; Settings offers to set one (PUT
 * /api/auth/change-password without a current password) for signing in by username too.
 *
 * `completeXSignIn` is the whole use case once X sends the browser back; the route only reads the
 * query, calls it and redirects.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { tokenBinding, type TokenCipher } from '@adapters/crypto-tokens';
import { isReservationTaken, release, reservationHolder, reserve } from '@core/eventstore/reservation';
import type { EventStore } from '@core/eventstore/types';
import { AppError } from '@core/shared/errors';
import type { User } from '@core/users/state';
import type { XSubscriptionType, XUserTokens } from '@core/x';
import { X_AUTH_RESULT_TEXTS, type XProfileSnapshot } from '@core/x-accounts';
import type { UsersService } from '../users/service';
import { commandOptions, type CommandContext } from '../commands';
import type { AppDeps } from '../deps';
import { settle } from '../http/route-helpers';
import type { XAccountsService } from './accounts-service';
import { exchange, limitOf, requireXApp } from './flows';
import type { PendingRequest } from './pending';

export const X_LOGIN_RESERVATION = 'x_login';
const ORPHAN_AFTER_MS = 60_000;

/** Username candidates from an X handle: the handle, then handle_x, handle_x2..9, then a random tail. */
export const usernameCandidates = (handle: string): string[] => {
  let base = handle.replace(/[^A-Za-z0-9_]/g, '').slice(0, 40);
  if (base === '') base = 'x_user';
  while (base.length < 3) base = `${base}_x`;
  const tails = ['', '_x', ...Array.from({ length: 8 }, (_, i) => `_x${i + 2}`)];
  return [...tails.map((t) => `${base}${t}`), `${base}_${randomBytes(3).toString('hex')}`];
};

export const createXSignIn = (deps: { store: EventStore; users: UsersService; xAccounts: XAccountsService; clock: () => Date }) => {
  const { store, users, xAccounts, clock } = deps;
  const options = (ctx: CommandContext) => commandOptions(ctx, clock);

  const linkedUser = async (xUserId: string): Promise<{ userId: string; since: number } | null> => {
    const holder = await reservationHolder(store, X_LOGIN_RESERVATION, xUserId);
    return holder === null ? null : { userId: holder.ownerId, since: holder.since };
  };

  const link = async (xUserId: string, userId: string, ctx: CommandContext) => {
    await reserve(store, { kind: X_LOGIN_RESERVATION, value: xUserId, ownerId: userId }, options(ctx));
  };

  const register = async (id: string, profile: XProfileSnapshot, ctx: CommandContext): Promise<User> => {
    for (const username of usernameCandidates(profile.username)) {
      try {
        const written = await users.register(
          { id, username, fullName: profile.displayName || null, passwordHash: null, xUserId: profile.xUserId, passwordChangeRequired: false, createdBy: null },
          { ...ctx, actor: id },
        );
        return written.user;
      } catch (error) {
        if (isReservationTaken(error) && error.kind === 'username') continue;
        throw error;
      }
    }
    throw new AppError('conflict', 'Could not find a free username for this X account', { reason: 'USERNAME_EXHAUSTED' });
  };

  return {
    /** The user this X account signs in as; `created` when this sign-in made them. */
    findOrCreateUser: async (profile: XProfileSnapshot, ctx: CommandContext): Promise<{ user: User; created: boolean }> => {
      const linked = await linkedUser(profile.xUserId);
      if (linked !== null) {
        const user = await users.load(linked.userId);
        if (user !== null) return { user, created: false };
        if (clock().getTime() - linked.since < ORPHAN_AFTER_MS) {
          throw new AppError('conflict', 'This X account is signing in right now; try again in a minute', { reason: 'X_SIGN_IN_BUSY' });
        }
        await release(store, { kind: X_LOGIN_RESERVATION, value: profile.xUserId, ownerId: linked.userId }, options({ ...ctx, actor: 'system' }));
      }
      // Connected for posting is not a way in (core/users/ways-in.ts): connecting needs no fresh
      // proof, so a stolen session could otherwise connect its own X account and sign in with it.
      const holder = await xAccounts.connectedHolder(profile.xUserId);
      if (holder !== null && (await users.load(holder.userId)) !== null) {
        throw new AppError('forbidden', X_AUTH_RESULT_TEXTS.not_a_way_in, { reason: 'X_NOT_A_WAY_IN' });
      }
      const id = randomUUID();
      try {
        await link(profile.xUserId, id, ctx);
      } catch (error) {
        // Another first sign-in of the same X account won the race: sign in as its user.
        if (!isReservationTaken(error)) throw error;
        const user = await users.load(error.ownerId);
        if (user !== null) return { user, created: false };
        throw new AppError('conflict', 'This X account is signing in right now; try again in a moment', { reason: 'X_SIGN_IN_BUSY' });
      }
      try {
        return { user: await register(id, profile, ctx), created: true };
      } catch (error) {
        await release(store, { kind: X_LOGIN_RESERVATION, value: profile.xUserId, ownerId: id }, options(ctx)).catch(() => undefined);
        throw error;
      }
    },
  };
};

export type XSignIn = ReturnType<typeof createXSignIn>;

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
