// What only the SQLite store has: a file that outlives the process, group commit, other processes on
// the same file, closing. The behaviour every store shares is in tests/contracts.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '@adapters/eventstore-sqlite/index';
import { isDuplicateEventId, isWrongExpectedRevision } from '@core/eventstore/errors';
import type { NewEvent, Position } from '@core/eventstore/types';
import { isAppError } from '@core/shared/errors';

const dir = mkdtempSync(join(tmpdir(), 'riposte-sqlite-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const freshPath = () => join(dir, `${randomUUID()}.db`);

const event = (type = 'Tested', data: unknown = {}): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { actor: 'test', correlationId: randomUUID(), causationId: null, time: '2026-11-22T12:00:00.000Z' },
});

describe('SQLite event store', () => {
  it('keeps events in the file across close and reopen, and carries on numbering', async () => {
    const path = freshPath();
    const first = createSqliteEventStore({ path });
    const a = await first.append('s', [event(), event()], 'no_stream');
    await first.close();

    const raw = new Database(path, { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    raw.close();

    const second = createSqliteEventStore({ path, synchronous: 'NORMAL' });
    expect((await second.readStream('s')).map((e) => e.revision)).toEqual([0n, 1n]);
    const b = await second.append('s', [event()], 1n);
    expect(b.nextExpectedRevision).toBe(2n);
    expect(b.position > a.position).toBe(true);
    await second.close();
  });

  it('writes appends issued together in one transaction, each checked on its own', async () => {
    const store = createSqliteEventStore({ path: freshPath() });
    await store.append('taken', [event()], 'no_stream');
    const reused = event();
    await store.append('other', [reused], 'no_stream');
    const before = store.stats();

    const good = Array.from({ length: 60 }, (_, i) => store.append(`good-${i}`, [event(), event()], 'no_stream'));
    const stale = store.append('taken', [event()], 'no_stream');
    const partlyReused = store.append('mixed', [event(), reused, event()], 'no_stream');
    const outcomes = await Promise.allSettled([...good, stale, partlyReused]);

    const after = store.stats();
    expect(after.transactions - before.transactions).toBe(1);
    expect(after.appends - before.appends).toBe(62);
    expect(outcomes.slice(0, 60).every((o) => o.status === 'fulfilled')).toBe(true);
    const [staleOutcome, mixedOutcome] = outcomes.slice(60);
    expect(staleOutcome?.status === 'rejected' && isWrongExpectedRevision(staleOutcome.reason)).toBe(true);
    expect(mixedOutcome?.status === 'rejected' && isDuplicateEventId(mixedOutcome.reason)).toBe(true);
    // The refused append's first event was inserted before its second failed: rolled back with it.
    expect(await store.readStream('mixed')).toEqual([]);
    expect(await store.readStream('taken')).toHaveLength(1);
    const positions = (await store.readAll()).map((e) => e.position);
    expect(positions).toEqual([...positions].sort());
    expect(positions).toHaveLength(2 + 120);
    await store.close();
  });

  it('another process appending to the same file races fairly: no revision is written twice or skipped', async () => {
    const path = freshPath();
    const store = createSqliteEventStore({ path, pollIntervalMs: 50 });
    await store.append('shared', [event('Start')], 'no_stream');
    const subscription = store.subscribe();
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'fixtures/racing-writer.ts'), path, 'shared', '150'], {
      cwd: join(import.meta.dirname, '../..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: string[] = [];
    const ready = new Promise<void>((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        lines.push(line);
        if (line === 'ready') resolve();
      });
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`racing writer exited with ${code}`))));
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await ready;

    // Both processes now append at the revision they last read, 150 times each.
    let acceptedHere = 0;
    let known = 0n;
    for (let i = 0; i < 150; i += 1) {
      known = (await store.readStream('shared', { fromRevision: known })).at(-1)?.revision ?? known;
      await new Promise((r) => setTimeout(r, Math.random() * 2)); // time to decide, as a handler would
      try {
        known = (await store.append('shared', [event('FromParent')], known)).nextExpectedRevision;
        acceptedHere += 1;
      } catch (error) {
        if (!isWrongExpectedRevision(error)) throw error;
      }
    }
    await exited;
    const { accepted, refused } = JSON.parse(lines.at(-1) ?? '{}') as { accepted: string[]; refused: number };
    expect(accepted.length).toBeGreaterThan(0);
    expect(acceptedHere).toBeGreaterThan(0);

    const stored = await store.readStream('shared');
    expect(stored.map((e) => e.revision)).toEqual(stored.map((_, i) => BigInt(i)));
    expect(stored.filter((e) => e.type === 'FromParent')).toHaveLength(acceptedHere);
    expect(stored.filter((e) => e.type === 'FromChild').map((e) => e.id)).toEqual(accepted);
    console.info(`cross-process race: parent wrote ${acceptedHere} of 150, child wrote ${accepted.length} of 150 (refused ${refused})`);

    // The other process cannot notify this one: the subscription sees its events by polling.
    const seen: string[] = [];
    for await (const e of subscription) {
      seen.push(e.id);
      if (seen.length === stored.length) break;
    }
    expect(seen).toEqual(stored.map((e) => e.id));
  }, 60_000);

  it('close writes what was already accepted, ends subscriptions and refuses later calls', async () => {
    const path = freshPath();
    const store = createSqliteEventStore({ path });
    const subscription = store.subscribe();
    const iterator = subscription[Symbol.asyncIterator]();
    const pending = store.append('s', [event()], 'no_stream'); // queued, not yet written
    await store.close();
    expect((await pending).nextExpectedRevision).toBe(0n);
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
    const refused = await store.append('s', [event()], 0n).catch((e: unknown) => e);
    expect(isAppError(refused) && refused.code === 'unavailable').toBe(true);

    const reopened = createSqliteEventStore({ path });
    expect(await reopened.readStream('s')).toHaveLength(1);
    await reopened.close();
  });

  it('refuses what it cannot store faithfully, writing nothing', async () => {
    const store = createSqliteEventStore({ path: ':memory:' });
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const bad = await store.append('s', [event('Ok'), event('Bad', circular)], 'any').catch((e: unknown) => e);
    expect(isAppError(bad) && bad.code === 'validation').toBe(true);
    const twice = event();
    expect(isDuplicateEventId(await store.append('s', [twice, twice], 'any').catch((e: unknown) => e))).toBe(true);
    const foreign = await store.readAll({ after: 'not-a-position' as Position }).catch((e: unknown) => e);
    expect(isAppError(foreign) && foreign.field === 'position').toBe(true);
    expect(await store.readAll()).toEqual([]);
    const empty = await store.append('s', [], 'no_stream');
    expect(empty.nextExpectedRevision).toBe(-1n);
    await store.close();
  });
});
