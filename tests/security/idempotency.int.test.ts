/**
 * Writes that a client may safely repeat (real HTTP, real server, SQLite store):
 *  - a creating call with an Idempotency-Key answers the first answer again and writes nothing new,
 *    on every creating route; the same key with another body is refused 422; parallel repeats
 *    create exactly one; the keys survive a restart;
 *  - a write whose read model lags answers 202 with the id and a Location (never 503, which
 *    invites a retry that stores it twice), and the resource shows up once the read model catches up.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, Subscription } from '@core/eventstore/types';
import { Client, errorOf, logCapture, startServer, startTestServer, testEnv, type Reply, type TestServer } from '../api/support';
import { bulkEntry, connectXAccount, dateIn, visibleTargets } from '../api/schedules.support';

/** Holds live events back from the projector while closed: the read model lags behind the writes. */
const createGate = () => {
  let open = true;
  const waiting: (() => void)[] = [];
  const release = () => waiting.splice(0).forEach((w) => w());
  return {
    close: () => void (open = false),
    open: () => {
      open = true;
      release();
    },
    pass: (): Promise<void> => (open ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
    source:
      (gateOf: () => Promise<void>) =>
      (store: EventStore): EventStore => ({
        ...store,
        subscribe: (options) => {
          const inner = store.subscribe(options);
          let closed = false;
          const held: Subscription = {
            close: async () => {
              closed = true;
              release();
              await inner.close();
            },
            async *[Symbol.asyncIterator]() {
              for await (const event of inner) {
                if (!closed) await gateOf();
                if (closed) return;
                yield event;
              }
            },
          };
          return held;
        },
      }),
  };
};

const gate = createGate();
let server: TestServer;
let alice: Client;
let aliceId: string;
let bob: Client;
let x: string;
let target: string;
let targets: string[];

beforeAll(async () => {
  server = await startTestServer({}, { projectorSource: gate.source(() => gate.pass()), readModelWaitMs: 300 });
  const made = await server.newUser();
  alice = made.client;
  aliceId = made.user.id;
  bob = (await server.newUser()).client;
  const admin = await server.admin();
  // Legacy access may bulk schedule.
  expect((await admin.put(`/api/admin/users/${aliceId}/role`, { role: 'legacy' })).status).toBe(200);
  x = await connectXAccount(server, aliceId, 'idem_x');
  targets = (await visibleTargets(alice)).map((t) => t.id);
  target = targets[0]!;
}, 30_000);
afterAll(async () => {
  gate.open();
  await server?.close();
});

const withKey = (key: string) => ({ headers: { 'Idempotency-Key': key } });
const key = () => randomUUID();
const listIds = async (client: Client, path: string): Promise<string[]> => {
  const res = await client.get(path);
  expect(res.status).toBe(200);
  const body = res.body as { id: string }[] | { schedules: { id: string }[] };
  return (Array.isArray(body) ? body : body.schedules).map((r) => r.id).sort();
};

// Each entry on a day of its own, so no two entries of the tests ever share a slot.
let day = 2;
const entryOf = (text: string, targetIndex = 0) => bulkEntry(targets[targetIndex]!, x, { scheduledDate: dateIn((day += 1)), customReplyText: text });

const sameAnswer = (first: Reply, again: Reply) => {
  expect(again.status).toBe(first.status);
  expect(again.body).toEqual(first.body);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
};

describe('Idempotency-Key on creating calls', () => {
  const routes: { route: string; list: string; body: () => Record<string, unknown>; admin?: boolean }[] = [
    { route: '/api/templates', list: '/api/templates', body: () => ({ name: `T ${randomUUID()}`, content: 'Thanks for this' }) },
    { route: '/api/template-groups', list: '/api/template-groups', body: () => ({ name: `G ${randomUUID()}` }) },
    { route: '/api/v2/schedule', list: '/api/schedules', body: () => ({ accountId: target, connectedAccountId: x, peakWindowType: 'morning_peak', content: `V2 ${randomUUID()}` }) },
    { route: '/api/bulk-replies', list: '/api/schedules', body: () => entryOf(`One ${randomUUID()}`) },
    { route: '/api/bulk-replies/batch', list: '/api/schedules', body: () => ({ entries: [entryOf(`A ${randomUUID()}`), entryOf(`B ${randomUUID()}`, 1)] }) },
    { route: '/api/accounts', list: '/api/accounts', admin: true, body: () => ({ username: `idem${randomUUID().slice(0, 8)}`, displayName: 'Idem', xUserId: String(Math.floor(Math.random() * 1e12)) }) },
  ];

  it.each(routes)('$route: a repeat answers the first answer and creates nothing new', async ({ route, list, body, admin }) => {
    const client = admin ? await server.admin() : alice;
    const before = await listIds(client, list);
    const k = key();
    const payload = body();
    const first = await client.post(route, payload, withKey(k));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const after = await listIds(client, list);
    const created = after.length - before.length;
    expect(created).toBeGreaterThan(0);

    const again = await client.post(route, payload, withKey(k));
    sameAnswer(first, again);
    expect(await listIds(client, list)).toEqual(after);

    // Another body under the same key: refused, nothing written.
    const other = await client.post(route, body(), withKey(k));
    expect(other.status).toBe(422);
    expect(errorOf(other)).toMatchObject({ field: 'Idempotency-Key', code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await listIds(client, list)).toEqual(after);
  });

  it('a key is per user and per route: the same key elsewhere is a new request', async () => {
    const k = key();
    const mine = await alice.post('/api/templates', { name: 'Per user', content: 'Hello' }, withKey(k));
    const theirs = await bob.post('/api/templates', { name: 'Per user', content: 'Hello' }, withKey(k));
    const group = await alice.post('/api/template-groups', { name: 'Per route' }, withKey(k));
    expect([mine.status, theirs.status, group.status]).toEqual([201, 201, 201]);
    expect((theirs.body as { id: string }).id).not.toBe((mine.body as { id: string }).id);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
  });

  it('parallel repeats with one key create exactly one', async () => {
    const before = await listIds(alice, '/api/templates');
    const k = key();
    const payload = { name: `Parallel ${randomUUID()}`, content: 'At once' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => alice.post('/api/templates', payload, withKey(k))));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((a) => (a.body as { id: string }).id)).size).toBe(1);
    expect((await listIds(alice, '/api/templates')).length).toBe(before.length + 1);

    const batchBefore = await listIds(alice, '/api/schedules');
    const batch = { entries: [entryOf(`P1 ${randomUUID()}`), entryOf(`P2 ${randomUUID()}`, 1)] };
    const bk = key();
    const batches = await Promise.all(Array.from({ length: 5 }, () => alice.post('/api/bulk-replies/batch', batch, withKey(bk))));
    expect(batches.map((a) => a.status)).toEqual(Array(5).fill(201));
    expect((await listIds(alice, '/api/schedules')).length).toBe(batchBefore.length + 2);
  });

  it('a refused request does not hold its key; a malformed key is refused 400', async () => {
    const k = key();
    const bad = await alice.post('/api/templates', { name: '', content: 'x' }, withKey(k));
    expect(bad.status).toBe(400);
    const good = await alice.post('/api/templates', { name: 'After a refusal', content: 'x' }, withKey(k));
    expect(good.status).toBe(201);

    const before = await listIds(alice, '/api/templates');
    const long = await alice.post('/api/templates', { name: 'Long key', content: 'x' }, withKey('k'.repeat(256)));
    expect(long.status).toBe(400);
    expect(errorOf(long)).toMatchObject({ field: 'Idempotency-Key', code: 'IDEMPOTENCY_KEY_INVALID' });
    expect(await listIds(alice, '/api/templates')).toEqual(before);
  });
});

describe('a read model that lags behind a write', () => {
  it('answers 202 with the id and a Location; the resource appears once the read model catches up', async () => {
    const k = key();
    gate.close();
    try {
      const res = await alice.post('/api/templates', { name: 'While lagging', content: 'Later' }, withKey(k));
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      const body = res.body as { id: string; pending: boolean; success: boolean };
      expect(body).toMatchObject({ success: true, pending: true });
      expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.get('location')).toBe(`/api/templates/${body.id}`);
      expect((await alice.get(`/api/templates/${body.id}`)).status).toBe(404);

      // A retry while it still lags: the same answer, nothing new.
      sameAnswer(res, await alice.post('/api/templates', { name: 'While lagging', content: 'Later' }, withKey(k)));

      const group = await alice.post('/api/template-groups', { name: 'Lagging group' });
      expect(group.status).toBe(202);
      const v2 = await alice.post('/api/v2/schedule', { accountId: target, connectedAccountId: x, peakWindowType: 'morning_peak', content: 'Lagging V2' });
      expect(v2.status).toBe(202);
      expect(v2.headers.get('location')).toBe(`/api/schedules/${(v2.body as { id: string }).id}`);

      gate.open();
      for (const location of [res.headers.get('location')!, group.headers.get('location')!, v2.headers.get('location')!]) {
        let found: Reply;
        do found = await alice.get(location);
        while (found.status === 404);
        expect(found.status).toBe(200);
      }
      const names = ((await alice.get('/api/templates')).body as { name: string }[]).filter((t) => t.name === 'While lagging');
      expect(names).toHaveLength(1);
    } finally {
      gate.open();
    }
  });
});

describe('keys survive a restart', () => {
  it('the same key after a restart answers the first answer and creates nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'riposte-idem-'));
    try {
      let running = await startServer(testEnv(dataDir), { logDestination: logCapture().stream });
      let client = new Client(running.url);
      const name = `restart${Date.now().toString(36)}`;
      const reg = await client.post('/api/auth/register', { email: `${name}@example.com`, username: name, fullName: 'R', password: 'secret-pw-1', confirmPassword: 'secret-pw-1' });
      expect(reg.status).toBe(201);
      const k = key();
      const payload = { name: 'Survives', content: 'A restart' };
      const first = await client.post('/api/templates', payload, withKey(k));
      expect(first.status).toBe(201);
      await running.close();

      running = await startServer(testEnv(dataDir), { logDestination: logCapture().stream });
      const again = new Client(running.url);
      for (const [n, v] of client.cookies) again.cookies.set(n, v);
      client = again;
      try {
        sameAnswer(first, await client.post('/api/templates', payload, withKey(k)));
        expect(await listIds(client, '/api/templates')).toEqual([(first.body as { id: string }).id]);
        expect((await client.post('/api/templates', { ...payload, content: 'Other' }, withKey(k))).status).toBe(422);
      } finally {
        await running.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
