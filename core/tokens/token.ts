/**
 * A personal access token: one stream per token (`token-{id}`). The secret itself never reaches
 * the core: the app generates it, shows it once, and passes only its SHA-256 (`tokenHash`) and a
 * short display prefix. Someone else's token answers not_found, like one that never existed.
 *
 * Use is recorded at most once a minute per token (`TokenUsed`): enough for "last used" in
 * Settings without one event per API call.
 */
import { assertNever, type Decider } from '@core/shared/decider';
import { AppError } from '@core/shared/errors';
import { addDays } from '@core/users/time';
import { TOKEN_MESSAGES, type TokenInput, type TokenScope } from './schemas';
import { tokenStatusOf } from './views';

export const tokenStream = (tokenId: string): string => `token-${tokenId}`;

/** How often a token's use is written down: more often tells nobody anything new. */
export const TOKEN_USE_RESOLUTION_MS = 60_000;

export type TokenCommand =
  | { type: 'CreateToken'; tokenId: string; userId: string; userIsAdmin: boolean; input: TokenInput; tokenHash: string; prefix: string; now: string }
  | { type: 'RevokeToken'; tokenId: string; userId: string; now: string }
  | { type: 'RecordTokenUse'; tokenId: string; at: string };

export interface TokenCreatedData {
  tokenId: string;
  userId: string;
  name: string;
  scopes: TokenScope[];
  tokenHash: string;
  prefix: string;
  createdAt: string;
  /** null: never expires. */
  expiresAt: string | null;
}

export type TokenEvent =
  | { type: 'TokenCreated'; data: TokenCreatedData }
  | { type: 'TokenRevoked'; data: { tokenId: string; userId: string; at: string } }
  | { type: 'TokenUsed'; data: { tokenId: string; at: string } };

export const TOKEN_EVENT_TYPES = ['TokenCreated', 'TokenRevoked', 'TokenUsed'] as const;

interface TokenFacts {
  tokenId: string;
  ownerId: string;
  createdAt: string;
  scopes: TokenScope[];
  expiresAt: string | null;
  lastUsedAt: string | null;
}

export type TokenState = { status: 'none' } | ({ status: 'live' } & TokenFacts) | ({ status: 'revoked'; revokedAt: string } & TokenFacts);

const notFound = () => new AppError('not_found', TOKEN_MESSAGES.notFound, { reason: 'TOKEN_NOT_FOUND' });

export const expiryOf = (now: string, expiresInDays: number | null): string | null => (expiresInDays === null ? null : addDays(now, expiresInDays));

/** A use worth writing down: the first, or one at least TOKEN_USE_RESOLUTION_MS after the last. */
export const useWorthRecording = (lastUsedAt: string | null, at: string): boolean =>
  lastUsedAt === null || Date.parse(at) - Date.parse(lastUsedAt) >= TOKEN_USE_RESOLUTION_MS;

export const decideToken = (command: TokenCommand, state: TokenState): TokenEvent[] => {
  switch (command.type) {
    case 'CreateToken': {
      if (state.status !== 'none') throw new AppError('conflict', 'A token with this id already exists', { reason: 'TOKEN_EXISTS' });
      if (command.input.scopes.includes('admin') && !command.userIsAdmin)
        throw new AppError('validation', TOKEN_MESSAGES.adminScopeForAdmins, { field: 'scopes', reason: 'ADMIN_SCOPE' });
      const { input } = command;
      return [
        {
          type: 'TokenCreated',
          data: {
            tokenId: command.tokenId,
            userId: command.userId,
            name: input.name,
            scopes: input.scopes,
            tokenHash: command.tokenHash,
            prefix: command.prefix,
            createdAt: command.now,
            expiresAt: expiryOf(command.now, input.expiresInDays),
          },
        },
      ];
    }
    case 'RevokeToken': {
      if (state.status === 'none' || state.ownerId !== command.userId) throw notFound();
      // Revoking twice answers like revoking once.
      if (state.status === 'revoked') return [];
      return [{ type: 'TokenRevoked', data: { tokenId: state.tokenId, userId: command.userId, at: command.now } }];
    }
    case 'RecordTokenUse': {
      if (state.status !== 'live') return [];
      if (!useWorthRecording(state.lastUsedAt, command.at)) return [];
      return [{ type: 'TokenUsed', data: { tokenId: state.tokenId, at: command.at } }];
    }
    default:
      return assertNever(command, 'token command');
  }
};

export const evolveToken = (state: TokenState, event: TokenEvent): TokenState => {
  switch (event.type) {
    case 'TokenCreated': {
      const d = event.data;
      return { status: 'live', tokenId: d.tokenId, ownerId: d.userId, createdAt: d.createdAt, scopes: d.scopes, expiresAt: d.expiresAt, lastUsedAt: null };
    }
    case 'TokenRevoked':
      return state.status === 'live' ? { ...state, status: 'revoked', revokedAt: event.data.at } : state;
    case 'TokenUsed':
      return state.status === 'none' ? state : { ...state, lastUsedAt: event.data.at };
    default: {
      const _unknown: never = event;
      return state;
    }
  }
};

export const tokenDecider: Decider<TokenCommand, TokenEvent, TokenState> = {
  decide: decideToken,
  evolve: evolveToken,
  initialState: () => ({ status: 'none' }),
};

/** Why a presented token may not be used now, or null when it may. */
export type TokenRefusal = 'unknown' | 'revoked' | 'expired';

/**
 * `passwordChangedAt`: when the owner last set or reset their password. Such a change revokes the
 * owner's tokens by events; a token made before it is refused here too, so none survives even if
 * the list it was revoked from had not caught up.
 */
export const tokenRefusal = (state: TokenState, now: string, passwordChangedAt: string | null = null): TokenRefusal | null => {
  if (state.status === 'none') return 'unknown';
  if (passwordChangedAt !== null && Date.parse(state.createdAt) < Date.parse(passwordChangedAt)) return 'revoked';
  const status = tokenStatusOf({ revokedAt: state.status === 'revoked' ? state.revokedAt : null, expiresAt: state.expiresAt }, now);
  return status === 'active' ? null : status;
};
