/**
 * `riposte audit …`, `events show`, `events tail` and `replay` on a data directory: plain-words
 * lines with actor and request id, filters, the state as of a position and a time, a diff, a look
 * recorded in the audit of the person looked at, and clear refusals. The program runs in this
 * process (tests/cli/cli.support.ts); `events tail`, stopped by Ctrl-C, runs as a real process.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStore } from '@adapters/eventstore-open';
import { handleCommand } from '@core/eventstore/command-handler';
import { reserve } from '@core/eventstore/reservation';
import type { Position } from '@core/eventstore/types';
import { USERNAME_RESERVATION, userDecider, userStream } from '@core/users';
import type { UserCommand } from '@core/users/commands';
import { runRiposte, type CliRun } from '../cli/cli.support';

const root = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'riposte-cli-audit-'));
const userId = randomUUID();
const adminId = randomUUID();
const positions: Position[] = [];

type Run = CliRun;

const cli = (args: string[]): Promise<Run> => runRiposte(args, { ...process.env, LOG_LEVEL: 'warn', RIPOSTE_DATA_DIR: dataDir });

/** The real entry point as its own process, sent SIGINT (Ctrl-C) once its stdout matches `stopAfter`. */
const cliProcess = (args: string[], stopAfter: RegExp): Promise<Run> =>
  new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/cli/src/main.tsx'), ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', RIPOSTE_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (stopAfter.test(stdout)) child.kill('SIGINT');
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', fail);
    child.on('exit', (code) => {
      clearTimeout(killer);
      done({ code, stdout, stderr });
    });
  });

const write = async (command: UserCommand, actor: string, requestId: string, time: string) => {
  const store = openEventStore({ kind: 'sqlite', synchronous: 'FULL' }, dataDir);
  try {
    const result = await handleCommand(store, userStream(userId), userDecider, command, { metadata: { actor, correlationId: requestId, causationId: null, time }, newId: randomUUID });
    if (result.position !== null) positions.push(result.position);
  } finally {
    await store.close();
  }
};

beforeAll(async () => {
  const store = openEventStore({ kind: 'sqlite', synchronous: 'FULL' }, dataDir);
  const metadata = { actor: null, correlationId: 'req-register', causationId: null, time: '2026-11-01T09:00:00.000Z' };
  await reserve(store, { kind: USERNAME_RESERVATION, value: 'alice', ownerId: userId }, { metadata, newId: randomUUID });
  await store.close();
  await write({ type: 'Register', id: userId, username: 'alice', passwordHash: 'h', passwordChangeRequired: false, createdBy: null, now: '2026-11-01T09:00:00.000Z' }, userId, 'req-register', '2026-11-01T09:00:00.000Z');
  await write({ type: 'RecordLogin', now: '2026-11-02T09:00:00.000Z' }, userId, 'req-login', '2026-11-02T09:00:00.000Z');
  await write({ type: 'SetRole', role: 'legacy', by: { kind: 'user', id: adminId, role: 'admin' }, now: '2026-11-03T09:00:00.000Z' }, adminId, 'req-role', '2026-11-03T09:00:00.000Z');
}, 60_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Entry {
  type: string;
  actor: string | null;
  requestId: string;
  line: string;
  time: string;
}

describe('riposte audit and replay (local data directory)', () => {
  it('audit user: every event in plain words with time, actor and request id; filters by type and time; the look is recorded', async () => {
    const run = await cli(['--json', 'audit', 'user', 'ALICE']);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as { entries: Entry[] };
    expect(report.entries.map((e) => [e.type, e.requestId])).toEqual([
      ['UserRegistered', 'req-register'],
      ['UserLoggedIn', 'req-login'],
      ['RoleChanged', 'req-role'],
    ]);
    expect(report.entries[0]?.line).toBe('alice registered the account alice (user, zone UTC)');
    expect(report.entries[1]?.line).toBe('alice signed in');
    expect(report.entries[2]?.actor).toBe(adminId);

    const filtered = JSON.parse((await cli(['--json', 'audit', 'user', 'alice', '--type', 'UserLoggedIn,RoleChanged', '--from', '2026-11-02T12:00:00Z'])).stdout) as { entries: Entry[] };
    expect(filtered.entries.map((e) => e.type)).toEqual(['RoleChanged']);

    const again = JSON.parse((await cli(['--json', 'audit', 'user', 'alice', '--type', 'AuditViewed'])).stdout) as { entries: Entry[] };
    expect(again.entries.length).toBeGreaterThanOrEqual(2);
    expect(again.entries.map((e) => e.line)).toEqual(expect.arrayContaining(['an operator (CLI) looked at the history of ALICE', 'an operator (CLI) looked at the history of alice']));
  }, 120_000);

  it('replay: the state as of a position and a time, and the diff of two moments', async () => {
    const stream = userStream(userId);
    const first = await cli(['--json', 'replay', stream, '--until', String(Number(positions[0]))]);
    expect(first.code, first.stderr).toBe(0);
    const asOfFirst = JSON.parse(first.stdout) as { kind: string; events: number; state: { user: { role: string; lastLogin: string | null } } };
    expect(asOfFirst.kind).toBe('user');
    expect(asOfFirst.events).toBe(1);
    expect(asOfFirst.state.user.role).toBe('user');

    const byTime = JSON.parse((await cli(['--json', 'replay', stream, '--until', '2026-11-03T10:00:00Z'])).stdout) as { events: number; state: { user: { role: string } } };
    expect(byTime.events).toBe(3);
    expect(byTime.state.user.role).toBe('legacy');

    const diff = JSON.parse((await cli(['--json', 'replay', stream, '--diff', '2026-11-02T10:00:00Z', '2026-11-03T10:00:00Z'])).stdout) as { changes: { path: string; before: unknown; after: unknown }[] };
    expect(diff.changes).toContainEqual({ path: 'user.role', before: 'user', after: 'legacy' });
  }, 120_000);

  it('events show filters a stream; tail follows new events live; bad input is refused with a clear message', async () => {
    const shown = JSON.parse((await cli(['--json', 'events', 'show', userStream(userId), '--type', 'UserLoggedIn'])).stdout) as { entries: Entry[] };
    expect(shown.entries.map((e) => e.line)).toEqual(['alice signed in']);

    const tail = cliProcess(['--json', 'events', 'tail', '--type', 'UserLoggedIn'], /UserLoggedIn/);
    // The tail starts from the store's end: write until it has shown one (it may start after a write).
    let ran: Run | null = null;
    void tail.then((r) => (ran = r));
    for (let i = 0; i < 60 && ran === null; i += 1) {
      await write({ type: 'RecordLogin', now: new Date().toISOString() }, userId, `req-tail-${i}`, new Date().toISOString());
      await new Promise((r) => setTimeout(r, 1000));
    }
    const tailed = await tail;
    const line = JSON.parse(tailed.stdout.split('\n')[0] ?? '{}') as Entry;
    expect(line.type).toBe('UserLoggedIn');
    expect(line.requestId).toMatch(/^req-tail-/);

    const bad = await cli(['--json', 'replay', userStream(userId), '--until', 'yesterday']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("'yesterday' is neither a time");
    const nobody = await cli(['--json', 'audit', 'user', 'nobody-here']);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain("No user named 'nobody-here'");
  }, 180_000);
});
