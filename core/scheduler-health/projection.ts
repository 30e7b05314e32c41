/**
 * The scheduler processes' latest heartbeats (`scheduler_processes`). The read module is
 * adapters/read-models/scheduler-health.ts.
 */
import type { RecordedEvent } from '@core/eventstore/types';
import type { Projection, SqlStatement } from '@core/shared/projection';
import { SCHEDULER_HEALTH_EVENT_TYPES, type SchedulerHealthEvent } from './heartbeat';

type Recorded<E> = E extends { type: infer T extends string; data: infer D } ? RecordedEvent<T, D> : never;

export const schedulerProcessesProjection: Projection<Recorded<SchedulerHealthEvent>> = {
  name: 'scheduler_processes',
  version: 1,
  schema: [
    `CREATE TABLE scheduler_processes (
      process_id TEXT PRIMARY KEY,
      kind TEXT NOT NULL,
      host TEXT NOT NULL,
      pid INTEGER NOT NULL,
      started_at TEXT NOT NULL,
      last_tick_at TEXT NOT NULL,
      ticks INTEGER NOT NULL
    ) STRICT`,
  ],
  handles: SCHEDULER_HEALTH_EVENT_TYPES,
  project(event): SqlStatement[] {
    switch (event.type) {
      case 'SchedulerHeartbeat': {
        const d = event.data;
        return [
          {
            // A late beat never moves a process back in time.
            sql: `INSERT INTO scheduler_processes (process_id, kind, host, pid, started_at, last_tick_at, ticks)
                  VALUES (@id, @kind, @host, @pid, @started, @at, @ticks)
                  ON CONFLICT (process_id) DO UPDATE SET last_tick_at = MAX(last_tick_at, excluded.last_tick_at), ticks = MAX(ticks, excluded.ticks)`,
            params: { id: d.processId, kind: d.kind, host: d.host, pid: d.pid, started: d.startedAt, at: d.at, ticks: d.ticks },
          },
        ];
      }
      default:
        return [];
    }
  },
};
