/**
 * bench:watching, part 2: detection latency. The real watcher (adapters/watching) with its SQLite
 * event store and read database, reading the X emulator (in this process) over HTTP through the
 * real X adapter, both on a clock FACTOR times faster than the wall clock. Every account has posted
 * once before (so it has a cursor and may be searched with others); after the first round of reads,
 * BENCH_LATENCY_POSTS accounts post once each at a random moment of a 30-minute (simulated) window.
 * A post is detected when its WatchedPostSeen is appended to its watch stream.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteEventStore } from '@adapters/eventstore-sqlite';
import { createProjector } from '@adapters/projections-sqlite';
import { allProjections } from '@adapters/read-models';
import { watchStatuses } from '@adapters/read-models/watching';
import { createWatcher } from '@adapters/watching';
import { startXEmulator } from '@adapters/x-emulator';
import { createXClient } from '@adapters/x-twitter';
import { handleCommand } from '@core/eventstore/command-handler';
import type { EventStore } from '@core/eventstore/types';
import { accountInputSchema, monitoredAccountDecider, monitoredAccountStream, SYSTEM_ACTOR } from '@core/monitoring';
import { DEFAULT_POLLING_SETTINGS, pollIntervalFor } from '@core/polling/interval';
import { scheduleDecider, scheduleStream } from '@core/scheduling';
import type { Decider } from '@core/shared/decider';
import { utcLocalTime } from '@core/watching';
import { mulberry32 } from '@adapters/ai-offline/prng';
import { DAY_MS, mondayOf, type BenchAccount } from './model';

const FACTOR = Number(process.env.BENCH_TIME_FACTOR ?? 60);
const POSTS = Number(process.env.BENCH_LATENCY_POSTS ?? 300);
/** The scheduler's heartbeat here, in wall milliseconds (npm run scheduler: 1 s of real time). */
const TICK_MS = Number(process.env.BENCH_TICK_MS ?? 100);
const WINDOW_MIN = 30;
const TAIL_MIN = 20;
/** X's per-app 15-minute limits used here: user timelines 10,000 (Pro), recent search 450 (Pro). */
const TIMELINE_LIMIT = Number(process.env.BENCH_X_TIMELINE_LIMIT ?? 10_000);
const SEARCH_LIMIT = Number(process.env.BENCH_X_SEARCH_LIMIT ?? 450);

const quantile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
const minutes = (ms: number) => `${(ms / 60_000).toFixed(2)} min`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const measureLatency = async (input: { accounts: readonly BenchAccount[]; seed: number }): Promise<{ verdicts: string[] }> => {
  const dir = mkdtempSync(join(tmpdir(), 'riposte-bench-watching-'));
  // A Wednesday 09:00 UTC: the morning peak (high 2, standard 5, low 15 minutes) lasts the whole run.
  const base = mondayOf(Date.now() + 30 * DAY_MS) + 2 * DAY_MS + 9 * 3_600_000;
  const wall0 = Date.now();
  const now = () => base + (Date.now() - wall0) * FACTOR;
  const emulator = await startXEmulator({ clock: now, accounts: [], limits: { 'GET /2/users/:id/tweets': TIMELINE_LIMIT, 'GET /2/tweets/search/recent': SEARCH_LIMIT } });
  const store = createSqliteEventStore({ path: join(dir, 'events.db') });
  const projector = createProjector({ store, path: join(dir, 'read.db'), projections: allProjections });
  let ticker: NodeJS.Timeout | undefined;
  try {
    await projector.start();
    const exec = <C, E extends { type: string; data: unknown }, S>(stream: string, decider: Decider<C, E, S>, command: C) =>
      handleCommand(store, stream, decider, command, { metadata: { actor: 'system', correlationId: randomUUID(), causationId: null, time: new Date(now()).toISOString() }, newId: randomUUID });

    // The X side: one user per account, each with an older post (the cursor of its first read).
    const xIds = input.accounts.map((a) => emulator.control.createUser(a.sim.username).id);
    for (const a of input.accounts) emulator.control.post(a.sim.username, `an older post of ${a.sim.username}`);
    let last = null;
    for (let i = 0; i < input.accounts.length; i += 200) {
      const chunk = input.accounts.slice(i, i + 200);
      const results = await Promise.all(
        chunk.flatMap((a, j) => [
          exec(monitoredAccountStream(a.accountId), monitoredAccountDecider, {
            type: 'AddMonitoredAccount',
            accountId: a.accountId,
            actor: SYSTEM_ACTOR,
            input: accountInputSchema.parse({ username: a.sim.username, displayName: a.sim.username, xUserId: xIds[i + j], monitoringTier: a.tier }),
          }),
          exec(scheduleStream(`sched-${a.accountId}`), scheduleDecider, {
            type: 'CreateSchedule',
            scheduleId: `sched-${a.accountId}`,
            userId: `bench-user-${(i + j) % 97}`,
            now: new Date(now()).toISOString(),
            timeZone: 'UTC',
            draft: { targetAccountId: a.accountId, targetUsername: a.sim.username, connectedAccountId: `bench-x-${(i + j) % 97}`, accountName: 'bench', content: { kind: 'text', text: 'Good one' }, imageUrl: null, plan: { kind: 'auto', delayMinutes: 0 } },
          }),
        ]),
      );
      last = results.at(-1)?.position ?? last;
    }
    if (last !== null) await projector.waitFor(last, 60_000);

    // Sightings, timed by the (fast) clock when their append returns.
    const seenAt = new Map<string, number>();
    /** When the read that found each post started (the event's seenAt): the rest is the read's own work. */
    const readStartedAt = new Map<string, number>();
    const watchedStore: EventStore = {
      ...store,
      append: async (stream, events, expected) => {
        const result = await store.append(stream, events, expected);
        const at = now();
        for (const e of events) {
          if (e.type !== 'WatchedPostSeen') continue;
          const data = e.data as { postId: string; seenAt: string };
          seenAt.set(data.postId, at);
          readStartedAt.set(data.postId, Date.parse(data.seenAt));
        }
        return result;
      },
    };
    const x = createXClient({ consumerKey: emulator.app.consumerKey, consumerSecret: emulator.app.consumerSecret, apiBaseUrl: emulator.url, sandbox: true, timeoutMs: 10_000 });
    let warnings = 0;
    const watcher = createWatcher({
      store: watchedStore,
      db: () => projector.db,
      x,
      clock: () => new Date(now()),
      logger: { warn: () => void (warnings += 1), error: (obj) => console.error('watcher error', obj) },
    });
    ticker = setInterval(() => void watcher.job.run(new Date(now())), TICK_MS);

    // Warm-up: every account read once (its cursor recorded).
    const warmStart = now();
    for (;;) {
      const statuses = watchStatuses(projector.db);
      if (input.accounts.every((a) => statuses.get(a.accountId)?.newestId)) break;
      if (now() - warmStart > 60 * 60_000) throw new Error('the first reads did not finish within an hour of simulated time');
      await sleep(50);
    }
    const requestsBefore = emulator.control.requests.length;
    const windowStart = now() + 60_000;
    console.log(
      `\nDetection latency: the watcher against the X emulator, clock ×${FACTOR} (1 wall second = ${FACTOR / 60} simulated minute), heartbeat ${TICK_MS} ms wall = ${((TICK_MS * FACTOR) / 1000).toFixed(0)} s simulated; X limits per 15 min: timelines ${TIMELINE_LIMIT}, search ${SEARCH_LIMIT}`,
    );
    console.log(`  warm-up: ${input.accounts.length} accounts read once in ${minutes(now() - warmStart)} simulated; ${POSTS} accounts now post once each within ${WINDOW_MIN} simulated minutes`);

    // The posts, each at a random simulated moment of the window.
    const rng = mulberry32(input.seed);
    const order = input.accounts.map((a, i) => ({ a, r: rng(), i })).sort((p, q) => p.r - q.r).slice(0, POSTS);
    const made: { account: BenchAccount; postId: string; postedAt: number }[] = [];
    const timers = order.map(({ a }) => {
      const at = windowStart + rng() * WINDOW_MIN * 60_000;
      return setTimeout(() => {
        const post = emulator.control.post(a.sim.username, `news from ${a.sim.username} ${randomUUID().slice(0, 6)}`);
        made.push({ account: a, postId: post.id, postedAt: post.createdAt });
      }, Math.max(0, (at - now()) / FACTOR));
    });
    const deadline = windowStart + (WINDOW_MIN + TAIL_MIN) * 60_000;
    while (now() < deadline && !(made.length === POSTS && made.every((m) => seenAt.has(m.postId)))) await sleep(50);
    for (const t of timers) clearTimeout(t);
    clearInterval(ticker);
    ticker = undefined;
    await watcher.idle();

    const measured = emulator.control.requests.slice(requestsBefore);
    const searches = measured.filter((r) => r.path === '/2/tweets/search/recent').length;
    const timelines = measured.filter((r) => /^\/2\/users\/\d+\/tweets$/.test(r.path)).length;
    const span = (now() - (windowStart - 60_000)) / 3_600_000;

    const rows = made.map((m) => {
      const interval = pollIntervalFor(m.account.tier, utcLocalTime(m.postedAt), DEFAULT_POLLING_SETTINGS) * 60_000;
      const seen = seenAt.get(m.postId);
      const started = readStartedAt.get(m.postId);
      return {
        tier: m.account.tier,
        interval,
        latency: seen === undefined ? Number.POSITIVE_INFINITY : seen - m.postedAt,
        waited: started === undefined ? Number.POSITIVE_INFINITY : started - m.postedAt,
        reading: seen === undefined || started === undefined ? Number.POSITIVE_INFINITY : seen - started,
      };
    });
    const verdicts: string[] = [];
    const line = (label: string, subset: typeof rows) => {
      if (subset.length === 0) return;
      const sorted = subset.map((r) => r.latency).sort((p, q) => p - q);
      const within = subset.filter((r) => r.latency <= r.interval).length;
      const p99 = quantile(sorted, 0.99);
      const interval = subset[0]?.interval ?? Number.NaN;
      const missed = subset.filter((r) => !Number.isFinite(r.latency)).length;
      console.log(
        `  ${label.padEnd(9)} n=${String(subset.length).padStart(4)}  p50 ${minutes(quantile(sorted, 0.5))}  p99 ${Number.isFinite(p99) ? minutes(p99) : 'not detected'}  max ${Number.isFinite(sorted.at(-1) ?? Number.NaN) ? minutes(sorted.at(-1) as number) : 'not detected'}  within interval ${within}/${subset.length}${missed > 0 ? `  (${missed} not detected)` : ''}`,
      );
      const waited = subset.map((r) => r.waited).sort((p, q) => p - q);
      const reading = subset.map((r) => r.reading).sort((p, q) => p - q);
      console.log(`  ${''.padEnd(9)}        of which: until the read began p99 ${minutes(quantile(waited, 0.99))}; the read itself (wall time ×${FACTOR}) p50 ${minutes(quantile(reading, 0.5))}, p99 ${minutes(quantile(reading, 0.99))}`);
      if (label !== 'all') {
        verdicts.push(`Detection p99, ${label} tier: ${Number.isFinite(p99) ? minutes(p99) : 'not detected'} (target ≤ its peak interval ${minutes(interval)}) ${p99 <= interval ? 'MET' : 'NOT MET'}`);
      }
    };
    console.log(`  detection latency, simulated minutes from the post to its recorded sighting (peak intervals: high 2, standard 5, low 15):`);
    for (const tier of ['high', 'standard', 'low'] as const) line(tier, rows.filter((r) => r.tier === tier));
    line('all', rows);
    console.log(`  requests to X meanwhile: ${searches} searches, ${timelines} timeline reads (${((searches + timelines) / span).toFixed(0)} an hour of simulated time); watcher warnings ${warnings}`);
    return { verdicts };
  } finally {
    if (ticker) clearInterval(ticker);
    await projector.stop().catch(() => {});
    await store.close().catch(() => {});
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  }
};
