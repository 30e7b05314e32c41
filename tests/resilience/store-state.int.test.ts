/**
 * The server on the files of a data directory that went wrong under it, from outside (HTTP, the
 * log, the files, the process's exit):
 *  - events.db restored alone from an older copy (the store went backwards): the read model built
 *    from the lost events is set aside and rebuilt at start; rows of lost events are gone; a new
 *    write is seen (before, new events reused positions the read model had passed and vanished);
 *  - the store losing its tail under a running server: the next write notices, the read model is
 *    rebuilt, and that write is answered with its row;
 *  - a damaged read.db: set aside (renamed, kept), rebuilt, a log line naming the file as a cache;
 *    `projections:rebuild` works on it too (it used to open the damaged file first and fail);
 *  - a damaged events.db: the start stops naming the file as the source of truth (main.ts prints
 *    that message alone and exits 1), and the file is left as it was.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { rebuildProjections } from '@apps/cli/src/commands/projections';
import { Client, logCapture, startServer, testEnv } from '../api/support';

const dirs: string[] = [];
const running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'riposte-store-state-'));
  dirs.push(dir);
  return dir;
};

const boot = async (dir: string) => {
  const logs = logCapture();
  const server = await startServer({ ...testEnv(dir), RIPOSTE_SCHEDULER: 'off' }, { logDestination: logs.stream });
  running.push(server);
  return { server, logs, client: () => new Client(server.url) };
};

const stop = async (booted: Awaited<ReturnType<typeof boot>>) => {
  running.splice(running.indexOf(booted.server), 1);
  await booted.server.close();
};

const PASSWORD = 'secret-pw-1';
const register = async (client: Client, name: string) => {
  const res = await client.post('/api/auth/register', { email: `${name}@example.com`, username: name, fullName: `Full ${name}`, password: PASSWORD, confirmPassword: PASSWORD });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
};
const signIn = async (client: Client, name: string) => {
  const res = await client.post('/api/auth/login', { username: name, password: PASSWORD });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const addTemplate = async (client: Client, name: string) => {
  const res = await client.post('/api/templates', { name, content: `The words of ${name}` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res;
};
const templateNames = async (client: Client) => {
  const res = await client.get('/api/templates');
  expect(res.status).toBe(200);
  return (res.body as { name: string }[]).map((t) => t.name).sort();
};

const garble = (path: string) => {
  const fd = openSync(path, 'r+');
  writeSync(fd, Buffer.from('this is not the header of a SQLite database, it was overwritten'), 0, undefined, 0);
  closeSync(fd);
};
const setAside = (dir: string, label: string) => readdirSync(dir).filter((f) => f.startsWith(`read.db.${label}-`) && !f.endsWith('-wal'));

describe('the event store went backwards', () => {
  it('events.db restored alone from an older copy: rebuilt at start, the lost rows are gone, a new write is seen', async () => {
    const dir = dataDir();
    const first = await boot(dir);
    const alice = first.client();
    await register(alice, 'alice');
    await addTemplate(alice, 'kept');
    await stop(first);
    const backup = join(dir, 'events.backup.db');
    copyFileSync(join(dir, 'events.db'), backup);

    const second = await boot(dir);
    const again = second.client();
    await signIn(again, 'alice');
    await addTemplate(again, 'lost');
    await stop(second);
    // The restore: the older file alone, without the WAL that had the later commits.
    copyFileSync(backup, join(dir, 'events.db'));
    rmSync(join(dir, 'events.db-wal'), { force: true });
    rmSync(join(dir, 'events.db-shm'), { force: true });

    const third = await boot(dir);
    const client = third.client();
    await signIn(client, 'alice');
    expect(await templateNames(client)).toEqual(['kept']);
    expect(third.logs.text()).toContain('the event store went backwards');
    expect(setAside(dir, 'ahead')).toHaveLength(1);
    await addTemplate(client, 'new');
    expect(await templateNames(client)).toEqual(['kept', 'new']);
  });

  it('the tail lost under a running server: the next write notices, and is answered with its row', async () => {
    const dir = dataDir();
    const booted = await boot(dir);
    const alice = booted.client();
    await register(alice, 'alice');
    await addTemplate(alice, 'kept');
    const raw = new Database(join(dir, 'events.db'));
    const head = (raw.prepare('SELECT max(position) AS p FROM events').get() as { p: number }).p;
    await addTemplate(alice, 'lost one');
    await addTemplate(alice, 'lost two');
    raw.prepare('DELETE FROM events WHERE position > ?').run(head);
    raw.close();

    const made = await addTemplate(alice, 'new');
    expect((made.body as { name: string }).name).toBe('new');
    expect(await templateNames(alice)).toEqual(['kept', 'new']);
    expect(booted.logs.text()).toContain('the event store went backwards');
  });
});

describe('damaged files', () => {
  it('a damaged read.db is set aside (kept), rebuilt from the events, and said so in the log', async () => {
    const dir = dataDir();
    const first = await boot(dir);
    const alice = first.client();
    await register(alice, 'alice');
    await addTemplate(alice, 'kept');
    await stop(first);
    garble(join(dir, 'read.db'));

    const second = await boot(dir);
    const client = second.client();
    await signIn(client, 'alice');
    expect(await templateNames(client)).toEqual(['kept']);
    expect(setAside(dir, 'damaged')).toHaveLength(1);
    expect(second.logs.text()).toMatch(/read\.db \(the read model, a cache rebuilt from the events; not the source of truth\) is damaged/);
  });

  it('projections:rebuild on a damaged read.db rebuilds it', async () => {
    const dir = dataDir();
    const first = await boot(dir);
    await register(first.client(), 'alice');
    await stop(first);
    garble(join(dir, 'read.db'));

    const report = await rebuildProjections({ dataDir: dir, eventStore: { kind: 'sqlite', synchronous: 'NORMAL' } });
    expect(report.projections.every((p) => p.failure === null && p.position !== null)).toBe(true);
    const db = new Database(join(dir, 'read.db'), { readonly: true });
    expect(db.prepare('SELECT count(*) AS n FROM users WHERE username = ?').get('alice')).toEqual({ n: 1 });
    db.close();
  });

  it('a damaged events.db stops the start with a message naming it as the source of truth, and leaves it as it was', async () => {
    const dir = dataDir();
    const first = await boot(dir);
    await register(first.client(), 'alice');
    await stop(first);
    const events = join(dir, 'events.db');
    garble(events);
    const before = createHash('sha256').update(readFileSync(events)).digest('hex');

    const refused = startServer({ ...testEnv(dir), RIPOSTE_SCHEDULER: 'off' }, { logDestination: logCapture().stream });
    await expect(refused).rejects.toThrow(`${events} (the event store: the source of truth, which nothing rebuilds) is damaged: file is not a database`);
    await expect(refused).rejects.toThrow('restore it from a backup');
    expect(createHash('sha256').update(readFileSync(events)).digest('hex')).toBe(before);
    // Again: the same words, not "another server holds the data directory" (the lock was given back).
    await expect(startServer({ ...testEnv(dir), RIPOSTE_SCHEDULER: 'off' }, { logDestination: logCapture().stream })).rejects.toThrow('is damaged: file is not a database');
  });
});
