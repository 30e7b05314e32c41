/**
 * GET /api/admin/polling-stats over real HTTP: the watcher's reads of X (requests, posts returned,
 * estimated spend at $0.005 a post) for today and the last 30 UTC days, counted from the reads it
 * really made against the emulator. Admins only, checked on the server: visitors 401, users 403,
 * and no spelling of the path (/API, //, %2F, a trailing slash, an upper-cased segment) answers a
 * non-admin with the figures.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../security/support';
import { startDispatchWorld, type DispatchWorld } from './dispatch.support';
import { eventually } from './schedules.support';

let world: DispatchWorld;
beforeAll(async () => {
  world = await startDispatchWorld({}, { sharedClock: true });
}, 60_000);
afterAll(async () => world?.close());

interface Day {
  day: string;
  requests: number;
  timelineRequests: number;
  searchRequests: number;
  posts: number;
  estimatedUsd: number;
}
interface Stats {
  today: Day;
  days: Day[];
  usdPerPost: number;
}

const stats = async () => {
  const res = await world.admin.get('/api/admin/polling-stats');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Stats;
};
const xReads = () => world.emulator.control.requests.filter((r) => r.method === 'GET' && (/^\/2\/users\/\d+\/tweets$/.test(r.path) || r.path === '/2/tweets/search/recent')).length;

describe('GET /api/admin/polling-stats', () => {
  it("answers today's and the last 30 days' reads, posts and estimated spend, counted from the watcher's reads", async () => {
    const empty = await stats();
    expect(empty.days).toHaveLength(30);
    expect(empty.today).toEqual(empty.days[0]);
    expect(empty.today.day).toBe(new Date(world.serverNow()).toISOString().slice(0, 10));
    expect(empty.usdPerPost).toBe(0.005);

    const { client, connectedAccountId } = await world.userWithX();
    const target = await world.newTarget();
    for (let i = 0; i < 3; i += 1) world.emulator.control.post(target.username, `post number ${i} ${randomUUID().slice(0, 6)}`);
    const template = await client.post('/api/templates', { name: `T ${randomUUID().slice(0, 6)}`, content: `Yes ${randomUUID().slice(0, 8)}` });
    const res = await client.post('/api/schedules', { accountId: target.id, connectedAccountId, templateId: (template.body as { id: string }).id, scheduleType: 'auto', delayMinutes: 0 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // The first read returns the target's latest posts; a minute later the counter is recorded.
    await eventually(async () => xReads(), (n) => n >= 1, 'the first read');
    world.moveClockTo(world.serverNow() + 2 * 60_000);
    const counted = await eventually(stats, (s) => s.today.posts >= 3, 'the counted reads');
    expect(counted.today.requests).toBeGreaterThanOrEqual(1);
    expect(counted.today.requests).toBeLessThanOrEqual(xReads());
    expect(counted.today.requests).toBe(counted.today.timelineRequests + counted.today.searchRequests);
    expect(counted.today.estimatedUsd).toBeCloseTo(counted.today.posts * 0.005, 6);
    const dayOfToday = counted.days.find((d) => d.day === counted.today.day);
    expect(dayOfToday).toEqual(counted.today);
  }, 60_000);

  it('is for admins only: 401 for visitors, 403 for users, and no path variant gives a non-admin the figures', async () => {
    const { client: user } = await world.userWithX();
    const visitor = world.server.client();
    expect((await visitor.get('/api/admin/polling-stats')).status).toBe(401);
    expect((await user.get('/api/admin/polling-stats')).status).toBe(403);
    const variants = ['/API/admin/polling-stats', '/api/ADMIN/polling-stats', '//api/admin/polling-stats', '/api//admin/polling-stats', '/api%2Fadmin/polling-stats', '/api/admin%2fpolling-stats', '/api/admin/polling-stats/', '/api/admin/./polling-stats', '/api/x/../admin/polling-stats'];
    for (const path of variants) {
      for (const [who, client] of [['user', user], ['visitor', visitor]] as const) {
        const reply = await rawRequest(client, 'GET', path);
        expect({ path, who, status: reply.status }).toEqual({ path, who, status: expect.toSatisfy((s: number) => [401, 403, 404, 405].includes(s)) });
        expect(reply.text).not.toMatch(/usdPerPost/);
      }
    }
  }, 60_000);
});
