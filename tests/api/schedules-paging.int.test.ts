/**
 * GET /api/schedules and /api/v2/schedules are cursor-paged (docs/api.md "Paging"): at most
 * `limit` schedules an answer (100 when none is named), the next page's cursor in X-Next-Cursor
 * and a Link header, the body in the route's own shape; following the cursors gives every
 * schedule once, in the list's order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activatePremium, bulkEntry, connectXAccount, dateIn, visibleTargets } from './schedules.support';
import { errorOf, startTestServer, uniqueName, type Client, type TestServer } from './support';

let server: TestServer;
let client: Client;
beforeAll(async () => {
  server = await startTestServer({ RIPOSTE_SCHEDULER: 'off' });
  const user = await server.newUser();
  client = user.client;
  await activatePremium(server, user.user.id);
  const x = await connectXAccount(server, user.user.id, uniqueName('pg').slice(0, 15));
  const [target] = await visibleTargets(client);
  if (target === undefined) throw new Error('no curated target');
  for (let b = 0; b < 2; b += 1) {
    const entries = Array.from({ length: 60 }, (_, i) => bulkEntry(target.id, x, { customReplyText: `Paged ${b}-${i}`, scheduledDate: dateIn(i + 1) }));
    expect((await client.post('/api/bulk-replies/batch', { entries })).status).toBe(201);
  }
});
afterAll(async () => {
  await server?.close();
});

type Item = { id: string };

describe('schedule lists, paged', () => {
  it('answers 100 without a cursor, with the next cursor; following it gives the rest once', async () => {
    const first = await client.get('/api/schedules');
    expect((first.body as Item[]).length).toBe(100);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toMatch(/^o[0-9a-z]+$/);
    expect(first.headers.get('link')).toBe(`</api/schedules?cursor=${cursor}&limit=100>; rel="next"`);
    const second = await client.get(`/api/schedules?cursor=${cursor}`);
    expect((second.body as Item[]).length).toBe(20);
    expect(second.headers.get('x-next-cursor')).toBeNull();
    const ids = [...(first.body as Item[]), ...(second.body as Item[])].map((s) => s.id);
    expect(new Set(ids).size).toBe(120);
    const whole = (await client.get('/api/schedules?limit=500')).body as Item[];
    expect(whole.map((s) => s.id)).toEqual(ids);
  });

  it('pages the V2 list the same way, in its own shape', async () => {
    const page = await client.get('/api/v2/schedules?limit=50');
    expect((page.body as { schedules: Item[] }).schedules.length).toBe(50);
    expect(page.headers.get('x-next-cursor')).not.toBeNull();
  });

  it('refuses a bad cursor or limit with the field named', async () => {
    for (const [q, field] of [['cursor=nope', 'cursor'], ['limit=0', 'limit'], ['limit=501', 'limit'], ['limit=abc', 'limit']] as const) {
      const res = await client.get(`/api/schedules?${q}`);
      expect(res.status, q).toBe(400);
      expect(errorOf(res).field, q).toBe(field);
    }
  });
});
