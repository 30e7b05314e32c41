/**
 * One user cannot grow the installation's work without bound: schedules are capped per plan
 * (RIPOSTE_SCHEDULE_CAP_TRIAL / _PREMIUM / _LEGACY; small here), one create or a whole bulk
 * batch past the cap is refused with the spec's style of message and writes nothing, and a
 * deleted schedule frees its place.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activatePremium, bulkEntry, connectXAccount, dateIn, visibleTargets } from '../api/schedules.support';
import { errorOf, startTestServer, uniqueName, type TestServer } from '../api/support';
import { eventCount } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RIPOSTE_SCHEDULE_CAP_TRIAL: '3', RIPOSTE_SCHEDULE_CAP_PREMIUM: '6', RIPOSTE_SCHEDULER: 'off' });
});
afterAll(async () => {
  await server?.close();
});

const newScheduler = async () => {
  const { client, user } = await server.newUser();
  const x = await connectXAccount(server, user.id, uniqueName('cx').slice(0, 15));
  const [target] = await visibleTargets(client);
  if (target === undefined) throw new Error('no curated target');
  const one = (i: number) => client.post('/api/schedules', { accountId: target.id, connectedAccountId: x, peakWindowType: 'evening_peak', conditions: { content: `Reply number ${i}`, targetAccount: null, imageIncluded: false } });
  return { client, user, x, target, one };
};

describe('schedules per plan', () => {
  it("refuses the trial's 4th schedule (402, nothing written), and takes one again after a delete", async () => {
    const { client, one } = await newScheduler();
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await one(i);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push((res.body as { id: string }).id);
    }
    const before = eventCount(server);
    const refused = await one(3);
    expect(refused.status).toBe(402);
    expect(errorOf(refused)).toMatchObject({
      code: 'SCHEDULE_LIMIT_REACHED',
      message: "You've reached the maximum limit of 3 schedules on the Trial plan. Upgrade to Premium to schedule more, or delete schedules you no longer need.",
    });
    expect(eventCount(server)).toBe(before);
    expect(((await client.get('/api/schedules')).body as unknown[]).length).toBe(3);

    expect((await client.request('DELETE', `/api/schedules/${ids[0]}`)).status).toBe(204);
    expect((await one(4)).status).toBe(201);
  });

  it('refuses a bulk batch that would pass the Premium cap as a whole (409, nothing written)', async () => {
    const { client, user, x, target } = await newScheduler();
    await activatePremium(server, user.id);
    const entries = (n: number, day: number) => Array.from({ length: n }, (_, i) => bulkEntry(target.id, x, { customReplyText: `Bulk ${day}-${i}`, scheduledDate: dateIn(day * 10 + i) }));
    const first = await client.post('/api/bulk-replies/batch', { entries: entries(4, 2) });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const before = eventCount(server);
    const refused = await client.post('/api/bulk-replies/batch', { entries: entries(3, 3) });
    expect(refused.status).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      code: 'SCHEDULE_LIMIT_REACHED',
      message: "You've reached the maximum limit of 6 schedules on the Premium plan. Delete schedules you no longer need to add more.",
    });
    expect(eventCount(server)).toBe(before);
    expect(((await client.get('/api/schedules')).body as unknown[]).length).toBe(4);
    expect((await client.post('/api/bulk-replies/batch', { entries: entries(2, 4) })).status).toBe(201);
  });
});
