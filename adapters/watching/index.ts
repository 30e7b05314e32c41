/**
 * The watcher: the scheduler job `watch:poll` reads the monitored accounts that active auto
 * schedules target, one read per account for every user, at the interval of its tier and of the
 * period the moment falls in (core/watching/due.ts; periods in UTC, ADR 0023), asking X only for
 * posts newer than the last one read (`since_id`). Accounts due together whose cursors are close
 * are read several per recent search (core/watching/batch.ts), the others on their timeline. What
 * a read found is recorded on each account's watch stream (core/watching/watch.ts), each post once
 * however often and however it is read; the dispatch job turns the new posts into auto runs.
 *
 * X's answer 429 holds that endpoint's reads until the reset X gave (at least a minute): its limit
 * is the app's, so other reads of it meanwhile would only be refused too; the other endpoint goes
 * on (search and timeline are separate buckets). Other failures hold the accounts of that read
 * back, doubling up to half an hour.
 */
import { randomUUID } from 'node:crypto';
import type { ReadDb } from '@adapters/projections-sqlite';
import { watchableAccounts } from '@adapters/read-models/monitoring';
import { currentPollingSettings } from '@adapters/read-models/polling';
import { activeAutoSchedules } from '@adapters/read-models/scheduling';
import { watchStatuses } from '@adapters/read-models/watching';
import type { SchedulerJob } from '@adapters/scheduler';
import { createReadsCounter } from './reads-counter';
import { handleCommand } from '@core/eventstore/command-handler';
import { SCHEDULER_ACTOR, type EventStore } from '@core/eventstore/types';
import { isXError, type XApiAccess, type XPost, type XReader } from '@core/x';
import {
  accountsToPoll,
  newerId,
  planReads,
  SEARCH_PAGE_SIZE,
  SEARCH_QUERY_LIMITS,
  sightingOf,
  utcLocalTime,
  watchDecider,
  watchStream,
  type CountedRead,
  type DueRead,
  type SearchBatch,
} from '@core/watching';

export const WATCH_JOB = 'watch:poll';

const MIN_BACKOFF_MS = 60_000;
const MAX_BACKOFF_MS = 30 * 60_000;
/** Reads under way at once (each waits on X). */
const PARALLEL_READS = 8;
/** Pages one search may read (100 posts each): far more than accounts read every interval post. */
const MAX_SEARCH_PAGES = 10;

export interface WatchLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface WatchDeps {
  store: EventStore;
  db: () => ReadDb;
  /** Null when X is not configured: nothing is read. Its `access` bounds the search query's length. */
  x: (XReader & { readonly access?: XApiAccess }) | null;
  clock: () => Date;
  logger: WatchLogger;
  /** How often this process records its reads counter (default a minute; always when it stops). */
  countEveryMs?: number;
  /** With the filtered stream (stream.ts): since when it has covered each account without a break. */
  streamedSince?: () => ReadonlyMap<string, number>;
}

export interface Watcher {
  job: SchedulerJob;
  /** Resolves when the reads under way have ended and the reads counter is recorded. */
  idle(): Promise<void>;
}

type Bucket = CountedRead['endpoint'];

export const createWatcher = (deps: WatchDeps): Watcher => {
  /** Reads this process made that the read model may not show yet. */
  const polledHere = new Map<string, string>();
  const newestHere = new Map<string, string>();
  const backoffUntil = new Map<string, number>();
  /** Until when X holds an endpoint for the whole app (429). */
  const heldUntil = new Map<Bucket, number>();
  const failures = new Map<string, number>();
  let busy: Promise<void> | null = null;
  /**
   * How long the last reads took, from asking X to the sighting recorded, and the heartbeat's
   * period: the next read of an account starts that much before its interval is up (accountsToPoll
   * `aheadMs`), so a post made just after a read is recorded within its tier's interval.
   */
  const readDurations: number[] = [];
  const RECENT_READS = 50;
  let previousTickMs: number | null = null;
  let heartbeatMs = 0;
  const counter = createReadsCounter({ store: deps.store, clock: deps.clock, logger: deps.logger, ...(deps.countEveryMs === undefined ? {} : { everyMs: deps.countEveryMs }) });

  const held = (bucket: Bucket) => (heldUntil.get(bucket) ?? 0) > deps.clock().getTime();

  const failed = (error: unknown, bucket: Bucket, accounts: readonly DueRead[]) => {
    if (!isXError(error)) throw error;
    const nowMs = deps.clock().getTime();
    const outcome = error.outcome;
    if (outcome.kind === 'rate_limited') {
      const reset = outcome.resetAt === undefined ? Number.NaN : Date.parse(outcome.resetAt);
      heldUntil.set(bucket, Math.max(Number.isFinite(reset) ? reset : 0, nowMs + MIN_BACKOFF_MS));
    } else {
      for (const a of accounts) {
        const n = (failures.get(a.accountId) ?? 0) + 1;
        failures.set(a.accountId, n);
        backoffUntil.set(a.accountId, nowMs + Math.min(MAX_BACKOFF_MS, MIN_BACKOFF_MS * 2 ** (n - 1)));
      }
    }
    deps.logger.warn({ err: error, endpoint: bucket, accountIds: accounts.map((a) => a.accountId) }, 'reading monitored accounts failed; they are read again later');
  };

  const counted = (endpoint: Bucket, posts: number) => counter.count({ endpoint, at: deps.clock().toISOString(), posts });

  /** Records what one read brought of one account on its watch stream. */
  const record = async (account: DueRead, posts: readonly XPost[], startedAt: Date) => {
    failures.delete(account.accountId);
    backoffUntil.delete(account.accountId);
    const sighting = sightingOf(account, posts);
    const at = startedAt.toISOString();
    try {
      await handleCommand(
        deps.store,
        watchStream(account.accountId),
        watchDecider,
        { type: 'RecordPoll', accountId: account.accountId, at, posts: sighting.posts, ...(sighting.newestId === null ? {} : { newestId: sighting.newestId }) },
        { metadata: { actor: SCHEDULER_ACTOR, correlationId: account.accountId, causationId: null, time: at }, newId: randomUUID },
      );
    } catch (err) {
      deps.logger.error({ err, accountId: account.accountId }, 'recording a read of a monitored account failed');
      return;
    }
    polledHere.set(account.accountId, at);
    if (sighting.newestId !== null) newestHere.set(account.accountId, sighting.newestId);
    readDurations.push(Math.max(0, deps.clock().getTime() - startedAt.getTime()));
    if (readDurations.length > RECENT_READS) readDurations.shift();
  };

  const readTimeline = async (x: XReader, account: DueRead) => {
    const startedAt = deps.clock();
    let posts;
    try {
      posts = await x.recentPosts({ userId: account.xUserId, maxResults: account.sinceId === null ? 5 : 100, ...(account.sinceId === null ? {} : { sinceId: account.sinceId }) });
    } catch (error) {
      return failed(error, 'timeline', [account]);
    }
    counted('timeline', posts.length);
    await record(account, posts, startedAt);
  };

  const readSearch = async (x: XReader, batch: SearchBatch) => {
    const startedAt = deps.clock();
    const posts: XPost[] = [];
    let nextToken: string | undefined;
    try {
      for (let page = 0; page < MAX_SEARCH_PAGES; page += 1) {
        const answer = await x.searchRecent({ query: batch.query, sinceId: batch.sinceId, maxResults: SEARCH_PAGE_SIZE, ...(nextToken === undefined ? {} : { nextToken }) });
        counted('search', answer.posts.length);
        posts.push(...answer.posts);
        nextToken = answer.nextToken;
        if (nextToken === undefined) break;
      }
    } catch (error) {
      return failed(error, 'search', batch.accounts);
    }
    if (nextToken !== undefined) deps.logger.warn({ query: batch.query, pages: MAX_SEARCH_PAGES }, 'a search had more pages than are read; older posts of its accounts may be missed');
    for (const account of batch.accounts) await record(account, posts, startedAt);
  };

  const tick = async (now: Date) => {
    const x = deps.x;
    if (x === null) return;
    const db = deps.db();
    const statuses = watchStatuses(db);
    const lastPolledAt = new Map<string, string>();
    for (const [id, s] of statuses) lastPolledAt.set(id, s.lastPolledAt);
    for (const [id, at] of polledHere) if ((lastPolledAt.get(id) ?? '') < at) lastPolledAt.set(id, at);
    const settings = currentPollingSettings(db);
    const nowMs = now.getTime();
    if (previousTickMs !== null && nowMs > previousTickMs) heartbeatMs = nowMs - previousTickMs;
    previousTickMs = nowMs;
    const due = accountsToPoll({
      accounts: watchableAccounts(db),
      autoSchedules: activeAutoSchedules(db),
      lastPolledAt,
      backoffUntil,
      now: now.getTime(),
      local: utcLocalTime(now.getTime()),
      settings,
      ...(deps.streamedSince ? { streamedSince: deps.streamedSince() } : {}),
      aheadMs: heartbeatMs + (readDurations.length === 0 ? 0 : Math.max(...readDurations)),
    });
    const cursor = (accountId: string): string | null => {
      const stored = statuses.get(accountId)?.newestId ?? null;
      const here = newestHere.get(accountId) ?? null;
      return here !== null && (stored === null || newerId(here, stored)) ? here : stored;
    };
    const plan = planReads({
      due: due.map((choice) => {
        const last = lastPolledAt.get(choice.accountId);
        return { ...choice, sinceId: cursor(choice.accountId), lastReadAt: last === undefined ? null : Date.parse(last) };
      }),
      accountsPerSearch: settings.accountsPerSearch,
      queryLimit: SEARCH_QUERY_LIMITS[x.access ?? 'self_serve'],
      budget: { timeline: held('timeline') ? 0 : null, search: held('search') ? 0 : null },
    });
    // Searches first: one request each for several accounts.
    const queue: { bucket: Bucket; run: () => Promise<void> }[] = [
      ...plan.searches.map((batch) => ({ bucket: 'search' as const, run: () => readSearch(x, batch) })),
      ...plan.timeline.map((account) => ({ bucket: 'timeline' as const, run: () => readTimeline(x, account) })),
    ];
    const worker = async () => {
      for (let task = queue.shift(); task !== undefined; task = queue.shift()) {
        // A 429 met during this tick holds the rest of that endpoint's reads; they stay due.
        if (held(task.bucket)) continue;
        try {
          await task.run();
        } catch (err) {
          deps.logger.error({ err }, 'reading a monitored account failed');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, queue.length) }, worker));
    await counter.flush();
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
      await counter.flush({ force: true });
    },
  };
};
