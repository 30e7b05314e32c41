/**
 * Read model of the devices users get notifications on (`push_devices`): the Settings list and the
 * push job's recipients. Deciding (too many devices? known endpoint?) happens on the user's stream.
 */
import type { Projection, SqlStatement } from '@core/shared/projection';
import { assertNever } from '@core/shared/decider';
import type { Recorded } from '@core/templates/projection';
import { PUSH_EVENT_TYPES, type PushEvent } from './subscriptions';

export const pushDevicesProjection: Projection<Recorded<PushEvent>> = {
  name: 'push_devices',
  version: 1,
  schema: [
    `CREATE TABLE push_devices (
      user_id TEXT NOT NULL,
      endpoint TEXT NOT NULL,
      p256dh TEXT NOT NULL,
      auth TEXT NOT NULL,
      label TEXT NOT NULL,
      created_at TEXT NOT NULL,
      PRIMARY KEY (user_id, endpoint)
    ) STRICT`,
  ],
  handles: PUSH_EVENT_TYPES,
  project(event): SqlStatement[] {
    switch (event.type) {
      case 'PushSubscribed': {
        const d = event.data;
        return [
          {
            sql: `INSERT INTO push_devices (user_id, endpoint, p256dh, auth, label, created_at) VALUES (@user_id, @endpoint, @p256dh, @auth, @label, @at)
                  ON CONFLICT (user_id, endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth, label = excluded.label`,
            params: { user_id: d.userId, endpoint: d.endpoint, p256dh: d.p256dh, auth: d.auth, label: d.label, at: d.at },
          },
        ];
      }
      case 'PushUnsubscribed':
        return [{ sql: 'DELETE FROM push_devices WHERE user_id = @user_id AND endpoint = @endpoint', params: { user_id: event.data.userId, endpoint: event.data.endpoint } }];
      default:
        return assertNever(event, 'push event');
    }
  },
};
