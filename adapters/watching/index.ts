/**
 * The watcher: the scheduler job `watch:poll` reads the timelines of the monitored accounts that
 * active auto schedules target, one read per account for every user, at the interval of its tier
 * and of the period the moment falls in (core/watching/due.ts; periods in UTC, ADR 0023), asking
 * X only for posts newer than the last one read (`since_id`). What a read found is recorded on the
 * account's watch stream (core/watching/watch.ts), each post once however often it is read; the
 * dispatch job turns the new posts into auto runs.
 *
 * X's answer 429 holds every read until the reset X gave (at least a minute): the timeline limit is
 * the app's, so reading other accounts meanwhile would only be refused too. Other failures hold that
 * account back, doubling up to half an hour.
 */
import { randomUUID } from 'node:crypto';
import type { ReadDb } from '@adapters/projections-sqlite';
import { watchableAccounts } from '@adapters/read-models/monitoring';
import { currentPollingSettings } from '@adapters/read-models/polling';
import { activeAutoSchedules } from '@adapters/read-models/scheduling';
import { watchStatuses } from '@adapters/read-models/watching';
import type { SchedulerJob } from '@adapters/scheduler';
import { handleCommand } from '@core/eventstore/command-handler';
import type { EventStore } from '@core/eventstore/types';
import { isOriginalPost } from '@core/replies/rules/target';
import { isXError, type XReader } from '@core/x';
import { accountsToPoll, newerId, utcLocalTime, watchDecider, watchStream, type PollChoice, type SeenPost } from '@core/watching';

export const WATCH_JOB = 'watch:poll';

const MIN_BACKOFF_MS = 60_000;
const MAX_BACKOFF_MS = 30 * 60_000;
/** Reads under way at once (each waits on X). */
const PARALLEL_READS = 8;

export interface WatchLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface WatchDeps {
  store: EventStore;
  db: () => ReadDb;
  /** Null when X is not configured: nothing is read. */
  x: XReader | null;
  clock: () => Date;
  logger: WatchLogger;
}

export interface Watcher {
  job: SchedulerJob;
  /** Resolves when the reads under way have ended. */
  idle(): Promise<void>;
}

export const createWatcher = (deps: WatchDeps): Watcher => {
  /** Reads this process made that the read model may not show yet. */
  const polledHere = new Map<string, string>();
  const newestHere = new Map<string, string>();
  const backoffUntil = new Map<string, number>();
  const failures = new Map<string, number>();
  let busy: Promise<void> | null = null;

  const readOne = async (x: XReader, choice: PollChoice, sinceId: string | null) => {
    const startedAt = deps.clock();
    let posts;
    try {
      posts = await x.recentPosts({ userId: choice.xUserId, maxResults: sinceId === null ? 5 : 100, ...(sinceId === null ? {} : { sinceId }) });
    } catch (error) {
      if (!isXError(error)) throw error;
      const nowMs = deps.clock().getTime();
      const outcome = error.outcome;
      if (outcome.kind === 'rate_limited') {
        const reset = outcome.resetAt === undefined ? Number.NaN : Date.parse(outcome.resetAt);
        backoffUntil.set('*', Math.max(Number.isFinite(reset) ? reset : 0, nowMs + MIN_BACKOFF_MS));
      } else {
        const n = (failures.get(choice.accountId) ?? 0) + 1;
        failures.set(choice.accountId, n);
        backoffUntil.set(choice.accountId, nowMs + Math.min(MAX_BACKOFF_MS, MIN_BACKOFF_MS * 2 ** (n - 1)));
      }
      deps.logger.warn({ err: error, accountId: choice.accountId }, 'reading a monitored account failed; it is read again later');
      return;
    }
    failures.delete(choice.accountId);
    backoffUntil.delete(choice.accountId);
    const seen: SeenPost[] = posts
      .filter((p) => p.authorId === choice.xUserId && p.createdAt !== undefined && isOriginalPost(p))
      .map((p) => ({ postId: p.id, postedAt: p.createdAt as string }));
    // The newest id read counts even when it was a reply: `since_id` then skips it next time.
    const newest = posts.reduce<string | null>((n, p) => (n === null || newerId(p.id, n) ? p.id : n), null);
    const at = startedAt.toISOString();
    await handleCommand(
      deps.store,
      watchStream(choice.accountId),
      watchDecider,
      { type: 'RecordPoll', accountId: choice.accountId, at, posts: seen, ...(newest === null ? {} : { newestId: newest }) },
      { metadata: { actor: 'system', correlationId: choice.accountId, causationId: null, time: at }, newId: randomUUID },
    );
    polledHere.set(choice.accountId, at);
    if (newest !== null) newestHere.set(choice.accountId, newest);
  };

  const tick = async (now: Date) => {
    const x = deps.x;
    if (x === null) return;
    const db = deps.db();
    const statuses = watchStatuses(db);
    const lastPolledAt = new Map<string, string>();
    for (const [id, s] of statuses) lastPolledAt.set(id, s.lastPolledAt);
    for (const [id, at] of polledHere) if ((lastPolledAt.get(id) ?? '') < at) lastPolledAt.set(id, at);
    const due = accountsToPoll({
      accounts: watchableAccounts(db),
      autoSchedules: activeAutoSchedules(db),
      lastPolledAt,
      backoffUntil,
      now: now.getTime(),
      local: utcLocalTime(now.getTime()),
      settings: currentPollingSettings(db),
    });
    const queue = [...due];
    const worker = async () => {
      for (let choice = queue.shift(); choice !== undefined; choice = queue.shift()) {
        if ((backoffUntil.get('*') ?? 0) > deps.clock().getTime()) return;
        try {
          const stored = statuses.get(choice.accountId)?.newestId ?? null;
          const here = newestHere.get(choice.accountId) ?? null;
          await readOne(x, choice, here !== null && (stored === null || newerId(here, stored)) ? here : stored);
        } catch (err) {
          deps.logger.error({ err, accountId: choice.accountId }, 'recording a read of a monitored account failed');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, queue.length) }, worker));
  };

  return {
    job: {
      name: WATCH_JOB,
      // The heartbeat goes on; the next tick waits until this one's reads are done.
      run: async (now) => {
        if (busy !== null) return;
        busy = tick(now)
          .catch((err: unknown) => deps.logger.error({ err }, 'watching monitored accounts failed'))
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
