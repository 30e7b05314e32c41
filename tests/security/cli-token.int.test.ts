/**
 * The CLI's token stays out of `ps` and shell history, and out of other users' reach on disk:
 * `riposte login` takes it from standard input (--token-stdin), from RIPOSTE_TOKEN, or from a
 * prompt that does not echo it; never prints it; keeps it in a profile readable by its owner alone
 * (0600); and a profile others can read is refused until it is 0600 again. The program runs in this
 * process against a real server (tests/cli/cli.support.ts).
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../api/support';
import { runRiposte, stdinOf, type CliStdin } from '../cli/cli.support';

let server: TestServer;
let token: string;
let username: string;
let work: string;
let n = 0;

beforeAll(async () => {
  server = await startTestServer({ RIPOSTE_SCHEDULER: 'off' });
  const alice = await server.newUser();
  username = alice.user.username;
  const minted = await alice.client.post('/api/tokens', { name: 'cli', scopes: ['read'], expiresInDays: 30, currentPassword: 'secret-pw-1' });
  expect(minted.status).toBe(201);
  token = (minted.body as { secret: string }).secret;
  work = mkdtempSync(join(tmpdir(), 'riposte-cli-token-'));
}, 60_000);
afterAll(async () => {
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A fresh profile directory per case, so each login is tried on its own. */
const freshConfig = () => join(work, `config-${(n += 1)}`);
const profileOf = (config: string) => join(config, 'profile.json');

const login = (config: string, args: string[], extra: { env?: Record<string, string>; stdin?: CliStdin } = {}) => {
  const { RIPOSTE_TOKEN: _ignored, ...env } = process.env;
  return runRiposte(['--json', 'login', '--url', server.url, ...args], { ...env, RIPOSTE_CLI_CONFIG: config, NO_COLOR: '1', ...extra.env }, extra.stdin);
};

const loggedIn = async (config: string, run: { code: number | null; stdout: string; stderr: string }) => {
  expect(run.code, run.stderr).toBe(0);
  expect(JSON.parse(run.stdout)).toMatchObject({ username, profile: profileOf(config) });
  expect(run.stdout + run.stderr).not.toContain(token);
  expect(statSync(profileOf(config)).mode & 0o777).toBe(0o600);
  expect(readFileSync(profileOf(config), 'utf8')).toContain(token);
  const who = await runRiposte(['--json', 'whoami'], { ...process.env, RIPOSTE_CLI_CONFIG: config });
  expect(who.code, who.stderr).toBe(0);
  expect(JSON.parse(who.stdout)).toMatchObject({ username });
};

describe('riposte login without the token on the command line', () => {
  it('reads it from standard input with --token-stdin', async () => {
    const config = freshConfig();
    await loggedIn(config, await login(config, ['--token-stdin'], { stdin: { text: `${token}\n` } }));
  });

  it('takes it from RIPOSTE_TOKEN', async () => {
    const config = freshConfig();
    await loggedIn(config, await login(config, [], { env: { RIPOSTE_TOKEN: token } }));
  });

  it('asks for it at a terminal without echoing it', async () => {
    const config = freshConfig();
    const stdin = stdinOf({ text: `${token}\r`, tty: true });
    const run = await runRiposte(['--json', 'login', '--url', server.url], { ...process.env, RIPOSTE_TOKEN: '', RIPOSTE_CLI_CONFIG: config }, stdin);
    await loggedIn(config, run);
    expect(run.stderr).toContain('Personal access token');
    expect(stdin.rawModes).toEqual([true, false]);
  });

  it('says how to give it when there is no token and no terminal, and writes nothing', async () => {
    const config = freshConfig();
    const run = await login(config, [], { stdin: { text: '' } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('--token-stdin');
    expect(run.stderr).toContain('RIPOSTE_TOKEN');
    expect(() => statSync(profileOf(config))).toThrow();
    const empty = await login(config, ['--token-stdin'], { stdin: { text: '\n' } });
    expect([empty.code, empty.stderr]).toEqual([1, expect.stringContaining('held no token')]);
  });

  it('still takes --token, with a warning that it shows in ps and shell history', async () => {
    const config = freshConfig();
    const run = await runRiposte(['--json', 'login', '--url', server.url, '--token', token], { ...process.env, RIPOSTE_TOKEN: '', RIPOSTE_CLI_CONFIG: config });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('visible to other users of this machine (ps)');
  });
});

describe('the profile on disk', () => {
  it('is refused while other users can read it, and works again once it is 0600', async () => {
    if (process.platform === 'win32') return;
    const config = freshConfig();
    await loggedIn(config, await login(config, ['--token-stdin'], { stdin: { text: token } }));
    chmodSync(profileOf(config), 0o644);
    const refused = await runRiposte(['--json', 'whoami'], { ...process.env, RIPOSTE_CLI_CONFIG: config });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`chmod 600 ${profileOf(config)}`);
    expect(refused.stdout + refused.stderr).not.toContain(token);
    chmodSync(profileOf(config), 0o600);
    expect((await runRiposte(['--json', 'whoami'], { ...process.env, RIPOSTE_CLI_CONFIG: config })).code).toBe(0);
  });

  it('is rewritten 0600 by a new login over a readable one', async () => {
    if (process.platform === 'win32') return;
    const config = freshConfig();
    await loggedIn(config, await login(config, ['--token-stdin'], { stdin: { text: token } }));
    chmodSync(profileOf(config), 0o664);
    await loggedIn(config, await login(config, ['--token-stdin'], { stdin: { text: token } }));
  });
});
