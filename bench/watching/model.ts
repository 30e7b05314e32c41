/**
 * bench:watching's workload and cost model. The workload: monitored accounts posting as the X
 * emulator's simulated accounts do (adapters/x-emulator/schedule.ts: per tier, mostly in local peak
 * windows; only original posts count, replies and reposts are never asked for), and users whose
 * auto schedules pick targets by a Zipf law over the accounts' popularity.
 *
 * The cost model replays a week minute by minute through the product's own pure rules: which
 * accounts are due (core/watching accountsToPoll, with core/polling's intervals by tier and
 * period) and how the due ones are read (core/watching planReads), and counts what X would be asked
 * and would return, from the posts' real times.
 */
import { mulberry32 } from '@adapters/ai-offline/prng';
import { snowflake } from '@adapters/x-emulator/ids';
import { localDatesBetween, postsOfDay, type SimulatedAccount } from '@adapters/x-emulator/schedule';
import type { MonitoringTier } from '@core/monitoring/tiers';
import type { PollingSettings } from '@core/polling/interval';
import { accountsToPoll, idTime, planReads, SEARCH_PAGE_SIZE, SEARCH_READ_LAG_MS, utcLocalTime, type AutoScheduleRef, type WatchableAccount } from '@core/watching';

export const DAY_MS = 86_400_000;
const ZONES = ['America/Los_Angeles', 'America/New_York', 'Europe/London', 'Europe/Berlin', 'Asia/Tokyo', 'Asia/Kolkata'];

export interface BenchAccount {
  accountId: string;
  xUserId: string;
  tier: MonitoringTier;
  sim: SimulatedAccount;
}

/** `count` accounts by popularity rank: the top 15% on the high tier, the next half standard, the rest low. */
export const makeAccounts = (count: number): BenchAccount[] =>
  Array.from({ length: count }, (_, i) => {
    const tier: MonitoringTier = i < count * 0.15 ? 'high' : i < count * 0.65 ? 'standard' : 'low';
    // Older, famous accounts have short ids; newer ones 19 digits (the longer, the longer a query).
    const xUserId = i % 2 === 0 ? String(10_000_000 + i * 7919) : String(1_700_000_000_000_000_000n + BigInt(i));
    return {
      accountId: `acc-${i}`,
      xUserId,
      tier,
      sim: { username: `bench_${i}`, topicKeyword: `topic ${i}`, monitoringTier: tier, timeZone: ZONES[i % ZONES.length] as string, worker: (i % 999) + 1 },
    };
  });

/** Each user's auto schedules: 1 to 5 distinct targets, drawn by Zipf (s = 1) over the accounts' ranks. */
export const makeSchedules = (users: number, accounts: number, seed: number): { user: number; account: number }[] => {
  const rng = mulberry32(seed);
  const cdf: number[] = [];
  let sum = 0;
  for (let k = 1; k <= accounts; k += 1) cdf.push((sum += 1 / k));
  const draw = () => {
    const x = rng() * sum;
    let lo = 0;
    let hi = cdf.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cdf[mid] as number) < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const out: { user: number; account: number }[] = [];
  for (let u = 0; u < users; u += 1) {
    const n = 1 + Math.floor(rng() * 5);
    const picked = new Set<number>();
    while (picked.size < n) picked.add(draw());
    for (const account of picked) out.push({ user: u, account });
  }
  return out;
};

/** Each account's original posts (time and id), oldest first, from a day before `fromMs` to `toMs`. */
export const originalsOf = (accounts: readonly BenchAccount[], seed: number, fromMs: number, toMs: number): { ms: number[]; ids: string[] }[] =>
  accounts.map((a) => {
    const posts = localDatesBetween(a.sim.timeZone, fromMs - DAY_MS, toMs)
      .flatMap((date) => postsOfDay(seed, a.sim, date, []))
      .filter((p) => p.kind === 'original' && p.createdAt <= toMs)
      .sort((x, y) => x.createdAt - y.createdAt);
    return { ms: posts.map((p) => p.createdAt), ids: posts.map((p) => p.id) };
  });

/** Index of the first element greater than `t` (times sorted ascending). */
const after = (times: readonly number[], t: number): number => {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((times[mid] as number) <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

export interface PollFigures {
  requests: number;
  searchRequests: number;
  timelineRequests: number;
  /** Posts X returned (what X bills). */
  posts: number;
  /** Of them, posts returned again because a search shared an older since_id. */
  repeated: number;
  /** Reads per account index (an account read in a search counts once per search). */
  readsOf: number[];
  /** Originals posted by the polled accounts over the period. */
  originals: number;
}

/**
 * Replays [fromMs, toMs) minute by minute: the due accounts of each minute are read on their
 * timelines (`batch: false`) or as planReads decides (`batch: true`).
 */
export const simulatePolling = (input: {
  accounts: readonly BenchAccount[];
  posts: readonly { ms: number[]; ids: string[] }[];
  schedules: readonly AutoScheduleRef[];
  settings: PollingSettings;
  fromMs: number;
  toMs: number;
  batch: boolean;
  queryLimit: number;
  /** planReads' readLagMs (default SEARCH_READ_LAG_MS; null: since_id from the newest ids alone). */
  readLagMs?: number | null;
}): PollFigures => {
  const { accounts, posts } = input;
  const index = new Map(accounts.map((a, i) => [a.accountId, i]));
  const watchable: WatchableAccount[] = accounts.map((a) => ({ accountId: a.accountId, xUserId: a.xUserId, tier: a.tier, active: true }));
  const lastPolledAt = new Map<string, number>();
  // Steady state: each account's cursor is its newest original before the start.
  const cursorMs = posts.map((p) => p.ms[after(p.ms, input.fromMs) - 1] ?? null);
  const cursorId = posts.map((p) => p.ids[after(p.ms, input.fromMs) - 1] ?? null);
  const figures: PollFigures = { requests: 0, searchRequests: 0, timelineRequests: 0, posts: 0, repeated: 0, readsOf: accounts.map(() => 0), originals: 0 };
  const targeted = new Set(input.schedules.map((s) => s.targetAccountId));
  for (const [i, a] of accounts.entries()) if (targeted.has(a.accountId)) figures.originals += after(posts[i]!.ms, input.toMs - 1) - after(posts[i]!.ms, input.fromMs - 1);

  /** Reads account i up to t: its new posts; returns how many, and moves its cursor. */
  const readNew = (i: number, t: number): number => {
    const p = posts[i]!;
    const from = cursorMs[i] === null ? 0 : after(p.ms, cursorMs[i] as number);
    const to = after(p.ms, t);
    if (to > from) {
      cursorMs[i] = p.ms[to - 1] as number;
      cursorId[i] = p.ids[to - 1] as string;
    }
    figures.readsOf[i] = (figures.readsOf[i] ?? 0) + 1;
    return to - from;
  };

  for (let t = input.fromMs; t < input.toMs; t += 60_000) {
    const due = accountsToPoll({ accounts: watchable, autoSchedules: input.schedules, lastPolledAt, backoffUntil: new Map(), now: t, local: utcLocalTime(t), settings: input.settings });
    const previous = due.map((c) => lastPolledAt.get(c.accountId) ?? null);
    for (const c of due) lastPolledAt.set(c.accountId, t);
    if (!input.batch) {
      for (const c of due) {
        figures.requests += 1;
        figures.timelineRequests += 1;
        figures.posts += readNew(index.get(c.accountId) as number, t);
      }
      continue;
    }
    const plan = planReads({
      due: due.map((c, k) => ({ ...c, sinceId: cursorId[index.get(c.accountId) as number] ?? null, lastReadAt: previous[k] ?? null })),
      accountsPerSearch: input.settings.accountsPerSearch,
      queryLimit: input.queryLimit,
      budget: { timeline: null, search: null },
      readLagMs: input.readLagMs === undefined ? SEARCH_READ_LAG_MS : input.readLagMs,
    });
    for (const c of plan.timeline) {
      figures.requests += 1;
      figures.timelineRequests += 1;
      figures.posts += readNew(index.get(c.accountId) as number, t);
    }
    for (const s of plan.searches) {
      // Every post after the search's since_id comes back, for every account of the search.
      const sinceMs = idTime(s.sinceId);
      let returned = 0;
      let fresh = 0;
      for (const c of s.accounts) {
        const i = index.get(c.accountId) as number;
        returned += after(posts[i]!.ms, t) - after(posts[i]!.ms, sinceMs);
        fresh += readNew(i, t);
      }
      const pages = Math.max(1, Math.ceil(returned / SEARCH_PAGE_SIZE));
      figures.requests += pages;
      figures.searchRequests += pages;
      figures.posts += returned;
      figures.repeated += returned - fresh;
    }
  }
  return figures;
};

/** Monday 00:00 UTC of the week holding `ms`. */
export const mondayOf = (ms: number): number => {
  const day = Math.floor(ms / DAY_MS);
  const weekday = (((day + 3) % 7) + 7) % 7; // 0 = Monday
  return (day - weekday) * DAY_MS;
};

export const idAt = (ms: number): string => snowflake(ms, 1, 0);
