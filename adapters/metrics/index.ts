/**
 * The metrics refresh job `metrics:refresh`: reads the public metrics of recently sent replies
 * from X (core/metrics/refresh.ts says which, and how often by age), 100 ids per read with the
 * app's credentials, and records each read as one `ReplyMetricsObserved` event (ADR 0026). The
 * dashboard's Impressions Today, Engagement Rate and chart come from the read model those feed.
 *
 * X's answer 429 holds every read until the reset X gave (at least a minute); another failure holds
 * them a minute, doubling up to half an hour. Replies this process read recently are not asked
 * again before the read model shows it.
 */
import { randomUUID } from 'node:crypto';
import type { ReadDb } from '@adapters/projections-sqlite';
import { lastObservedAt } from '@adapters/read-models/metrics';
import { sentRepliesSince } from '@adapters/read-models/replies';
import type { SchedulerJob } from '@adapters/scheduler';
import { SCHEDULER_ACTOR, type EventStore } from '@core/eventstore/types';
import { metricsStream, recordObservations, REFRESH_WINDOW_MS, repliesToRefresh, type ReplyObservation, type SentReplyRef } from '@core/metrics';
import { isXError, type XReader } from '@core/x';

export const METRICS_JOB = 'metrics:refresh';

const MIN_BACKOFF_MS = 60_000;
const MAX_BACKOFF_MS = 30 * 60_000;
/** Reads per check at most (100 replies each); the rest are read at the next checks. */
const MAX_READS_PER_CHECK = 50;
/**
 * How often the job looks for due replies: the finest interval is 15 minutes, so looking every
 * scheduler tick (a second) would only scan the week's sent replies for nothing.
 */
export const METRICS_CHECK_EVERY_MS = 30_000;

export interface MetricsLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MetricsDeps {
  store: EventStore;
  db: () => ReadDb;
  /** Null when X is not configured: nothing is read. */
  x: Pick<XReader, 'postMetrics'> | null;
  clock: () => Date;
  logger: MetricsLogger;
}

export interface MetricsRefresher {
  job: SchedulerJob;
  /** Resolves when the reads under way have ended. */
  idle(): Promise<void>;
}

export const createMetricsRefresher = (deps: MetricsDeps): MetricsRefresher => {
  /** Reads this process made that the read model may not show yet (epoch ms). */
  const readHere = new Map<string, number>();
  let holdUntil = 0;
  let lastCheckMs = Number.NEGATIVE_INFINITY;
  let failures = 0;
  let busy: Promise<void> | null = null;

  const readBatch = async (x: Pick<XReader, 'postMetrics'>, batch: readonly SentReplyRef[]): Promise<boolean> => {
    const observedAt = deps.clock().toISOString();
    let answer;
    try {
      answer = await x.postMetrics(batch.map((r) => r.postId));
    } catch (error) {
      if (!isXError(error)) throw error;
      const nowMs = deps.clock().getTime();
      if (error.outcome.kind === 'rate_limited') {
        const reset = error.outcome.resetAt === undefined ? Number.NaN : Date.parse(error.outcome.resetAt);
        holdUntil = Math.max(Number.isFinite(reset) ? reset : 0, nowMs + MIN_BACKOFF_MS);
      } else {
        failures += 1;
        holdUntil = nowMs + Math.min(MAX_BACKOFF_MS, MIN_BACKOFF_MS * 2 ** (failures - 1));
      }
      deps.logger.warn({ err: error, replies: batch.length }, 'reading reply metrics failed; they are read again later');
      return false;
    }
    failures = 0;
    const byPost = new Map(answer.map((m) => [m.postId, m]));
    const observations: ReplyObservation[] = batch.flatMap((r) => {
      const m = byPost.get(r.postId);
      if (m === undefined) return [];
      return [{ replyId: r.replyId, userId: r.userId, postId: r.postId, sentAt: new Date(r.sentAtMs).toISOString(), impressions: m.impressions, likes: m.likes, reposts: m.reposts, replies: m.replies, quotes: m.quotes, bookmarks: m.bookmarks }];
    });
    // A reply X no longer shows (deleted) is asked again at its next interval: X bills only posts returned.
    const atMs = Date.parse(observedAt);
    for (const r of batch) readHere.set(r.replyId, atMs);
    const events = recordObservations(observedAt, observations);
    if (events.length > 0) {
      const correlationId = randomUUID();
      await deps.store.append(
        metricsStream(observedAt),
        events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: { actor: SCHEDULER_ACTOR, correlationId, causationId: null, time: observedAt } })),
        'any',
      );
    }
    return true;
  };

  const tick = async (now: Date) => {
    const x = deps.x;
    const nowMs = now.getTime();
    if (x === null || holdUntil > nowMs || nowMs - lastCheckMs < METRICS_CHECK_EVERY_MS) return;
    lastCheckMs = nowMs;
    const db = deps.db();
    const replies = sentRepliesSince(db, new Date(nowMs - REFRESH_WINDOW_MS).toISOString()).map((r) => ({ ...r, sentAtMs: Date.parse(r.sentAt) }));
    const last = lastObservedAt(db, replies.map((r) => r.replyId));
    for (const [id, at] of readHere) {
      if (at < nowMs - REFRESH_WINDOW_MS) readHere.delete(id);
      else if ((last.get(id) ?? 0) < at) last.set(id, at);
    }
    for (const batch of repliesToRefresh({ replies, lastObservedAtMs: last, nowMs, maxBatches: MAX_READS_PER_CHECK })) {
      if (!(await readBatch(x, batch))) return;
    }
  };

  return {
    job: {
      name: METRICS_JOB,
      // The heartbeat goes on; the next tick waits until this one's reads are done.
      run: async (now) => {
        if (busy !== null) return;
        busy = tick(now)
          .catch((err: unknown) => deps.logger.error({ err }, 'refreshing reply metrics failed'))
          .finally(() => {
            busy = null;
          });
      },
    },
    idle: async () => {
      if (busy !== null) await busy;
    },
  };
};
