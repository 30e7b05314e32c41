/**
 * The X emulator in a process of its own (adapters/x-emulator/main.ts with its control over HTTP),
 * for the black-box tests: what they do to X goes over the wire as a test's hand would, and a
 * stall of the test process (SQLite's write lock while seeding, a busy event loop) never stalls X.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteControl, type RemoteXControl } from '@adapters/x-emulator/control-http';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface XEmulatorProcessOptions {
  /** X's 2026 reply rule for self-serve apps (default on, as on X). */
  summonRule?: boolean;
  /** New users' ids start after it (a KurrentDB kept between runs). */
  userIdBase?: bigint;
  /** The emulator's clock runs on the offset written there (adapters/clock/test-clock). */
  clockFile?: string;
  streamHeartbeatMs?: number;
}

export interface XEmulatorProcess {
  /** http://127.0.0.1:PORT */
  url: string;
  control: RemoteXControl;
  child: ChildProcess;
  /** SIGTERM and wait until it is gone. */
  close(): Promise<void>;
}

/** Starts the emulator on a free port and waits for the line that names it (tsx compiles it first: seconds on a loaded machine). */
export const spawnXEmulator = async (options: XEmulatorProcessOptions = {}, timeoutMs = 120_000): Promise<XEmulatorProcess> => {
  const args = [
    '--port', '0',
    '--control',
    ...(options.summonRule === false ? ['--no-summon-rule'] : []),
    ...(options.userIdBase === undefined ? [] : ['--user-id-base', String(options.userIdBase)]),
    ...(options.clockFile === undefined ? [] : ['--clock-file', options.clockFile]),
    ...(options.streamHeartbeatMs === undefined ? [] : ['--stream-heartbeat-ms', String(options.streamHeartbeatMs)]),
  ];
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'adapters/x-emulator/main.ts'), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const until = Date.now() + timeoutMs;
  for (;;) {
    const url = /X emulator on (http:\/\/\S+) /.exec(out)?.[1];
    if (url !== undefined) return { url, control: remoteControl(url), child, close };
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > until) {
      await close();
      throw new Error(`the X emulator did not come up:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
};
