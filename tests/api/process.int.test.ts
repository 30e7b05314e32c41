/**
 * The server as a process (apps/server/src/main.ts): a bad environment names the variable and
 * exits 1; SIGTERM, sent to the Docker image's own command line (its CMD, read from the
 * Dockerfile), lets a request in flight finish, closes the stores and exits 0 within Docker's
 * 10 s grace; two instances run side by side on their own ports and data dirs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, testEnv } from './support';
import { imageCommand } from '../support/dockerfile';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'riposte-proc-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

interface Spawned {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

/** The image's command line: `node …` from the Dockerfile's CMD, run by this node from the same directory layout (WORKDIR /app is the repository). */
const IMAGE_ARGS = (() => {
  const argv = imageCommand(join(root, 'Dockerfile')).cmd?.argv ?? [];
  if (argv[0] !== 'node') throw new Error(`the image's CMD does not start node: ${JSON.stringify(argv)}`);
  return argv.slice(1);
})();

const spawnServer = (env: Record<string, string>): Spawned => {
  const child = spawn(process.execPath, IMAGE_ARGS, {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (err += c.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exit };
};

const waitFor = async (what: () => string | null, timeoutMs = 30_000): Promise<string> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = what();
    if (found !== null) return found;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('configuration errors', () => {
  it('a bad PORT stops the server with exit 1 and a message naming PORT', async () => {
    const proc = spawnServer({ ...testEnv(tempDir()), PORT: 'eighty' });
    expect(await proc.exit).toBe(1);
    expect(proc.stderr()).toContain('PORT');
    expect(proc.stderr()).toContain('"eighty"');
  });

  it('kurrentdb without a connection string names RIPOSTE_KURRENTDB_URL', async () => {
    const proc = spawnServer({ ...testEnv(tempDir()), RIPOSTE_EVENT_STORE: 'kurrentdb' });
    expect(await proc.exit).toBe(1);
    expect(proc.stderr()).toContain('RIPOSTE_KURRENTDB_URL');
  });

  it('refuses the test-only fast hashes outside NODE_ENV=test', async () => {
    const proc = spawnServer({ ...testEnv(tempDir()), NODE_ENV: 'production' });
    expect(await proc.exit).toBe(1);
    expect(proc.stderr()).toContain('RIPOSTE_TEST_FAST_HASHES');
  });
});

describe('SIGTERM to the image command', () => {
  it('lets the request in flight finish, closes the stores, then exits 0 within the grace period', async () => {
    const dataDir = tempDir();
    const proc = spawnServer(testEnv(dataDir));
    const url = await waitFor(() => /running at (http:\/\/\S+)/.exec(proc.stdout())?.[1] ?? null);
    const { hostname, port } = new URL(url);
    const body = JSON.stringify({ username: 'nobody-here', password: 'whatever-1' });
    // Headers and half the body now; the request is in flight when SIGTERM arrives.
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (c: Buffer) => (answer += c.toString()));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
        `X-Riposte-Request: 1\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 300));
    const signalled = Date.now();
    proc.child.kill('SIGTERM');
    await waitFor(() => (proc.stdout().includes('SIGTERM received') ? 'yes' : null));
    socket.write(body.slice(10));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 401/);
    expect(answer).toContain('Invalid credentials');
    expect(await proc.exit).toBe(0);
    // Docker sends SIGKILL 10 s after SIGTERM (docker stop's default): drained and closed before.
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(proc.stdout()).toContain('server stopped');
    // Closed, not killed: SQLite folds a WAL into its file and removes it when its last connection closes.
    expect(['events.db', 'read.db', 'sessions.db'].filter((f) => existsSync(join(dataDir, `${f}-wal`)))).toEqual([]);
    // No new connections once stopped.
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });
});

describe('side by side', () => {
  it('two instances with their own ports and data dirs', async () => {
    const a = await startTestServer();
    const b = await startTestServer();
    try {
      expect(a.port).not.toBe(b.port);
      expect(a.dataDir).not.toBe(b.dataDir);
      expect((await fetch(`${a.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${b.url}/healthz`)).status).toBe(200);
      const { user } = await a.newUser();
      // b has its own store: a's user does not exist there.
      const login = await b.client().post('/api/auth/login', { username: user.username, password: 'secret-pw-1' });
      expect(login.status).toBe(401);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
