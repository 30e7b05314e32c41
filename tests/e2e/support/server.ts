// Starts the real server (apps/server/src/start.ts) on a random port against a temporary data
// directory, serving the built web app, on a clock the test moves (a due run, the watcher's next
// read and the metrics job's next check come when the test moves the clock, not after a wait).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestClock, type TestClock } from '../../support/test-clock';

const repo = new URL('../../../', import.meta.url).pathname;
export const ADMIN_PASSWORD = 'first-admin-secret';

/** Build the web app once when no build exists (`npm run test:e2e` builds it first anyway). */
export function ensureWebBuild(): void {
  if (existsSync(join(repo, 'apps/web/dist/index.html'))) return;
  execFileSync('npx', ['vite', 'build', '--config', 'apps/web/vite.config.ts'], { cwd: repo, stdio: 'inherit' });
}

export type RunningServer = {
  url: string;
  dataDir: string;
  /** The server's clock (and its scheduler's): starts at the real time, moved on by the test. */
  clock: TestClock;
  close: () => Promise<void>;
};

export async function startTestServer(extra: Record<string, string> = {}, clock: TestClock = createTestClock()): Promise<RunningServer> {
  ensureWebBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'riposte-e2e-'));
  const { startServer } = await import('@apps/server/src/start');
  const server = await startServer(
    {
    PORT: '0',
    HOST: '127.0.0.1',
    RIPOSTE_DATA_DIR: dataDir,
    RIPOSTE_ADMIN_PASSWORD: ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    RIPOSTE_SCHEDULER: 'off',
    // Cheap password hashes: the browser tests are about the screens, not argon2's cost.
    NODE_ENV: 'test',
    RIPOSTE_TEST_FAST_HASHES: 'true',
    // Every browser test signs up from this one address.
    RIPOSTE_REGISTER_LIMIT: '10000',
    RIPOSTE_READ_BURST_MS: '3600000',
    // Every browser is 127.0.0.1: one anonymous caller for the read share.
    RIPOSTE_READ_CONCURRENCY: '64',
    ...extra,
    },
    { clock: clock.date },
  );
  // The browser talks to 'localhost' so email test mode (local hosts) is offered to admins.
  const url = server.url.replace('127.0.0.1', 'localhost');
  return {
    url,
    dataDir,
    clock,
    close: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
