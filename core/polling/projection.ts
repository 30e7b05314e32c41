/**
 * The `polling_settings` read model: one row per setting an admin changed, with who changed it
 * last and when (the event's metadata). Settings without a row hold their catalogue defaults; the
 * read module (adapters/read-models/polling.ts) merges the two through views.ts.
 */
import type { RecordedEvent } from '@core/eventstore/types';
import type { Projection, SqlStatement } from '@core/shared/projection';
import { POLLING_SETTINGS_EVENT_TYPES, type PollingSettingsEvent } from './settings';

type Recorded<E> = E extends { type: infer T extends string; data: infer D } ? RecordedEvent<T, D> : never;

export const pollingSettingsProjection: Projection<Recorded<PollingSettingsEvent>> = {
  name: 'polling_settings',
  version: 1,
  schema: [
    `CREATE TABLE polling_settings (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      updated_by TEXT
    )`,
  ],
  handles: POLLING_SETTINGS_EVENT_TYPES,
  project(event): SqlStatement[] {
    return [
      {
        sql: `INSERT INTO polling_settings (key, value, updated_at, updated_by) VALUES (@key, @value, @time, @actor)
              ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
        params: { key: event.data.key, value: event.data.value, time: event.metadata.time, actor: event.metadata.actor },
      },
    ];
  },
};
