/**
 * A full disk under the event store, acted out by capping the server's own SQLite connection with
 * `max_page_count` (SQLite then refuses writes with SQLITE_FULL, as it does on ENOSPC), and lifted
 * again. /healthz used to say the store was writable (its probe began a transaction and rolled it
 * back, which writes nothing) while every write answered 500; sign-in too, as it records the login.
 * Now: /healthz says the store cannot be written and why, the writes answer 507 with a message,
 * nothing half-written shows, and both recover once space returns.
 */
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from './support';

let server: TestServer;
let db: Database.Database | null = null;
let alice: Client;
let username: string;

beforeAll(async () => {
  server = await startTestServer({ RIPOSTE_SCHEDULER: 'off' }, { onSqliteEventStore: (connection) => (db = connection) });
  const made = await server.newUser();
  alice = made.client;
  username = made.user.username;
});
afterAll(async () => {
  await server?.close();
});

const connection = (): Database.Database => {
  if (db === null) throw new Error('the event store connection was not handed over');
  return db;
};

interface Health {
  status: string;
  store: { write: { ok: boolean; error?: string } };
}

/** /healthz until it answers `status` (its answers are reused for a second). */
const healthUntil = async (status: number): Promise<{ status: number; body: Health }> => {
  const until = Date.now() + 10_000;
  for (;;) {
    const res = await server.client().get('/healthz');
    if (res.status === status || Date.now() > until) return { status: res.status, body: res.body as Health };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const templateNames = async () => ((await alice.get('/api/templates')).body as { name: string }[]).map((t) => t.name).sort();
const words = 'Full disk words. '.repeat(50);

describe('the event store on a full disk', () => {
  it('healthz says it cannot write, writes answer 507 and change nothing, and both recover when space returns', async () => {
    expect((await healthUntil(200)).body.store.write.ok).toBe(true);

    const full = connection();
    full.pragma(`max_page_count = ${full.pragma('page_count', { simple: true }) as number}`);
    // The file's pages left free (after deletions) take a few writes to use up.
    let refused: Awaited<ReturnType<Client['post']>> | null = null;
    const saved: string[] = [];
    for (let i = 0; i < 200 && refused === null; i += 1) {
      const res = await alice.post('/api/templates', { name: `Filler ${i}`, content: words });
      if (res.status === 201) saved.push(`Filler ${i}`);
      else refused = res;
    }
    expect(refused?.status, JSON.stringify(refused?.body)).toBe(507);
    expect(refused?.body).toMatchObject({ code: 'INSUFFICIENT_STORAGE', message: expect.stringContaining('run out of storage space') });

    const health = await healthUntil(503);
    expect(health.status).toBe(503);
    expect(health.body.status).toBe('degraded');
    expect(health.body.store.write).toEqual({ ok: false, error: expect.stringContaining('out of storage space') });

    // Sign-in records the login (a small event: a few still fit in the last page): refused with the
    // same words once they no longer do, not a 500.
    let signIn = await server.client().post('/api/auth/login', { username, password: 'secret-pw-1' });
    for (let i = 0; i < 100 && signIn.status === 200; i += 1) signIn = await server.client().post('/api/auth/login', { username, password: 'secret-pw-1' });
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(507);
    expect(signIn.body).toMatchObject({ code: 'INSUFFICIENT_STORAGE' });
    expect(await templateNames()).toEqual([...saved].sort());

    full.pragma('max_page_count = 1073741823');
    expect((await healthUntil(200)).body.store.write.ok).toBe(true);
    expect((await server.client().post('/api/auth/login', { username, password: 'secret-pw-1' })).status).toBe(200);
    expect((await alice.post('/api/templates', { name: 'After', content: 'Space is back' })).status).toBe(201);
    expect(await templateNames()).toEqual([...saved, 'After'].sort());
  });
});
