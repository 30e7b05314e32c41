import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteSessionStore } from './index';

describe('SQLite session store', () => {
  const dirs: string[] = [];
  const tempFile = () => {
    const dir = mkdtempSync(join(tmpdir(), 'riposte-sessions-'));
    dirs.push(dir);
    return join(dir, 'sessions.db');
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('stores, reads and destroys a session, surviving a reopen', async () => {
    const path = tempFile();
    let store = createSqliteSessionStore({ path, sweepIntervalMs: 0 });
    await store.set('sid-1', { userId: 'u1', n: 1 }, 60_000);
    store.close();
    store = createSqliteSessionStore({ path, sweepIntervalMs: 0 });
    expect(await store.get('sid-1')).toEqual({ userId: 'u1', n: 1 });
    await store.destroy('sid-1');
    expect(await store.get('sid-1')).toBeUndefined();
    store.close();
  });

  it('keeps only a hash of the session id on disk', async () => {
    const path = tempFile();
    const store = createSqliteSessionStore({ path, sweepIntervalMs: 0 });
    await store.set('plain-session-id-xyz', { userId: 'u1' }, 60_000);
    store.close();
    const raw = new Database(path, { readonly: true });
    const ids = raw.prepare('SELECT id_hash FROM sessions').pluck().all() as string[];
    raw.close();
    expect(ids).toHaveLength(1);
    expect(ids[0]).not.toContain('plain-session-id-xyz');
  });

  it('ignores expired sessions and sweeps them', async () => {
    let t = 1_000_000;
    const store = createSqliteSessionStore({ path: tempFile(), sweepIntervalMs: 0, now: () => t });
    await store.set('short', { userId: 'u1' }, 1000);
    await store.set('long', { userId: 'u1' }, 100_000);
    t += 5000;
    expect(await store.get('short')).toBeUndefined();
    expect(await store.get('long')).toEqual({ userId: 'u1' });
    expect(store.sweep()).toBe(1);
    expect(store.count()).toBe(1);
    store.close();
  });

  it('ends every other session of a user', async () => {
    const store = createSqliteSessionStore({ path: tempFile(), sweepIntervalMs: 0 });
    await store.set('a', { userId: 'u1' }, 60_000);
    await store.set('b', { userId: 'u1' }, 60_000);
    await store.set('c', { userId: 'u2' }, 60_000);
    expect(store.destroyForUser('u1', 'a')).toBe(1);
    expect(await store.get('a')).toBeDefined();
    expect(await store.get('b')).toBeUndefined();
    expect(await store.get('c')).toBeDefined();
    store.close();
  });
});
