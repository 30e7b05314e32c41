/**
 * The watched posts read model: its projections (core/watching/projection.ts, the `watched_posts`
 * and `watched_accounts` tables; core/watching/reads-projection.ts, `x_read_days`) and every query
 * over them (ADR 0018).
 */
import type { ReadDb } from '@adapters/projections-sqlite';
import { lastDays, readDayView, watchedPostsProjection, xReadDaysProjection, type ReadDayView, type WatchedPost } from '@core/watching';

export { watchedPostsProjection, xReadDaysProjection };

/** The reads counter for the `days` UTC days up to `today`, newest first (a day without reads counts zero). */
export const xReadDays = (db: ReadDb, today: string, days: number): ReadDayView[] => {
  const wanted = lastDays(today, days);
  const rows = new Map(
    db
      .prepare<[string, string], { day: string; timeline_requests: number; search_requests: number; posts: number }>(
        'SELECT day, timeline_requests, search_requests, posts FROM x_read_days WHERE day BETWEEN ? AND ?',
      )
      .all(wanted.at(-1) ?? today, today)
      .map((r) => [r.day, { timelineRequests: r.timeline_requests, searchRequests: r.search_requests, posts: r.posts }]),
  );
  return wanted.map((day) => readDayView(day, rows.get(day)));
};

export interface WatchStatus {
  lastPolledAt: string;
  newestId: string | null;
  lastPostAt: string | null;
}

/** Each read account's last read, newest id read and last post. */
export const watchStatuses = (db: ReadDb): Map<string, WatchStatus> =>
  new Map(
    db
      .prepare<[], { account_id: string; last_polled_at: string; newest_id: string | null; last_post_at: string | null }>(
        'SELECT account_id, last_polled_at, newest_id, last_post_at FROM watched_accounts',
      )
      .all()
      .map((r) => [r.account_id, { lastPolledAt: r.last_polled_at, newestId: r.newest_id, lastPostAt: r.last_post_at }]),
  );

/** New original posts first seen at or after `since`, oldest first. */
export const watchedPostsSince = (db: ReadDb, since: string): WatchedPost[] =>
  db
    .prepare<[string], { account_id: string; post_id: string; posted_at: string; seen_at: string }>(
      'SELECT account_id, post_id, posted_at, seen_at FROM watched_posts WHERE seen_at >= ? ORDER BY posted_at, post_id',
    )
    .all(since)
    .map((r) => ({ accountId: r.account_id, postId: r.post_id, postedAt: r.posted_at, seenAt: r.seen_at }));
