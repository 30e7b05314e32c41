/**
 * npm run bench:dispatch — 1,000 one-time schedules due in the same second, for 1,000 connected
 * accounts, sent by the real scheduler process against an X with a realistic latency.
 *
 * Three processes, so each one's CPU time is its own:
 *  - this one: seeds, watches and measures, then runs the limit;
 *  - the X emulator (x-process.ts), each API call answered after BENCH_X_LATENCY_MS plus a uniform
 *    share of BENCH_X_JITTER_MS (default 100 + 0..100 ms: 150 ms ± 50 ms);
 *  - the scheduler: `apps/scheduler/src/main.ts` itself (every job, its own read database, the
 *    default tick and dispatch concurrency), on a fresh data directory in the OS temp folder, with
 *    a preload (probe.ts) that records its memory.
 *
 * The seed goes straight through the command handlers into the SQLite event store (synchronous=FULL,
 * the default): users, connected X accounts with tokens sealed by the installation's vault (the
 * same key file and data-key store the scheduler opens), monitored targets with their X user id,
 * and one schedule each, plain text, due at T. Each target has one original post on X, made ten
 * minutes before, that mentions its connected account (so `auto` delivery replies directly under
 * X's 2026 rule, as it would for a summoned account).
 *
 * Measured: lateness from T to X's answer (the ReplySent/ReplyFailed event, dated when the answer
 * came back), its parts, the scheduler's CPU time from T until every run is recorded and projected
 * (utime + stime from /proc, divided by the replies X accepted; nothing subtracted), its memory,
 * the wall time, and the API requests X received per reply. Then, in the same run, the limit: the
 * same X client (adapters/x-twitter) posting 1,000 replies from the same accounts through the same
 * pool at the same concurrency, and nothing else.
 *
 * BENCH_RUNS (1000), BENCH_CONCURRENCY (the scheduler's default), BENCH_X_LATENCY_MS (100),
 * BENCH_X_JITTER_MS (100), BENCH_X_READ_LIMIT (10000: X's per-app 15-minute limit on reading a
 * user's posts; the emulator's default, 900, would hold back 100 of the 1,000 reads) and
 * BENCH_LEAD_S (15: seconds between planning T and T) change the run; BENCH_SCHEDULERS (1) runs that
 * many scheduler processes on the store (they share the runs by claiming; CPU is summed); BENCH_DISPATCH_LEAD_MS sets the
 * scheduler's RIPOSTE_DISPATCH_LEAD_MS (its default: runs due within it are prepared ahead and
 * posted at T; 0 prepares at T). CPU is counted from just before the schedules are written, so
 * the work done ahead of T counts too. BENCH_CPU_PROF=<dir> has the
 * scheduler write a V8 CPU profile there (node --cpu-prof); BENCH_KEEP=1 keeps the data directory;
 * BENCH_SUMMARY_FILE=<file> writes the main figures there as JSON (bench:scaleout reads them).
 */
import { execSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { createTokenCipher, createTokenVault, DATA_KEYS_FILE, openDataKeyStore, tokenKeyringFrom } from '@adapters/crypto-tokens';
import { createPool } from '@adapters/dispatch/pool';
import { DEFAULT_DISPATCH_SETTINGS } from '@adapters/dispatch';
import { createSqliteEventStore } from '@adapters/eventstore-sqlite';
import { countExecutedSchedules, dueRuns } from '@adapters/read-models/scheduling';
import { countAllConnectedAccounts } from '@adapters/read-models/x-accounts';
import { SANDBOX_APP } from '@adapters/x-emulator/server';
import { createXClient } from '@adapters/x-twitter/client';
import { handleCommand } from '@core/eventstore/command-handler';
import type { Decider } from '@core/shared/decider';
import { scheduleDecider, scheduleStream } from '@core/scheduling';
import { seatsFor, seedSeats, writeXWorld, type Seat } from '../../tests/scaleout/due-runs';

const RUNS = Number(process.env.BENCH_RUNS ?? 1_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? DEFAULT_DISPATCH_SETTINGS.concurrency);
/** Scheduler processes sharing the runs (`npm run scheduler` ×N on one store). */
const SCHEDULERS = Math.max(1, Number(process.env.BENCH_SCHEDULERS ?? 1));
const LATENCY_MS = Number(process.env.BENCH_X_LATENCY_MS ?? 100);
const JITTER_MS = Number(process.env.BENCH_X_JITTER_MS ?? 100);
const READ_LIMIT = Number(process.env.BENCH_X_READ_LIMIT ?? 10_000);
const LEAD_MS = Number(process.env.BENCH_LEAD_S ?? 15) * 1000;
const TIMEOUT_MS = 300_000;
const TARGET_P99_MS = 2_000;
const TARGET_CPU_MS = 5;
const SEED_PROMISE = 'within 5–10 minutes';

const root = fileURLToPath(new URL('../..', import.meta.url));
const here = fileURLToPath(new URL('.', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'riposte-bench-dispatch-'));
/** Child processes still running: stopped whatever happens. */
const children = new Set<ChildProcess>();
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => (n >= 10_000 ? `${(n / 1000).toFixed(1)} s` : `${fmt(n)} ms`);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));
const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
const spread = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p99: percentile(s, 99), max: s.at(-1) ?? NaN, n: s.length };
};
const line = (label: string, values: number[]) => {
  const s = spread(values);
  return `${label.padEnd(44)} p50 ${ms(s.p50).padStart(8)}   p99 ${ms(s.p99).padStart(8)}   max ${ms(s.max).padStart(8)}   (n=${s.n})`;
};

/** CPU seconds of a process, from /proc (Linux): utime + stime, in clock ticks. */
const clockTick = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;
const cpuMsOf = (pid: number): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / clockTick) * 1000;
};
const statusOf = (pid: number, field: string): number => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? NaN) * 1024;
};

const startX = (stateFile: string): Promise<{ child: ChildProcess; url: string; counts: () => Promise<Record<string, number>> }> =>
  new Promise((resolve, reject) => {
    const child = fork(join(here, 'x-process.ts'), [], {
      execArgv: ['--import', 'tsx'],
      cwd: root,
      env: { ...process.env, BENCH_X_STATE: stateFile, BENCH_X_LATENCY_MS: String(LATENCY_MS), BENCH_X_JITTER_MS: String(JITTER_MS), BENCH_X_READ_LIMIT: String(READ_LIMIT) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const counts = () =>
      new Promise<Record<string, number>>((done) => {
        const onMessage = (m: unknown) => {
          if (typeof m === 'object' && m !== null && 'counts' in m) {
            child.off('message', onMessage);
            done((m as { counts: Record<string, number> }).counts);
          }
        };
        child.on('message', onMessage);
        child.send('counts');
      });
    children.add(child);
    child.once('exit', () => children.delete(child));
    child.once('message', (m) => resolve({ child, url: (m as { url: string }).url, counts }));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the X emulator exited (${code})`)));
  });

const main = async () => {
  console.log(
    `Dispatch benchmark: ${fmt(RUNS)} one-time schedules due in the same second, ${fmt(RUNS)} connected accounts; ` +
      `X latency ${LATENCY_MS + JITTER_MS / 2} ms ± ${JITTER_MS / 2} ms (${LATENCY_MS} + uniform 0..${JITTER_MS} ms per API call); ` +
      `dispatch concurrency ${CONCURRENCY}; files in ${dir}`,
  );
  const loadAtStart = loadavg()[0] ?? NaN;
  console.log(`machine: ${cpus().length} cores (${cpus()[0]?.model.trim() ?? '?'}), ${mib(totalmem())} RAM, Node ${process.versions.node}, load average ${loadavg()[0]?.toFixed(1)}`);

  // The installation's token key and data-key store, as the server makes them: the scheduler opens the same.
  const { keyring } = tokenKeyringFrom({}, dir);
  const dataKeys = openDataKeyStore(join(dir, DATA_KEYS_FILE));
  const vault = createTokenVault(createTokenCipher(keyring), dataKeys, [keyring.current.id]);

  const postAt = Date.now() - 10 * 60_000;
  const seeded = seatsFor(RUNS, 'rp', postAt);
  writeXWorld(join(dir, 'x-world.json'), seeded, postAt);
  const x = await startX(join(dir, 'x-world.json'));

  const store = createSqliteEventStore({ path: join(dir, 'events.db'), synchronous: 'FULL' });
  const exec = <C, E extends { type: string; data: unknown }, S>(stream: string, decider: Decider<C, E, S>, command: C) =>
    handleCommand(store, stream, decider, command, {
      metadata: { actor: 'system', correlationId: randomUUID(), causationId: null, time: new Date().toISOString() },
      newId: randomUUID,
    });
  /** Side by side in chunks, so the store's group commit writes each chunk in a few transactions. */
  const inChunks = async (work: (s: Seat, i: number) => Promise<unknown>) => {
    for (let i = 0; i < seeded.length; i += 200) await Promise.all(seeded.slice(i, i + 200).map((s, j) => work(s, i + j)));
  };

  let started = performance.now();
  await seedSeats(store, vault, seeded);
  dataKeys.close();
  console.log(`seed: ${fmt(RUNS)} users, connected accounts (sealed tokens) and monitored targets in ${ms(performance.now() - started)}`);

  // The scheduler process, as `npm run scheduler` runs it, on this data directory.
  const probeFile = join(dir, 'probe.json');
  const logFile = join(dir, 'scheduler.log');
  const env: Record<string, string> = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => !e[0].startsWith('RIPOSTE_') && e[1] !== undefined));
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const startScheduler = (n: number) => {
    const log = openSync(n === 1 ? logFile : join(dir, `scheduler-${n}.log`), 'w');
    const child = spawn(process.execPath, [...profile, '--import', 'tsx', '--import', join(here, 'probe.ts'), join(root, 'apps/scheduler/src/main.ts')], {
      cwd: root,
      env: {
        ...env,
        RIPOSTE_DATA_DIR: dir,
        RIPOSTE_X_API_KEY: SANDBOX_APP.consumerKey,
        RIPOSTE_X_API_SECRET: SANDBOX_APP.consumerSecret,
        RIPOSTE_X_API_URL: x.url,
        RIPOSTE_DISPATCH_CONCURRENCY: String(CONCURRENCY),
        ...(process.env.BENCH_DISPATCH_LEAD_MS === undefined ? {} : { RIPOSTE_DISPATCH_LEAD_MS: process.env.BENCH_DISPATCH_LEAD_MS }),
        BENCH_PROBE_FILE: n === 1 ? probeFile : join(dir, `probe-${n}.json`),
      },
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    children.add(child);
    child.once('exit', () => children.delete(child));
    return child;
  };
  // The first process is the one whose memory and strace are reported; CPU is summed over all.
  const scheduler = startScheduler(1);
  const others = Array.from({ length: SCHEDULERS - 1 }, (_, i) => startScheduler(i + 2));
  const exited = Promise.all([scheduler, ...others].map((c) => new Promise<number | null>((resolve) => c.on('exit', resolve))));
  const pid = scheduler.pid ?? NaN;
  const cpuOfAll = () => [scheduler, ...others].reduce((sum, c) => sum + cpuMsOf(c.pid ?? NaN), 0);

  const readDb = async (): Promise<Database.Database> => {
    for (let until = Date.now() + 60_000; Date.now() < until; await sleep(100)) {
      if (!existsSync(join(dir, 'scheduler-read.db'))) continue;
      try {
        const db = new Database(join(dir, 'scheduler-read.db'), { readonly: true, fileMustExist: true });
        countExecutedSchedules(db); // throws until the projector made its tables
        return db;
      } catch {
        // Not created yet.
      }
    }
    throw new Error(`the scheduler did not make its read database; see ${logFile}`);
  };
  const count = (db: Database.Database, sql: string, ...params: unknown[]) => (db.prepare(sql).pluck().get(...params) as number) ?? 0;
  const read = await readDb();
  for (let until = Date.now() + 60_000; countAllConnectedAccounts(read) < RUNS; await sleep(100)) {
    if (Date.now() > until) throw new Error(`the scheduler's read model did not catch up; see ${logFile}`);
  }

  // Idle: what the scheduler spends with nothing to do, over two seconds before any schedule exists.
  const idleFrom = { at: Date.now(), cpu: cpuOfAll() };
  await sleep(2_000);
  const beforeSchedules = { at: Date.now(), cpu: cpuOfAll() };
  await x.counts(); // X's requests are counted from here
  const idleCpuPerS = ((beforeSchedules.cpu - idleFrom.cpu) / (beforeSchedules.at - idleFrom.at)) * 1000;

  const T = Math.ceil((Date.now() + LEAD_MS) / 1000) * 1000;
  const due = new Date(T).toISOString();
  started = performance.now();
  await inChunks((s, i) => {
    const scheduleId = randomUUID();
    return exec(scheduleStream(scheduleId), scheduleDecider, {
      type: 'CreateSchedule',
      scheduleId,
      userId: s.userId,
      now: new Date().toISOString(),
      timeZone: 'UTC',
      draft: {
        targetAccountId: s.targetId,
        targetUsername: s.targetUsername,
        connectedAccountId: s.accountId,
        accountName: s.username,
        content: { kind: 'text', text: `Reply ${i} from the dispatch benchmark: a fair point, and the numbers agree.` },
        imageUrl: null,
        plan: { kind: 'once', at: due },
      },
    });
  });
  console.log(`seed: ${fmt(RUNS)} schedules due at ${due} in ${ms(performance.now() - started)}`);
  const seedEnd = count(new Database(join(dir, 'events.db'), { readonly: true }), 'SELECT MAX(position) FROM events');
  // Every schedule reached the scheduler's read model (some may be claimed already: prepared ahead).
  for (; dueRuns(read, due, RUNS).length < RUNS; await sleep(100)) {
    if (Date.now() > T - 500) throw new Error(`the schedules were not in the scheduler's read model 0.5 s before they were due; raise BENCH_LEAD_S`);
  }
  await sleep(T - Date.now());
  const atT = { at: Date.now(), cpu: cpuOfAll(), rss: statusOf(pid, 'VmRSS') };
  scheduler.kill('SIGUSR2');
  // Optional: the scheduler's fsync and write calls over the dispatch (strace -c, wall time per call).
  const strace = process.env.BENCH_STRACE
    ? spawn('strace', ['-c', '-w', '-f', '-e', 'trace=fsync,fdatasync,pwrite64,pread64', '-o', join(dir, 'strace.txt'), '-p', String(pid)], { stdio: 'ignore' })
    : null;
  if (strace) children.add(strace);

  let done = { at: NaN, cpu: NaN };
  for (const until = T + TIMEOUT_MS; Date.now() < until; await sleep(50)) {
    if (countExecutedSchedules(read) >= RUNS) {
      done = { at: Date.now(), cpu: cpuOfAll() };
      break;
    }
  }
  const peakRss = statusOf(pid, 'VmHWM');
  if (strace) {
    strace.kill('SIGINT');
    await new Promise((r) => strace.once('exit', r));
    console.log(readFileSync(join(dir, 'strace.txt'), 'utf8'));
  }
  const xCounts = await x.counts();
  for (const c of [scheduler, ...others]) c.kill('SIGTERM');
  await exited;
  read.close();
  const probe = JSON.parse(readFileSync(probeFile, 'utf8')) as { overall: Record<string, number>; sinceDue: Record<string, number> | null; maxRssKiB: number };

  // What happened, from the events the scheduler wrote (claims made ahead can come before the last schedule was written).
  const events = new Database(join(dir, 'events.db'), { readonly: true });
  const rows = events
    .prepare<[number], { stream: string; type: string; data: string; metadata: string }>("SELECT stream, type, data, metadata FROM events WHERE position > ? OR type = 'ScheduleRunClaimed' ORDER BY position")
    .all(seedEnd);
  events.close();
  const byReply = new Map<string, Record<string, number>>();
  const types = new Map<string, number>();
  const claimedAt = new Map<string, number>();
  /** Claims per scheduler process (its claimant id): how the processes shared the runs. */
  const claimsBy = new Map<string, number>();
  for (const row of rows) {
    types.set(row.type, (types.get(row.type) ?? 0) + 1);
    const time = Date.parse((JSON.parse(row.metadata) as { time: string }).time);
    const data = JSON.parse(row.data) as { replyId?: string };
    if (row.type === 'ScheduleRunClaimed' && data.replyId) {
      claimedAt.set(data.replyId, time);
      const claimant = (data as { claimant?: string }).claimant ?? '?';
      claimsBy.set(claimant, (claimsBy.get(claimant) ?? 0) + 1);
    }
    if (row.stream.startsWith('reply-') && data.replyId) {
      const times = byReply.get(data.replyId) ?? {};
      times[row.type] ??= time;
      byReply.set(data.replyId, times);
    }
  }
  const answered: number[] = [];
  const phases = { claim: [] as number[], dueToPost: [] as number[], post: [] as number[] };
  let sent = 0;
  for (const [replyId, t] of byReply) {
    const answer = t.ReplySent ?? t.ReplyFailed ?? t.ReplyUnconfirmed;
    if (t.ReplySent !== undefined) sent += 1;
    if (answer === undefined) continue;
    answered.push(answer - T);
    const claimed = claimedAt.get(replyId);
    if (claimed !== undefined) phases.claim.push(claimed - T);
    if (t.ReplySending !== undefined) phases.dueToPost.push(t.ReplySending - T);
    if (t.ReplySending !== undefined) phases.post.push(answer - t.ReplySending);
  }

  console.log('');
  console.log(`Scheduler ${SCHEDULERS === 1 ? 'process' : `processes (${SCHEDULERS})`} (apps/scheduler/src/main.ts), ${fmt(sent)} of ${fmt(RUNS)} replies accepted by X:`);
  console.log(`  outcomes: ${[...types].filter(([k]) => /^Reply(Sent|Failed|Unconfirmed|Ready|Skipped|RateLimited)$/.test(k)).map(([k, v]) => `${k} ${fmt(v)}`).join(', ') || 'none'}`);
  if (SCHEDULERS > 1) console.log(`  claims per process: ${[...claimsBy.values()].sort((a, b) => b - a).map(fmt).join(', ')} (${claimsBy.size} of ${SCHEDULERS} processes claimed runs)`);
  console.log(`  ${line('lateness, due time -> X answered', answered)}`);
  console.log(`  ${line('  due time -> run claimed (negative: ahead)', phases.claim)}`);
  console.log(`  ${line('  due time -> POST starts', phases.dueToPost)}`);
  console.log(`  ${line('  the POST (X answering)', phases.post)}`);
  const wall = done.at - T;
  console.log(`  wall time, due time -> every run recorded and projected: ${Number.isFinite(wall) ? ms(wall) : `NOT DONE within ${ms(TIMEOUT_MS)}`}`);
  const cpuMs = done.cpu - beforeSchedules.cpu;
  console.log(
    `  CPU time of the scheduler process from just before the schedules were written to the end: ${ms(cpuMs)} = ${(cpuMs / Math.max(1, sent)).toFixed(2)} ms per reply ` +
      `(${SCHEDULERS === 1 ? `utime + stime from /proc/${pid}/stat` : `utime + stime of the ${SCHEDULERS} processes summed`}, tick ${1000 / clockTick} ms; nothing subtracted; idle it spends ${idleCpuPerS.toFixed(1)} ms per s); ` +
      `from the due time on: ${((done.cpu - atT.cpu) / Math.max(1, sent)).toFixed(2)} ms per reply`,
  );
  console.log(
    `  memory: RSS ${mib(atT.rss)} at the due time, peak ${mib(probe.sinceDue?.rss ?? NaN)} after it (VmHWM over the whole life ${mib(peakRss)}); ` +
      `heap used peak ${mib(probe.sinceDue?.heapUsed ?? NaN)} after the due time (${mib(probe.overall.heapUsed ?? NaN)} over the whole life)`,
  );
  const requests = Object.values(xCounts).reduce((a, b) => a + b, 0);
  console.log(`  X API requests: ${fmt(requests)} = ${(requests / Math.max(1, sent)).toFixed(2)} per reply (${Object.entries(xCounts).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${fmt(v)}`).join(', ')})`);

  // The limit: the same client, the same accounts, the same pool size and latency, nothing else.
  const client = createXClient({ consumerKey: SANDBOX_APP.consumerKey, consumerSecret: SANDBOX_APP.consumerSecret, apiBaseUrl: x.url, sandbox: false });
  const pool = createPool(CONCURRENCY);
  const bareCpu = process.cpuUsage();
  const bareStart = Date.now();
  const bare = await Promise.all(
    seeded.map((s, i) =>
      pool.run(async () => {
        const outcome = await client.asUser({ accessToken: s.token, accessSecret: s.secret }).reply({ inReplyToPostId: s.postId, text: `Bare loop reply ${i}, nothing else.` });
        return { kind: outcome.kind, at: Date.now() - bareStart };
      }),
    ),
  );
  const bareWall = Date.now() - bareStart;
  const bareUsed = process.cpuUsage(bareCpu);
  const bareSent = bare.filter((b) => b.kind === 'sent').length;
  const bareCounts = await x.counts();
  console.log('');
  console.log(`The limit: a bare loop, ${fmt(RUNS)} replies through the same X client (adapters/x-twitter), pool of ${CONCURRENCY}, same latency, nothing else:`);
  console.log(`  ${line('answered, start -> X answered', bare.map((b) => b.at))}`);
  console.log(`  wall time ${ms(bareWall)}; ${fmt(bareSent)} accepted; ${(Object.values(bareCounts).reduce((a, b) => a + b, 0) / Math.max(1, bareSent)).toFixed(2)} requests per reply; CPU of the X client alone ${((bareUsed.user + bareUsed.system) / 1000 / Math.max(1, bareSent)).toFixed(2)} ms per reply (process.cpuUsage)`);
  const perCall = LATENCY_MS + JITTER_MS / 2;
  console.log(
    `  arithmetic floor: ${fmt(RUNS)} replies / ${CONCURRENCY} in flight x ${perCall} ms per call = ${ms((RUNS / CONCURRENCY) * perCall)} for one call per reply, ` +
      `${ms((RUNS / CONCURRENCY) * perCall * 2)} for two (read the target's posts, then post)`,
  );

  const s = spread(answered);
  console.log('');
  console.log(`The seed product's promise: a due reply goes out ${SEED_PROMISE} (300–600 s) after its time.`);
  console.log(
    `Targets: lateness p99 <= ${ms(TARGET_P99_MS)} -> ${ms(s.p99)}: ${s.p99 <= TARGET_P99_MS && answered.length === RUNS ? 'met' : 'NOT met'}; ` +
      `CPU <= ${TARGET_CPU_MS} ms per reply -> ${(cpuMs / Math.max(1, sent)).toFixed(2)} ms: ${cpuMs / Math.max(1, sent) <= TARGET_CPU_MS ? 'met' : 'NOT met'}`,
  );
  console.log(`Against the promise: p99 ${ms(s.p99)} is ${(300_000 / s.p99).toFixed(0)}x–${(600_000 / s.p99).toFixed(0)}x sooner; against the limit: p99 ${(s.p99 / spread(bare.map((b) => b.at)).p99).toFixed(2)}x the bare loop's, wall ${(wall / bareWall).toFixed(2)}x`);

  // For bench:scaleout, which runs this bench with one and with three schedulers and prints them side by side.
  if (process.env.BENCH_SUMMARY_FILE) {
    const limit = spread(bare.map((b) => b.at));
    writeFileSync(
      process.env.BENCH_SUMMARY_FILE,
      JSON.stringify({
        runs: RUNS,
        schedulers: SCHEDULERS,
        concurrency: CONCURRENCY,
        sent,
        answered: answered.length,
        outcomes: Object.fromEntries([...types].filter(([k]) => /^Reply(Sent|Failed|Unconfirmed|Ready|Skipped|RateLimited)$/.test(k))),
        lateness: s,
        claimsPerProcess: [...claimsBy.values()].sort((a, b) => b - a),
        wallMs: wall,
        cpuMsPerReply: cpuMs / Math.max(1, sent),
        limit: { ...limit, wallMs: bareWall },
        loadAverageAtStart: loadAtStart,
      }),
    );
  }

  x.child.send('close');
  await store.close();
};

try {
  await main();
} finally {
  for (const child of children) child.kill('SIGKILL');
  if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true });
}
