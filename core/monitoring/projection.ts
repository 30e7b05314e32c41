/**
 * The `monitored_accounts` read model (one row per live account; a deleted account's row goes,
 * so counts such as the dashboard's `monitored_accounts(user_id)` stay true). Schedules and
 * replies keep the target's username themselves, so history does not need the row.
 *
 * Columns follow spec §3 in snake_case; booleans are 0/1; createdAt/updatedAt come from the
 * events' metadata time. `username_key` is the lower-cased username for lookups; uniqueness is the
 * reservation stream's job, not an index's.
 */
import type { RecordedEvent } from '@core/eventstore/types';
import type { Projection, SqlStatement } from '@core/shared/projection';
import { assertNever } from '@core/shared/decider';
import { MONITORED_ACCOUNT_EVENT_TYPES, type MonitoredAccountEvent } from './account';
import { usernameKey } from './username';

type Recorded<E> = E extends { type: infer T extends string; data: infer D } ? RecordedEvent<T, D> : never;

const bit = (b: boolean): number => (b ? 1 : 0);

export const MONITORED_ACCOUNTS_TABLE = 'monitored_accounts';

export const monitoredAccountsProjection: Projection<Recorded<MonitoredAccountEvent>> = {
  name: 'monitored_accounts',
  version: 2,
  schema: [
    `CREATE TABLE monitored_accounts (
      id TEXT PRIMARY KEY,
      username TEXT NOT NULL,
      username_key TEXT NOT NULL,
      display_name TEXT NOT NULL,
      profile_picture TEXT,
      bio TEXT,
      topic_keyword TEXT,
      x_user_id TEXT,
      is_active INTEGER NOT NULL,
      should_monitor INTEGER NOT NULL,
      monitoring_interval INTEGER NOT NULL,
      monitoring_tier TEXT NOT NULL,
      visible_to_legacy INTEGER NOT NULL,
      visible_to_normal INTEGER NOT NULL,
      admin_only INTEGER NOT NULL,
      user_only INTEGER NOT NULL,
      added_by_owner INTEGER NOT NULL,
      source TEXT NOT NULL,
      approval TEXT NOT NULL,
      user_id TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    )`,
    'CREATE INDEX monitored_accounts_by_username ON monitored_accounts (username_key)',
    'CREATE INDEX monitored_accounts_by_user ON monitored_accounts (user_id)',
    'CREATE INDEX monitored_accounts_unresolved ON monitored_accounts (x_user_id) WHERE x_user_id IS NULL',
  ],
  handles: MONITORED_ACCOUNT_EVENT_TYPES,
  project(event): SqlStatement[] {
    const time = event.metadata.time;
    const update = (set: string, params: Record<string, unknown>): SqlStatement[] => [
      { sql: `UPDATE monitored_accounts SET ${set}, updated_at = @time WHERE id = @id`, params: { ...params, id: event.data.accountId, time } },
    ];
    switch (event.type) {
      case 'MonitoredAccountAdded': {
        const d = event.data;
        return [
          {
            sql: `INSERT INTO monitored_accounts (id, username, username_key, display_name, profile_picture, bio, topic_keyword, x_user_id,
                    is_active, should_monitor, monitoring_interval, monitoring_tier, visible_to_legacy, visible_to_normal, admin_only,
                    user_only, added_by_owner, source, approval, user_id, created_at, updated_at)
                  VALUES (@id, @username, @username_key, @display_name, @profile_picture, @bio, @topic_keyword, @x_user_id,
                    @is_active, @should_monitor, @monitoring_interval, @monitoring_tier, @visible_to_legacy, @visible_to_normal, @admin_only,
                    @user_only, @added_by_owner, @source, @approval, @user_id, @time, @time)`,
            params: {
              id: d.accountId,
              username: d.username,
              username_key: usernameKey(d.username),
              display_name: d.displayName,
              profile_picture: d.profilePicture,
              bio: d.bio,
              topic_keyword: d.topicKeyword,
              x_user_id: d.xUserId,
              is_active: bit(d.isActive),
              should_monitor: bit(d.shouldMonitor),
              monitoring_interval: d.monitoringInterval,
              monitoring_tier: d.monitoringTier,
              visible_to_legacy: bit(d.visibleToLegacy),
              visible_to_normal: bit(d.visibleToNormal),
              admin_only: bit(d.adminOnly),
              user_only: bit(d.userOnly),
              added_by_owner: bit(d.addedByOwner),
              source: d.source,
              approval: d.approval ?? 'approved',
              user_id: d.userId,
              time,
            },
          },
        ];
      }
      case 'MonitoredAccountEdited': {
        const d = event.data;
        return update(
          `username = @username, username_key = @username_key, display_name = @display_name, profile_picture = @profile_picture,
           bio = @bio, topic_keyword = @topic_keyword, x_user_id = @x_user_id, is_active = @is_active, user_only = @user_only`,
          {
            username: d.username,
            username_key: usernameKey(d.username),
            display_name: d.displayName,
            profile_picture: d.profilePicture,
            bio: d.bio,
            topic_keyword: d.topicKeyword,
            x_user_id: d.xUserId,
            is_active: bit(d.isActive),
            user_only: bit(d.userOnly),
          },
        );
      }
      case 'MonitoredAccountVisibilityChanged':
        return update('visible_to_legacy = @legacy, visible_to_normal = @normal, admin_only = @admin_only', {
          legacy: bit(event.data.visibleToLegacy),
          normal: bit(event.data.visibleToNormal),
          admin_only: bit(event.data.adminOnly),
        });
      case 'MonitoringScheduleChanged':
        return update('monitoring_tier = @tier, monitoring_interval = @interval', {
          tier: event.data.monitoringTier,
          interval: event.data.monitoringInterval,
        });
      case 'MonitoredAccountApproved':
        return update("approval = 'approved'", {});
      case 'MonitoringPaused':
        return update('should_monitor = 0', {});
      case 'MonitoringResumed':
        return update('should_monitor = 1', {});
      case 'MonitoredAccountXUserResolved':
        return update('x_user_id = @x_user_id, profile_picture = @profile_picture, bio = @bio', {
          x_user_id: event.data.xUserId,
          profile_picture: event.data.profilePicture,
          bio: event.data.bio,
        });
      case 'MonitoredAccountDeleted':
        return [{ sql: 'DELETE FROM monitored_accounts WHERE id = @id', params: { id: event.data.accountId } }];
      default:
        return assertNever(event, 'monitored account event');
    }
  },
};
