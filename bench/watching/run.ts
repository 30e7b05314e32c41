/**
 * npm run bench:watching — what watching monitored accounts costs in X requests and X's bill, and
 * how fast a new post is detected.
 *
 * Part 1, cost (bench/watching/model.ts): BENCH_ACCOUNTS (1,000) monitored accounts posting as the
 * emulator's simulated accounts do (high tier 10-18 posts a day, standard 3-7, low 0-2, 80% of them
 * originals, mostly in local peak hours across six time zones), BENCH_USERS (10,000) users with
 * 1 to 5 auto schedules each, targets drawn by Zipf (s = 1) over the accounts' popularity (the top
 * 15% are high tier, the next 50% standard). A Wednesday and a Saturday (UTC) are replayed minute by
 * minute and weighted 5:2 into a week, through the product's rules (core/watching accountsToPoll with the default polling settings, planReads), for:
 *  - Riposte polling, one timeline read per due account;
 *  - Riposte polling with search batching (planReads, 'accounts per search' 10, 512-character
 *    queries of self-serve access, each search from its accounts' last read less a minute);
 *  - the same without that floor: since_id = the oldest of the accounts' newest ids read;
 *  - X's filtered stream: each original post of a watched account delivered once (a rule per
 *    account: `from:<id> -is:reply -is:retweet`), billed like a read post;
 *  - the naive design: every user polls each of their own targets at the same intervals.
 * X bills $0.005 per post returned and nothing for an empty answer; a month is 30 days.
 *
 * Part 2, detection latency (bench/watching/latency.ts): the real watcher (adapters/watching, its
 * search batching included) reading the X emulator over HTTP through the real X adapter, with a
 * clock running BENCH_TIME_FACTOR (60) times faster than the wall clock for the watcher and the
 * emulator alike, so the tier intervals (peak: high 2, standard 5, low 15 minutes) pass in seconds.
 * BENCH_LATENCY_POSTS (300) accounts post once each at a random moment; the latency is from the
 * post's time to the moment its sighting is recorded on the account's watch stream, in simulated
 * minutes. The work of a read (HTTP, the event store) takes wall time and so counts FACTOR times
 * over: the figures are pessimistic by that much.
 *
 * Targets (issue 13): detection within the tier's interval at p99; X read spend at most $1 per
 * premium user per month at 1,000 users.
 */
import { DEFAULT_POLLING_SETTINGS } from '@core/polling/interval';
import { SEARCH_QUERY_LIMITS, X_READ_USD_PER_POST, type AutoScheduleRef } from '@core/watching';
import { measureLatency } from './latency';
import { DAY_MS, makeAccounts, makeSchedules, mondayOf, originalsOf, simulatePolling, type BenchAccount, type PollFigures } from './model';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1_000);
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const SMALL_USERS = 1_000;
const SEED = Number(process.env.BENCH_SEED ?? 7);
const DAYS = 7;
const TARGET_USD_PER_USER = 1;

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const usd = (n: number) => `$${fmt(n, 2)}`;

interface Row {
  design: string;
  requestsPerHour: number;
  postsPerDay: number;
  usdPerMonth: number;
  note: string;
}

/** Two representative UTC days, weighted into a week: a Wednesday (×5 for the weekdays) and a Saturday (×2). */
const DAY_TYPES = [
  { name: 'Wednesday', offsetDays: 2, weight: 5 },
  { name: 'Saturday', offsetDays: 5, weight: 2 },
] as const;

type DayPosts = ReturnType<typeof originalsOf>;

const weighted = (parts: readonly { f: PollFigures; weight: number }[]): PollFigures => ({
  requests: parts.reduce((n, p) => n + p.f.requests * p.weight, 0),
  searchRequests: parts.reduce((n, p) => n + p.f.searchRequests * p.weight, 0),
  timelineRequests: parts.reduce((n, p) => n + p.f.timelineRequests * p.weight, 0),
  posts: parts.reduce((n, p) => n + p.f.posts * p.weight, 0),
  repeated: parts.reduce((n, p) => n + p.f.repeated * p.weight, 0),
  readsOf: (parts[0]?.f.readsOf ?? []).map((_, i) => parts.reduce((n, p) => n + (p.f.readsOf[i] ?? 0) * p.weight, 0)),
  originals: parts.reduce((n, p) => n + p.f.originals * p.weight, 0),
});

const costRows = (accounts: readonly BenchAccount[], pairs: readonly { user: number; account: number }[], week: number, days: readonly DayPosts[]): { rows: Row[]; perAccount: PollFigures; batched: PollFigures } => {
  // The rule reads only which accounts some active auto schedule targets: one reference per target is the same input.
  const targets = [...new Set(pairs.map((p) => p.account))];
  const schedules: AutoScheduleRef[] = targets.map((a) => ({ scheduleId: `s${a}`, targetAccountId: accounts[a]!.accountId, delayMinutes: 0, createdAt: new Date(week - DAY_MS).toISOString() }));
  const run = (batch: boolean, readLagMs?: number | null) =>
    weighted(
      DAY_TYPES.map((d, k) => {
        const fromMs = week + d.offsetDays * DAY_MS;
        return {
          weight: d.weight,
          f: simulatePolling({ accounts, posts: days[k]!, schedules, settings: DEFAULT_POLLING_SETTINGS, fromMs, toMs: fromMs + DAY_MS, batch, queryLimit: SEARCH_QUERY_LIMITS.self_serve, ...(readLagMs === undefined ? {} : { readLagMs }) }),
        };
      }),
    );
  const perAccount = run(false);
  const batched = run(true);
  const batchedByNewest = run(true, null);
  const watchers = accounts.map(() => 0);
  for (const p of pairs) watchers[p.account] = (watchers[p.account] ?? 0) + 1;
  // Naive: each schedule reads its target as often as Riposte reads it, and is billed for every post again.
  let naiveReads = 0;
  let naivePosts = 0;
  for (const [i, n] of watchers.entries()) {
    if (n === 0) continue;
    naiveReads += n * (perAccount.readsOf[i] ?? 0);
    naivePosts += n * DAY_TYPES.reduce((sum, d, k) => {
      const fromMs = week + d.offsetDays * DAY_MS;
      return sum + d.weight * days[k]![i]!.ms.filter((ms) => ms >= fromMs && ms < fromMs + DAY_MS).length;
    }, 0);
  }
  const hours = DAYS * 24;
  const row = (design: string, requests: number, postsRead: number, note: string): Row => ({
    design,
    requestsPerHour: requests / hours,
    postsPerDay: postsRead / DAYS,
    usdPerMonth: (postsRead / DAYS) * 30 * X_READ_USD_PER_POST,
    note,
  });
  return {
    perAccount,
    batched,
    rows: [
      row('Riposte polling, per account', perAccount.requests, perAccount.posts, `${fmt(targets.length)} accounts watched, each read once for all users`),
      row(
        'Riposte polling, search batching',
        batched.requests,
        batched.posts,
        `${fmt(batched.searchRequests / hours)} searches + ${fmt(batched.timelineRequests / hours)} timeline reads an hour; ${fmt(batched.repeated / DAYS)} posts a day returned again (shared since_id)`,
      ),
      row(
        'Search batching, since = oldest newest id',
        batchedByNewest.requests,
        batchedByNewest.posts,
        `the rule without its last-read floor: ${fmt(batchedByNewest.repeated / DAYS)} posts a day returned again (a quiet account's old newest id holds every search back)`,
      ),
      row('X filtered stream', 0, perAccount.originals, `1 connection, ${fmt(targets.length)} rules; every original post delivered once`),
      row('Naive: each user polls own targets', naiveReads, naivePosts, `${fmt(pairs.length)} (user, target) pairs polled separately`),
    ],
  };
};

const printRows = (title: string, rows: readonly Row[], users: number) => {
  console.log(`\n${title}`);
  const header = ['design', 'requests/hour', 'posts read/day', 'X spend/month', 'per user/month'];
  const lines = rows.map((r) => [r.design, fmt(r.requestsPerHour), fmt(r.postsPerDay), usd(r.usdPerMonth), usd(r.usdPerMonth / users)]);
  const widths = header.map((h, c) => Math.max(h.length, ...lines.map((l) => (l[c] as string).length)));
  const show = (cells: readonly string[]) => console.log(`  ${cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c] as number) : cell.padStart(widths[c] as number))).join('  ')}`);
  show(header);
  for (const l of lines) show(l);
  for (const r of rows) console.log(`  · ${r.design}: ${r.note}`);
};

const main = async () => {
  const started = performance.now();
  console.log(`bench:watching — ${fmt(ACCOUNTS)} monitored accounts, ${fmt(USERS)} users (seed ${SEED}); node ${process.version}`);
  const accounts = makeAccounts(ACCOUNTS);
  // A week a month ahead of now (Monday 00:00 UTC); its Wednesday and Saturday are replayed.
  const week = mondayOf(Date.now() + 30 * DAY_MS);
  const days = DAY_TYPES.map((d) => originalsOf(accounts, SEED, week + d.offsetDays * DAY_MS, week + (d.offsetDays + 1) * DAY_MS));
  const pairs = makeSchedules(USERS, ACCOUNTS, SEED);
  const big = costRows(accounts, pairs, week, days);
  printRows(`Cost at ${fmt(USERS)} users (${fmt(pairs.length)} auto schedules), a week (Wednesday ×5 + Saturday ×2, replayed minute by minute), default polling settings:`, big.rows, USERS);
  const smallPairs = pairs.filter((p) => p.user < SMALL_USERS);
  const small = costRows(accounts, smallPairs, week, days);
  printRows(`Cost at ${fmt(SMALL_USERS)} users (the first ${fmt(SMALL_USERS)} of the same users, ${fmt(smallPairs.length)} auto schedules):`, small.rows, SMALL_USERS);
  console.log(`  (cost model: ${((performance.now() - started) / 1000).toFixed(1)} s)`);

  const latency = await measureLatency({ accounts, seed: SEED });

  console.log('\nTargets:');
  const perUser = (r: Row | undefined) => (r === undefined ? Number.NaN : r.usdPerMonth / SMALL_USERS);
  for (const r of small.rows.filter((x) => !x.design.startsWith('Naive'))) {
    const v = perUser(r);
    console.log(`  X read spend per user per month at ${fmt(SMALL_USERS)} users, ${r.design}: ${usd(v)} (target ≤ ${usd(TARGET_USD_PER_USER)}) ${v <= TARGET_USD_PER_USER ? 'MET' : 'NOT MET'}`);
  }
  for (const line of latency.verdicts) console.log(`  ${line}`);
  console.log(`\nwall time ${((performance.now() - started) / 1000).toFixed(1)} s`);
};

await main();
