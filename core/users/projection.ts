/**
 * Read model of users: one row per user in `users`, for lookups at sign-in (username_lower,
 * email_lower, x_user_id), the admin lists and the scheduler's trial sweep (trial_ends_at).
 * Events carry resulting values, so each statement sets columns rather than adding to them.
 * Booleans are 0/1 and instants ISO strings; the queries (adapters/read-models/users.ts) turn a row
 * back into a user.
 */
import type { RecordedEvent } from '@core/eventstore/types';
import { assertNever } from '@core/shared/decider';
import type { Projection, SqlStatement } from '@core/shared/projection';
import { TRIAL_REPLIES } from './constants';
import { USER_EVENT_TYPES, type ProfileChanges, type UserEvent } from './events';
import type { PreferenceChanges } from './preferences';
import { emailReservationKey, userIdFromStream, usernameReservationKey } from './streams';
import { trialEndsAt } from './tier';

const schema = [
  `CREATE TABLE users (
     id TEXT PRIMARY KEY,
     username TEXT NOT NULL,
     username_lower TEXT NOT NULL UNIQUE,
     email TEXT,
     email_lower TEXT,
     full_name TEXT,
     name TEXT,
     password_hash TEXT,
     x_user_id TEXT,
     role TEXT NOT NULL,
     is_active INTEGER NOT NULL,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL,
     created_by TEXT,
     last_login TEXT,
     password_change_required INTEGER NOT NULL,
     replies_remaining INTEGER NOT NULL,
     is_premium INTEGER NOT NULL,
     trial_active INTEGER NOT NULL,
     trial_ends_at TEXT NOT NULL,
     subscription_id TEXT,
     subscription_status TEXT,
     subscription_end_date TEXT,
     subscribed_to_updates INTEGER NOT NULL,
     profile_picture TEXT,
     time_zone TEXT NOT NULL,
     permissions TEXT NOT NULL,
     email_on_failed_reply INTEGER NOT NULL DEFAULT 1,
     weekly_summary INTEGER NOT NULL DEFAULT 1,
     hourly_cap INTEGER,
     default_style TEXT
   ) STRICT`,
  'CREATE INDEX users_by_email ON users (email_lower)',
  'CREATE INDEX users_by_x_user_id ON users (x_user_id)',
  'CREATE INDEX users_by_created_at ON users (created_at, id)',
  'CREATE INDEX users_trial_sweep ON users (trial_ends_at) WHERE trial_active = 1',
  // Deleted accounts whose events are not erased yet (ADR 0028): the erasure job's list.
  'CREATE TABLE users_pending_erasure (user_id TEXT PRIMARY KEY, deleted_at TEXT NOT NULL) STRICT',
];

const bit = (b: boolean): number => (b ? 1 : 0);

/** Column and value for each profile field an update may change. */
const profileColumns = (changes: ProfileChanges): Record<string, unknown> => {
  const cols: Record<string, unknown> = {};
  if (changes.username !== undefined) {
    cols.username = changes.username;
    cols.username_lower = usernameReservationKey(changes.username);
  }
  if (changes.email !== undefined) {
    cols.email = changes.email;
    cols.email_lower = changes.email === null ? null : emailReservationKey(changes.email);
  }
  if (changes.fullName !== undefined) cols.full_name = changes.fullName;
  if (changes.name !== undefined) cols.name = changes.name;
  if (changes.profilePicture !== undefined) cols.profile_picture = changes.profilePicture;
  if (changes.timeZone !== undefined) cols.time_zone = changes.timeZone;
  return cols;
};

const preferenceColumns = (changes: PreferenceChanges): Record<string, unknown> => {
  const cols: Record<string, unknown> = {};
  if (changes.emailOnFailedReply !== undefined) cols.email_on_failed_reply = bit(changes.emailOnFailedReply);
  if (changes.weeklySummary !== undefined) cols.weekly_summary = bit(changes.weeklySummary);
  if (changes.subscribedToUpdates !== undefined) cols.subscribed_to_updates = bit(changes.subscribedToUpdates);
  if (changes.hourlyCap !== undefined) cols.hourly_cap = changes.hourlyCap;
  if (changes.defaultStyle !== undefined) cols.default_style = changes.defaultStyle;
  return cols;
};

/** UPDATE users SET <columns> WHERE id = @id, with named parameters. */
const update = (id: string, columns: Record<string, unknown>): SqlStatement[] => {
  const names = Object.keys(columns);
  if (names.length === 0) return [];
  const set = names.map((c) => `${c} = @${c}`).join(', ');
  return [{ sql: `UPDATE users SET ${set} WHERE id = @id`, params: { ...columns, id } }];
};


const project = (recorded: RecordedEvent): SqlStatement[] => {
  const event = { type: recorded.type, data: recorded.data } as UserEvent;
  if (event.type === 'UserRegistered') {
    const d = event.data;
    return [
      {
        sql: `INSERT INTO users (id, username, username_lower, email, email_lower, full_name, name, password_hash,
                x_user_id, role, is_active, created_at, updated_at, created_by, last_login, password_change_required,
                replies_remaining, is_premium, trial_active, trial_ends_at, subscription_id, subscription_status,
                subscription_end_date, subscribed_to_updates, profile_picture, time_zone, permissions)
              VALUES (@id, @username, @username_lower, @email, @email_lower, @full_name, NULL, @password_hash,
                @x_user_id, @role, 1, @at, @at, @created_by, NULL, @password_change_required,
                @replies_remaining, 0, 1, @trial_ends_at, NULL, NULL, NULL, 0, NULL, @time_zone, '[]')`,
        params: {
          id: d.id,
          username: d.username,
          username_lower: usernameReservationKey(d.username),
          email: d.email,
          email_lower: d.email === null ? null : emailReservationKey(d.email),
          full_name: d.fullName,
          password_hash: d.passwordHash,
          x_user_id: d.xUserId,
          role: d.role,
          at: d.at,
          created_by: d.createdBy,
          password_change_required: bit(d.passwordChangeRequired),
          replies_remaining: TRIAL_REPLIES,
          trial_ends_at: trialEndsAt({ createdAt: d.at }),
          time_zone: d.timeZone,
        },
      },
    ];
  }
  const id = userIdFromStream(recorded.streamName);
  if (id === null) return []; // a user event on a foreign stream is not ours to show
  switch (event.type) {
    case 'UserLoggedIn':
      return update(id, { last_login: event.data.at });
    case 'PasswordChanged':
      return update(id, { password_hash: event.data.passwordHash, password_change_required: 0, updated_at: event.data.at });
    case 'ProfileUpdated':
      return update(id, { ...profileColumns(event.data.changes), updated_at: event.data.at });
    case 'EmailSet':
      return update(id, {
        email: event.data.email,
        email_lower: emailReservationKey(event.data.email),
        subscribed_to_updates: bit(event.data.subscribedToUpdates),
        updated_at: event.data.at,
      });
    case 'RoleChanged':
      return update(id, { role: event.data.role, updated_at: event.data.at });
    case 'PermissionGranted':
      return [
        {
          sql: `UPDATE users SET permissions = json_insert(permissions, '$[#]', @permission), updated_at = @at
                WHERE id = @id AND NOT EXISTS (SELECT 1 FROM json_each(users.permissions) WHERE value = @permission)`,
          params: { id, permission: event.data.permission, at: event.data.at },
        },
      ];
    case 'PermissionRevoked':
      return [
        {
          sql: `UPDATE users SET updated_at = @at, permissions =
                  (SELECT json_group_array(value) FROM json_each(users.permissions) WHERE value <> @permission)
                WHERE id = @id`,
          params: { id, permission: event.data.permission, at: event.data.at },
        },
      ];
    case 'TrialReplyUsed':
      return update(id, { replies_remaining: event.data.repliesRemaining, updated_at: event.data.at });
    case 'TrialReplyRefunded':
      return update(id, { replies_remaining: event.data.repliesRemaining, trial_active: event.data.trialActive ? 1 : 0, updated_at: event.data.at });
    case 'TrialEnded':
      return update(id, { trial_active: 0, updated_at: event.data.at });
    case 'PremiumActivated':
      return update(id, {
        is_premium: 1,
        subscription_id: event.data.subscriptionId,
        subscription_status: 'active',
        subscription_end_date: event.data.until,
        updated_at: event.data.at,
      });
    case 'PremiumEnded':
      return update(id, { is_premium: 0, subscription_status: event.data.reason, updated_at: event.data.at });
    case 'UserDeactivated':
      return update(id, { is_active: 0, updated_at: event.data.at });
    case 'UserReactivated':
      return update(id, { is_active: 1, updated_at: event.data.at });
    case 'PreferencesChanged':
      return update(id, { ...preferenceColumns(event.data.changes), updated_at: event.data.at });
    case 'PasswordResetRequested':
      return []; // the pending link lives in the stream only
    case 'PasswordResetCompleted':
      return update(id, { password_hash: event.data.passwordHash, password_change_required: 0, updated_at: event.data.at });
    case 'AccountDeleted':
      // The person is gone from the read model; the row is not kept even without its fields.
      return [
        { sql: 'DELETE FROM users WHERE id = @id', params: { id } },
        { sql: 'INSERT OR IGNORE INTO users_pending_erasure (user_id, deleted_at) VALUES (@id, @at)', params: { id, at: event.data.at } },
      ];
    case 'AccountErased':
      return [{ sql: 'DELETE FROM users_pending_erasure WHERE user_id = @id', params: { id } }];
    default:
      return assertNever(event, 'user event');
  }
};

export const usersProjection: Projection = {
  name: 'users',
  version: 2,
  schema,
  handles: USER_EVENT_TYPES,
  project,
};
