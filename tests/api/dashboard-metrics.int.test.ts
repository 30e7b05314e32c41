/**
 * The dashboard's measured figures over real HTTP: a real server with its embedded scheduler reads
 * the metrics of sent replies from the X emulator (the metrics refresh job, 100 ids per read, the
 * app's credentials), and the dashboard answers them per user. The emulator shares the server's
 * clock, which the tests move on so that replies fall due for another read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatedMetrics } from '@adapters/x-emulator/metrics';
import { engagementRate, engagementsOf } from '@core/metrics';
import { startDispatchWorld, type DispatchWorld } from './dispatch.support';
import { eventually } from './schedules.support';
import { errorOf, type Client } from './support';

let world: DispatchWorld;
beforeAll(async () => {
  world = await startDispatchWorld({}, { sharedClock: true });
}, 60_000);
afterAll(async () => world?.close());

/** startDispatchWorld's emulator runs with the default seed. */
const EMULATOR_SEED = 1;

type Overview = { impressionsToday: number; impressionsWeek: number; impressionsMonth: number; repliesSent: number; engagementRate: number };
type Activity = { timeZone: string; days: { date: string; repliesSent: number; impressions: number }[] };

const overview = async (client: Client) => (await client.get('/api/metrics/overview')).body as Overview;
const activity = async (client: Client, query = '') => (await client.get(`/api/dashboard/activity${query}`)).body as Activity;
const metricsReadsSince = (at: number) => world.emulator.control.requests.filter((r) => r.method === 'GET' && r.path === '/2/tweets' && r.at >= at).length;
const today = () => new Date(world.serverNow()).toISOString().slice(0, 10);

/** A user whose one reply went out: its post on X. */
const userWithSentReply = async () => {
  const who = await world.userWithX();
  const target = await world.newTarget();
  world.emulator.control.post(target.username, `Tell me more, @${who.handle}`);
  const { scheduleId, at } = await world.scheduleDueNow(who.client, target.id, who.connectedAccountId);
  world.moveClockTo(at);
  const reply = await world.replyOfSchedule(who.client, scheduleId, (r) => r.status === 'sent');
  return { ...who, replyPostId: reply.replyPostId as string };
};

describe('the dashboard, measured', () => {
  it("shows the figures X gives for the user's own replies: impressions today, the engagement rate, the 14-day series; never another user's", async () => {
    const alice = await userWithSentReply();
    const bob = await world.userWithX();
    // X's figures for alice's reply, pinned so they stay put whatever the clock.
    world.emulator.control.setMetrics(alice.replyPostId, { impressions: 1000, likes: 30, reposts: 5, replies: 3, quotes: 1, bookmarks: 11 });
    // 16 minutes on: a read made before the pin (just after sending) is due again.
    world.moveClockTo(world.serverNow() + 16 * 60_000);
    const figures = await eventually(() => overview(alice.client), (o) => o.impressionsToday === 1000, "alice's impressions today", 15_000);
    expect(figures).toMatchObject({ impressionsToday: 1000, impressionsWeek: 1000, impressionsMonth: 1000, repliesSent: 1, engagementRate: 5 });

    const series = await activity(alice.client);
    expect(series.timeZone).toBe('UTC');
    expect(series.days).toHaveLength(14);
    expect(series.days.at(-1)).toEqual({ date: today(), repliesSent: 1, impressions: 1000 });
    expect(series.days.slice(0, -1).every((d) => d.repliesSent === 0 && d.impressions === 0)).toBe(true);
    expect(series.days.map((d) => d.date)).toEqual([...series.days.map((d) => d.date)].sort());

    // Recent activity: her reply, sent, and the schedule she made; newest first.
    const recent = (await alice.client.get('/api/recent-activities')).body as { id: string; type: string; status?: string; timestamp: string }[];
    expect(recent.map((r) => `${r.type}:${r.status ?? ''}`)).toEqual(['reply:sent', 'schedule:']);
    expect(recent.map((r) => r.timestamp)).toEqual([...recent.map((r) => r.timestamp)].sort().reverse());

    // Bob sees none of it.
    expect(await overview(bob.client)).toMatchObject({ impressionsToday: 0, impressionsWeek: 0, impressionsMonth: 0, repliesSent: 0, engagementRate: 0 });
    expect((await activity(bob.client)).days.every((d) => d.repliesSent === 0 && d.impressions === 0)).toBe(true);
    expect((await bob.client.get('/api/recent-activities')).body).toEqual([]);
    // The admin added the targets: those are the admin's activity, as accounts added.
    const adminRecent = (await world.admin.get('/api/recent-activities')).body as { type: string; action?: string; targetAccount: string }[];
    expect(adminRecent).toContainEqual(expect.objectContaining({ type: 'account', action: 'added' }));
  }, 60_000);

  it("reads the seeded curve: three hours on, the dashboard shows what the emulator shows, read in one request for several users' replies", async () => {
    const carol = await userWithSentReply();
    const dave = await userWithSentReply();
    const threeHoursOn = world.serverNow() + 3 * 3_600_000;
    // Three hours on (hourly reads by then): the next look reads both replies, in one request.
    world.moveClockTo(threeHoursOn);
    const curve = (replyPostId: string) => {
      const post = world.emulator.control.getPost(replyPostId);
      return emulatedMetrics(EMULATOR_SEED, replyPostId, 0, world.serverNow() - (post?.createdAt ?? 0));
    };
    // Read at about three hours of age: the emulator's curve then (seconds of drift move it by less than one).
    const near = (o: Overview | undefined, replyPostId: string) => Math.abs((o?.impressionsToday ?? 0) - curve(replyPostId).impressions) <= 1;
    const seen = await eventually(
      async () => [await overview(carol.client), await overview(dave.client)],
      ([c, d]) => near(c, carol.replyPostId) && near(d, dave.replyPostId),
      'both replies read three hours on',
      15_000,
    );
    for (const [who, o] of [[carol, seen[0]], [dave, seen[1]]] as const) {
      const expected = curve(who.replyPostId);
      expect(expected.impressions).toBeGreaterThan(0);
      // A handful of engagements on a few dozen impressions: one more or less moves the rate by a point or two.
      expect(Math.abs((o?.engagementRate ?? 0) - engagementRate(engagementsOf(expected), expected.impressions))).toBeLessThanOrEqual(2.5);
    }
    // The job looks every 30 s of the server's clock, which moved by less: one look, one request for both.
    expect(metricsReadsSince(threeHoursOn)).toBe(1);
  }, 60_000);

  it("holds every metrics read after X's 429 until X's reset, then reads again", async () => {
    const eve = await userWithSentReply();
    world.emulator.control.setMetrics(eve.replyPostId, { impressions: 321 });
    const refusedAt = world.serverNow() + 16 * 60_000;
    const reset = Math.ceil((refusedAt + 30 * 60_000) / 1000);
    world.emulator.control.inject(
      { kind: 'status', status: 429, headers: { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(reset), 'retry-after': '1800' } },
      { method: 'GET', path: '/2/tweets', times: 1 },
    );
    // 16 minutes on, eve's reply is due again: the read is refused.
    world.moveClockTo(refusedAt);
    await eventually(async () => metricsReadsSince(refusedAt), (n) => n === 1, 'the refused read');
    // Ten minutes later, still before X's reset: held, nothing read (the job looks every 30 s of this clock).
    world.moveClockTo(refusedAt + 10 * 60_000);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(metricsReadsSince(refusedAt)).toBe(1);
    expect((await overview(eve.client)).impressionsToday).not.toBe(321);
    // Past the reset: read again, and the figure shows.
    world.moveClockTo(reset * 1000 + 1_000);
    await eventually(() => overview(eve.client), (o) => o.impressionsToday === 321, "eve's figure after the reset");
    expect(metricsReadsSince(refusedAt)).toBe(2);
  }, 60_000);

  it('refuses a bad number of days with the field, and answers 401 without a session', async () => {
    const { client } = await world.server.newUser();
    for (const days of ['0', '91', '2.5', 'many']) {
      const res = await client.get(`/api/dashboard/activity?days=${days}`);
      expect(res.status).toBe(400);
      expect(errorOf(res)).toMatchObject({ message: 'Days must be a whole number from 1 to 90', field: 'days' });
    }
    expect((await activity(client, '?days=3')).days).toHaveLength(3);
    expect((await activity(client, '?days=')).days).toHaveLength(14);
    const anonymous = await fetch(`${world.server.url}/api/dashboard/activity`);
    expect(anonymous.status).toBe(401);
  });
});
