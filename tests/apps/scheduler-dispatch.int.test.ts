// `npm run scheduler` dispatching beside a server in sandbox mode: the server pins its X emulator's
// port (RIPOSTE_X_SANDBOX_PORT) and leaves scheduling to the scheduler process, which reaches the
// same Sandbox X through RIPOSTE_X_API_URL and carries a due reply through its run.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../api/schedules.support';
import { startTestServer, type Client, type TestServer } from '../api/support';
import { consent } from '../api/x.support';

const root = fileURLToPath(new URL('../..', import.meta.url));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

let server: TestServer;
let port: number;
beforeAll(async () => {
  port = await freePort();
  server = await startTestServer({ RIPOSTE_SCHEDULER: 'external', RIPOSTE_X_SANDBOX_PORT: String(port) });
});
afterAll(async () => {
  await server?.close();
});

const connectX = async (client: Client, handle: string) => {
  const start = await client.get('/api/x/auth/url');
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const { url, token } = start.body as { url: string; token: string };
  expect(url.startsWith(`http://127.0.0.1:${port}/`)).toBe(true);
  const { pin } = await consent(url, handle);
  expect((await client.post('/api/x/auth/verify-pin', { token, pinCode: pin })).status).toBe(200);
};

describe('the scheduler app with sandbox X', () => {
  it('runs a due schedule of the server through the server’s emulator', async () => {
    const admin = await server.admin();
    await connectX(admin, 'sched_admin');
    const targets = (await admin.get('/api/accounts')).body as { id: string; username: string }[];
    const target = targets[0];
    expect(target).toBeDefined();
    const created = await admin.post('/api/admin/create-test-schedule', { accountId: target!.id, isOnetime: true, isActive: true, useAi: false, viralStyle: null, content: 'From the scheduler process' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const scheduleId = (created.body as { id: string }).id;

    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/scheduler/src/main.ts')], {
      cwd: root,
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        RIPOSTE_DATA_DIR: server.dataDir,
        RIPOSTE_SQLITE_SYNCHRONOUS: 'NORMAL',
        RIPOSTE_SCHEDULER_INTERVAL_MS: '100',
        RIPOSTE_X_API_URL: `http://127.0.0.1:${port}`,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      // The curated account posts on its own in the sandbox; not summoned, so the reply is handed over.
      const reply = await eventually(
        async () => ((await admin.get('/api/replies')).body as { items: { scheduledId: string | null; status: string; statusMessage: string | null; intentUrl: string | null }[] }).items.find((r) => r.scheduledId === scheduleId),
        (r) => r !== undefined && r.status !== 'pending' && r.status !== 'sending',
        `the reply of the test schedule (scheduler stderr: ${stderr})`,
        // A bound, not a wait: it returns once the reply has an outcome. The scheduler is a fresh
        // `node --import tsx` process, whose start alone took over 20 s on 2 loaded cores.
        120_000,
      );
      expect(['ready', 'sent'], JSON.stringify(reply)).toContain(reply?.status);
      if (reply?.status === 'ready') expect(reply.intentUrl).toContain(`http://127.0.0.1:${port}/intent/post?in_reply_to=`);
      const schedule = await eventually(
        async () => ((await admin.get('/api/schedules')).body as { id: string; status: string }[]).find((s) => s.id === scheduleId),
        (s) => s?.status === 'executed',
        'the test schedule executed',
      );
      expect(schedule?.status).toBe('executed');
    } finally {
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  }, 180_000);
});
