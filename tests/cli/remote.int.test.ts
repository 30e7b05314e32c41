/**
 * The `riposte` CLI end to end against a real server on a real port, with a personal access token.
 * The program runs in this process (tests/cli/cli.support.ts); the first login runs the real entry
 * point (node --import tsx apps/cli/src/main.tsx) as its own process:
 *  - login stores the profile with mode 0600; whoami; bad token, unreachable server and bad usage
 *    exit 2, 3 and 1;
 *  - a 200-row CSV with two bad lines is refused with both line numbers and creates nothing; the
 *    good file is created (after a dry run that creates nothing), imported again creates nothing and
 *    says so; export writes it back identical;
 *  - a create whose answer is dropped on the way back is retried with the same Idempotency-Key and
 *    creates once; the same create run again creates nothing, --again creates another;
 *  - --json prints nothing but JSON, parsed here; a read token cannot create (exit 2).
 */
import { spawn } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../api/support';
import { connectXAccount, dateIn, visibleTargets } from '../api/schedules.support';
import { runRiposte, type CliRun } from './cli.support';

const ROOT = join(import.meta.dirname, '..', '..');
const MAIN = join(ROOT, 'apps', 'cli', 'src', 'main.tsx');

type Run = CliRun;

let server: TestServer;
let alice: Client;
let config: string;
let work: string;
let target: string;
const XNAME = 'cli_poster';

const riposte = (args: string[], env: Record<string, string> = {}): Promise<Run> => runRiposte(args, { ...process.env, RIPOSTE_CLI_CONFIG: config, NO_COLOR: '1', ...env });

const riposteProcess = (args: string[], env: Record<string, string> = {}): Promise<Run> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], { cwd: ROOT, env: { ...process.env, RIPOSTE_CLI_CONFIG: config, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });

const tokenFor = async (client: Client, scopes: string[]): Promise<string> => {
  const res = await client.post('/api/tokens', { name: 'cli', scopes, expiresInDays: 30, currentPassword: 'secret-pw-1' });
  expect(res.status).toBe(201);
  return (res.body as { secret: string }).secret;
};

const HEADER = 'target,account,date,time,repeat,text,ai,style';
const goodRows = () =>
  Array.from({ length: 200 }, (_, i) => {
    const text = i === 7 ? '"Quoted, with a comma"" and a quote"' : `Reply number ${i + 1}`;
    return `${target},${XNAME},${dateIn(i + 2)},10:30,once,${text},false,`;
  });

beforeAll(async () => {
  server = await startTestServer({ RIPOSTE_SCHEDULER: 'off' });
  const made = await server.newUser();
  alice = made.client;
  const admin = await server.admin();
  // Import follows the Bulk rules: a tier that may bulk schedule.
  expect((await admin.put(`/api/admin/users/${made.user.id}/role`, { role: 'legacy' })).status).toBe(200);
  await connectXAccount(server, made.user.id, XNAME);
  const first = (await visibleTargets(alice))[0];
  if (first === undefined) throw new Error('no visible target');
  target = first.username;
  config = mkdtempSync(join(tmpdir(), 'riposte-cli-'));
  work = mkdtempSync(join(tmpdir(), 'riposte-cli-work-'));
}, 60_000);
afterAll(async () => {
  await server?.close();
  if (config) rmSync(config, { recursive: true, force: true });
  if (work) rmSync(work, { recursive: true, force: true });
});

// A page holds up to 500 (the default is 100): every schedule of these tests fits in one.
const scheduleCount = async () => ((await alice.get('/api/schedules?limit=500')).body as unknown[]).length;

describe('riposte against a running server', () => {
  it('logs in (profile 0600), says who it is, and exits 1 / 2 / 3 for usage, refusal and no server', async () => {
    const token = await tokenFor(alice, ['read', 'write']);
    const login = await riposteProcess(['--json', 'login', '--url', server.url, '--token', token]);
    expect(login.code, login.stderr).toBe(0);
    expect(JSON.parse(login.stdout)).toMatchObject({ url: new URL(server.url).origin });
    expect(statSync(join(config, 'profile.json')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(config, 'profile.json'), 'utf8')).toContain(token);

    const who = await riposte(['whoami', '--json']);
    expect(who.code, who.stderr).toBe(0);
    expect(JSON.parse(who.stdout)).toMatchObject({ role: 'legacy' });

    const bad = await riposte(['login', '--url', server.url, '--token', 'rpt_' + 'x'.repeat(43)], { RIPOSTE_CLI_CONFIG: join(work, 'other') });
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining('not valid')]);
    const down = await riposte(['login', '--url', 'http://127.0.0.1:9', '--token', token], { RIPOSTE_CLI_CONFIG: join(work, 'other') });
    expect([down.code, down.stderr]).toEqual([3, expect.stringContaining('Cannot reach')]);
    expect((await riposte(['schedules', 'import'])).code).toBe(1);
    expect((await riposte(['no-such-command'])).code).toBe(1);
    const notUrl = await riposte(['login', '--url', 'not a url', '--token', token]);
    expect([notUrl.code, notUrl.stderr]).toEqual([1, expect.stringContaining('url')]);
  }, 400_000);

  it('refuses a 200-row file with two bad lines, naming both lines, and creates nothing', async () => {
    const rows = goodRows();
    rows[49] = `${target},${XNAME},${dateIn(51)},25:99,once,Bad time,false,`; // line 51
    rows[149] = `nobody_here_at_all,${XNAME},${dateIn(151)},10:30,once,Bad target,false,`; // line 151
    const file = join(work, 'bad.csv');
    writeFileSync(file, [HEADER, ...rows].join('\n') + '\n');
    const run = await riposte(['--json', 'schedules', 'import', file]);
    expect(run.code).toBe(2);
    const answer = JSON.parse(run.stdout) as { error: { lines: { line: number; field: string; message: string }[] } };
    expect(answer.error.lines.map((l) => [l.line, l.field])).toEqual([
      [51, 'time'],
      [151, 'target'],
    ]);
    expect(run.stderr).toContain('line 51, time');
    expect(run.stderr).toContain('line 151, target');
    expect(await scheduleCount()).toBe(0);
  }, 200_000);

  it('imports the good file (a dry run first creates nothing) and exports it back identical', async () => {
    const text = [HEADER, ...goodRows()].join('\n') + '\n';
    const file = join(work, 'good.csv');
    writeFileSync(file, text);
    const dry = await riposte(['--json', 'schedules', 'import', file, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({ dryRun: true, count: 200 });
    expect(await scheduleCount()).toBe(0);

    const run = await riposte(['--json', 'schedules', 'import', file]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ dryRun: false, count: 200, alreadyImported: false });
    expect(await scheduleCount()).toBe(200);

    // The same file again (a re-run script, an impatient second try): nothing created, and said so.
    const rerun = await riposte(['schedules', 'import', file]);
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(JSON.parse(rerun.stdout)).toMatchObject({ dryRun: false, count: 200, alreadyImported: true });
    expect(await scheduleCount()).toBe(200);

    const exported = await riposte(['schedules', 'export']);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toBe(text);
    const out = join(work, 'out.csv');
    expect((await riposte(['schedules', 'export', '--output', out])).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(text);

    const list = await riposte(['--json', 'schedules', 'list']);
    expect(list.code).toBe(0);
    const schedules = JSON.parse(list.stdout) as { id: string }[];
    expect(schedules).toHaveLength(200);

    const gone = await riposte(['--json', 'schedules', 'delete', schedules[0]!.id]);
    expect(gone.code, gone.stderr).toBe(0);
    expect(await scheduleCount()).toBe(199);
    const again = await riposte(['--json', 'schedules', 'delete', '00000000-0000-0000-0000-000000000000']);
    expect(again.code).toBe(2);
    expect(JSON.parse(again.stdout)).toMatchObject({ error: { status: 404 } });
  }, 400_000);

  it('creates one schedule and a template, lists accounts, replies and the ready queue as JSON', async () => {
    const made = await riposte(['--json', 'schedules', 'create', '--target', `@${target}`, '--account', XNAME, '--date', dateIn(300), '--time', '09:15', '--text', 'From the CLI']);
    expect(made.code, made.stderr).toBe(0);
    expect(JSON.parse(made.stdout)).toMatchObject({ content: 'From the CLI' });
    const badTime = await riposte(['schedules', 'create', '--target', target, '--account', XNAME, '--date', dateIn(300), '--time', '9h']);
    expect([badTime.code, badTime.stderr]).toEqual([2, expect.stringContaining('--time')]);
    // Which post it answers: their next post, waiting up to the minutes given; a wait out of range names its option.
    const next = await riposte(['schedules', 'create', '--target', target, '--account', XNAME, '--date', dateIn(301), '--time', '10:15', '--text', 'Next one', '--post', 'next', '--wait', '45']);
    expect(next.code, next.stderr).toBe(0);
    expect(next.stdout).toContain(`The next post of @${target} (waits up to 45 min)`);
    const badWait = await riposte(['schedules', 'create', '--target', target, '--account', XNAME, '--date', dateIn(302), '--time', '10:15', '--text', 'x', '--post', 'next', '--wait', '0']);
    expect([badWait.code, badWait.stderr]).toEqual([2, expect.stringContaining('--wait: Wait must be between 1 and 10080 minutes')]);
    const listed = await riposte(['schedules', 'list']);
    expect(listed.stdout).toContain(`The freshest post of @${target} from the last 1 h`);

    const tpl = await riposte(['--json', 'templates', 'create', '--name', 'CLI template', '--content', 'Thanks for this']);
    expect(tpl.code, tpl.stderr).toBe(0);
    const tpls = JSON.parse((await riposte(['--json', 'templates', 'list'])).stdout) as { name: string }[];
    expect(tpls.map((t) => t.name)).toContain('CLI template');

    const accounts = JSON.parse((await riposte(['--json', 'accounts', 'list'])).stdout) as { connected: { username: string }[]; monitored: { username: string }[] };
    expect(accounts.connected.map((a) => a.username)).toContain(XNAME);
    expect(accounts.monitored.map((a) => a.username)).toContain(target);

    const replies = JSON.parse((await riposte(['--json', 'replies', 'list'])).stdout) as { items: unknown[]; total: number };
    expect(replies).toMatchObject({ items: [], total: 0 });
    const search = await riposte(['--json', 'replies', 'search', 'anything']);
    expect(JSON.parse(search.stdout)).toMatchObject({ total: 0 });
    const ready = await riposte(['--json', 'ready', 'list']);
    expect(JSON.parse(ready.stdout)).toEqual([]);
    const skip = await riposte(['--json', 'ready', 'skip', '00000000-0000-0000-0000-000000000000']);
    expect(skip.code).toBe(2);
  }, 400_000);

  it('a read token cannot create: exit 2 with the server’s reason; completion prints a script', async () => {
    const token = await tokenFor(alice, ['read']);
    const readOnly = join(work, 'read-only');
    expect((await riposte(['login', '--url', server.url, '--token', token], { RIPOSTE_CLI_CONFIG: readOnly })).code).toBe(0);
    const run = await riposte(['--json', 'templates', 'create', '--name', 'x', '--content', 'y'], { RIPOSTE_CLI_CONFIG: readOnly });
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toMatchObject({ error: { status: 403, code: 'TOKEN_SCOPE_WRITE' } });
    const completion = await riposte(['completion', 'bash']);
    expect(completion.code).toBe(0);
    expect(completion.stdout).toContain('complete -o default -F _riposte riposte');
    expect(completion.stdout).toContain('import');
  }, 200_000);
});

/**
 * A proxy in front of the server that lets every request through but, for the first `POST <path>`,
 * throws the server's answer away and cuts the connection: the create happened, the CLI never heard.
 */
const droppingProxy = async (upstream: string, path: string): Promise<{ url: string; dropped: () => number; close: () => Promise<void> }> => {
  let dropped = 0;
  const proxy: Server = createServer((req, res) => {
    const up = request(new URL(req.url ?? '/', upstream), { method: req.method, headers: req.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        if (req.method === 'POST' && req.url === path && dropped === 0) {
          dropped += 1;
          req.socket.destroy();
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        res.end(Buffer.concat(chunks));
      });
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    dropped: () => dropped,
    close: () => new Promise<void>((resolve) => { proxy.closeAllConnections(); proxy.close(() => resolve()); }),
  };
};

describe('riposte creates once per intent', () => {
  it('an import whose answer is dropped is retried with the same key and creates its schedules once', async () => {
    const proxy = await droppingProxy(server.url, '/api/schedules/import');
    try {
      const env = { RIPOSTE_CLI_CONFIG: mkdtempSync(join(work, 'dropped-')) };
      expect((await riposte(['login', '--url', proxy.url, '--token', await tokenFor(alice, ['read', 'write'])], env)).code).toBe(0);
      const file = join(work, 'dropped.csv');
      writeFileSync(file, [HEADER, ...[1, 2, 3].map((i) => `${target},${XNAME},${dateIn(400 + i)},08:00,once,Dropped answer ${i},false,`)].join('\n') + '\n');
      const before = await scheduleCount();

      const run = await riposte(['--json', 'schedules', 'import', file], env);
      expect(proxy.dropped()).toBe(1);
      expect(run.code, run.stderr).toBe(0);
      // The retry was answered with the first attempt's answer: this run's own import, not an earlier one.
      expect(JSON.parse(run.stdout)).toMatchObject({ dryRun: false, count: 3, alreadyImported: false });
      expect(await scheduleCount()).toBe(before + 3);
    } finally {
      await proxy.close();
    }
  }, 120_000);

  it('schedules create and templates create run twice create once; --again creates another', async () => {
    const env = { RIPOSTE_CLI_CONFIG: mkdtempSync(join(work, 'twice-')) };
    expect((await riposte(['login', '--url', server.url, '--token', await tokenFor(alice, ['read', 'write'])], env)).code).toBe(0);
    const before = await scheduleCount();
    const args = ['--json', 'schedules', 'create', '--target', target, '--account', XNAME, '--date', dateIn(420), '--time', '07:45', '--text', 'Twice asked, once made'];
    const first = await riposte(args, env);
    expect(first.code, first.stderr).toBe(0);
    const second = await riposte(args, env);
    expect(second.code, second.stderr).toBe(0);
    const [a, b] = [JSON.parse(first.stdout), JSON.parse(second.stdout)] as { id: string; alreadyCreated: boolean }[];
    expect([a?.alreadyCreated, b?.alreadyCreated, b?.id]).toEqual([false, true, a?.id]);
    expect(await scheduleCount()).toBe(before + 1);
    const again = await riposte([...args, '--again'], env);
    expect(again.code, again.stderr).toBe(0);
    expect(await scheduleCount()).toBe(before + 2);

    const tpl = ['templates', 'create', '--name', 'Once only', '--content', 'Said once'];
    expect((await riposte(tpl, env)).code).toBe(0);
    const twice = await riposte(tpl, env);
    expect([twice.code, JSON.parse(twice.stdout)]).toEqual([0, expect.objectContaining({ alreadyCreated: true })]);
    const names = (JSON.parse((await riposte(['--json', 'templates', 'list'], env)).stdout) as { name: string }[]).filter((t) => t.name === 'Once only');
    expect(names).toHaveLength(1);
  }, 120_000);
});

describe('riposte schedules create on the free trial', () => {
  it('makes one schedule (not refused as Bulk), shows its real errors, and warns once the trial replies are taken', async () => {
    const trial = await server.newUser();
    await connectXAccount(server, trial.user.id, 'cli_trial_x');
    const dir = mkdtempSync(join(work, 'trial-'));
    const env = { RIPOSTE_CLI_CONFIG: dir };
    expect((await riposte(['login', '--url', server.url, '--token', await tokenFor(trial.client, ['read', 'write'])], env)).code).toBe(0);
    const create = (time: string) => riposte(['--json', 'schedules', 'create', '--target', target, '--account', 'cli_trial_x', '--date', dateIn(2), '--time', time, '--text', `Trial ${time}`], env);

    const made = await create('09:15');
    expect(made.code, made.stderr).toBe(0);
    expect(made.stderr).not.toContain('warning');
    const badTime = await create('9h');
    expect([badTime.code, badTime.stderr]).toEqual([2, expect.stringContaining('--time')]);
    expect(badTime.stderr).not.toContain('Premium');

    // 24 more inside the trial: all 25 trial replies are spoken for, so the next one is warned about.
    const target0 = (await visibleTargets(trial.client))[0]!;
    const xId = ((await trial.client.get('/api/x/accounts')).body as { accounts: { id: string }[] }).accounts[0]!.id;
    for (let i = 0; i < 24; i += 1) {
      const res = await trial.client.post('/api/schedules', { accountId: target0.id, connectedAccountId: xId, peakWindowType: 'lunch_hour', conditions: { content: `T${i}`, targetAccount: null, imageIncluded: false } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const past = await create('10:30');
    expect(past.code, past.stderr).toBe(0);
    expect(past.stderr).toContain("warning: This reply won't go out on the trial");
  }, 120_000);
});

describe('riposte schedules create --when-posts (an auto reply)', () => {
  it("makes an auto schedule with its delay and prints how soon it fires; refuses a paused account, a bad delay and a time, on their options", async () => {
    const env = { RIPOSTE_CLI_CONFIG: mkdtempSync(join(work, 'auto-')) };
    expect((await riposte(['login', '--url', server.url, '--token', await tokenFor(alice, ['read', 'write'])], env)).code).toBe(0);
    const [, second, third] = await visibleTargets(alice);
    if (second === undefined || third === undefined) throw new Error('three visible targets needed');
    // Output that is not a terminal is JSON (the harness's stdout is not one): the schedule and its estimate.
    const made = await riposte(['schedules', 'create', '--when-posts', `@${second.username}`, '--delay', '2m', '--account', XNAME, '--text', 'Quick and right'], env);
    expect(made.code, made.stderr).toBe(0);
    const estimate = (await alice.get(`/api/accounts/${second.id}/auto-estimate?delayMinutes=2`)).body as { kind: string; words: string };
    expect(estimate.kind).toBe('polled');
    expect(JSON.parse(made.stdout)).toMatchObject({ scheduleType: 'auto', delayMinutes: 2, targetUsername: second.username, estimate, alreadyCreated: false });
    const json = JSON.parse((await riposte(['--json', 'schedules', 'create', '--when-posts', third.username, '--delay', '1h', '--account', XNAME, '--text', 'An hour on'], env)).stdout) as {
      id: string;
      scheduleType: string;
      delayMinutes: number;
      estimate: { kind: string; words: string };
    };
    expect([json.scheduleType, json.delayMinutes, json.estimate.kind]).toEqual(['auto', 60, 'polled']);
    expect(json.estimate.words).toContain(`Fires 60 min after @${third.username} posts`);
    const again = await riposte(['--json', 'schedules', 'create', '--when-posts', third.username, '--delay', '1h', '--account', XNAME, '--text', 'An hour on'], env);
    expect(JSON.parse(again.stdout)).toMatchObject({ id: json.id, alreadyCreated: true });

    const badDelay = await riposte(['schedules', 'create', '--when-posts', third.username, '--delay', 'soon', '--account', XNAME, '--text', 'x'], env);
    expect([badDelay.code, badDelay.stderr]).toEqual([2, expect.stringContaining('--delay: Delay must be between 0 and 1440 minutes')]);
    const withTime = await riposte(['schedules', 'create', '--when-posts', third.username, '--time', '10:00', '--account', XNAME, '--text', 'x'], env);
    expect([withTime.code, withTime.stderr]).toEqual([1, expect.stringContaining('--time does not go with --when-posts')]);

    const admin = await server.admin();
    expect((await admin.put(`/api/accounts/${third.id}`, { shouldMonitor: false })).status).toBe(200);
    try {
      const before = ((await alice.get('/api/schedules')).body as unknown[]).length;
      const paused = await riposte(['schedules', 'create', '--when-posts', third.username, '--account', XNAME, '--text', 'Never'], env);
      expect([paused.code, paused.stderr]).toEqual([2, expect.stringContaining(`--when-posts: @${third.username} is paused by the admin: auto replies will not fire`)]);
      expect(((await alice.get('/api/schedules')).body as unknown[]).length).toBe(before);
    } finally {
      expect((await admin.put(`/api/accounts/${third.id}`, { shouldMonitor: true })).status).toBe(200);
    }
  }, 120_000);
});
