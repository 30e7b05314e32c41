// The scheduler and CLI apps as a user runs them: real processes on a real data directory.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '@adapters/eventstore-sqlite';
import { startServer } from '@apps/server/src/start';
import { decideSchedule, scheduleBatchStream, scheduleStream } from '@core/scheduling';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const runApp = (entry: string, args: string[], env: Record<string, string>, opts: { stopAfter?: RegExp } = {}): Promise<Run> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, entry), ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (opts.stopAfter?.test(stdout)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    });
  });

describe('scheduler app', () => {
  it('starts, keeps its own read model, and stops cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'riposte-sched-'));
    // No X here: sandbox refused (sandbox X needs the server's emulator, tried below).
    const run = await runApp('apps/scheduler/src/main.ts', [], { RIPOSTE_DATA_DIR: dataDir, RIPOSTE_X_SANDBOX: 'false' }, { stopAfter: /scheduler is running/ });
    expect(run.stdout).toContain('Riposte scheduler is running');
    expect(run.stdout).toContain('Riposte scheduler stopped');
    expect(run.code).toBe(0);
  });

  it('abandons a bulk batch cut short by a crash and deletes its entries', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'riposte-sched-'));
    // What a server that died 20 minutes ago in the middle of a batch left: two entries, no completion.
    const store = createSqliteEventStore({ path: join(dataDir, 'events.db'), synchronous: 'NORMAL' });
    const batchId = randomUUID();
    const time = new Date(Date.now() - 20 * 60_000).toISOString();
    const ids = [randomUUID(), randomUUID()];
    for (const scheduleId of ids) {
      const events = decideSchedule(
        {
          type: 'CreateSchedule',
          scheduleId,
          userId: 'u1',
          now: time,
          timeZone: 'UTC',
          batchId,
          draft: { targetAccountId: 't1', connectedAccountId: 'c1', content: { kind: 'text', text: 'Hi' }, imageUrl: null, plan: { kind: 'immediate' } },
        },
        { status: 'none' },
      );
      const metadata = { actor: 'u1', correlationId: 'c', causationId: null, time };
      await store.append(scheduleStream(scheduleId), events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata })), 'no_stream');
    }

    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/scheduler/src/main.ts')], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'silent', RIPOSTE_DATA_DIR: dataDir, RIPOSTE_SCHEDULER_INTERVAL_MS: '100', RIPOSTE_X_SANDBOX: 'false' },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      const until = Date.now() + 20_000;
      let ending: string[] = [];
      while (Date.now() < until) {
        ending = (await store.readStream(scheduleBatchStream(batchId))).map((e) => e.type);
        const deleted = await Promise.all(ids.map(async (id) => (await store.readStream(scheduleStream(id))).some((e) => e.type === 'ScheduleDeleted')));
        if (ending.length > 0 && deleted.every(Boolean)) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(ending).toEqual(['ScheduleBatchAbandoned']);
      for (const id of ids) expect((await store.readStream(scheduleStream(id))).map((e) => e.type)).toEqual(['ScheduleCreated', 'ScheduleDeleted']);
    } finally {
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      await store.close();
    }
  }, 40_000);

  it('refuses a bad environment, naming the variable', async () => {
    const run = await runApp('apps/scheduler/src/main.ts', [], { RIPOSTE_SCHEDULER_INTERVAL_MS: 'soon' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('RIPOSTE_SCHEDULER_INTERVAL_MS');
  });

  it('refuses sandbox X without the address of the server’s emulator, saying what to set', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'riposte-sched-'));
    const run = await runApp('apps/scheduler/src/main.ts', [], { RIPOSTE_DATA_DIR: dataDir, RIPOSTE_X_API_KEY: '', RIPOSTE_X_API_SECRET: '', RIPOSTE_X_API_URL: '', RIPOSTE_X_SANDBOX: '' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('RIPOSTE_X_API_URL');
    expect(run.stderr).toContain('RIPOSTE_X_SANDBOX_PORT');
  });

  it('refuses the test-only crash switch in production', async () => {
    const run = await runApp('apps/scheduler/src/main.ts', [], { RIPOSTE_DISPATCH_CRASH_AT: 'after_claim', NODE_ENV: 'production', RIPOSTE_X_SANDBOX: 'false' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('RIPOSTE_DISPATCH_CRASH_AT');
  });
});

describe('cli app', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'riposte-cli-'));

  beforeAll(async () => {
    // A real installation: the server's first start writes the admin's events.
    const server = await startServer({ PORT: '0', RIPOSTE_DATA_DIR: dataDir, RIPOSTE_ADMIN_PASSWORD: 'first-admin-pw', LOG_LEVEL: 'silent' });
    await server.close();
  });
  afterAll(() => undefined);

  it('reports the store position and every read model', async () => {
    const run = await runApp('apps/cli/src/main.tsx', ['--json', 'status'], { RIPOSTE_DATA_DIR: dataDir });
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { lastPosition: string | null; projections: { name: string; position: string | null }[] };
    expect(report.lastPosition).not.toBeNull();
    expect(report.projections.map((p) => p.name)).toContain('users');
    expect(report.projections.find((p) => p.name === 'users')?.position).toBe(report.lastPosition);
  });

  it('rebuilds the read database from the events', async () => {
    const readDb = join(dataDir, 'read.db');
    const wipe = new Database(readDb);
    wipe.prepare('DELETE FROM users').run();
    wipe.close();

    const run = await runApp('apps/cli/src/main.tsx', ['--json', 'projections', 'rebuild'], { RIPOSTE_DATA_DIR: dataDir });
    expect(run.code).toBe(0);
    const db = new Database(readDb, { readonly: true });
    const admin = db.prepare("SELECT username, role FROM users WHERE username = 'admin'").get();
    db.close();
    expect(admin).toEqual({ username: 'admin', role: 'admin' });
  });

  it('gives a user a role by username, says when nothing changed, and refuses unknown users and roles', async () => {
    const run = await runApp('apps/cli/src/main.tsx', ['--json', 'users', 'set-role', 'ADMIN', 'legacy'], { RIPOSTE_DATA_DIR: dataDir });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ username: 'admin', role: 'legacy', changed: true });
    // The server reads it back from the events.
    const rebuilt = await runApp('apps/cli/src/main.tsx', ['--json', 'projections', 'rebuild'], { RIPOSTE_DATA_DIR: dataDir });
    expect(rebuilt.code).toBe(0);
    const db = new Database(join(dataDir, 'read.db'), { readonly: true });
    expect(db.prepare("SELECT role FROM users WHERE username = 'admin'").get()).toEqual({ role: 'legacy' });
    db.close();

    const back = await runApp('apps/cli/src/main.tsx', ['--json', 'users', 'set-role', 'admin', 'admin'], { RIPOSTE_DATA_DIR: dataDir });
    expect(JSON.parse(back.stdout)).toMatchObject({ role: 'admin', changed: true });
    const again = await runApp('apps/cli/src/main.tsx', ['--json', 'users', 'set-role', 'admin', 'admin'], { RIPOSTE_DATA_DIR: dataDir });
    expect(JSON.parse(again.stdout)).toMatchObject({ role: 'admin', changed: false });

    const nobody = await runApp('apps/cli/src/main.tsx', ['users', 'set-role', 'nobody_here', 'admin'], { RIPOSTE_DATA_DIR: dataDir });
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain("No user named 'nobody_here'");
    const badRole = await runApp('apps/cli/src/main.tsx', ['users', 'set-role', 'admin', 'owner'], { RIPOSTE_DATA_DIR: dataDir });
    expect(badRole.code).toBe(1);
    expect(badRole.stderr).toContain('Role must be one of admin, legacy, user');
    // Six CLI processes, each starting tsx: 20 s on a loaded 2-core machine, so more than the default.
  }, 120_000);

  it('names a bad variable and exits 1', async () => {
    const run = await runApp('apps/cli/src/main.tsx', ['status'], { RIPOSTE_EVENT_STORE: 'postgres' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('RIPOSTE_EVENT_STORE');
  });
});
