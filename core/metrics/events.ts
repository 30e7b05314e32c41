/**
 * What Riposte saw of its sent replies on X: their public metrics at a moment. These are facts
 * read from X, not decisions, and they are still events (docs/adr/0025-reply-metrics-as-events.md):
 * the read model is rebuilt from them like every other, and the dashboard's daily figures are the
 * growth between observations, which only a history of observations can give.
 *
 * One event carries one read of X (at most 100 replies), on the stream of the UTC day it was made
 * (`reply-metrics-<YYYY-MM-DD>`, appended with 'any': reads never conflict).
 */
import { AppError } from '@core/shared/errors';
import { toInstant, toMs, type Instant } from '@core/scheduling/time';
import { X_METRICS_IDS_PER_READ, type XPublicCounts } from '@core/x/types';
import { utcDay } from './days';

/** A reply's counts as X showed them (X's public_metrics). */
export type ReplyMetrics = XPublicCounts;

export interface ReplyObservation extends ReplyMetrics {
  replyId: string;
  /** The reply's owner: the read model answers per user without asking the replies model. */
  userId: string;
  /** The reply's own post on X. */
  postId: string;
  sentAt: Instant;
}

export type MetricsEvent = { type: 'ReplyMetricsObserved'; data: { observedAt: Instant; observations: ReplyObservation[] } };

export const METRICS_EVENT_TYPES = ['ReplyMetricsObserved'] as const;

export const metricsStream = (observedAt: string): string => `reply-metrics-${utcDay(toMs(observedAt, 'observedAt'))}`;

const COUNTS = ['impressions', 'likes', 'reposts', 'replies', 'quotes', 'bookmarks'] as const satisfies readonly (keyof ReplyMetrics)[];

/** Likes, reposts, replies, quotes and bookmarks: what the engagement rate counts. */
export const engagementsOf = (m: ReplyMetrics): number => m.likes + m.reposts + m.replies + m.quotes + m.bookmarks;

/**
 * The event recording one read of X; nothing when X answered for none of the replies. Counts are
 * whole and never negative, and one read holds at most X's 100 ids, each reply once.
 */
export const recordObservations = (observedAt: string, observations: readonly ReplyObservation[]): MetricsEvent[] => {
  if (observations.length === 0) return [];
  if (observations.length > X_METRICS_IDS_PER_READ) throw new AppError('internal', `One metrics read holds at most ${X_METRICS_IDS_PER_READ} replies`);
  const ids = new Set<string>();
  for (const o of observations) {
    if (ids.has(o.replyId)) throw new AppError('internal', `Reply ${o.replyId} observed twice in one read`);
    ids.add(o.replyId);
    for (const key of COUNTS) {
      if (!Number.isSafeInteger(o[key]) || o[key] < 0) throw new AppError('internal', `The ${key} of reply ${o.replyId} is not a count: ${o[key]}`);
    }
  }
  const at = toInstant(toMs(observedAt, 'observedAt'));
  return [
    {
      type: 'ReplyMetricsObserved',
      data: { observedAt: at, observations: observations.map((o) => ({ ...o, sentAt: toInstant(toMs(o.sentAt, 'sentAt')) })) },
    },
  ];
};
