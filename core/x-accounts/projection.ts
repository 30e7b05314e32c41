/**
 * The `connected_accounts` read model: one row per connected X account, deleted on disconnect (a
 * disconnected account is gone from every list; schedules keep the id they were given). No token
 * column: tokens stay in the account's own stream, sealed, and are opened only where a call to X
 * needs them. `has_secret` is 0 after an auth failure, which the spec reads as "authentication
 * issue" (absence of xAccessSecret).
 */
import type { RecordedEvent } from '@core/eventstore/types';
import type { Projection, SqlStatement } from '@core/shared/projection';
import { assertNever } from '@core/shared/decider';
import { subscriptionOf, X_ACCOUNT_EVENT_TYPES, type XAccountEvent } from './account';

type Recorded<E> = E extends { type: infer T extends string; data: infer D } ? RecordedEvent<T, D> : never;

export const CONNECTED_ACCOUNTS_TABLE = 'connected_accounts';

export const connectedAccountsProjection: Projection<Recorded<XAccountEvent>> = {
  name: 'connected_accounts',
  version: 2,
  schema: [
    `CREATE TABLE connected_accounts (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL,
      username TEXT NOT NULL,
      display_name TEXT NOT NULL,
      profile_picture TEXT,
      x_user_id TEXT NOT NULL,
      x_subscription TEXT,
      is_active INTEGER NOT NULL,
      token_expires_at TEXT,
      has_secret INTEGER NOT NULL,
      auth_failed_at TEXT,
      auth_failure TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    ) STRICT`,
    'CREATE INDEX connected_accounts_by_user ON connected_accounts (user_id, created_at)',
    'CREATE INDEX connected_accounts_by_x_user ON connected_accounts (x_user_id)',
  ],
  handles: X_ACCOUNT_EVENT_TYPES,
  project(event): SqlStatement[] {
    const time = event.metadata.time;
    switch (event.type) {
      case 'XAccountConnected': {
        const d = event.data;
        return [
          {
            sql: `INSERT OR REPLACE INTO connected_accounts (id, user_id, username, display_name, profile_picture, x_user_id, x_subscription, is_active,
                    token_expires_at, has_secret, auth_failed_at, auth_failure, created_at, updated_at)
                  VALUES (@id, @user_id, @username, @display_name, @profile_picture, @x_user_id, @x_subscription, 1, @token_expires_at, 1, NULL, NULL, @time, @time)`,
            params: {
              id: d.accountId,
              user_id: d.userId,
              username: d.username,
              display_name: d.displayName,
              profile_picture: d.profilePicture,
              x_user_id: d.xUserId,
              x_subscription: subscriptionOf(d),
              token_expires_at: d.tokenExpiresAt,
              time,
            },
          },
        ];
      }
      case 'XAccountReconnected': {
        const d = event.data;
        return [
          {
            sql: `UPDATE connected_accounts SET username = @username, display_name = @display_name, profile_picture = @profile_picture,
                    x_subscription = @x_subscription, is_active = 1, has_secret = 1, auth_failed_at = NULL, auth_failure = NULL, updated_at = @time WHERE id = @id`,
            params: {
              id: d.accountId,
              username: d.username,
              display_name: d.displayName,
              profile_picture: d.profilePicture,
              x_subscription: subscriptionOf(d),
              time,
            },
          },
        ];
      }
      case 'XAccountAuthFailed':
        return [
          {
            sql: 'UPDATE connected_accounts SET has_secret = 0, auth_failed_at = @at, auth_failure = @reason, updated_at = @time WHERE id = @id',
            params: { id: event.data.accountId, at: event.data.at, reason: event.data.reason, time },
          },
        ];
      case 'XAccountDisconnected':
        return [{ sql: 'DELETE FROM connected_accounts WHERE id = @id', params: { id: event.data.accountId } }];
      default:
        return assertNever(event, 'X account event');
    }
  },
};
