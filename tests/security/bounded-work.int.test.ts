/**
 * Bounded work per request (real HTTP, real server): a bulk batch over the cap is refused 400 on
 * `entries` with the cap in its message, before anything is looked up or written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startTestServer, type Client, type TestServer } from '../api/support';
import { bulkEntry, connectXAccount, dateIn, visibleTargets } from '../api/schedules.support';

// The cap (core/scheduling BULK_BATCH_MAX), as the message states it.
const BULK_BATCH_MAX = 100;

let server: TestServer;
let legacy: Client;
let x: string;
let target: string;

beforeAll(async () => {
  server = await startTestServer();
  const made = await server.newUser();
  legacy = made.client;
  const admin = await server.admin();
  expect((await admin.put(`/api/admin/users/${made.user.id}/role`, { role: 'legacy' })).status).toBe(200);
  x = await connectXAccount(server, made.user.id, 'bounded_x');
  target = (await visibleTargets(legacy))[0]!.id;
}, 30_000);
afterAll(async () => {
  await server?.close();
});

// Each entry valid on its own (a day of its own), so only the batch's size can refuse it.
const entry = (i: number) => bulkEntry(target, x, { scheduledDate: dateIn(i + 1), customReplyText: `Reply ${i}` });

describe('the bulk batch cap', () => {
  it(`refuses a batch of more than ${BULK_BATCH_MAX} entries with 400 on entries, and writes nothing`, async () => {
    const before = (await legacy.get('/api/schedules')).body;
    const res = await legacy.post('/api/bulk-replies/batch', { entries: Array.from({ length: BULK_BATCH_MAX + 1 }, (_, i) => entry(i)) });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(400);
    expect(errorOf(res)).toMatchObject({ field: 'entries', message: 'A batch holds at most 100 replies; schedule the rest in another batch' });
    expect((await legacy.get('/api/schedules')).body).toEqual(before);
  });

  it('accepts a batch at the cap, written all together', async () => {
    const res = await legacy.post('/api/bulk-replies/batch', { entries: Array.from({ length: BULK_BATCH_MAX }, (_, i) => entry(i)) });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
    expect((res.body as { schedules: unknown[] }).schedules).toHaveLength(BULK_BATCH_MAX);
  });
});
