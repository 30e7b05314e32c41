/**
 * bench:scaleout, part 1: HTTP throughput of one server against two servers behind a round-robin
 * client, on one installation (one SQLite event file, shared state in a throwaway PostgreSQL:
 * RIPOSTE_SHARED_URL), as tests/scaleout/multi-process.int.test.ts starts them. Both servers run the
 * whole time; a phase sends every request to server a ('one') or to a and b in turn ('two').
 *
 * The mix, per virtual user (a signed-in user of its own with one connected X account): list the
 * schedules, list the replies, create a one-time schedule three days out (from a template), read
 * the replies summary, delete the schedule it created, list the schedules again. Two writes in six
 * requests; the lists stay the same size from phase to phase. Each virtual user sends its next
 * request when the last one answered (a closed loop), so the concurrency is the same in every phase.
 */
import { execSync } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPayPalEmulator, type PayPalEmulator } from '@adapters/paypal-emulator/server';
import { freePort, startPostgres, type ThrowawayPostgres } from '../../tests/scaleout/postgres';
import { installationEnv, run, waitFor, type Proc } from '../../tests/scaleout/processes';

const ADMIN_PASSWORD = 'bench-scaleout-admin-pw';
const PASSWORD = 'bench-scaleout-pw-1';

export interface HttpOptions {
  /** Virtual users, each with one request in flight. */
  concurrency: number;
  /** Measured seconds per phase. */
  seconds: number;
  /** Seconds of load before each phase's measurement starts (not counted). */
  warmupSeconds: number;
  /** Phases in order: 'one' (server a only) or 'two' (a and b in turn). */
  order: ('one' | 'two')[];
  /** Seconds of the mix on both servers in turn before the first phase (not counted): both warm up. */
  warmupFirstSeconds: number;
}

export interface PhaseResult {
  phase: 'one' | 'two';
  seconds: number;
  requests: number;
  ok: number;
  /** Answers that were not 2xx, by status and operation. */
  failures: Record<string, number>;
  /** Milliseconds, all requests of the phase. */
  latencies: number[];
  byOp: Record<string, number[]>;
  /** CPU ms of the server processes over the measured window. */
  serverCpuMs: number[];
  benchCpuMs: number;
  load: number;
}

type Jar = Map<string, string>;
interface Answer {
  status: number;
  body: unknown;
}

/** A small keep-alive client: one agent per server, each virtual user its own cookie jar. */
const makeClient = (concurrency: number) => {
  const agents = new Map<string, Agent>();
  const agentOf = (base: string) => {
    let agent = agents.get(base);
    if (agent === undefined) {
      agent = new Agent({ keepAlive: true, maxSockets: concurrency });
      agents.set(base, agent);
    }
    return agent;
  };
  const send = (base: string, jar: Jar, method: string, path: string, body?: unknown) =>
    new Promise<Answer>((resolve, reject) => {
      const { hostname, port } = new URL(base);
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string> = { Accept: 'application/json', 'X-Riposte-Request': '1' };
      if (jar.size > 0) headers.Cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      if (payload !== undefined) {
        headers['Content-Type'] = 'application/json';
        headers['Content-Length'] = String(Buffer.byteLength(payload));
      }
      const req = httpRequest({ hostname, port, path, method, headers, agent: agentOf(base) }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          for (const line of res.headers['set-cookie'] ?? []) {
            const [pair = ''] = line.split(';');
            const eq = pair.indexOf('=');
            const name = pair.slice(0, eq).trim();
            const value = pair.slice(eq + 1).trim();
            if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
            else jar.set(name, value);
          }
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          if ((res.headers['content-type'] ?? '').includes('json') && text !== '') parsed = JSON.parse(text);
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      });
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  return { send, close: () => agents.forEach((a) => a.destroy()) };
};

const expectStatus = (answer: Answer, wanted: number[], what: string) => {
  if (!wanted.includes(answer.status)) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
};

const clockTick = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;
const cpuMsOf = (pid: number | undefined): number => {
  if (pid === undefined) return NaN;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / clockTick) * 1000;
};
const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

interface VirtualUser {
  jar: Jar;
  connectedAccountId: string;
  templateId: string;
}

export const runHttp = async (options: HttpOptions, log: (line: string) => void): Promise<PhaseResult[]> => {
  const dir = mkdtempSync(join(tmpdir(), 'riposte-bench-scaleout-'));
  const procs: Proc[] = [];
  let pg: ThrowawayPostgres | undefined;
  let paypal: PayPalEmulator | undefined;
  const client = makeClient(options.concurrency);
  try {
    let started = performance.now();
    pg = await startPostgres();
    paypal = await startPayPalEmulator({ port: 0 });
    const xPort = await freePort();
    const x = run('adapters/x-emulator/main.ts', ['--port', String(xPort), '--no-summon-rule'], {});
    procs.push(x);
    await waitFor(x, /X emulator on/, 'the X emulator');
    const env: Record<string, string> = {
      ...installationEnv({
        dir,
        adminPassword: ADMIN_PASSWORD,
        sharedUrl: pg.url,
        tokenKey: Buffer.alloc(32, 7).toString('base64'),
        sessionKeys: 'bench-scaleout-session-key-0123456789abcdef',
        xUrl: `http://127.0.0.1:${xPort}`,
        paypalUrl: paypal.url,
      }),
      RIPOSTE_REGISTER_LIMIT: '10000',
      RIPOSTE_SCHEDULER: 'external',
      RIPOSTE_SQLITE_FILE: join(dir, 'events.db'),
    };
    const servers: { base: string; proc: Proc }[] = [];
    // One after the other: the first makes the admin and the curated accounts, the second finds them.
    for (const name of ['a', 'b']) {
      const proc = run('apps/server/src/main.ts', [], { ...env, RIPOSTE_DATA_DIR: join(dir, name) });
      procs.push(proc);
      servers.push({ base: (await waitFor(proc, /Riposte is running at (\S+)/, `server ${name}`))[1] as string, proc });
    }
    const [a, b] = servers as [{ base: string; proc: Proc }, { base: string; proc: Proc }];
    log(`  started PostgreSQL, the X emulator and servers a (${a.base}) and b (${b.base}) in ${(performance.now() - started) / 1000 | 0} s`);

    // The virtual users: registered, signed in and connected to X (PIN flow) on a.
    started = performance.now();
    const stamp = Date.now().toString(36);
    const users: VirtualUser[] = [];
    let target: { id: string } | undefined;
    for (let i = 0; i < options.concurrency; i += 1) {
      const jar: Jar = new Map();
      const name = `bs${stamp}${i}`;
      const send = (method: string, path: string, body?: unknown) => client.send(a.base, jar, method, path, body);
      expectStatus(await send('POST', '/api/auth/register', { email: `${name}@example.com`, username: name, fullName: 'Bench Scaleout', password: PASSWORD, confirmPassword: PASSWORD }), [201], 'register');
      expectStatus(await send('POST', '/api/auth/login', { username: name, password: PASSWORD }), [200], 'login');
      const { url, token } = expectStatus(await send('GET', '/api/x/auth/url'), [200], 'X auth url').body as { url: string; token: string };
      const authUrl = new URL(url);
      const consent = await fetch(`${authUrl.origin}${authUrl.pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ oauth_token: authUrl.searchParams.get('oauth_token') ?? '', username: `${name}_x`, decision: 'allow' }).toString(),
        redirect: 'manual',
      });
      const pin = /<code>(\d+)<\/code>/.exec(await consent.text())?.[1];
      if (pin === undefined) throw new Error('the X emulator gave no PIN');
      expectStatus(await send('POST', '/api/x/auth/verify-pin', { token, pinCode: pin }), [200], 'verify PIN');
      const accounts = (expectStatus(await send('GET', '/api/x/accounts'), [200], 'X accounts').body as { accounts: { id: string; username: string }[] }).accounts;
      const connected = accounts.find((acc) => acc.username === `${name}_x`);
      if (connected === undefined) throw new Error(`the connected account of ${name} is not listed`);
      const template = expectStatus(await send('POST', '/api/templates', { name: 'Bench', content: 'A fair point, and the numbers agree.' }), [201], 'template').body as { id: string };
      if (target === undefined) {
        const listed = expectStatus(await send('GET', '/api/accounts'), [200], 'targets').body as { id: string }[] | { accounts: { id: string }[] };
        target = (Array.isArray(listed) ? listed : listed.accounts)[0];
        if (target === undefined) throw new Error('no monitored account to target');
      }
      users.push({ jar, connectedAccountId: connected.id, templateId: template.id });
    }
    // b's read model follows the shared event file: wait until it knows the last user's template.
    const last = users.at(-1) as VirtualUser;
    for (const until = Date.now() + 60_000; ; await new Promise((r) => setTimeout(r, 100))) {
      const templates = await client.send(b.base, last.jar, 'GET', '/api/templates');
      if (templates.status === 200 && JSON.stringify(templates.body).includes(last.templateId)) break;
      if (Date.now() > until) throw new Error('server b did not catch up with the users made on a');
    }
    log(`  ${options.concurrency} users registered, signed in and connected to X in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const targetId = (target as { id: string }).id;

    const results: PhaseResult[] = [];
    const phases = options.warmupFirstSeconds > 0 ? (['warm-up', ...options.order] as const) : options.order;
    for (const phase of phases) {
      const bases = phase === 'one' ? [a.base] : [a.base, b.base];
      const measuredSeconds = phase === 'warm-up' ? options.warmupFirstSeconds : options.seconds;
      let next = 0;
      const pick = () => bases[next++ % bases.length] as string;
      let measuring = false;
      let stop = false;
      const latencies: number[] = [];
      const byOp: Record<string, number[]> = {};
      const failures: Record<string, number> = {};
      let requests = 0;
      let ok = 0;
      const timed = async (op: string, user: VirtualUser, method: string, path: string, body?: unknown): Promise<Answer | null> => {
        const t0 = performance.now();
        let answer: Answer | null = null;
        let status = 'error';
        try {
          answer = await client.send(pick(), user.jar, method, path, body);
          status = String(answer.status);
        } catch (error) {
          status = `error ${(error as Error).message}`;
        }
        if (measuring) {
          const took = performance.now() - t0;
          requests += 1;
          latencies.push(took);
          (byOp[op] ??= []).push(took);
          if (answer !== null && answer.status >= 200 && answer.status < 300) ok += 1;
          else failures[`${op} ${status}`] = (failures[`${op} ${status}`] ?? 0) + 1;
        }
        return answer;
      };
      const loop = async (user: VirtualUser, n: number) => {
        for (let i = 0; !stop; i += 1) {
          await timed('list schedules', user, 'GET', '/api/schedules');
          await timed('list replies', user, 'GET', '/api/replies?page=1&limit=25');
          const at = new Date(Date.now() + 3 * 86_400_000 + (n * 1000 + i) * 60_000);
          at.setUTCSeconds(0, 0);
          const created = await timed('create schedule', user, 'POST', '/api/schedules', {
            accountId: targetId,
            connectedAccountId: user.connectedAccountId,
            templateId: user.templateId,
            scheduleType: 'scheduled',
            scheduledTime: at.toISOString(),
            isRecurring: false,
          });
          await timed('replies summary', user, 'GET', '/api/replies/summary');
          const id = (created?.body as { id?: string } | undefined)?.id;
          if (id !== undefined) await timed('delete schedule', user, 'DELETE', `/api/schedules/${id}`);
          await timed('list schedules', user, 'GET', '/api/schedules');
        }
      };
      const loops = users.map((u, n) => loop(u, n));
      await new Promise((r) => setTimeout(r, options.warmupSeconds * 1000));
      const cpuFrom = servers.map((s) => cpuMsOf(s.proc.child.pid));
      const benchFrom = ownCpuMs();
      const loadFrom = loadavg()[0] ?? NaN;
      measuring = true;
      const t0 = performance.now();
      await new Promise((r) => setTimeout(r, measuredSeconds * 1000));
      measuring = false;
      const seconds = (performance.now() - t0) / 1000;
      const serverCpuMs = servers.map((s, i) => cpuMsOf(s.proc.child.pid) - (cpuFrom[i] as number));
      const benchCpuMs = ownCpuMs() - benchFrom;
      stop = true;
      await Promise.all(loops);
      if (phase === 'warm-up') {
        log(`  warm-up, both servers in turn, not counted: ${requests} requests in ${seconds.toFixed(1)} s, load average ${loadFrom.toFixed(1)} at its start`);
        continue;
      }
      results.push({ phase, seconds, requests, ok, failures, latencies, byOp, serverCpuMs, benchCpuMs, load: loadFrom });
      log(`  phase ${results.length} (${phase === 'one' ? 'one server' : 'two servers, round robin'}): ${requests} requests in ${seconds.toFixed(1)} s, load average ${loadFrom.toFixed(1)} at its start`);
    }
    return results;
  } finally {
    client.close();
    for (const p of procs) p.child.kill('SIGKILL');
    await Promise.all(procs.map((p) => p.exited));
    await paypal?.close();
    pg?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
};
