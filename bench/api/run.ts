/**
 * bench:api: what a read costs on Riposte's HTTP API against a bare Koa app, measured in one run.
 *
 * Two processes, each started from this repo: the peer (bench/api/peer.ts, Koa with one handler and
 * no middleware) and `apps/server/src/main.ts` as `npm start` runs it (SQLite store, info-level
 * request log to a file, scheduler off so that nothing else runs). The load comes from autocannon in
 * this process, so the server has a core of its own on a two-core machine.
 *
 * Seeded before measuring, through the API: user A with 20 templates; user B (legacy plan, the cap
 * raised for the bench) with 10,000 schedules in 100 bulk batches. Workloads: `/healthz`,
 * `GET /api/auth/status` (A signed in), `GET /api/templates` (A, 20), `GET /api/schedules` (B: the
 * first page, 100 of 10,000).
 * Each is run saturated (BENCH_CONNECTIONS connections, closed loop: requests/s) in one-second
 * slices taking turns with the peer, so both meet the same load on the machine; then alone at a
 * fixed 500 requests/s (open loop: p50 / p99 in ms). BENCH_SECONDS sets the slices (and the seconds
 * at 500/s; default 5);
 * BENCH_SCHEDULES the schedules of user B (default 10,000); BENCH_ONLY=<text> runs only the workloads
 * whose name holds it (with BENCH_PROFILE, to profile one of them).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createTokenCipher, tokenKey } from '@adapters/crypto-tokens';
import { createSqliteEventStore } from '@adapters/eventstore-sqlite';
import { handleCommand } from '@core/eventstore/command-handler';
import { asSealed, xAccountDecider, xAccountStream } from '@core/x-accounts';
import { Client } from '../../tests/api/support';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SCHEDULES = Number(process.env.BENCH_SCHEDULES ?? 10_000);
const FIXED_RATE = 500;
const ADMIN_PASSWORD = 'bench-api-admin-pw';

interface Proc {
  child: ChildProcess;
  log: string;
}

/** BENCH_PROFILE=<dir>: the server writes a CPU profile there when it stops (node --cpu-prof). */
const PROFILE = process.env.BENCH_PROFILE;

const start = (script: string, env: Record<string, string>, log: string, profile = false): Proc => {
  const out = openSync(log, 'a');
  const flags = profile && PROFILE !== undefined ? ['--cpu-prof', '--cpu-prof-dir', PROFILE] : [];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', join(root, script)], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', out, out] });
  return { child, log };
};

const urlOf = async (proc: Proc, pattern: RegExp): Promise<string> => {
  const until = Date.now() + 120_000;
  for (;;) {
    const match = pattern.exec(readFileSync(proc.log, 'utf8'));
    if (match?.[1] !== undefined) return match[1];
    if (proc.child.exitCode !== null || Date.now() > until) throw new Error(`${proc.log} did not come up:\n${readFileSync(proc.log, 'utf8').slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

const stop = async (proc: Proc) => {
  if (proc.child.exitCode !== null) return;
  const exited = new Promise((r) => proc.child.once('exit', r));
  proc.child.kill('SIGTERM');
  await exited;
};

const must = async (what: string, reply: Promise<{ status: number; body: unknown }>, wanted = [200, 201]) => {
  const r = await reply;
  if (!wanted.includes(r.status)) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r.body;
};

/** A connected X account for `userId`, written as the connect flow writes it (the scheduler is off: its tokens are never used). */
const connectX = async (dataDir: string, userId: string): Promise<string> => {
  const accountId = randomUUID();
  const cipher = createTokenCipher({ current: tokenKey(randomBytes(32)), previous: [] });
  const store = createSqliteEventStore({ path: join(dataDir, 'events.db'), synchronous: 'NORMAL' });
  const binding = (field: string) => ({ userId, accountId, field });
  const now = new Date().toISOString();
  try {
    await handleCommand(
      store,
      xAccountStream(accountId),
      xAccountDecider,
      {
        type: 'ConnectXAccount',
        accountId,
        userId,
        profile: { xUserId: '7000001', username: 'bench_x', displayName: 'bench x', profilePicture: null },
        tokens: { accessToken: asSealed(cipher.encrypt('t', binding('xAccessToken'))), accessSecret: asSealed(cipher.encrypt('s', binding('xAccessSecret'))) },
        via: 'pin',
        now,
      },
      { metadata: { actor: userId, correlationId: randomUUID(), causationId: null, time: now }, newId: randomUUID },
    );
  } finally {
    await store.close();
  }
  return accountId;
};

const dateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const register = async (base: string, name: string) => {
  const c = new Client(base);
  const body = (await must(
    `register ${name}`,
    c.post('/api/auth/register', { email: `${name}@example.com`, username: name, fullName: name, password: 'bench-pw-123', confirmPassword: 'bench-pw-123' }),
  )) as { user: { id: string } };
  return { client: c, id: body.user.id };
};

const seed = async (base: string, dataDir: string, log: (line: string) => void) => {
  const admin = new Client(base);
  await must('admin login', admin.post('/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD }));
  await must('admin password', admin.put('/api/auth/change-password', { currentPassword: ADMIN_PASSWORD, newPassword: 'bench-api-admin-pw-2', confirmPassword: 'bench-api-admin-pw-2' }));
  const a = await register(base, 'benchreader');
  for (let i = 0; i < 20; i += 1) {
    await must('template', a.client.post('/api/templates', { name: `Template ${i}`, content: `A reply worth reading, number ${i}, with a few more words to it.` }));
  }
  const b = await register(base, 'benchlister');
  await must('legacy role', admin.put(`/api/admin/users/${b.id}/role`, { role: 'legacy' }));
  const x = await connectX(dataDir, b.id);
  const targets = (await must('accounts', b.client.get('/api/accounts'))) as { id: string }[] | { accounts: { id: string }[] };
  const target = (Array.isArray(targets) ? targets : targets.accounts)[0];
  if (target === undefined) throw new Error('no curated account to target');
  // The connected account reaches the read model a moment after its event.
  for (let tries = 0; ; tries += 1) {
    const probe = await b.client.get('/api/x/accounts');
    if (probe.status === 200 && JSON.stringify(probe.body).includes(x)) break;
    if (tries > 100) throw new Error('the connected X account never showed');
    await new Promise((r) => setTimeout(r, 100));
  }
  const started = performance.now();
  for (let batch = 0; batch * 100 < SCHEDULES; batch += 1) {
    const entries = Array.from({ length: Math.min(100, SCHEDULES - batch * 100) }, (_, i) => ({
      accountId: target.id,
      connectedAccountId: x,
      templateSourceType: 'custom',
      isRecurring: false,
      recurringType: 'daily',
      scheduledDate: dateIn(i + 1),
      scheduledTime: 'morning',
      useCustomTime: false,
      useAI: false,
      viralStyle: 'savage_comeback',
      customReplyText: `Bench reply ${batch}-${i}`,
    }));
    await must(`batch ${batch}`, b.client.post('/api/bulk-replies/batch', { entries }));
  }
  log(`seeded: 20 templates for A, ${SCHEDULES} schedules for B in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const cookieOf = (c: Client) => c.cookieHeader();
  return { a: cookieOf(a.client), b: cookieOf(b.client) };
};

interface Figures {
  rps: number;
  /** The peer's requests/s in the slices between this workload's. */
  peerRps: number;
  p50: number;
  p99: number;
  errors: number;
}

const load = (url: string, cookie: string | null, rate: number | null, seconds: number) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (cookie !== null) headers.cookie = cookie;
    autocannon(
      { url, connections: CONNECTIONS, duration: seconds, headers, ...(rate === null ? {} : { overallRate: rate }) },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });

/** Microseconds on the monotonic clock, the time base of a CPU profile: a profile can be cut to one workload. */
const monotonicUs = () => process.hrtime.bigint() / 1000n;

/**
 * Saturated: one-second slices of the workload and of the peer in turn (BENCH_SECONDS of each), so
 * that bursts of other work on the machine fall on both alike; then the workload alone at 500/s.
 */
const measure = async (url: string, cookie: string | null, peerUrl: string): Promise<Figures> => {
  await load(url, cookie, null, 1); // warm-up, not counted: JIT, caches, connections
  let requests = 0;
  let peerRequests = 0;
  let errors = 0;
  const from = monotonicUs();
  for (let slice = 0; slice < SECONDS; slice += 1) {
    const peer = await load(peerUrl, null, null, 1);
    peerRequests += peer.requests.total;
    const own = await load(url, cookie, null, 1);
    requests += own.requests.total;
    errors += own.non2xx + own.errors;
  }
  if (PROFILE !== undefined) process.stdout.write(`profile window ${url}: ${from} ${monotonicUs()}\n`);
  const fixed = await load(url, cookie, FIXED_RATE, SECONDS);
  errors += fixed.non2xx + fixed.errors;
  return { rps: requests / SECONDS, peerRps: peerRequests / SECONDS, p50: fixed.latency.p50, p99: fixed.latency.p99, errors };
};

const main = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'riposte-bench-api-'));
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const procs: Proc[] = [];
  try {
    log(`bench:api: ${SECONDS} s per figure, ${CONNECTIONS} connections saturated, ${FIXED_RATE} requests/s fixed; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    const dataDir = join(dir, 'data');
    const server = start(
      'apps/server/src/main.ts',
      {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '0',
        RIPOSTE_DATA_DIR: dataDir,
        RIPOSTE_ADMIN_PASSWORD: ADMIN_PASSWORD,
        RIPOSTE_SCHEDULER: 'off',
        RIPOSTE_SCHEDULE_CAP_LEGACY: String(Math.max(SCHEDULES, 2000)),
        RIPOSTE_REGISTER_LIMIT: '100',
        // The bench is one user flooding on purpose: it measures a read's cost, not the share that
        // refuses such a flood (tests/security/read-share.int.test.ts).
        RIPOSTE_READ_BURST_MS: '3600000',
        LOG_LEVEL: 'info',
      },
      join(dir, 'server.log'),
      true,
    );
    procs.push(server);
    const base = await urlOf(server, /Riposte is running at (\S+)/);
    const cookies = await seed(base, dataDir, log);
    const rows: [string, Figures][] = [];
    const only = process.env.BENCH_ONLY;
    const peer = start('bench/api/peer.ts', {}, join(dir, 'peer.log'));
    procs.push(peer);
    const peerUrl = `${await urlOf(peer, /peer listening on (\S+)/)}/`;
    const run = async (name: string, url: string, cookie: string | null) => {
      if (only === undefined || name.includes(only)) rows.push([name, await measure(url, cookie, peerUrl)]);
    };
    const peerFixed = await load(peerUrl, null, FIXED_RATE, SECONDS);
    await run('/healthz', `${base}/healthz`, null);
    await run('GET /api/auth/status, signed in', `${base}/api/auth/status`, cookies.a);
    await run('GET /api/templates (20)', `${base}/api/templates`, cookies.a);
    await run(`GET /api/schedules, first page of ${SCHEDULES}`, `${base}/api/schedules`, cookies.b);

    log('');
    log(`bare Koa (peer) at ${FIXED_RATE}/s: p50 ${peerFixed.latency.p50} ms, p99 ${peerFixed.latency.p99} ms`);
    log('');
    log('| workload | requests/s saturated | bare Koa in the same slices | x bare Koa | p50 ms at 500/s | p99 ms at 500/s | non-2xx or errors |');
    log('|---|--:|--:|--:|--:|--:|--:|');
    const n = (v: number) => Math.round(v).toLocaleString('en-US');
    for (const [name, f] of rows) log(`| ${name} | ${n(f.rps)} | ${n(f.peerRps)} | ${(f.rps / f.peerRps).toFixed(3)}x | ${f.p50} | ${f.p99} | ${f.errors} |`);
    log('');
    log(`load average at the end: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  } finally {
    for (const p of procs) await stop(p);
    if (process.env.BENCH_KEEP === undefined) rmSync(dir, { recursive: true, force: true });
    else log(`kept ${dir}`);
  }
};

await main();
