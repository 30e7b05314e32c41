/**
 * Read model of personal access tokens (`access_tokens`): one row per token, for the Settings list
 * and for finding a presented token by its hash. The decision whether a token may be used is made
 * on its stream (tokens/service in the server), so a revocation applies at once.
 */
import type { Projection, SqlStatement } from '@core/shared/projection';
import { assertNever } from '@core/shared/decider';
import type { Recorded } from '@core/templates/projection';
import { TOKEN_EVENT_TYPES, type TokenEvent } from './token';

export const accessTokensProjection: Projection<Recorded<TokenEvent>> = {
  name: 'access_tokens',
  version: 1,
  schema: [
    `CREATE TABLE access_tokens (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL,
      name TEXT NOT NULL,
      scopes TEXT NOT NULL,
      token_hash TEXT NOT NULL UNIQUE,
      prefix TEXT NOT NULL,
      created_at TEXT NOT NULL,
      expires_at TEXT,
      last_used_at TEXT,
      revoked_at TEXT
    )`,
    'CREATE INDEX access_tokens_by_user ON access_tokens (user_id, created_at)',
  ],
  handles: TOKEN_EVENT_TYPES,
  project(event): SqlStatement[] {
    switch (event.type) {
      case 'TokenCreated': {
        const d = event.data;
        return [
          {
            sql: `INSERT INTO access_tokens (id, user_id, name, scopes, token_hash, prefix, created_at, expires_at)
                  VALUES (@id, @user_id, @name, @scopes, @token_hash, @prefix, @created_at, @expires_at)`,
            params: {
              id: d.tokenId,
              user_id: d.userId,
              name: d.name,
              scopes: JSON.stringify(d.scopes),
              token_hash: d.tokenHash,
              prefix: d.prefix,
              created_at: d.createdAt,
              expires_at: d.expiresAt,
            },
          },
        ];
      }
      case 'TokenRevoked':
        return [{ sql: 'UPDATE access_tokens SET revoked_at = @at WHERE id = @id', params: { id: event.data.tokenId, at: event.data.at } }];
      case 'TokenUsed':
        return [{ sql: 'UPDATE access_tokens SET last_used_at = @at WHERE id = @id', params: { id: event.data.tokenId, at: event.data.at } }];
      default:
        return assertNever(event, 'token event');
    }
  },
};
