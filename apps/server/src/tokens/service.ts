/**
 * Personal access tokens wired to the event store (core/tokens). The secret is made here (256
 * random bits, `rpt_` + base64url), shown once in the create answer, and only its SHA-256 is
 * stored: a copy of the events or the read database hands out no working token.
 *
 * `authenticate` finds a presented secret through the read model's hash column, then decides on
 * the token's own stream (revoked? expired?) and the owner's stream (still active? still admin?),
 * so a revocation or a role change applies to the very next request.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { ReadDb } from '@adapters/projections-sqlite';
import { listTokens, liveTokenCount, tokenIdByHash } from '@adapters/read-models/tokens';
import { handleCommand } from '@core/eventstore/command-handler';
import { loadState } from '@core/eventstore/load-state';
import type { EventStore, Position } from '@core/eventstore/types';
import { AppError } from '@core/shared/errors';
import { TOKEN_LIMITS, TOKEN_MESSAGES, tokenDecider, tokenRefusal, useWorthRecording, tokenStream, type TokenInput, type TokenRefusal, type TokenScope } from '@core/tokens';
import type { User } from '@core/users/state';
import { commandOptions, type CommandContext, type Written } from '../commands';

export const TOKEN_PREFIX = 'rpt_';
/** `rpt_` and 43 base64url characters (32 bytes). */
export const TOKEN_SHAPE = /^rpt_[A-Za-z0-9_-]{43}$/;

export const hashToken = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

export type Authenticated = { ok: true; user: User; tokenId: string; scopes: TokenScope[]; lastUsedAt: string | null } | { ok: false; refusal: TokenRefusal | 'inactive' };

export const createTokensService = (deps: { store: EventStore; db: () => ReadDb; clock: () => Date; loadUser: (id: string) => Promise<User | null> }) => {
  const { store, clock } = deps;
  const options = (ctx: CommandContext) => commandOptions(ctx, clock);

  return {
    async create(user: User, input: TokenInput, ctx: CommandContext): Promise<Written & { secret: string }> {
      const now = clock().toISOString();
      if (liveTokenCount(deps.db(), user.id, now) >= TOKEN_LIMITS.livePerUser)
        throw new AppError('conflict', TOKEN_MESSAGES.tooMany, { reason: 'TOO_MANY_TOKENS' });
      const tokenId = randomUUID();
      const secret = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const command = {
        type: 'CreateToken' as const,
        tokenId,
        userId: user.id,
        userIsAdmin: user.role === 'admin',
        input,
        tokenHash: hashToken(secret),
        prefix: secret.slice(0, TOKEN_PREFIX.length + 4),
        now,
      };
      const result = await handleCommand(store, tokenStream(tokenId), tokenDecider, command, { ...options(ctx), expectedRevision: 'no_stream' });
      return { id: tokenId, secret, position: result.position };
    },

    async revoke(userId: string, tokenId: string, ctx: CommandContext): Promise<Written> {
      const command = { type: 'RevokeToken' as const, tokenId, userId, now: clock().toISOString() };
      const result = await handleCommand(store, tokenStream(tokenId), tokenDecider, command, options(ctx));
      return { id: tokenId, position: result.position };
    },

    async authenticate(secret: string): Promise<Authenticated> {
      const tokenId = TOKEN_SHAPE.test(secret) ? tokenIdByHash(deps.db(), hashToken(secret)) : null;
      if (tokenId === null) return { ok: false, refusal: 'unknown' };
      const { state } = await loadState(store, tokenStream(tokenId), tokenDecider);
      if (state.status !== 'live') return { ok: false, refusal: tokenRefusal(state, clock().toISOString()) ?? 'unknown' };
      const user = await deps.loadUser(state.ownerId);
      if (user === null || !user.isActive) return { ok: false, refusal: 'inactive' };
      const refusal = tokenRefusal(state, clock().toISOString(), user.passwordChangedAt);
      if (refusal !== null) return { ok: false, refusal };
      return { ok: true, user, tokenId, scopes: state.scopes, lastUsedAt: state.lastUsedAt };
    },

    /**
     * Revokes every token of the user that still works (after a password change or reset): answers
     * how many, and the position to wait for. A token the list has not caught up with is refused
     * anyway (tokenRefusal compares it with the password's change).
     */
    async revokeAllOf(userId: string, ctx: CommandContext): Promise<{ revoked: number; position: Position | null }> {
      const now = clock().toISOString();
      let revoked = 0;
      let position: Position | null = null;
      for (const token of listTokens(deps.db(), userId, now)) {
        if (token.status !== 'active') continue;
        const result = await handleCommand(store, tokenStream(token.id), tokenDecider, { type: 'RevokeToken', tokenId: token.id, userId, now }, options(ctx));
        if (result.events.length > 0) revoked += 1;
        position = result.position ?? position;
      }
      return { revoked, position };
    },

    /** True when a use now is worth writing down (core/tokens useWorthRecording, as the decider decides). */
    useWorthRecording: (lastUsedAt: string | null): boolean => useWorthRecording(lastUsedAt, clock().toISOString()),

    /** Writes down the use (at most once a minute per token: the decider stays quiet otherwise). */
    async recordUse(tokenId: string, ctx: CommandContext): Promise<void> {
      await handleCommand(store, tokenStream(tokenId), tokenDecider, { type: 'RecordTokenUse', tokenId, at: clock().toISOString() }, options(ctx));
    },
  };
};

export type TokensService = ReturnType<typeof createTokensService>;
