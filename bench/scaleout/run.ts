/**
 * npm run bench:scaleout — several processes, one product (issue 17): in one run,
 *  1. HTTP throughput (requests/s, p50/p99 latency) of an authenticated mix against one server,
 *     then two servers on the same store behind a round-robin client, at the same client
 *     concurrency (http.ts; phases interleaved one, two, two, one so that drift in the machine's
 *     load falls on both);
 *  2. dispatch lateness (p50/p99) of N runs due in the same second with one scheduler process, then
 *     three, on one store and one X emulator (dispatch.ts, which runs bench:dispatch for each);
 * then both side by side. Every figure comes from this run on this machine: the peer of each
 * configuration is the other one, measured minutes apart.
 *
 * Sizes, by flag or environment (flag wins):
 *   --concurrency / BENCH_HTTP_CONCURRENCY (16)   virtual users, one request in flight each
 *   --seconds / BENCH_HTTP_SECONDS (15)           measured seconds per HTTP phase (4 phases)
 *   --warmup / BENCH_HTTP_WARMUP_S (3)            seconds of load before each phase is measured
 *   --warmup-first / BENCH_HTTP_WARMUP_FIRST_S (15) seconds of the mix on both servers before the
 *                                                 first phase, not counted (the servers warm up)
 *   --runs / BENCH_RUNS (500)                     runs due in the same second
 *   --schedulers / BENCH_SCHEDULERS_MANY (3)      scheduler processes of the second dispatch run
 *   --only http|dispatch                          one part only
 * The default run takes about five minutes. PostgreSQL comes from Debian's binaries
 * (tests/scaleout/postgres.ts; RIPOSTE_PG_BIN to point elsewhere); without them part 1 is skipped,
 * saying so.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { postgresBinaries } from '../../tests/scaleout/postgres';
import { runDispatch, type DispatchSummary } from './dispatch';
import { runHttp, type PhaseResult } from './http';

const { values } = parseArgs({
  options: {
    concurrency: { type: 'string' },
    seconds: { type: 'string' },
    warmup: { type: 'string' },
    'warmup-first': { type: 'string' },
    runs: { type: 'string' },
    schedulers: { type: 'string' },
    only: { type: 'string' },
  },
});
const size = (flag: string | undefined, env: string, fallback: number, min = 1) => {
  const raw = flag ?? process.env[env];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${env} / --flag: expected a whole number from ${min}, got ${raw}`);
  return n;
};
const CONCURRENCY = size(values.concurrency, 'BENCH_HTTP_CONCURRENCY', 16);
const SECONDS = size(values.seconds, 'BENCH_HTTP_SECONDS', 15);
const WARMUP = size(values.warmup, 'BENCH_HTTP_WARMUP_S', 3, 0);
const WARMUP_FIRST = size(values['warmup-first'], 'BENCH_HTTP_WARMUP_FIRST_S', 15, 0);
const RUNS = size(values.runs, 'BENCH_RUNS', 500);
const MANY = size(values.schedulers, 'BENCH_SCHEDULERS_MANY', 3, 2);
const ONLY = values.only;
if (ONLY !== undefined && ONLY !== 'http' && ONLY !== 'dispatch') throw new Error(`--only: http or dispatch, got ${ONLY}`);

const log = (line: string) => console.log(line);
const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
const ms = (n: number) => (!Number.isFinite(n) ? '—' : n >= 10_000 ? `${(n / 1000).toFixed(1)} s` : n >= 100 ? `${Math.round(n).toLocaleString('en-US')} ms` : `${n.toFixed(1)} ms`);
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

interface HttpFigures {
  rps: number;
  okRps: number;
  p50: number;
  p99: number;
  requests: number;
  failures: Record<string, number>;
  serverCpuMsPerRequest: number;
  benchCpuMsPerRequest: number;
  loads: number[];
  byOp: Record<string, { p50: number; p99: number; n: number }>;
}

/** The phases of one configuration pooled: requests and seconds summed, percentiles over every request. */
const pool = (phases: PhaseResult[]): HttpFigures => {
  const seconds = phases.reduce((s, p) => s + p.seconds, 0);
  const requests = phases.reduce((s, p) => s + p.requests, 0);
  const ok = phases.reduce((s, p) => s + p.ok, 0);
  const all = phases.flatMap((p) => p.latencies).sort((x, y) => x - y);
  const failures: Record<string, number> = {};
  for (const p of phases) for (const [k, v] of Object.entries(p.failures)) failures[k] = (failures[k] ?? 0) + v;
  const byOp: HttpFigures['byOp'] = {};
  for (const op of [...new Set(phases.flatMap((p) => Object.keys(p.byOp)))].sort()) {
    const values = phases.flatMap((p) => p.byOp[op] ?? []).sort((x, y) => x - y);
    byOp[op] = { p50: percentile(values, 50), p99: percentile(values, 99), n: values.length };
  }
  const serverCpu = phases.reduce((s, p) => s + p.serverCpuMs.reduce((a, b) => a + b, 0), 0);
  const benchCpu = phases.reduce((s, p) => s + p.benchCpuMs, 0);
  return {
    rps: requests / seconds,
    okRps: ok / seconds,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    requests,
    failures,
    serverCpuMsPerRequest: serverCpu / Math.max(1, requests),
    benchCpuMsPerRequest: benchCpu / Math.max(1, requests),
    loads: phases.map((p) => p.load),
    byOp,
  };
};

const row = (label: string, left: string, right: string, ratio = '') => `  ${label.padEnd(46)} ${left.padStart(16)} ${right.padStart(16)} ${ratio.padStart(10)}`;
const ratioOf = (left: number, right: number) => (Number.isFinite(left) && Number.isFinite(right) && left > 0 ? `${(right / left).toFixed(2)}x` : '');

const main = async () => {
  const cores = cpus().length;
  log(`Scale-out benchmark (issue 17): one vs two servers, one vs ${MANY} schedulers, in one run.`);
  log(`machine: ${cores} cores (${cpus()[0]?.model.trim() ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.versions.node}; load average ${load()} (1, 5, 15 min) at the start`);
  if (cores <= 2) {
    log(
      `NOTE: ${cores} cores. The bench, the X emulator, PostgreSQL and every server or scheduler process share them, so a second server ` +
        `or more schedulers add processes, not cores: expect no gain here. The figures say what the extra processes cost on this machine, ` +
        'not what they would give on one with cores to spare.',
    );
  }
  log('');

  let http: { one: HttpFigures; two: HttpFigures } | null = null;
  if (ONLY !== 'dispatch') {
    const binaries = postgresBinaries();
    if ('missing' in binaries) {
      log(`HTTP part SKIPPED: ${binaries.missing}`);
    } else {
      log(
        `1. HTTP: ${CONCURRENCY} virtual users (each signed in, one X account, one request in flight), a mix of list schedules, list replies, ` +
          `create a schedule, replies summary, delete it, list schedules (2 writes in 6); ${WARMUP_FIRST} s of warm-up on both servers, then ${SECONDS} s measured per phase after ${WARMUP} s of warm-up; ` +
          'one SQLite event file, shared state in a throwaway PostgreSQL; both servers run throughout.',
      );
      const phases = await runHttp({ concurrency: CONCURRENCY, seconds: SECONDS, warmupSeconds: WARMUP, order: ['one', 'two', 'two', 'one'], warmupFirstSeconds: WARMUP_FIRST }, log);
      http = { one: pool(phases.filter((p) => p.phase === 'one')), two: pool(phases.filter((p) => p.phase === 'two')) };
      for (const [name, f] of Object.entries(http)) {
        log(`  ${name === 'one' ? 'one server ' : 'two servers'}: ${f.requests} requests; per operation ${Object.entries(f.byOp).map(([op, s]) => `${op} p50 ${ms(s.p50)} p99 ${ms(s.p99)}`).join('; ')}`);
        const failed = Object.entries(f.failures);
        log(`    answers not 2xx: ${failed.length === 0 ? 'none' : failed.map(([k, v]) => `${k}: ${v}`).join(', ')}`);
      }
      log('');
    }
  }

  const dispatch: DispatchSummary[] = [];
  if (ONLY !== 'http') {
    log(`2. Dispatch: ${RUNS} one-time schedules due in the same second, bench:dispatch with 1 scheduler process, then ${MANY}, on one store and one X emulator (150 ms ± 50 ms per call).`);
    for (const n of [1, MANY]) {
      log(`  -- ${n} scheduler process${n === 1 ? '' : 'es'}, load average ${load()}`);
      dispatch.push(await runDispatch(RUNS, n, log));
    }
    log('');
  }

  log(`Side by side (this run; load average ${load()} at the end):`);
  if (http !== null) {
    const { one, two } = http;
    log(row('HTTP, same client concurrency', 'one server', 'two servers', 'two / one'));
    log(row('  requests/s (all answers)', one.rps.toFixed(0), two.rps.toFixed(0), ratioOf(one.rps, two.rps)));
    log(row('  requests/s (2xx only)', one.okRps.toFixed(0), two.okRps.toFixed(0), ratioOf(one.okRps, two.okRps)));
    log(row('  latency p50', ms(one.p50), ms(two.p50), ratioOf(one.p50, two.p50)));
    log(row('  latency p99', ms(one.p99), ms(two.p99), ratioOf(one.p99, two.p99)));
    log(row('  server CPU per request (all servers)', ms(one.serverCpuMsPerRequest), ms(two.serverCpuMsPerRequest), ratioOf(one.serverCpuMsPerRequest, two.serverCpuMsPerRequest)));
    log(row('  the bench\'s own CPU per request', ms(one.benchCpuMsPerRequest), ms(two.benchCpuMsPerRequest)));
    log(row('  load average at the phases\' start', one.loads.map((l) => l.toFixed(1)).join(', '), two.loads.map((l) => l.toFixed(1)).join(', ')));
  }
  const [single, many] = dispatch;
  if (single !== undefined && many !== undefined) {
    log(row(`Dispatch, ${RUNS} runs due at once`, '1 scheduler', `${MANY} schedulers`, `${MANY} / 1`));
    log(row('  lateness p50 (due -> X answered)', ms(single.lateness.p50), ms(many.lateness.p50), ratioOf(single.lateness.p50, many.lateness.p50)));
    log(row('  lateness p99', ms(single.lateness.p99), ms(many.lateness.p99), ratioOf(single.lateness.p99, many.lateness.p99)));
    log(row('  wall, due -> every run recorded', ms(single.wallMs), ms(many.wallMs), ratioOf(single.wallMs, many.wallMs)));
    log(row('  accepted by X / runs', `${single.sent} / ${single.runs}`, `${many.sent} / ${many.runs}`));
    log(row('  runs claimed per process', single.claimsPerProcess.join(' + '), many.claimsPerProcess.join(' + ')));
    log(row('  CPU per reply (schedulers summed)', ms(single.cpuMsPerReply), ms(many.cpuMsPerReply), ratioOf(single.cpuMsPerReply, many.cpuMsPerReply)));
    log(row('  the limit (bare X client loop) p99', ms(single.limit.p99), ms(many.limit.p99)));
    log(row('  load average at the start', single.loadAverageAtStart.toFixed(1), many.loadAverageAtStart.toFixed(1)));
  }
  if (cores <= 2) log(`On ${cores} shared cores a ratio near or above 1x for the extra processes is what to expect; see docs/performance.md.`);
};

await main();
