/**
 * Connected X accounts wired to the event store. Every change goes through the decider of
 * core/x-accounts; tokens are sealed here (adapters/crypto-tokens, bound to user, account and
 * field) before a command is built, and opened only by `userTokens` when a call to X needs them.
 *
 * One X account belongs to at most one Riposte user: the X user id is reserved (kind x_account,
 * owner = the connected account id) before the account's first event, and given back on
 * disconnect. A reservation whose account never got written (a crash in between) or is already
 * disconnected is taken over.
 *
 * Each account's tokens are sealed with a data key of its own (adapters/crypto-tokens TokenVault);
 * disconnecting destroys that key, so the tokens in the account's events can never be opened again
 * (the store is append-only: the ciphertext stays, the key does not). The tokens are opened once
 * more just before, and handed back so the route can revoke them at X.
 *
 * The slot limit spans a user's accounts, so it is checked here, under a per-user lock so two
 * connects of one user in this process cannot both take the last slot.
 */
import { randomUUID } from 'node:crypto';
import { openXTokens, tokenBinding, type TokenVault } from '@adapters/crypto-tokens';
import type { ReadDb } from '@adapters/projections-sqlite';
import { schedulesUsingAccount } from '@adapters/read-models/scheduling';
import { countConnectedAccounts } from '@adapters/read-models/x-accounts';
import { handleCommand } from '@core/eventstore/command-handler';
import { loadState } from '@core/eventstore/load-state';
import { isReservationTaken, release, reservationHolder, reserve } from '@core/eventstore/reservation';
import type { EventStore, Position } from '@core/eventstore/types';
import { AppError } from '@core/shared/errors';
import type { XUserTokens } from '@core/x';
import {
  asSealed,
  hasFreeSlot,
  X_ACCOUNT_MESSAGES,
  X_ACCOUNT_RESERVATION,
  xAccountDecider,
  xAccountStream,
  type ConnectVia,
  type SealedTokens,
  type XAccountCommand,
  type XAccountState,
  type XProfileSnapshot,
} from '@core/x-accounts';
import { commandOptions, type CommandContext } from '../commands';

export interface ConnectRequest {
  userId: string;
  /** From the user's tier (core/x-accounts xAccountLimit); null = unlimited. */
  limit: number | null;
  profile: XProfileSnapshot;
  tokens: XUserTokens;
  via: ConnectVia;
}

export interface ConnectResult {
  accountId: string;
  username: string;
  /** True when the account was already this user's and only its tokens were renewed. */
  renewed: boolean;
  position: Position | null;
}

/** A half-written reservation may be taken over after this (a connect in progress takes less). */
const ORPHAN_AFTER_MS = 60_000;


export interface XAccountsServiceDeps {
  store: EventStore;
  cipher: TokenVault;
  db: () => ReadDb;
  clock: () => Date;
}

export const createXAccountsService = ({ store, cipher, db, clock }: XAccountsServiceDeps) => {
  const options = (ctx: CommandContext) => commandOptions(ctx, clock);
  const locks = new Map<string, Promise<unknown>>();
  const withUserLock = async <T>(userId: string, work: () => Promise<T>): Promise<T> => {
    const before = locks.get(userId) ?? Promise.resolve();
    const run = before.catch(() => undefined).then(work);
    locks.set(userId, run);
    try {
      return await run;
    } finally {
      if (locks.get(userId) === run) locks.delete(userId);
    }
  };

  const load = async (accountId: string): Promise<XAccountState> => (await loadState(store, xAccountStream(accountId), xAccountDecider)).state;

  const execute = (accountId: string, command: XAccountCommand, ctx: CommandContext) =>
    handleCommand(store, xAccountStream(accountId), xAccountDecider, command, options(ctx));

  const seal = async (userId: string, accountId: string, tokens: XUserTokens): Promise<SealedTokens> => {
    await cipher.prepare(accountId, true);
    return {
      accessToken: asSealed(cipher.encrypt(tokens.accessToken, tokenBinding(userId, accountId, 'xAccessToken'))),
      accessSecret: asSealed(cipher.encrypt(tokens.accessSecret, tokenBinding(userId, accountId, 'xAccessSecret'))),
    };
  };

  const open = async (userId: string, accountId: string, tokens: SealedTokens): Promise<XUserTokens> => {
    await cipher.prepare(accountId, false);
    return openXTokens(cipher, userId, accountId, tokens);
  };

  /** Who holds the X user id now: the account id and when it was reserved, or null. */
  const holderOf = async (xUserId: string): Promise<{ accountId: string; since: number } | null> => {
    const holder = await reservationHolder(store, X_ACCOUNT_RESERVATION, xUserId);
    return holder === null ? null : { accountId: holder.ownerId, since: holder.since };
  };

  const renew = async (accountId: string, request: ConnectRequest, ctx: CommandContext): Promise<ConnectResult> => {
    const result = await execute(
      accountId,
      { type: 'ConnectXAccount', accountId, userId: request.userId, profile: request.profile, tokens: await seal(request.userId, accountId, request.tokens), via: request.via, now: clock().toISOString() },
      ctx,
    );
    return { accountId, username: request.profile.username, renewed: true, position: result.position };
  };

  const connect = (request: ConnectRequest, ctx: CommandContext): Promise<ConnectResult> =>
    withUserLock(request.userId, async () => {
      const { xUserId, username } = request.profile;
      const held = await holderOf(xUserId);
      if (held !== null) {
        const state = await load(held.accountId);
        if (state.status === 'connected') {
          if (state.account.userId === request.userId) return renew(held.accountId, request, ctx);
          throw new AppError('conflict', X_ACCOUNT_MESSAGES.takenByAnotherUser(username), { reason: 'X_ACCOUNT_TAKEN' });
        }
        const stale = state.status === 'disconnected' || clock().getTime() - held.since > ORPHAN_AFTER_MS;
        if (!stale) throw new AppError('conflict', 'This X account is being connected right now; try again in a minute', { reason: 'X_ACCOUNT_BUSY' });
        await release(store, { kind: X_ACCOUNT_RESERVATION, value: xUserId, ownerId: held.accountId }, options({ ...ctx, actor: 'system' }));
      }
      if (!hasFreeSlot(request.limit, countConnectedAccounts(db(), request.userId))) {
        throw new AppError('payment_required', X_ACCOUNT_MESSAGES.limitReached(request.limit ?? 0), { reason: 'ACCOUNT_LIMIT_REACHED' });
      }
      const accountId = randomUUID();
      try {
        await reserve(store, { kind: X_ACCOUNT_RESERVATION, value: xUserId, ownerId: accountId }, options(ctx));
      } catch (error) {
        if (isReservationTaken(error)) throw new AppError('conflict', X_ACCOUNT_MESSAGES.takenByAnotherUser(username), { reason: 'X_ACCOUNT_TAKEN' });
        throw error;
      }
      try {
        const result = await execute(
          accountId,
          { type: 'ConnectXAccount', accountId, userId: request.userId, profile: request.profile, tokens: await seal(request.userId, accountId, request.tokens), via: request.via, now: clock().toISOString() },
          ctx,
        );
        return { accountId, username, renewed: false, position: result.position };
      } catch (error) {
        await release(store, { kind: X_ACCOUNT_RESERVATION, value: xUserId, ownerId: accountId }, options(ctx)).catch(() => undefined);
        throw error;
      }
    });

  return {
    load,
    connect,

    /** New tokens for an existing account of this user; the X account must be the same one. */
    reconnect: async (userId: string, accountId: string, profile: XProfileSnapshot, tokens: XUserTokens, via: ConnectVia, ctx: CommandContext) => {
      const result = await execute(
        accountId,
        { type: 'ReconnectXAccount', accountId, userId, profile, tokens: await seal(userId, accountId, tokens), via, now: clock().toISOString() },
        ctx,
      );
      return { accountId, username: profile.username, position: result.position };
    },

    /** `tokens`: the account's tokens, opened before its key was destroyed (null when already unreadable). */
    disconnect: async (userId: string, accountId: string, ctx: CommandContext): Promise<{ position: Position | null; tokens: XUserTokens | null }> => {
      const before = await load(accountId);
      const result = await execute(
        accountId,
        { type: 'DisconnectXAccount', accountId, userId, schedulesUsing: schedulesUsingAccount(db(), accountId), now: clock().toISOString() },
        ctx,
      );
      const gone = result.events.find((e) => e.type === 'XAccountDisconnected');
      if (gone !== undefined) {
        await release(store, { kind: X_ACCOUNT_RESERVATION, value: gone.data.xUserId, ownerId: accountId }, options(ctx)).catch(() => undefined);
      }
      if (gone === undefined || before.status !== 'connected') return { position: result.position, tokens: null };
      let tokens: XUserTokens | null = null;
      try {
        tokens = await open(userId, accountId, before.account.tokens);
      } catch {
        tokens = null;
      }
      await cipher.destroy(accountId);
      return { position: result.position, tokens };
    },

    markAuthFailed: async (accountId: string, reason: string, ctx: CommandContext) =>
      (await execute(accountId, { type: 'MarkXAuthFailed', accountId, reason, now: clock().toISOString() }, ctx)).position,

    /** The account's tokens, opened, for a call to X on its owner's behalf ("not found" for anyone else). */
    userTokens: async (accountId: string, userId: string): Promise<XUserTokens & { username: string }> => {
      const state = await load(accountId);
      if (state.status !== 'connected' || state.account.userId !== userId) {
        throw new AppError('not_found', X_ACCOUNT_MESSAGES.notFound, { reason: 'X_ACCOUNT_NOT_FOUND' });
      }
      return { ...(await open(userId, accountId, state.account.tokens)), username: state.account.username };
    },

    /** The account (any user's) that holds this X user id, if connected: sign in with X finds its user. */
    connectedHolder: async (xUserId: string): Promise<{ accountId: string; userId: string } | null> => {
      const held = await holderOf(xUserId);
      if (held === null) return null;
      const state = await load(held.accountId);
      return state.status === 'connected' ? { accountId: held.accountId, userId: state.account.userId } : null;
    },
  };
};

export type XAccountsService = ReturnType<typeof createXAccountsService>;
