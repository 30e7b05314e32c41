/**
 * Auto schedules from every composer's call, over real HTTP against the X emulator: the classic
 * call (Classic and the calendar's compose panel), V2, one bulk entry (the CLI's) and a bulk batch
 * each make an auto schedule with `scheduleType: 'auto'` and a delay; each answers its target's
 * next post once. An account an admin paused is refused on its field (it is never read, so the
 * schedule would never fire), and the estimate the composers show follows the account's tier and
 * the period now. The emulator shares the server's clock, which the tests move past intervals.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_APP } from '@adapters/x-emulator/server';
import { DEFAULT_POLLING_SETTINGS, pollingPeriodAt } from '@core/polling/interval';
import { utcLocalTime } from '@core/watching/due';
import { startDispatchWorld, type DispatchWorld } from './dispatch.support';
import { eventually } from './schedules.support';
import type { Client } from './support';

let world: DispatchWorld;
beforeAll(async () => {
  world = await startDispatchWorld({}, { sharedClock: true });
}, 60_000);
afterAll(async () => world?.close());

/** Longer than any standard-tier interval (overnight: 30 minutes). */
const PAST_INTERVAL = 31 * 60_000;

const timelineReads = (xUserId: string) => world.emulator.control.requests.filter((r) => r.method === 'GET' && r.path === `/2/users/${xUserId}/tweets`).length;

type Call = { name: string; path: string; body: (ids: { targetId: string; connectedAccountId: string; text: string }) => Record<string, unknown>; idOf: (body: unknown) => string; errorField: string };

const CALLS: Call[] = [
  {
    name: 'classic (Classic, the calendar panel)',
    path: '/api/schedules',
    body: ({ targetId, connectedAccountId, text }) => ({ accountId: targetId, connectedAccountId, scheduleType: 'auto', delayMinutes: 1, useAI: false, conditions: { content: text } }),
    idOf: (b) => (b as { id: string }).id,
    errorField: 'accountId',
  },
  {
    name: 'V2',
    path: '/api/v2/schedule',
    body: ({ targetId, connectedAccountId, text }) => ({ accountId: targetId, connectedAccountId, scheduleType: 'auto', delayMinutes: 1, useAI: false, content: text }),
    idOf: (b) => (b as { schedule: { id: string } }).schedule.id,
    errorField: 'accountId',
  },
  {
    name: 'one bulk entry (the CLI)',
    path: '/api/bulk-replies',
    body: ({ targetId, connectedAccountId, text }) => ({ accountId: targetId, connectedAccountId, scheduleType: 'auto', delayMinutes: 1, customReplyText: text }),
    idOf: (b) => (b as { id: string }).id,
    errorField: 'accountId',
  },
  {
    name: 'a bulk batch',
    path: '/api/bulk-replies/batch',
    body: ({ targetId, connectedAccountId, text }) => ({ entries: [{ accountId: targetId, connectedAccountId, scheduleType: 'auto', delayMinutes: 1, customReplyText: text }] }),
    idOf: (b) => (b as { schedules: { id: string }[] }).schedules[0]!.id,
    errorField: 'entries.0.accountId',
  },
];

/** A user allowed every call (bulk batches need more than the trial), with a connected X account. */
const bulkUser = async () => {
  const made = await world.userWithX();
  expect((await world.admin.put(`/api/admin/users/${made.user.id}/role`, { role: 'legacy' })).status).toBe(200);
  return made;
};

const repliesOfSchedule = async (client: Client, scheduleId: string) => (await world.repliesOf(client)).items.filter((r) => r.scheduledId === scheduleId);

describe('auto schedules from every composer call', () => {
  it('each answers the next post of its target once, after its delay', async () => {
    const target = await world.newTarget();
    const xUserId = world.emulator.control.user(target.username)?.id as string;
    const made: { client: Client; handle: string; scheduleId: string; call: string }[] = [];
    for (const call of CALLS) {
      const { client, handle, connectedAccountId } = await bulkUser();
      const res = await client.post(call.path, call.body({ targetId: target.id, connectedAccountId, text: `Spot on ${randomUUID().slice(0, 8)}` }));
      expect(res.status, `${call.name}: ${JSON.stringify(res.body)}`).toBe(201);
      const scheduleId = call.idOf(res.body);
      const view = (await client.get(`/api/schedules/${scheduleId}`)).body as { scheduleType: string; delayMinutes: number };
      expect([call.name, view.scheduleType, view.delayMinutes]).toEqual([call.name, 'auto', 1]);
      made.push({ client, handle, scheduleId, call: call.name });
    }
    await eventually(async () => timelineReads(xUserId), (n) => n >= 1, 'the first read of the target');
    // One post mentions every user, so X's reply rule for self-serve apps lets each reply through.
    const post = world.emulator.control.post(target.username, `${made.map((m) => `@${m.handle}`).join(' ')} a new thing`);
    world.moveClockTo(world.serverNow() + PAST_INTERVAL);
    for (const m of made) {
      const reply = await world.replyOfSchedule(m.client, m.scheduleId, (r) => r.status === 'sent');
      expect([m.call, reply.postId]).toEqual([m.call, post.id]);
      expect(world.repliesOnX(m.handle).map((r) => r.replyToId)).toEqual([post.id]);
    }
    // The next read finds nothing new: no second reply from any of them.
    const reads = timelineReads(xUserId);
    world.moveClockTo(world.serverNow() + PAST_INTERVAL);
    await eventually(async () => timelineReads(xUserId), (n) => n > reads, 'the next read of the target');
    for (const m of made) {
      expect(await repliesOfSchedule(m.client, m.scheduleId)).toHaveLength(1);
      expect(world.repliesOnX(m.handle)).toHaveLength(1);
    }
  }, 90_000);

  it('refuses an auto schedule on an account an admin paused, on its field, and makes nothing', async () => {
    const target = await world.newTarget();
    expect((await world.admin.put(`/api/accounts/${target.id}`, { shouldMonitor: false })).status).toBe(200);
    const { client, connectedAccountId } = await bulkUser();
    for (const call of CALLS) {
      const res = await client.post(call.path, call.body({ targetId: target.id, connectedAccountId, text: `Never sent ${randomUUID().slice(0, 8)}` }));
      expect([call.name, res.status, res.body]).toEqual([
        call.name,
        400,
        expect.objectContaining({ field: call.errorField, message: `@${target.username} is paused by the admin: auto replies will not fire` }),
      ]);
    }
    expect((await client.get('/api/schedules')).body).toEqual([]);
  }, 60_000);

  it('refuses a time, a repeat or a post choice beside auto, on the field', async () => {
    const target = await world.newTarget();
    const { client, connectedAccountId } = await bulkUser();
    const base = { accountId: target.id, connectedAccountId, scheduleType: 'auto', delayMinutes: 2, conditions: { content: 'Right on' } };
    for (const [extra, field] of [
      [{ isRecurring: true }, 'isRecurring'],
      [{ exactTime: new Date(world.serverNow() + 3_600_000).toISOString() }, 'exactTime'],
      [{ targetPost: 'next' }, 'targetPost'],
      [{ delayMinutes: 1441 }, 'delayMinutes'],
    ] as const) {
      const res = await client.post('/api/schedules', { ...base, ...extra });
      expect([field, res.status, (res.body as { field?: string }).field]).toEqual([field, 400, field]);
    }
    expect((await client.get('/api/schedules')).body).toEqual([]);
  });

  it("estimates how soon it fires from the account's tier and the period now, and says when it is paused", async () => {
    const target = await world.newTarget();
    const { client } = await world.userWithX();
    const period = pollingPeriodAt(utcLocalTime(world.serverNow()), DEFAULT_POLLING_SETTINGS);
    const standard = DEFAULT_POLLING_SETTINGS.intervals.standard[period];
    const res = await client.get(`/api/accounts/${target.id}/auto-estimate?delayMinutes=0`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ kind: 'polled', tier: 'standard', period, intervalMinutes: standard, fromMinutes: 0, toMinutes: standard });

    // The admin's settings: the high tier's interval for this period, and the account's tier.
    const high = DEFAULT_POLLING_SETTINGS.intervals.high[period] + 1;
    const setting = await world.admin.put(`/api/admin/polling-settings/interval_high_${period}`, { value: String(high), xAdminToken: SANDBOX_APP.consumerSecret });
    expect(setting.status, JSON.stringify(setting.body)).toBe(200);
    const tier = await world.admin.request('PATCH', `/api/admin/accounts/${target.id}/tier`, { tier: 'high', xAdminToken: SANDBOX_APP.consumerSecret });
    expect(tier.status, JSON.stringify(tier.body)).toBe(200);
    expect((await client.get(`/api/accounts/${target.id}/auto-estimate?delayMinutes=${high + 5}`)).body).toMatchObject({ tier: 'high', intervalMinutes: high, fromMinutes: high + 5, toMinutes: high + 5 });

    expect((await world.admin.put(`/api/accounts/${target.id}`, { shouldMonitor: false })).status).toBe(200);
    expect((await client.get(`/api/accounts/${target.id}/auto-estimate`)).body).toEqual({
      kind: 'paused',
      username: target.username,
      words: `@${target.username} is paused by the admin: auto replies will not fire`,
    });

    const bad = await client.get(`/api/accounts/${target.id}/auto-estimate?delayMinutes=-1`);
    expect([bad.status, (bad.body as { field?: string }).field]).toEqual([400, 'delayMinutes']);
    expect((await client.get(`/api/accounts/${randomUUID()}/auto-estimate`)).status).toBe(404);
  });
});
