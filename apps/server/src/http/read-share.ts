/**
 * No user can take the server from the others with reads. The server answers on one event loop:
 * while it builds one user's list, export or audit, everyone else waits. Each signed-in user's API
 * reads (GET and HEAD under /api) are therefore bounded two ways, and so are the anonymous ones
 * (the config, the API document, the auth status of a visitor), charged to the address range they
 * come from (`addressRange` of the client address, which follows the installation's trusted-proxy
 * setting as the rate limits do; /24 IPv4, /56 IPv6, so a block of addresses is one caller):
 *  - a share of the server's time: the time their reads took, from arrival to the answer written,
 *    fills a bucket that drains at `share`
 *    ms per ms (0.5: half the server's time, sustained); above `burstMs` of backlog their next read
 *    is refused 429 with Retry-After (when the bucket is back under the burst), until it drains;
 *  - reads in flight at once (`concurrent`): reads that wait on something (a store over the
 *    network, X) cannot pile up either.
 * Refusing costs almost nothing, so a flood turns into cheap 429s and the others' reads stay as
 * fast as the server is. Writes have their own limits (idempotency, caps, X budgets).
 * Event streams (`streams`: GET /api/live) are not reads of the server's time: one stays open for
 * as long as its page, costing nothing while it waits, and its own per-user bound is the live
 * hub's. Charged as a read, an open stream held a slot for its whole life and its minutes of
 * waiting filled the bucket, so the next page's reads were refused.
 * Time is measured on the monotonic clock: the bucket follows the server's real time, whatever a
 * test does with the product's clock. The buckets live in the process: each server process shares
 * out its own event loop (docs/security.md).
 */
import type { Middleware } from 'koa';
import { addressRange } from '@adapters/x-pending';
import { AppError } from '@core/shared/errors';

export interface ReadShareLimits {
  /** The part of the server's time one user's reads may take, sustained (0 < share <= 1). */
  share: number;
  /** Backlog of read time above which reads are refused, in ms. */
  burstMs: number;
  /** Reads of one user in flight at once. */
  concurrent: number;
}

// Six: what a browser opens to one host at most; more at once is a script.
export const DEFAULT_READ_SHARE: ReadShareLimits = { share: 0.5, burstMs: 2_000, concurrent: 6 };

interface Bucket {
  /** ms of read time not yet drained. */
  level: number;
  at: number;
  inFlight: number;
}

export const READ_SHARE_MESSAGE = (seconds: number, from: 'account' | 'address' = 'account') =>
  `Too many reads at once from your ${from}. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

const isRead = (method: string) => method === 'GET' || method === 'HEAD';
const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

export const readShare = (limits: ReadShareLimits, options: { streams?: readonly string[]; now?: () => number } = {}): Middleware => {
  const now = options.now ?? (() => performance.now());
  const streams = new Set(options.streams ?? []);
  const buckets = new Map<string, Bucket>();
  const drain = (b: Bucket, t: number) => {
    b.level = Math.max(0, b.level - (t - b.at) * limits.share);
    b.at = t;
  };
  let sinceSweep = 0;
  // Drained, idle buckets are forgotten now and then, so the map holds only users being active.
  const sweep = (t: number) => {
    for (const [id, b] of buckets) {
      drain(b, t);
      if (b.level === 0 && b.inFlight === 0) buckets.delete(id);
    }
  };
  return async (ctx, next) => {
    if (!isRead(ctx.method) || !isApi(ctx.path) || streams.has(ctx.path)) return next();
    const userId = (ctx.state.user as { id?: string } | null | undefined)?.id;
    // A user and an address range never share a key (`u:` / `a:`).
    const key = userId === undefined ? `a:${addressRange(ctx.ip)}` : `u:${userId}`;
    const started = now();
    if ((sinceSweep += 1) >= 1_000) {
      sinceSweep = 0;
      sweep(started);
    }
    let b = buckets.get(key);
    if (b === undefined) buckets.set(key, (b = { level: 0, at: started, inFlight: 0 }));
    drain(b, started);
    if (b.level > limits.burstMs || b.inFlight >= limits.concurrent) {
      const seconds = Math.max(1, Math.ceil((b.level - limits.burstMs) / limits.share / 1000));
      throw Object.assign(new AppError('rate_limited', READ_SHARE_MESSAGE(seconds, userId === undefined ? 'address' : 'account'), { reason: 'READ_SHARE' }), { retryAfterSeconds: seconds });
    }
    b.inFlight += 1;
    // Charged when the answer has gone out: the body's JSON and its write are part of the cost, and
    // they happen after the routes (Koa serialises the body last).
    const bucket = b;
    let charged = false;
    const charge = () => {
      if (charged) return;
      charged = true;
      const ended = now();
      bucket.inFlight -= 1;
      drain(bucket, ended);
      bucket.level += ended - started;
    };
    ctx.res.once('finish', charge);
    ctx.res.once('close', charge);
    return next();
  };
};
