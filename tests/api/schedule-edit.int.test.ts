/**
 * Editing, pausing and resuming a schedule over real HTTP, with the embedded scheduler and the X
 * emulator on a test clock (dispatch.support.ts). An edit changes exactly the runs still to come:
 * the old time passes with nothing sent, the new time sends the new text; a paused schedule lets its
 * time pass; resumed, it runs from its next run still ahead. "Nothing went out at T" is read once a
 * sentinel schedule due at T has been sent, so no test waits on the wall clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDispatchWorld, type DispatchWorld } from './dispatch.support';
import { eventually } from './schedules.support';
import { errorOf, type Client } from './support';

let world: DispatchWorld;
beforeAll(async () => {
  world = await startDispatchWorld();
}, 60_000);
afterAll(async () => {
  await world?.close();
});

type View = { id: string; status: string; nextRunTime: string | null; content: string | null; scheduleType: string; peakWindowType: string | null; isActive: boolean };

const minute = 60_000;
/** A whole minute `minutes` after the server's now. */
const inMinutes = (minutes: number) => {
  const at = new Date(world.serverNow() + minutes * minute);
  at.setUTCSeconds(0, 0);
  return at.getTime();
};

/** A target whose new post mentions the user, so X takes the user's API reply (summoned). */
const summoningTarget = async (handle: string) => {
  const target = await world.newTarget();
  world.emulator.control.post(target.username, `Thoughts, @${handle}?`);
  return target;
};

const once = async (client: Client, targetId: string, connectedAccountId: string, at: number, text: string) => {
  const res = await client.post('/api/schedules', {
    accountId: targetId,
    connectedAccountId,
    peakWindowType: 'evening_peak',
    exactTime: new Date(at).toISOString(),
    conditions: { content: text, targetAccount: null, imageIncluded: false },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as View;
};

const view = async (client: Client, id: string) => {
  const res = await client.get(`/api/schedules/${id}`);
  expect(res.status).toBe(200);
  return { body: res.body as View, etag: res.headers.get('etag')! };
};

/** Moves the clock past `at` and waits until the sentinel (due at `at`) is sent: the dispatcher has passed `at`. */
const passWithSentinel = async (client: Client, sentinelId: string, at: number) => {
  world.moveClockTo(at);
  await world.replyOfSchedule(client, sentinelId, (r) => r.status === 'sent');
};

describe('editing a schedule', () => {
  it('changes exactly the next runs: nothing at the old time, the new text at the new time', async () => {
    const alice = await world.userWithX();
    const t1 = inMinutes(3);
    const t2 = t1 + 10 * minute;
    const target = await summoningTarget(alice.handle);
    const schedule = await once(alice.client, target.id, alice.connectedAccountId, t1, 'The text as first written');
    expect(schedule.nextRunTime).toBe(new Date(t1).toISOString());

    // Text only: the next run stays where it was.
    const seen = await view(alice.client, schedule.id);
    const text = await alice.client.request('PATCH', `/api/schedules/${schedule.id}`, { content: { kind: 'text', text: 'The edited text @someone' } }, { headers: { 'If-Match': seen.etag } });
    expect(text.status, JSON.stringify(text.body)).toBe(200);
    expect(text.body).toMatchObject({ id: schedule.id, content: 'The edited text', nextRunTime: new Date(t1).toISOString(), mentionsRemoved: ['@someone'] });
    // The time: the next run moves to it.
    const timed = await alice.client.request('PATCH', `/api/schedules/${schedule.id}`, { when: { kind: 'once', at: new Date(t2).toISOString() } });
    expect(timed.status, JSON.stringify(timed.body)).toBe(200);
    expect(timed.body).toMatchObject({ content: 'The edited text', nextRunTime: new Date(t2).toISOString(), status: 'pending' });
    // The edit that was decided on the first read is now stale.
    const stale = await alice.client.request('PATCH', `/api/schedules/${schedule.id}`, { content: { kind: 'text', text: 'Lost' } }, { headers: { 'If-Match': seen.etag } });
    expect(stale.status).toBe(412);
    expect((stale.body as { current: View }).current).toMatchObject({ content: 'The edited text', nextRunTime: new Date(t2).toISOString() });

    // The old time passes: the sentinel due then goes out, the edited schedule does not.
    const sentinel = await once(alice.client, (await summoningTarget(alice.handle)).id, alice.connectedAccountId, t1, 'Sentinel at the old time');
    await passWithSentinel(alice.client, sentinel.id, t1);
    expect((await world.repliesOf(alice.client)).items.filter((r) => r.scheduledId === schedule.id)).toEqual([]);
    expect((await view(alice.client, schedule.id)).body).toMatchObject({ status: 'pending', nextRunTime: new Date(t2).toISOString() });

    // The new time: the edited text goes out, once.
    world.moveClockTo(t2);
    const reply = await world.replyOfSchedule(alice.client, schedule.id, (r) => r.status === 'sent');
    expect(reply.content).toBe('The edited text');
    expect(world.repliesOnX(alice.handle).filter((p) => p.text === 'The edited text')).toHaveLength(1);
  });

  it('refuses bad edits on the field, edits of an executed schedule, and other users’ ids', async () => {
    const bob = await world.userWithX();
    const target = await summoningTarget(bob.handle);
    const at = inMinutes(3);
    const schedule = await once(bob.client, target.id, bob.connectedAccountId, at, 'Bob writes');
    for (const [body, field] of [
      [{ content: { kind: 'text', text: '   ' } }, 'content.text'],
      [{ when: { kind: 'once', at: 'tomorrow' } }, 'when.at'],
      [{ when: { kind: 'recurring', rule: { type: 'weekly', days: [], time: '09:00' } } }, 'when.rule.days'],
      [{ when: { kind: 'once', at: new Date(world.serverNow() - minute).toISOString() } }, 'scheduledTime'],
      [{ accountId: 'no-such-target' }, 'accountId'],
      [{ content: { kind: 'template', templateId: 'no-such-template' } }, 'templateId'],
    ] as const) {
      const res = await bob.client.request('PATCH', `/api/schedules/${schedule.id}`, body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
      expect(errorOf(res).field, JSON.stringify(res.body)).toBe(field);
    }
    expect((await view(bob.client, schedule.id)).body).toMatchObject({ content: 'Bob writes', nextRunTime: new Date(at).toISOString() });

    const stranger = await world.userWithX();
    for (const [method, path, body] of [
      ['PATCH', `/api/schedules/${schedule.id}`, { content: { kind: 'text', text: 'Theirs' } }],
      ['POST', `/api/schedules/${schedule.id}/pause`, undefined],
      ['POST', `/api/schedules/${schedule.id}/resume`, undefined],
    ] as const) {
      const res = await stranger.client.request(method, path, body);
      expect(res.status, path).toBe(404);
      expect(errorOf(res).code).toBe('SCHEDULE_NOT_FOUND');
    }

    world.moveClockTo(at);
    await world.replyOfSchedule(bob.client, schedule.id, (r) => r.status === 'sent');
    await eventually(async () => (await view(bob.client, schedule.id)).body, (v) => v.status === 'executed', 'executed');
    const late = await bob.client.request('PATCH', `/api/schedules/${schedule.id}`, { content: { kind: 'text', text: 'Too late' } });
    expect(late.status).toBe(409);
    expect(errorOf(late)).toMatchObject({ code: 'SCHEDULE_EXECUTED', message: 'Executed schedules cannot be edited' });
    expect((await bob.client.request('POST', `/api/schedules/${schedule.id}/pause`)).status).toBe(409);
  });
});

describe('pausing and resuming', () => {
  it('lets a paused schedule’s time pass with nothing sent, and resumes it from its next run still ahead', async () => {
    const carol = await world.userWithX();
    const t1 = inMinutes(3);
    const target = await summoningTarget(carol.handle);
    const schedule = await once(carol.client, target.id, carol.connectedAccountId, t1, 'Carol, paused');

    const paused = await carol.client.request('POST', `/api/schedules/${schedule.id}/pause`);
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body).toMatchObject({ status: 'paused', isActive: false, nextRunTime: new Date(t1).toISOString() });
    // Pausing twice is quiet.
    expect((await carol.client.request('POST', `/api/schedules/${schedule.id}/pause`)).status).toBe(200);
    const listed = ((await carol.client.get('/api/schedules')).body as View[]).find((s) => s.id === schedule.id);
    expect(listed?.status).toBe('paused');

    const sentinel = await once(carol.client, (await summoningTarget(carol.handle)).id, carol.connectedAccountId, t1, 'Sentinel while paused');
    await passWithSentinel(carol.client, sentinel.id, t1);
    expect((await world.repliesOf(carol.client)).items.filter((r) => r.scheduledId === schedule.id)).toEqual([]);

    // Its one time passed while paused: resuming asks for a new time.
    const passed = await carol.client.request('POST', `/api/schedules/${schedule.id}/resume`);
    expect(passed.status).toBe(409);
    expect(errorOf(passed)).toMatchObject({ code: 'SCHEDULE_TIME_PASSED', field: 'scheduledTime' });
    // A new time while paused keeps it paused; resumed, it runs then.
    const t2 = inMinutes(5);
    const moved = await carol.client.request('PATCH', `/api/schedules/${schedule.id}`, { when: { kind: 'once', at: new Date(t2).toISOString() } });
    expect(moved.body).toMatchObject({ status: 'paused', nextRunTime: new Date(t2).toISOString() });
    const resumed = await carol.client.request('POST', `/api/schedules/${schedule.id}/resume`);
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(resumed.body).toMatchObject({ status: 'pending', isActive: true, nextRunTime: new Date(t2).toISOString() });

    world.moveClockTo(t2);
    const reply = await world.replyOfSchedule(carol.client, schedule.id, (r) => r.status === 'sent');
    expect(reply.content).toBe('Carol, paused');
  });

  it('resumes a recurring schedule from the rule’s next run after now', async () => {
    const dan = await world.userWithX();
    const target = await summoningTarget(dan.handle);
    const made = await dan.client.request('POST', '/api/schedules', {
      accountId: target.id,
      connectedAccountId: dan.connectedAccountId,
      peakWindowType: 'morning_peak',
      isRecurring: true,
      recurringType: 'daily',
      conditions: { content: 'Every morning', targetAccount: null, imageIncluded: false },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const schedule = made.body as View;
    expect((await dan.client.request('POST', `/api/schedules/${schedule.id}/pause`)).status).toBe(200);
    // Two days on, the run it had is behind: resumed, it takes the next morning after now.
    const next = Date.parse(schedule.nextRunTime!);
    world.moveClockTo(next + 2 * 86_400_000);
    const resumed = await dan.client.request('POST', `/api/schedules/${schedule.id}/resume`);
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    const again = Date.parse((resumed.body as View).nextRunTime!);
    expect(again).toBeGreaterThan(world.serverNow());
    expect(again - world.serverNow()).toBeLessThanOrEqual(86_400_000);
    expect((again - next) % 3_600_000).toBe(0);
    // Paused again so it does not run in the other tests.
    expect((await dan.client.request('POST', `/api/schedules/${schedule.id}/pause`)).status).toBe(200);
  });
});
