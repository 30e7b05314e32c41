/**
 * A connected X account: one stream per account (`x-account-{id}`), owned by one Riposte user.
 * The X user id is unique across users through a reservation stream (kind `x_account`, owner =
 * the connected account id) that the service claims before the first event; this decider holds
 * the rest: who may change the account, reconnecting with new tokens, auth failures, and refusing
 * to disconnect while schedules use the account.
 *
 * Events never carry plaintext tokens: the service seals them (adapters/crypto-tokens, bound to
 * user, account and field) before the command is built, and the decider refuses anything that
 * does not look sealed, so a plaintext token cannot reach the event store by mistake.
 *
 * An account of another user answers "not found", never "forbidden", so ids reveal nothing.
 */
import { AppError } from '@core/shared/errors';
import { assertNever, type Decider } from '@core/shared/decider';
import type { XSubscriptionType } from '@core/x';
import { X_ACCOUNT_MESSAGES } from './messages';

export const xAccountStream = (accountId: string): string => `x-account-${accountId}`;

/** Reservation kind of X user ids (core/eventstore/reservation.ts); the owner is the account id. */
export const X_ACCOUNT_RESERVATION = 'x_account';

/** Prefix of a value sealed by adapters/crypto-tokens (`rtk1.<keyId>.<iv>.<body>.<tag>`). */
const SEALED = /^rtk\d+\.[0-9a-f]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+$/;

/** A token after encryption; the brand keeps a plain string from being passed by accident. */
export type SealedToken = string & { readonly __sealed: true };

export const asSealed = (value: string): SealedToken => {
  if (!SEALED.test(value)) throw new AppError('internal', 'Refusing to record an X token that is not encrypted', { reason: 'TOKEN_NOT_SEALED' });
  return value as SealedToken;
};

export interface SealedTokens {
  accessToken: SealedToken;
  accessSecret: SealedToken;
}

/** What X said about the account when it was (re)connected. */
export interface XProfileSnapshot {
  xUserId: string;
  username: string;
  displayName: string;
  profilePicture: string | null;
  /**
   * The account's X subscription (users/me `subscription_type`): a paid one may post 25,000
   * characters (core/x hasLongPosts). Null or absent: X did not say, and events written before it
   * was asked for have none; both read as a free account (`subscriptionOf`).
   */
  subscriptionType?: XSubscriptionType | null;
}

/** The subscription a stored profile records, whichever shape it was written in. */
export const subscriptionOf = (profile: Pick<XProfileSnapshot, 'subscriptionType'>): XSubscriptionType | null => profile.subscriptionType ?? null;

/** How the tokens were obtained: the PIN dialog, the popup callback, or sign in with X. */
export type ConnectVia = 'pin' | 'callback' | 'sign_in';

export interface ConnectedXAccount extends Omit<XProfileSnapshot, 'subscriptionType'> {
  /** As of the last (re)connect: reconnecting reads it again. */
  subscriptionType: XSubscriptionType | null;
  accountId: string;
  userId: string;
  tokens: SealedTokens;
  /** OAuth 1.0a tokens do not expire; kept for the spec's field (always null here). */
  tokenExpiresAt: string | null;
  /** Set when X refused the tokens; cleared by a reconnect. */
  authFailedAt: string | null;
  authFailure: string | null;
}

export type XAccountCommand =
  | { type: 'ConnectXAccount'; accountId: string; userId: string; profile: XProfileSnapshot; tokens: SealedTokens; via: ConnectVia; now: string }
  | { type: 'ReconnectXAccount'; accountId: string; userId: string; profile: XProfileSnapshot; tokens: SealedTokens; via: ConnectVia; now: string }
  | { type: 'MarkXAuthFailed'; accountId: string; reason: string; now: string }
  /** `schedulesUsing` is looked up by the service (the schedules read model) before deciding. */
  | { type: 'DisconnectXAccount'; accountId: string; userId: string; schedulesUsing: number; now: string };

export type XAccountEvent =
  | {
      type: 'XAccountConnected';
      data: XProfileSnapshot & { accountId: string; userId: string; tokens: SealedTokens; tokenExpiresAt: string | null; via: ConnectVia };
    }
  | { type: 'XAccountReconnected'; data: XProfileSnapshot & { accountId: string; userId: string; tokens: SealedTokens; via: ConnectVia } }
  | { type: 'XAccountAuthFailed'; data: { accountId: string; userId: string; reason: string; at: string } }
  | { type: 'XAccountDisconnected'; data: { accountId: string; userId: string; xUserId: string; username: string } };

export const X_ACCOUNT_EVENT_TYPES = [
  'XAccountConnected',
  'XAccountReconnected',
  'XAccountAuthFailed',
  'XAccountDisconnected',
] as const satisfies readonly XAccountEvent['type'][];

export type XAccountState =
  | { status: 'none' }
  | { status: 'connected'; account: ConnectedXAccount }
  | { status: 'disconnected'; accountId: string; userId: string; xUserId: string };

const sealedPair = (tokens: SealedTokens): SealedTokens => ({ accessToken: asSealed(tokens.accessToken), accessSecret: asSealed(tokens.accessSecret) });

const notFound = () => new AppError('not_found', X_ACCOUNT_MESSAGES.notFound, { reason: 'X_ACCOUNT_NOT_FOUND' });

/** The account as its owner may act on it; anyone else (or a gone account) gets "not found". */
const ownedBy = (state: XAccountState, userId: string): ConnectedXAccount => {
  if (state.status !== 'connected' || state.account.userId !== userId) throw notFound();
  return state.account;
};

const reconnected = (
  account: ConnectedXAccount,
  command: { profile: XProfileSnapshot; tokens: SealedTokens; via: ConnectVia },
): XAccountEvent[] => {
  if (command.profile.xUserId !== account.xUserId) {
    throw new AppError('validation', X_ACCOUNT_MESSAGES.wrongXAccount(command.profile.username, account.username), {
      reason: 'X_ACCOUNT_MISMATCH',
    });
  }
  return [
    {
      type: 'XAccountReconnected',
      data: { ...command.profile, accountId: account.accountId, userId: account.userId, tokens: sealedPair(command.tokens), via: command.via },
    },
  ];
};

export const decide = (command: XAccountCommand, state: XAccountState): XAccountEvent[] => {
  switch (command.type) {
    case 'ConnectXAccount': {
      if (state.status === 'connected') {
        // Connecting what is already yours refreshes its tokens (a second PIN flow for the same account).
        return reconnected(ownedBy(state, command.userId), command);
      }
      if (state.status === 'disconnected') {
        throw new AppError('conflict', 'This connection was ended; connect the account again', { reason: 'X_ACCOUNT_DISCONNECTED' });
      }
      return [
        {
          type: 'XAccountConnected',
          data: {
            ...command.profile,
            accountId: command.accountId,
            userId: command.userId,
            tokens: sealedPair(command.tokens),
            tokenExpiresAt: null,
            via: command.via,
          },
        },
      ];
    }
    case 'ReconnectXAccount':
      return reconnected(ownedBy(state, command.userId), command);
    case 'MarkXAuthFailed': {
      if (state.status !== 'connected') throw notFound();
      if (state.account.authFailedAt !== null) return [];
      return [{ type: 'XAccountAuthFailed', data: { accountId: state.account.accountId, userId: state.account.userId, reason: command.reason, at: command.now } }];
    }
    case 'DisconnectXAccount': {
      const account = ownedBy(state, command.userId);
      if (command.schedulesUsing > 0) {
        throw new AppError('conflict', X_ACCOUNT_MESSAGES.accountInUse, { reason: 'ACCOUNT_IN_USE' });
      }
      return [
        { type: 'XAccountDisconnected', data: { accountId: account.accountId, userId: account.userId, xUserId: account.xUserId, username: account.username } },
      ];
    }
    default:
      return assertNever(command, 'X account command');
  }
};

export const evolve = (state: XAccountState, event: XAccountEvent): XAccountState => {
  switch (event.type) {
    case 'XAccountConnected': {
      const d = event.data;
      return {
        status: 'connected',
        account: {
          accountId: d.accountId,
          userId: d.userId,
          xUserId: d.xUserId,
          username: d.username,
          displayName: d.displayName,
          profilePicture: d.profilePicture,
          subscriptionType: subscriptionOf(d),
          tokens: d.tokens,
          tokenExpiresAt: d.tokenExpiresAt,
          authFailedAt: null,
          authFailure: null,
        },
      };
    }
    case 'XAccountReconnected': {
      if (state.status !== 'connected') return state;
      const d = event.data;
      return {
        status: 'connected',
        account: {
          ...state.account,
          username: d.username,
          displayName: d.displayName,
          profilePicture: d.profilePicture,
          subscriptionType: subscriptionOf(d),
          tokens: d.tokens,
          authFailedAt: null,
          authFailure: null,
        },
      };
    }
    case 'XAccountAuthFailed':
      if (state.status !== 'connected') return state;
      return { status: 'connected', account: { ...state.account, authFailedAt: event.data.at, authFailure: event.data.reason } };
    case 'XAccountDisconnected':
      return { status: 'disconnected', accountId: event.data.accountId, userId: event.data.userId, xUserId: event.data.xUserId };
    default:
      // Events of a newer version are ignored, not fatal.
      return state;
  }
};

export const xAccountDecider: Decider<XAccountCommand, XAccountEvent, XAccountState> = {
  decide,
  evolve,
  initialState: () => ({ status: 'none' }),
};
