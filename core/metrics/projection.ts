/**
 * The reply metrics read model, owned by core/metrics (ADR 0018; its queries are in
 * adapters/read-models/metrics.ts):
 *  - `reply_metrics`: the latest figures seen of each sent reply, with its owner and send time;
 *  - `reply_metrics_daily`: per reply and UTC day, the last figures seen that day. A day's gain of
 *    a reply is its figure that day minus its figure on the day it was last seen before (0 before
 *    the first): the dashboard's impressions per day are the sums of those gains.
 *
 * Observations may arrive out of order (two scheduler processes): a row keeps the later one.
 */
import type { RecordedEvent } from '@core/eventstore/types';
import type { Projection, SqlStatement } from '@core/shared/projection';
import { toMs } from '@core/scheduling/time';
import { utcDay } from './days';
import { engagementsOf, METRICS_EVENT_TYPES, type MetricsEvent } from './events';

type Recorded<E> = E extends { type: infer T extends string; data: infer D } ? RecordedEvent<T, D> : never;
export type RecordedMetricsEvent = Recorded<MetricsEvent>;

export const replyMetricsProjection: Projection<RecordedMetricsEvent> = {
  name: 'reply_metrics',
  version: 1,
  schema: [
    `CREATE TABLE reply_metrics (
      reply_id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL,
      post_id TEXT NOT NULL,
      sent_at TEXT NOT NULL,
      observed_at TEXT NOT NULL,
      impressions INTEGER NOT NULL,
      likes INTEGER NOT NULL,
      reposts INTEGER NOT NULL,
      replies INTEGER NOT NULL,
      quotes INTEGER NOT NULL,
      bookmarks INTEGER NOT NULL
    ) STRICT`,
    'CREATE INDEX reply_metrics_by_user ON reply_metrics (user_id, sent_at)',
    `CREATE TABLE reply_metrics_daily (
      reply_id TEXT NOT NULL,
      day TEXT NOT NULL,
      user_id TEXT NOT NULL,
      sent_at TEXT NOT NULL,
      observed_at TEXT NOT NULL,
      impressions INTEGER NOT NULL,
      engagements INTEGER NOT NULL,
      PRIMARY KEY (reply_id, day)
    ) STRICT`,
    'CREATE INDEX reply_metrics_daily_by_user ON reply_metrics_daily (user_id, sent_at)',
  ],
  handles: METRICS_EVENT_TYPES,
  project(event): SqlStatement[] {
    if (event.type !== 'ReplyMetricsObserved') return [];
    const { observedAt, observations } = event.data;
    const day = utcDay(toMs(observedAt, 'observedAt'));
    return observations.flatMap((o): SqlStatement[] => {
      const params = {
        reply_id: o.replyId,
        user_id: o.userId,
        post_id: o.postId,
        sent_at: o.sentAt,
        observed_at: observedAt,
        impressions: o.impressions,
        likes: o.likes,
        reposts: o.reposts,
        replies: o.replies,
        quotes: o.quotes,
        bookmarks: o.bookmarks,
      };
      return [
        {
          sql: `INSERT INTO reply_metrics (reply_id, user_id, post_id, sent_at, observed_at, impressions, likes, reposts, replies, quotes, bookmarks)
                VALUES (@reply_id, @user_id, @post_id, @sent_at, @observed_at, @impressions, @likes, @reposts, @replies, @quotes, @bookmarks)
                ON CONFLICT (reply_id) DO UPDATE SET observed_at = excluded.observed_at, impressions = excluded.impressions, likes = excluded.likes,
                  reposts = excluded.reposts, replies = excluded.replies, quotes = excluded.quotes, bookmarks = excluded.bookmarks
                WHERE excluded.observed_at >= reply_metrics.observed_at`,
          params,
        },
        {
          sql: `INSERT INTO reply_metrics_daily (reply_id, day, user_id, sent_at, observed_at, impressions, engagements)
                VALUES (@reply_id, @day, @user_id, @sent_at, @observed_at, @impressions, @engagements)
                ON CONFLICT (reply_id, day) DO UPDATE SET observed_at = excluded.observed_at, impressions = excluded.impressions, engagements = excluded.engagements
                WHERE excluded.observed_at >= reply_metrics_daily.observed_at`,
          params: { reply_id: o.replyId, day, user_id: o.userId, sent_at: o.sentAt, observed_at: observedAt, impressions: o.impressions, engagements: engagementsOf(o) },
        },
      ];
    });
  },
};
