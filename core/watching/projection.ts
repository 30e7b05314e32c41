/**
 * The watched posts read model: the new original posts of monitored accounts (`watched_posts`,
 * one row per post whatever how often it was seen) and each account's last read (`watched_accounts`:
 * when, the newest id read, the last post's time). The read module is adapters/read-models/watching.ts.
 */
import type { RecordedEvent } from '@core/eventstore/types';
import type { Projection, SqlStatement } from '@core/shared/projection';
import { WATCH_EVENT_TYPES, type WatchEvent } from './watch';

type Recorded<E> = E extends { type: infer T extends string; data: infer D } ? RecordedEvent<T, D> : never;

export const watchedPostsProjection: Projection<Recorded<WatchEvent>> = {
  name: 'watched_posts',
  version: 1,
  schema: [
    `CREATE TABLE watched_posts (
      account_id TEXT NOT NULL,
      post_id TEXT NOT NULL,
      posted_at TEXT NOT NULL,
      seen_at TEXT NOT NULL,
      PRIMARY KEY (account_id, post_id)
    ) STRICT`,
    'CREATE INDEX watched_posts_by_seen ON watched_posts (seen_at)',
    `CREATE TABLE watched_accounts (
      account_id TEXT PRIMARY KEY,
      last_polled_at TEXT NOT NULL,
      newest_id TEXT,
      last_post_at TEXT
    ) STRICT`,
  ],
  handles: WATCH_EVENT_TYPES,
  project(event): SqlStatement[] {
    switch (event.type) {
      case 'WatchedPostSeen':
        return [
          {
            sql: `INSERT INTO watched_posts (account_id, post_id, posted_at, seen_at) VALUES (@account, @post, @posted, @seen)
                  ON CONFLICT (account_id, post_id) DO NOTHING`,
            params: { account: event.data.accountId, post: event.data.postId, posted: event.data.postedAt, seen: event.data.seenAt },
          },
          {
            sql: `INSERT INTO watched_accounts (account_id, last_polled_at, newest_id, last_post_at) VALUES (@account, @seen, NULL, @posted)
                  ON CONFLICT (account_id) DO UPDATE SET last_post_at = MAX(COALESCE(last_post_at, ''), excluded.last_post_at)`,
            params: { account: event.data.accountId, posted: event.data.postedAt, seen: event.data.seenAt },
          },
        ];
      case 'AccountPolled':
        return [
          {
            sql: `INSERT INTO watched_accounts (account_id, last_polled_at, newest_id) VALUES (@account, @at, @newest)
                  ON CONFLICT (account_id) DO UPDATE SET last_polled_at = MAX(last_polled_at, excluded.last_polled_at),
                    newest_id = COALESCE(excluded.newest_id, newest_id)`,
            params: { account: event.data.accountId, at: event.data.at, newest: event.data.newestId },
          },
        ];
      default:
        return [];
    }
  },
};
