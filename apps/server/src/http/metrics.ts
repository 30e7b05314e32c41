/**
 * GET /metrics in Prometheus' text format (prom-client, ADR 0053), for a scraper that sends
 * `Authorization: Bearer <RIPOSTE_METRICS_TOKEN>`. Without that setting the path is not served (a
 * JSON 404); a caller without the token gets 401 and no figure. Served before the personal access
 * tokens are read: the scraper's bearer is not a user's token.
 *
 *  - riposte_http_request_duration_seconds{method,route,status}: a histogram by the route's
 *    template (`/api/schedules/:id`, never the raw path, so ids do not become series); its
 *    `_count` is the request count. Paths no router served are `unmatched` (API) or `web` (pages);
 *  - riposte_replies{status}: replies by status in the read model (sent, failed, skipped,
 *    unconfirmed, ready: the ready queue's depth, ...): what dispatch did, whichever process did it;
 *  - riposte_scheduler_tick_age_seconds{kind,pid}: how long since each scheduler that beat in the
 *    last 10 minutes last ticked (a stalled scheduler grows);
 *  - riposte_event_store_position, riposte_event_store_bytes: the read model's position in the
 *    store, and the SQLite event file's size with its WAL;
 *  - Node's own (nodejs_eventloop_lag_seconds, heap, GC, ...), prefixed `riposte_`.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Context, Middleware } from 'koa';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { EVENTS_FILE } from '@adapters/eventstore-open';
import type { ReadDb } from '@adapters/projections-sqlite';
import { replyCountsByStatus } from '@adapters/read-models/replies';
import { schedulerProcesses } from '@adapters/read-models/scheduler-health';
import { AppError } from '@core/shared/errors';
import type { ServerConfig } from '../config';
import { isServerPath } from './server-paths';

export const METRICS_PATH = '/metrics';

export interface MetricsDeps {
  config: Pick<ServerConfig, 'metricsToken' | 'dataDir' | 'eventStore'>;
  db: () => ReadDb;
  position: () => string | null;
  clock: () => Date;
}

/** A scheduler whose last beat is older than this is gone, not lagging: no series for it. */
const LIVE_SCHEDULER_MS = 10 * 60_000;

const digest = (text: string) => createHash('sha256').update(text).digest();

const fileBytes = (path: string): number => {
  let total = 0;
  for (const p of [path, `${path}-wal`]) {
    try {
      total += statSync(p).size;
    } catch {
      // No WAL right now (checkpointed and removed): nothing to add.
    }
  }
  return total;
};

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export interface Metrics {
  /** Times every request; first, before the error handler, so it sees the final status. */
  timing: Middleware;
  /** Answers GET /metrics; before the personal access tokens are read. */
  endpoint: Middleware;
}

const passThrough: Middleware = (_ctx, next) => next();

/** The registry and its collectors. */
export const createMetrics = (deps: MetricsDeps): Metrics => {
  const token = deps.config.metricsToken;
  if (token === undefined) return { timing: passThrough, endpoint: passThrough };
  const expected = digest(`Bearer ${token}`);
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'riposte_' });

  const requests = new Histogram({
    name: 'riposte_http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status, and how long they took',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'riposte_replies',
    help: 'Replies by status in the read model (ready: the ready-to-send queue)',
    labelNames: ['status'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { status, count } of replyCountsByStatus(deps.db())) this.set({ status }, count);
    },
  });
  new Gauge({
    name: 'riposte_scheduler_tick_age_seconds',
    help: 'Seconds since each scheduler process that beat in the last 10 minutes last ticked',
    labelNames: ['kind', 'pid'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const now = deps.clock().getTime();
      for (const p of schedulerProcesses(deps.db())) {
        const age = now - Date.parse(p.lastTickAt);
        if (age <= LIVE_SCHEDULER_MS) this.set({ kind: p.kind, pid: String(p.pid) }, Math.max(0, age) / 1000);
      }
    },
  });
  new Gauge({
    name: 'riposte_event_store_position',
    help: "The read model's position in the event store (the SQLite store: events appended)",
    registers: [registry],
    collect() {
      this.set(Number(deps.position() ?? 0));
    },
  });
  const { eventStore } = deps.config;
  if (eventStore.kind === 'sqlite') {
    const path = eventStore.path ?? join(deps.config.dataDir, EVENTS_FILE);
    new Gauge({
      name: 'riposte_event_store_bytes',
      help: 'Size of the SQLite event file with its WAL, in bytes',
      registers: [registry],
      collect() {
        this.set(fileBytes(path));
      },
    });
  }

  const allowed = (ctx: Context): boolean => {
    const given = digest(ctx.get('Authorization'));
    return timingSafeEqual(given, expected);
  };

  const endpoint: Middleware = async (ctx, next) => {
    if (ctx.path !== METRICS_PATH || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    if (!allowed(ctx)) {
      ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new AppError('unauthenticated', 'GET /metrics needs Authorization: Bearer <RIPOSTE_METRICS_TOKEN>', { reason: 'METRICS_TOKEN' });
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.type = registry.contentType;
    ctx.body = await registry.metrics();
  };

  const timing: Middleware = async (ctx, next) => {
    if (ctx.path === METRICS_PATH) return next();
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const matched = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
      const route = typeof matched === 'string' ? matched : isServerPath(ctx.path) ? 'unmatched' : 'web';
      const method = METHODS.has(ctx.method) ? ctx.method : 'other';
      requests.observe({ method, route, status: String(ctx.status) }, Number(process.hrtime.bigint() - started) / 1e9);
    }
  };
  return { timing, endpoint };
};
