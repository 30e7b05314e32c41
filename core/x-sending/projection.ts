/**
 * The installation's sending state (`x_sending`, one row). The read module is
 * adapters/read-models/x-sending.ts.
 */
import type { RecordedEvent } from '@core/eventstore/types';
import type { Projection, SqlStatement } from '@core/shared/projection';
import { X_SENDING_EVENT_TYPES, type XSendingEvent } from './sending';

type Recorded<E> = E extends { type: infer T extends string; data: infer D } ? RecordedEvent<T, D> : never;

export const xSendingProjection: Projection<Recorded<XSendingEvent>> = {
  name: 'x_sending',
  version: 1,
  schema: [
    `CREATE TABLE x_sending (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      state TEXT NOT NULL,
      reason TEXT,
      detail TEXT,
      since TEXT,
      resumed_at TEXT
    ) STRICT`,
  ],
  handles: X_SENDING_EVENT_TYPES,
  project(event): SqlStatement[] {
    switch (event.type) {
      case 'XSendingPaused':
        return [
          {
            sql: `INSERT INTO x_sending (id, state, reason, detail, since, resumed_at) VALUES (1, 'paused', @reason, @detail, @at, NULL)
                  ON CONFLICT (id) DO UPDATE SET state = 'paused', reason = excluded.reason, detail = excluded.detail, since = excluded.since, resumed_at = NULL`,
            params: { reason: event.data.reason, detail: event.data.detail, at: event.data.at },
          },
        ];
      case 'XSendingResumed':
        return [
          {
            sql: `INSERT INTO x_sending (id, state, reason, detail, since, resumed_at) VALUES (1, 'on', NULL, NULL, NULL, @at)
                  ON CONFLICT (id) DO UPDATE SET state = 'on', reason = NULL, detail = NULL, since = NULL, resumed_at = excluded.resumed_at`,
            params: { at: event.data.at },
          },
        ];
      default:
        return [];
    }
  },
};
