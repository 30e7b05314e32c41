/**
 * `riposte backup` / `riposte restore` (adapters/backup-sqlite) through the in-process CLI on a real
 * server's data directory:
 *  - backed up while the server runs and a second connection (a thread, as another process would)
 *    appends events all along: the copy is one consistent state (every position up to its head,
 *    none missing, SQLite's check passes);
 *  - restored into a fresh directory (with the token key kept apart, copied back by hand), a server
 *    starts on it and has every event of the backup and the user's templates; restored again over
 *    it, the files it replaces are moved aside;
 *  - restore refuses a running server, another installation's store and a damaged backup, and
 *    changes nothing; --keep 2 keeps the two newest backups.
 */
import { copyFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from '../api/support';
import { runRiposte } from './cli.support';

let server: TestServer;
let work: string;
let username: string;

const riposte = (args: string[], env: Record<string, string>) => runRiposte(['--json', ...args], { ...process.env, NO_COLOR: '1', RIPOSTE_EVENT_STORE: 'sqlite', ...env });

/** Appends raw events through its own connection, in a loop, until told to stop; counts them in `written`. */
const WRITER = `
const { parentPort, workerData } = require('node:worker_threads');
const { createRequire } = require('node:module');
const Database = createRequire(workerData.root + '/package.json')('better-sqlite3');
const db = new Database(workerData.path, { timeout: 10000 });
db.pragma('journal_mode = WAL');
const metadata = db.prepare('SELECT metadata FROM events LIMIT 1').get().metadata;
const insert = db.prepare("INSERT INTO events (stream, revision, event_id, type, data, metadata) VALUES (?, 0, ?, 'BackupProbeWritten', '{}', ?)");
const written = new Int32Array(workerData.written);
let stop = false;
parentPort.on('message', () => { stop = true; });
const loop = () => {
  for (let i = 0; i < 20; i += 1) {
    const n = Atomics.add(written, 0, 1);
    insert.run('backup-probe-' + n, 'probe-' + workerData.run + '-' + n, metadata);
  }
  if (stop) { db.close(); parentPort.postMessage('done'); } else setImmediate(loop);
};
loop();
`;

const startWriter = (path: string) => {
  const written = new SharedArrayBuffer(4);
  const worker = new Worker(WRITER, { eval: true, workerData: { path, root: process.cwd(), written, run: Date.now() } });
  const count = () => Atomics.load(new Int32Array(written), 0);
  const stop = () =>
    new Promise<void>((resolve, reject) => {
      worker.once('message', () => void worker.terminate().then(() => resolve()));
      worker.once('error', reject);
      worker.postMessage('stop');
    });
  return { count, stop };
};

const positions = (eventsFile: string): { count: number; last: number } => {
  const db = new Database(eventsFile, { readonly: true });
  try {
    const row = db.prepare<[], { count: number; last: number }>('SELECT COUNT(*) AS count, MAX(position) AS last FROM events').get();
    return row ?? { count: 0, last: 0 };
  } finally {
    db.close();
  }
};

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'riposte-backup-'));
  server = await startTestServer({ RIPOSTE_SCHEDULER: 'off' });
  const made = await server.newUser();
  username = made.user.username;
  for (let i = 0; i < 5; i += 1) expect((await made.client.post('/api/templates', { name: `Kept ${i}`, content: `Template kept ${i}` })).status).toBe(201);
}, 60_000);
afterAll(async () => {
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('riposte backup and restore', () => {
  let backup: string;
  let manifest: { store: { identity: string; lastPosition: number; events: number }; files: { path: string }[] };

  it('backs up while events are being written: one consistent state, and keeps the newest --keep', async () => {
    const backups = join(work, 'backups');
    const writer = startWriter(join(server.dataDir, 'events.db'));
    const env = { RIPOSTE_DATA_DIR: server.dataDir, RIPOSTE_BACKUP_DIR: backups };
    let runs: { backup: string; manifest: typeof manifest }[] = [];
    try {
      for (let i = 0; i < 3; i += 1) {
        const run = await riposte(['backup', '--keep', '2'], env);
        expect(run.code, run.stderr).toBe(0);
        runs = [...runs, JSON.parse(run.stdout) as (typeof runs)[number]];
      }
    } finally {
      await writer.stop();
    }
    expect(writer.count()).toBeGreaterThan(0);
    // Three backups, the oldest removed.
    expect(readdirSync(backups).sort()).toEqual(runs.slice(1).map((r) => r.backup.slice(backups.length + 1)).sort());
    const last = runs[2]!;
    backup = last.backup;
    manifest = last.manifest;
    expect(manifest.files.map((f) => f.path)).toEqual(expect.arrayContaining(['events.db', 'read.db', 'sessions.db', 'token-data-keys.db']));
    expect(manifest.files.map((f) => f.path)).not.toContain('token-key');
    // Every position up to the head, nothing torn: the copy is one state of the store.
    const copied = positions(join(backup, 'events.db'));
    expect(copied).toEqual({ count: manifest.store.events, last: manifest.store.lastPosition });
    expect(copied.count).toBe(copied.last);
    const check = new Database(join(backup, 'events.db'), { readonly: true });
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    check.close();
    // The source went on: it holds at least what the backup holds.
    expect(positions(join(server.dataDir, 'events.db')).last).toBeGreaterThanOrEqual(manifest.store.lastPosition);
  }, 120_000);

  it('restores into a fresh directory, and a server started there has every event and the templates', async () => {
    const fresh = join(work, 'restored');
    const run = await riposte(['restore', backup], { RIPOSTE_DATA_DIR: fresh });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ store: manifest.store, replaced: null });
    expect(positions(join(fresh, 'events.db'))).toEqual({ count: manifest.store.events, last: manifest.store.lastPosition });
    // The token key was kept apart: the operator puts it back (or sets RIPOSTE_TOKEN_KEY).
    copyFileSync(join(server.dataDir, 'token-key'), join(fresh, 'token-key'));

    const restored = await startTestServer({ RIPOSTE_SCHEDULER: 'off', RIPOSTE_DATA_DIR: fresh });
    try {
      const client = new Client(restored.url);
      expect((await client.post('/api/auth/login', { username, password: 'secret-pw-1' })).status).toBe(200);
      const names = ((await client.get('/api/templates')).body as { name: string }[]).map((t) => t.name).sort();
      expect(names).toEqual(['Kept 0', 'Kept 1', 'Kept 2', 'Kept 3', 'Kept 4']);
    } finally {
      await restored.close();
    }
    const status = await riposte(['status'], { RIPOSTE_DATA_DIR: fresh });
    expect(status.code, status.stderr).toBe(0);
    // The server's own writes since (the sign-in) come after the restored head; no projection failed.
    const report = JSON.parse(status.stdout) as { lastPosition: string; projections: { failure: unknown }[] };
    expect(Number(report.lastPosition)).toBeGreaterThanOrEqual(manifest.store.lastPosition);
    expect(report.projections.filter((p) => p.failure !== null)).toEqual([]);

    // Restored again over the same store (stopped): back to the backup's head, what it replaced moved aside.
    const again = await riposte(['restore', backup], { RIPOSTE_DATA_DIR: fresh });
    expect(again.code, again.stderr).toBe(0);
    const replaced = (JSON.parse(again.stdout) as { replaced: string }).replaced;
    expect(positions(join(fresh, 'events.db')).last).toBe(manifest.store.lastPosition);
    expect(positions(join(replaced, 'events.db')).last).toBe(Number(report.lastPosition));
  }, 120_000);

  it('refuses a running server, another store and a damaged backup, changing nothing', async () => {
    const before = positions(join(server.dataDir, 'events.db'));
    const running = await riposte(['restore', backup], { RIPOSTE_DATA_DIR: server.dataDir });
    expect([running.code, JSON.parse(running.stdout)]).toEqual([2, { error: expect.objectContaining({ message: expect.stringContaining('server is running') }) }]);
    expect(positions(join(server.dataDir, 'events.db'))).toEqual(before);

    const other = await startTestServer({ RIPOSTE_SCHEDULER: 'off', RIPOSTE_DATA_DIR: join(work, 'other') });
    await other.close();
    const otherBefore = readFileSync(join(work, 'other', 'events.db'));
    const another = await riposte(['restore', backup], { RIPOSTE_DATA_DIR: join(work, 'other') });
    expect([another.code, JSON.parse(another.stdout)]).toEqual([2, { error: expect.objectContaining({ message: expect.stringContaining('another event store') }) }]);
    expect(readFileSync(join(work, 'other', 'events.db')).equals(otherBefore)).toBe(true);

    const damaged = join(work, 'damaged');
    cpSync(backup, damaged, { recursive: true });
    const sessions = join(damaged, 'sessions.db');
    const bytes = readFileSync(sessions);
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0xff;
    writeFileSync(sessions, bytes);
    const broken = await riposte(['restore', damaged], { RIPOSTE_DATA_DIR: join(work, 'untouched') });
    expect([broken.code, JSON.parse(broken.stdout)]).toEqual([2, { error: expect.objectContaining({ message: expect.stringContaining('damaged: sessions.db') }) }]);
    expect(existsSync(join(work, 'untouched'))).toBe(false);
  }, 120_000);
});
