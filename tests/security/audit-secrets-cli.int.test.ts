/**
 * The operator's audit commands on a data directory (`riposte replay`, `replay --diff`, `events
 * show`, `audit user`) print no password hash and no reset-link hash, in JSON and in text; a diff
 * still says the password changed. The program runs in this process (tests/cli/cli.support.ts).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStore } from '@adapters/eventstore-open';
import { handleCommand } from '@core/eventstore/command-handler';
import { reserve } from '@core/eventstore/reservation';
import { USERNAME_RESERVATION, userDecider, userStream } from '@core/users';
import type { UserCommand } from '@core/users/commands';
import { runRiposte } from '../cli/cli.support';

const dataDir = mkdtempSync(join(tmpdir(), 'riposte-audit-secrets-'));
const userId = randomUUID();
const FIRST_HASH = '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHRzYWx0$firsthashfirsthashfirsthash';
const SECOND_HASH = '$argon2id$v=19$m=65536,t=3,p=4$b3RoZXJzYWx0b3RoZXI$secondhashsecondhashsecond';
const RESET_HASH = 'c0ffee00deadbeefc0ffee00deadbeefc0ffee00deadbeefc0ffee00deadbeef';
const SECRETS = [FIRST_HASH, SECOND_HASH, RESET_HASH];

const cli = (args: string[]) => runRiposte(args, { ...process.env, LOG_LEVEL: 'warn', RIPOSTE_DATA_DIR: dataDir });

beforeAll(async () => {
  const store = openEventStore({ kind: 'sqlite', synchronous: 'FULL' }, dataDir);
  try {
    const at = (time: string) => ({ metadata: { actor: userId, correlationId: `req-${time}`, causationId: null, time }, newId: randomUUID });
    await reserve(store, { kind: USERNAME_RESERVATION, value: 'carol', ownerId: userId }, at('2026-11-01T09:00:00.000Z'));
    const commands: [UserCommand, string][] = [
      [{ type: 'Register', id: userId, username: 'carol', passwordHash: FIRST_HASH, passwordChangeRequired: false, createdBy: null, now: '2026-11-01T09:00:00.000Z' }, '2026-11-01T09:00:00.000Z'],
      [{ type: 'RequestPasswordReset', tokenHash: RESET_HASH, expiresAt: '2026-11-02T10:00:00.000Z', now: '2026-11-02T09:00:00.000Z' }, '2026-11-02T09:00:00.000Z'],
      [{ type: 'ChangePassword', passwordHash: SECOND_HASH, now: '2026-11-03T09:00:00.000Z' }, '2026-11-03T09:00:00.000Z'],
    ];
    for (const [command, time] of commands) await handleCommand(store, userStream(userId), userDecider, command, at(time));
  } finally {
    await store.close();
  }
}, 60_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const leaks = (text: string) => SECRETS.filter((s) => text.includes(s));

describe('the CLI audit commands redact secrets', () => {
  it.each([
    ['replay', ['replay', userStream(userId)]],
    ['replay --until (the reset link still open)', ['replay', userStream(userId), '--until', '2026-11-02T12:00:00Z']],
    ['replay --diff', ['replay', userStream(userId), '--diff', '2026-11-01T12:00:00Z', '2026-11-03T12:00:00Z']],
    ['events show', ['events', 'show', userStream(userId)]],
    ['audit user', ['audit', 'user', 'carol']],
  ])('%s prints no secret, as JSON or as text', async (_name, args) => {
    for (const run of [await cli(['--json', ...args]), await cli(args)]) {
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout.length).toBeGreaterThan(20);
      expect(leaks(run.stdout + run.stderr)).toEqual([]);
    }
  }, 120_000);

  it('a diff still says the password changed, and the reset link came and went', async () => {
    const diff = JSON.parse((await cli(['--json', 'replay', userStream(userId), '--diff', '2026-11-01T12:00:00Z', '2026-11-03T12:00:00Z'])).stdout) as {
      changes: { path: string; before: unknown; after: unknown }[];
    };
    expect(diff.changes).toContainEqual({ path: 'user.passwordHash', before: '[redacted]', after: '[redacted]' });
    const open = JSON.parse((await cli(['--json', 'replay', userStream(userId), '--until', '2026-11-02T12:00:00Z'])).stdout) as { state: { user: { passwordReset: unknown } } };
    expect(open.state.user.passwordReset).toEqual({ tokenHash: '[redacted]', expiresAt: '2026-11-02T10:00:00.000Z' });
  }, 60_000);
});
