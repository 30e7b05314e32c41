/**
 * Settings over real HTTP against a real server (with the X emulator as X, for dispatch):
 * preferences stored as events and read back, validation with status, message and field (nothing
 * written), CSRF, the per-user hourly limit enforced by dispatch, and the export holding only the
 * caller's own data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDispatchWorld, type DispatchWorld } from './dispatch.support';
import { errorOf, type TestServer } from './support';

let world: DispatchWorld;
let server: TestServer;

beforeAll(async () => {
  world = await startDispatchWorld();
  server = world.server;
});
afterAll(async () => {
  await world?.close();
});

type Settings = {
  preferences: { emailOnFailedReply: boolean; weeklySummary: boolean; hourlyCap: number | null; defaultStyle: string | null };
  subscribedToUpdates: boolean;
  installationHourlyCap: number;
  hasPassword: boolean;
};

describe('GET and PUT /api/settings', () => {
  it('starts from the defaults and keeps what the user changes', async () => {
    const { client } = await server.newUser();
    const before = (await client.get('/api/settings')).body as Settings;
    expect(before).toMatchObject({
      preferences: { emailOnFailedReply: true, weeklySummary: true, hourlyCap: null, defaultStyle: null },
      subscribedToUpdates: false,
      installationHourlyCap: 50,
      hasPassword: true,
    });
    const put = await client.put('/api/settings/preferences', { hourlyCap: 7, weeklySummary: false, subscribedToUpdates: true, defaultStyle: 'hot_take' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const after = (await client.get('/api/settings')).body as Settings;
    expect(after).toMatchObject({ preferences: { hourlyCap: 7, weeklySummary: false, emailOnFailedReply: true, defaultStyle: 'hot_take' }, subscribedToUpdates: true });
    const status = (await client.get('/api/auth/status')).body as { user: { subscribedToUpdates: boolean; preferences: Settings['preferences'] } };
    expect(status.user).toMatchObject({ subscribedToUpdates: true, preferences: { hourlyCap: 7 } });
  });

  it('refuses a limit outside 1-50, a non-boolean and an unknown style, on their fields, and changes nothing', async () => {
    const { client } = await server.newUser();
    const cases: [unknown, string][] = [
      [{ hourlyCap: 51 }, 'hourlyCap'],
      [{ hourlyCap: 0 }, 'hourlyCap'],
      [{ hourlyCap: 2.5 }, 'hourlyCap'],
      [{ hourlyCap: '10' }, 'hourlyCap'],
      [{ weeklySummary: 'yes' }, 'weeklySummary'],
      [{ defaultStyle: 'shouting' }, 'defaultStyle'],
    ];
    for (const [body, field] of cases) {
      const res = await client.put('/api/settings/preferences', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res)).toMatchObject({ field });
      expect(errorOf(res).message).toMatch(/\S/);
    }
    expect(errorOf(await client.put('/api/settings/preferences', { hourlyCap: 51 })).message).toBe('Replies per hour must be a whole number from 1 to 50');
    expect(((await client.get('/api/settings')).body as Settings).preferences).toEqual({ emailOnFailedReply: true, weeklySummary: true, hourlyCap: null, defaultStyle: null });
  });

  it('refuses visitors (401) and a change without the CSRF header (403)', async () => {
    expect((await server.client().get('/api/settings')).status).toBe(401);
    expect((await server.client().put('/api/settings/preferences', { hourlyCap: 3 })).status).toBe(401);
    const { client } = await server.newUser();
    const forged = await client.put('/api/settings/preferences', { hourlyCap: 3 }, { csrf: false });
    expect(forged.status).toBe(403);
    expect(((await client.get('/api/settings')).body as Settings).preferences.hourlyCap).toBeNull();
  });
});

describe('the replies per hour limit', () => {
  it('is the user’s own: with 1 an hour, the second due reply waits for the next slot', async () => {
    const alice = await world.userWithX();
    expect((await alice.client.put('/api/settings/preferences', { hourlyCap: 1 })).status).toBe(200);
    const targets = [await world.newTarget(), await world.newTarget()];
    for (const t of targets) world.emulator.control.post(t.username, `Thoughts, @${alice.handle}?`);
    const first = await world.scheduleDueNow(alice.client, targets[0]!.id, alice.connectedAccountId);
    world.moveClockTo(first.at);
    await world.replyOfSchedule(alice.client, first.scheduleId, (r) => r.status === 'sent');
    const second = await world.scheduleDueNow(alice.client, targets[1]!.id, alice.connectedAccountId);
    world.moveClockTo(second.at);
    const held = await world.replyOfSchedule(alice.client, second.scheduleId, (r) => r.status !== 'pending' && r.status !== 'scheduled');
    expect(held.status).toBe('rate_limited');
    expect(held.statusMessage).toBe('At most 1 replies an hour; this one waits for the next slot');
    expect(world.repliesOnX(alice.handle)).toHaveLength(1);
  });
});

describe('GET /api/settings/export', () => {
  it('downloads the caller’s account and records as JSON, and nothing of another user', async () => {
    const alice = await server.newUser();
    const bob = await server.newUser();
    expect((await alice.client.post('/api/templates', { name: 'Alice template', content: 'alice-only text' })).status).toBe(201);
    expect((await bob.client.post('/api/templates', { name: 'Bob template', content: 'bob-only text' })).status).toBe(201);
    const res = await alice.client.get('/api/settings/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="riposte-export-\d{4}-\d{2}-\d{2}\.json"$/);
    const body = JSON.parse(res.text) as { account: { id: string; username: string }; templates: { name: string }[]; replies: unknown[]; schedules: unknown[] };
    expect(body.account).toMatchObject({ id: alice.user.id, username: alice.user.username });
    expect(body.templates.map((t) => t.name)).toEqual(['Alice template']);
    expect(res.text).not.toContain('bob-only text');
    expect(res.text).not.toContain(bob.user.id);
    expect(res.text).not.toMatch(/passwordHash|\$argon2/);
  });
});
