// `npm run scheduler` against a KurrentDB that is not there yet waits for it, as the server does
// (one retry rule, adapters/eventstore-open/start-retry): it logs each attempt and keeps running
// instead of exiting.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './postgres';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('scheduler start-up', () => {
  const dir = mkdtempSync(join(tmpdir(), 'riposte-sched-retry-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('retries while the event store is unavailable instead of exiting', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/scheduler/src/main.ts')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        RIPOSTE_DATA_DIR: dir,
        RIPOSTE_EVENT_STORE: 'kurrentdb',
        RIPOSTE_KURRENTDB_URL: `kurrentdb://127.0.0.1:${port}?tls=false`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      // The second attempt's warning: the first failure was retried, and the process is still there.
      const until = Date.now() + 60_000;
      while (!/"attempt":2\b/.test(out) && child.exitCode === null && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      expect(out).toMatch(/projections catch-up: the event store is unavailable; trying again/);
      expect(out).toMatch(/"attempt":2\b/);
      expect(child.exitCode, out).toBeNull();
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
  }, 90_000);
});
