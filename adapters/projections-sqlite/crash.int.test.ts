// kill -9 in the middle of a catch-up, many times, at random moments: after a final run every event
// has been applied exactly once (ledgerProjection's UNIQUE event id and its application counter),
// and after every kill the rows and the checkpoint agree (they commit in one transaction).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent, Position } from '@core/eventstore/types';
import { createSqliteEventStore, type SqliteEventStore } from '@adapters/eventstore-sqlite';
import { createMemoryEventStore } from '@adapters/eventstore-memory';
import { createProjector } from '@adapters/projections-sqlite';
import { countersProjection, userEvents, usersProjection } from './test-support';

const root = fileURLToPath(new URL('../..', import.meta.url));
const child = fileURLToPath(new URL('./fixtures/crash-child.ts', import.meta.url));
const BATCH = 250;
const INITIAL_EVENTS = 60_000;
const KILLS = 6;

let dir: string;
let eventsPath: string;
let readPath: string;
let store: SqliteEventStore;

const appendLoad = async (count: number, seed: number) => {
  const all = userEvents(count, seed);
  for (let i = 0; i < all.length; i += 1000) {
    const events: NewEvent[] = all.slice(i, i + 1000).map((e) => e.event);
    await store.append(`load-${seed}-${i}`, events, 'no_stream');
  }
};

const run = (args: string[]): { proc: ChildProcess; lines: string[]; exited: Promise<number | null> } => {
  const proc = spawn(process.execPath, ['--import', 'tsx', child, eventsPath, readPath, String(BATCH), ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  proc.stdout?.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  proc.stderr?.on('data', (chunk: Buffer) => lines.push(`stderr: ${chunk.toString()}`));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { proc, lines, exited };
};

/** What the read database holds right now, read from this process (the child may be running). */
const snapshot = () => {
  if (!existsSync(readPath)) return { checkpoint: null, rows: 0, applications: 0 };
  // Read-write on purpose: after a kill, this connection may have to recover the WAL to read it.
  const db = new Database(readPath, { fileMustExist: true });
  try {
    const checkpoint = (db.prepare("SELECT position FROM riposte_projections WHERE name = 'ledger'").get() as { position: string | null } | undefined)?.position ?? null;
    const rows = (db.prepare('SELECT count(*) AS n FROM ledger').get() as { n: number }).n;
    const applications = (db.prepare('SELECT n FROM ledger_applications').get() as { n: number }).n;
    return { checkpoint, rows, applications };
  } catch {
    return { checkpoint: null, rows: 0, applications: 0 }; // killed before its tables existed
  } finally {
    db.close();
  }
};

const eventsUpTo = async (position: string | null) =>
  position === null ? 0 : (await store.readAll({ maxCount: 10_000_000 })).filter((e) => e.position <= position).length;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'riposte-crash-'));
  eventsPath = join(dir, 'events.db');
  readPath = join(dir, 'read.db');
  store = createSqliteEventStore({ path: eventsPath, synchronous: 'NORMAL' });
  await appendLoad(INITIAL_EVENTS, 1);
});
afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('projector under kill -9', () => {
  it('applies every event exactly once across SIGKILLs in the middle of catch-ups', async () => {
    const kills: { checkpoint: string | null; rows: number; head: Position }[] = [];
    for (let k = 0; k < KILLS; k++) {
      const before = snapshot();
      const { proc, exited, lines } = run([]);
      // Wait until this run has committed at least one batch of its own, then a random moment more.
      const started = Date.now();
      for (;;) {
        const now = snapshot();
        if (now.checkpoint !== null && now.checkpoint !== before.checkpoint) break;
        if (Date.now() - started > 20_000) throw new Error(`no progress in run ${k}: ${lines.join('\n')}`);
        await sleep(20);
      }
      await sleep(Math.floor(Math.random() * 300));
      proc.kill('SIGKILL');
      expect(await exited).toBeNull();
      const after = snapshot();
      const head = (await store.readAll({ after: null })).at(-1)?.position as Position;
      kills.push({ checkpoint: after.checkpoint, rows: after.rows, head });
      // Rows and checkpoint agree after every kill: nothing applied without its checkpoint or vice versa.
      expect(after.rows).toBe(await eventsUpTo(after.checkpoint));
      expect(after.applications).toBe(after.rows);
      // More events arrive while the projector is down.
      await appendLoad(2_000, 100 + k);
    }
    const midCatchUp = kills.filter((k) => k.checkpoint !== null && k.checkpoint < k.head);
    expect(midCatchUp.length).toBeGreaterThanOrEqual(KILLS - 1);

    const final = run(['--until-caught-up']);
    expect(await final.exited, final.lines.join('\n')).toBe(0);

    const all = await store.readAll();
    const db = new Database(readPath, { readonly: true, fileMustExist: true });
    try {
      const ledger = db.prepare('SELECT event_id FROM ledger ORDER BY position').all() as { event_id: string }[];
      expect(ledger.map((r) => r.event_id)).toEqual(all.map((e) => e.id));
      expect(db.prepare('SELECT n FROM ledger_applications').get()).toEqual({ n: all.length });
      expect(db.prepare('SELECT DISTINCT position FROM riposte_projections').all()).toEqual([{ position: all.at(-1)?.position }]);

      // The other projections equal an uninterrupted run over the same events.
      const reference = createMemoryEventStore();
      for (const e of all) await reference.append(e.streamName, [e], 'any');
      const clean = createProjector({ store: reference, path: ':memory:', projections: [usersProjection, countersProjection], batchSize: 5000 });
      await clean.start();
      for (const table of ['users', 'event_counts']) {
        const query = `SELECT * FROM ${table} ORDER BY 1`;
        expect(db.prepare(query).all(), table).toEqual(clean.db.prepare(query).all());
      }
      await clean.stop();
    } finally {
      db.close();
    }
  }, 240_000);
});
