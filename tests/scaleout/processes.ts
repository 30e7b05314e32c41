/**
 * Real processes for the multi-process tests and bench:scaleout: `run` starts a script of this repo
 * under tsx and keeps what it prints; `waitFor` resolves once a line appears (and fails, with the
 * output, when the process exits first).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Proc {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export const run = (script: string, args: string[], env: Record<string, string>): Proc => {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, script), ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  return { child, output: () => out, exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))) };
};

/** Resolves once `pattern` appears in the process's output; fails when it exits first. */
export const waitFor = async (proc: Proc, pattern: RegExp, what: string, timeoutMs = 90_000): Promise<RegExpExecArray> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(proc.output());
    if (match !== null) return match;
    if (proc.child.exitCode !== null || proc.child.signalCode !== null || Date.now() > until) throw new Error(`${what} did not come up:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** Ends a process with SIGKILL (kill -9) and waits until it is gone. */
export const killHard = async (proc: Proc): Promise<void> => {
  proc.child.kill('SIGKILL');
  await proc.exited;
};

/**
 * What every process of one multi-process installation shares (the tests and bench:scaleout): the
 * shared PostgreSQL, the token and session keys, the uploads, X and PayPal. Each caller adds its
 * store, its scheduler mode and its own limits.
 */
export const installationEnv = (o: { dir: string; adminPassword: string; sharedUrl: string; tokenKey: string; sessionKeys: string; xUrl: string; paypalUrl: string }): Record<string, string> => ({
  NODE_ENV: 'test',
  RIPOSTE_TEST_FAST_HASHES: 'true',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  PORT: '0',
  RIPOSTE_ADMIN_PASSWORD: o.adminPassword,
  RIPOSTE_SQLITE_SYNCHRONOUS: 'NORMAL',
  RIPOSTE_SHARED_URL: o.sharedUrl,
  RIPOSTE_TOKEN_KEY: o.tokenKey,
  RIPOSTE_SESSION_KEYS: o.sessionKeys,
  RIPOSTE_UPLOADS_DIR: join(o.dir, 'uploads'),
  RIPOSTE_X_API_URL: o.xUrl,
  RIPOSTE_PAYPAL_API_URL: o.paypalUrl,
});
