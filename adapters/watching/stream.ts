/**
 * Near-instant detection: the scheduler job `watch:stream` keeps X's filtered stream open for the
 * accounts active auto schedules target (RIPOSTE_X_WATCH=stream, ADR 0023).
 *
 * Every tick it compares the accounts to watch with the `from:` rules it last put in place, and
 * when they differ (or every few minutes, in case another process or a person changed them) reads
 * the app's rules at X and applies `planStreamRules` (core/watching/stream-rules.ts): several
 * accounts per rule, as few changes as possible. It keeps one connection open while there is a
 * rule, and reconnects with X's backoff (core/watching/stream-backoff.ts) when X drops or refuses
 * it. Each post that comes down the stream is recorded on its account's watch stream with the
 * poller's own command (RecordPoll via 'stream'), so a post seen by the stream and a read, or by
 * two processes, is recorded once and fires each auto schedule once.
 *
 * The poller goes on as the fallback: `streamedSince` tells it since when the stream has covered
 * each account without a break; an account read after that moment is read at the low tier's
 * interval only, any other (the stream down, just reconnected) at its tier's, which fills the gap.
 */
import { randomUUID } from 'node:crypto';
import type { ReadDb } from '@adapters/projections-sqlite';
import { watchableAccounts } from '@adapters/read-models/monitoring';
import { activeAutoSchedules } from '@adapters/read-models/scheduling';
import type { SchedulerJob } from '@adapters/scheduler';
import { handleCommand } from '@core/eventstore/command-handler';
import { SCHEDULER_ACTOR, type EventStore } from '@core/eventstore/types';
import { isOriginalPost } from '@core/replies/rules/target';
import { isXError, type XFilteredStream, type XStreamConnection, type XStreamItem } from '@core/x';
import {
  accountsToStream,
  afterFailure,
  NO_BACKOFF,
  planStreamRules,
  ruleAccounts,
  streamFailureOf,
  WATCH_RULE_TAG,
  watchDecider,
  watchStream,
  type StreamBackoff,
  type StreamFailure,
} from '@core/watching';

export const STREAM_JOB = 'watch:stream';

/** X applies a rule change within seconds; until then an account counts as not yet covered. */
const RULE_SETTLE_MS = 10_000;
/** Rules are read back from X this often even when nothing changed here. */
const DEFAULT_RULES_CHECK_MS = 5 * 60_000;
const RULES_RETRY_FIRST_MS = 5_000;
const RULES_RETRY_MAX_MS = 5 * 60_000;

export interface StreamWatchLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface StreamWatchDeps {
  store: EventStore;
  db: () => ReadDb;
  /** Null when X is not configured or offers no stream: nothing is done. */
  stream: XFilteredStream | null;
  clock: () => Date;
  logger: StreamWatchLogger;
  /** Silence (no post, no heartbeat) that ends a connection; default three of X's 20-second heartbeats. */
  stallMs?: number;
  rulesCheckMs?: number;
  /** The app's rule count limit (X Pro: 1,000). */
  maxRules?: number;
}

export interface StreamWatcher {
  job: SchedulerJob;
  /** Since when the open connection has delivered each account's posts (empty while it is down). */
  streamedSince(): ReadonlyMap<string, number>;
  connected(): boolean;
  /** Closes the connection and waits for the recordings under way. */
  stop(): Promise<void>;
}

export const createStreamWatcher = (deps: StreamWatchDeps): StreamWatcher => {
  const now = () => deps.clock().getTime();
  /** X user id -> account id, for the accounts to watch (routing items). */
  let watched = new Map<string, string>();
  /** X user id -> since when a rule at X holds it (as far as this process knows). */
  let ruled = new Map<string, number>();
  let syncedKey: string | null = null;
  let lastRulesCheck = 0;
  let rulesRetryAt = 0;
  let rulesFailures = 0;
  let connection: XStreamConnection | null = null;
  let connectedAt: number | null = null;
  let connecting = false;
  let backoff: StreamBackoff = NO_BACKOFF;
  /** Set while a reconnect waits out its backoff. */
  let reconnectTimer: NodeJS.Timeout | null = null;
  let stopped = false;
  let busy: Promise<void> | null = null;
  const recording = new Set<Promise<void>>();

  const record = (item: XStreamItem) => {
    const post = item.post;
    const accountId = watched.get(post.authorId);
    if (accountId === undefined || post.createdAt === undefined || !isOriginalPost(post)) return;
    const at = deps.clock().toISOString();
    const done = handleCommand(
      deps.store,
      watchStream(accountId),
      watchDecider,
      { type: 'RecordPoll', accountId, at, posts: [{ postId: post.id, postedAt: post.createdAt }], via: 'stream' },
      { metadata: { actor: SCHEDULER_ACTOR, correlationId: accountId, causationId: null, time: at }, newId: randomUUID },
    )
      .then(() => undefined)
      .catch((err: unknown) => deps.logger.error({ err, accountId, postId: post.id }, 'recording a streamed post failed; the next read records it'))
      .finally(() => recording.delete(done));
    recording.add(done);
  };

  const failed = (kind: StreamFailure, resetAt?: string) => {
    const reset = resetAt === undefined ? undefined : Date.parse(resetAt);
    const next = afterFailure(backoff, kind, { nowMs: now(), ...(reset === undefined ? {} : { resetAtMs: reset }) });
    backoff = next.state;
    if (reconnectTimer) clearTimeout(reconnectTimer);
    // The wait is X's, not the scheduler's tick: reconnect when it is over.
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void connect();
    }, next.delayMs);
    reconnectTimer.unref();
    return next.delayMs;
  };

  const connect = async () => {
    const stream = deps.stream;
    if (stream === null || stopped || connecting || connection !== null || reconnectTimer !== null || ruled.size === 0) return;
    connecting = true;
    try {
      let delivered = false;
      const onData = () => {
        if (!delivered) backoff = NO_BACKOFF;
        delivered = true;
      };
      const opened = await stream.connect(
        {
          onItem: (item) => {
            onData();
            record(item);
          },
          onHeartbeat: onData,
        },
        deps.stallMs === undefined ? {} : { stallMs: deps.stallMs },
      );
      connection = opened;
      connectedAt = now();
      deps.logger.info({ accounts: ruled.size }, 'filtered stream connected');
      void opened.ended.then((end) => {
        if (connection === opened) {
          connection = null;
          connectedAt = null;
        }
        if (end.reason === 'closed' || stopped) return;
        const delayMs = failed('network');
        deps.logger.warn({ end, delayMs }, 'filtered stream ended; polling at full rate until it is back');
      });
      if (stopped) opened.close();
    } catch (error) {
      if (!isXError(error)) {
        deps.logger.error({ err: error }, 'connecting to the filtered stream failed');
        failed('network');
        return;
      }
      const outcome = error.outcome;
      const delayMs = failed(streamFailureOf(outcome), outcome.kind === 'rate_limited' ? outcome.resetAt : undefined);
      deps.logger.warn({ err: error, delayMs, status: outcome.httpStatus }, 'X refused the filtered stream; polling at full rate meanwhile');
    } finally {
      connecting = false;
    }
  };

  const syncRules = async (stream: XFilteredStream, wanted: Map<string, string>) => {
    const key = [...wanted.keys()].sort().join(',');
    const due = key !== syncedKey || now() - lastRulesCheck >= (deps.rulesCheckMs ?? DEFAULT_RULES_CHECK_MS);
    if (!due || now() < rulesRetryAt) return;
    try {
      const current = await stream.rules();
      const plan = planStreamRules({ wanted: wanted.keys(), current, maxLength: stream.maxRuleLength, ...(deps.maxRules === undefined ? {} : { maxRules: deps.maxRules }) });
      const changedAt = now();
      // A full repack (the rule count) deletes first to make room; otherwise new rules go in first.
      const repack = plan.delete.length > 0 && plan.delete.length === current.filter((r) => r.tag === WATCH_RULE_TAG).length && plan.add.length > 0;
      const refused = new Set<string>();
      const add = async () => {
        if (plan.add.length === 0) return;
        const result = await stream.updateRules({ add: plan.add.map((value) => ({ value, tag: WATCH_RULE_TAG })) });
        for (const r of result.refused) {
          // A duplicate is another process's identical rule: its accounts are covered all the same.
          if (/duplicate/i.test(r.reason)) continue;
          for (const id of ruleAccounts(r.value ?? '') ?? []) refused.add(id);
          deps.logger.warn({ rule: r.value, reason: r.reason }, 'X refused a stream rule; its accounts are polled');
        }
      };
      const remove = async () => {
        if (plan.delete.length > 0) await stream.updateRules({ delete: plan.delete });
      };
      if (repack) {
        await remove();
        await add();
      } else {
        await add();
        await remove();
      }
      const kept = new Set(current.filter((r) => r.tag === WATCH_RULE_TAG && !plan.delete.includes(r.id)).flatMap((r) => ruleAccounts(r.value) ?? []));
      const overflow = new Set(plan.overflow);
      const next = new Map<string, number>();
      for (const id of wanted.keys()) {
        if (overflow.has(id) || refused.has(id)) continue;
        // Accounts whose rule stayed keep their time; new ones count once X has applied theirs.
        next.set(id, kept.has(id) ? (ruled.get(id) ?? changedAt) : changedAt + RULE_SETTLE_MS);
      }
      ruled = next;
      syncedKey = key;
      lastRulesCheck = now();
      rulesFailures = 0;
      if (plan.add.length > 0 || plan.delete.length > 0) deps.logger.info({ added: plan.add.length, deleted: plan.delete.length, accounts: ruled.size }, 'stream rules updated');
    } catch (error) {
      rulesFailures += 1;
      rulesRetryAt = now() + Math.min(RULES_RETRY_MAX_MS, RULES_RETRY_FIRST_MS * 2 ** (rulesFailures - 1));
      deps.logger.warn({ err: error }, 'keeping the stream rules in sync failed; tried again later');
    }
  };

  const tick = async () => {
    const stream = deps.stream;
    if (stream === null || stopped) return;
    const db = deps.db();
    watched = accountsToStream(watchableAccounts(db), activeAutoSchedules(db));
    await syncRules(stream, watched);
    if (ruled.size === 0 && connection !== null) {
      // Nothing to watch: the app's one connection is left free.
      connection.close();
      connection = null;
      connectedAt = null;
    }
    await connect();
  };

  return {
    job: {
      name: STREAM_JOB,
      run: async () => {
        if (busy !== null) return;
        busy = tick()
          .catch((err: unknown) => deps.logger.error({ err }, 'watching the filtered stream failed'))
          .finally(() => {
            busy = null;
          });
      },
    },
    streamedSince: () => {
      const since = new Map<string, number>();
      if (connection === null || connectedAt === null) return since;
      for (const [xUserId, at] of ruled) {
        const accountId = watched.get(xUserId);
        if (accountId !== undefined) since.set(accountId, Math.max(at, connectedAt));
      }
      return since;
    },
    connected: () => connection !== null,
    stop: async () => {
      stopped = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      connection?.close();
      connection = null;
      if (busy !== null) await busy;
      await Promise.all([...recording]);
    },
  };
};
