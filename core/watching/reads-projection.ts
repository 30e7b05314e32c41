/**
 * The reads counter's read model: requests and posts per UTC day (`x_read_days`), summed from the
 * `XReadsCounted` tallies (core/watching/reads.ts). The read module is adapters/read-models/watching.ts.
 */
import type { RecordedEvent } from '@core/eventstore/types';
import type { Projection, SqlStatement } from '@core/shared/projection';
import { READS_EVENT_TYPES, type ReadsEvent } from './reads';

type Recorded<E> = E extends { type: infer T extends string; data: infer D } ? RecordedEvent<T, D> : never;

export const xReadDaysProjection: Projection<Recorded<ReadsEvent>> = {
  name: 'x_read_days',
  version: 1,
  schema: [
    `CREATE TABLE x_read_days (
      day TEXT PRIMARY KEY,
      timeline_requests INTEGER NOT NULL,
      search_requests INTEGER NOT NULL,
      posts INTEGER NOT NULL
    ) STRICT`,
  ],
  handles: READS_EVENT_TYPES,
  project(event): SqlStatement[] {
    switch (event.type) {
      case 'XReadsCounted':
        return [
          {
            sql: `INSERT INTO x_read_days (day, timeline_requests, search_requests, posts) VALUES (@day, @timeline, @search, @posts)
                  ON CONFLICT (day) DO UPDATE SET timeline_requests = timeline_requests + excluded.timeline_requests,
                    search_requests = search_requests + excluded.search_requests, posts = posts + excluded.posts`,
            params: { day: event.data.day, timeline: event.data.timelineRequests, search: event.data.searchRequests, posts: event.data.posts },
          },
        ];
      default:
        return [];
    }
  },
};
