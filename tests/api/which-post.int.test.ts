/**
 * Which post a schedule answers, over real HTTP with the X emulator on the server's clock:
 *  - "their next post": never a post made before the schedule; the run waits for a new one (the
 *    clock is moved on) and answers it, or ends skipped saying none came once its wait is over;
 *  - an exact time: the freshest post inside the schedule's freshness window, none older.
 * Every schedule view says which post it answers.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDispatchWorld, type DispatchWorld } from './dispatch.support';
import { eventually } from './schedules.support';
import type { Client } from './support';

let world: DispatchWorld;
beforeAll(async () => {
  world = await startDispatchWorld({}, { sharedClock: true });
}, 60_000);
afterAll(async () => world?.close());

const MINUTE = 60_000;

/** A one-time schedule at an exact time a few minutes ahead (server clock), with the post fields given. */
const scheduleAt = async (client: Client, targetId: string, connectedAccountId: string, post: Record<string, unknown>) => {
  const template = await client.post('/api/templates', { name: `T ${randomUUID().slice(0, 6)}`, content: `Good point ${randomUUID().slice(0, 8)}` });
  expect(template.status, JSON.stringify(template.body)).toBe(201);
  const at = new Date(world.serverNow() + 3 * MINUTE);
  at.setUTCSeconds(0, 0);
  const res = await client.post('/api/schedules', {
    accountId: targetId,
    connectedAccountId,
    templateId: (template.body as { id: string }).id,
    scheduleType: 'scheduled',
    scheduledTime: at.toISOString(),
    isRecurring: false,
    ...post,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: (res.body as { id: string }).id, at: at.getTime(), view: res.body as { targetPost: { kind: string; words: string } } };
};

/** The schedule's state as its list shows it. */
const scheduleView = async (client: Client, id: string) => {
  const res = await client.get(`/api/schedules/${id}`);
  expect(res.status).toBe(200);
  return res.body as { status: string; lastRunOutcome: string | null; targetPost: { kind: string; waitMinutes: number | null; freshnessMinutes: number | null; words: string } };
};

describe('their next post', () => {
  it('never answers a post made before the schedule: it waits for the next one and answers that', async () => {
    const ann = await world.userWithX();
    const target = await world.newTarget();
    const old = world.emulator.control.post(target.username, 'An older post');
    world.moveClockTo(world.serverNow() + MINUTE);
    const s = await scheduleAt(ann.client, target.id, ann.connectedAccountId, { targetPost: 'next', waitMinutes: 120 });
    expect(s.view.targetPost).toMatchObject({ kind: 'next', words: `The next post of @${target.username} (waits up to 2 h)` });

    // Its time comes with only the older post there: no reply yet, the schedule still waits.
    // Reads of this target's timeline (the server reads other accounts too).
    const timeline = `/2/users/${world.emulator.control.user(target.username)!.id}/tweets`;
    const readSince = (from: number) =>
      eventually(
        () => Promise.resolve(world.emulator.control.requests.filter((r) => r.path === timeline && r.at >= from).length),
        (n) => n > 0,
        'the run reading the target',
        15_000,
      );
    world.moveClockTo(s.at + MINUTE);
    await readSince(s.at);
    // Read again while it waits (each poll a read), and still nothing answered.
    world.moveClockTo(s.at + 20 * MINUTE);
    await readSince(s.at + 20 * MINUTE);
    expect((await world.repliesOf(ann.client)).items.filter((r) => r.scheduledId === s.id)).toEqual([]);
    expect((await scheduleView(ann.client, s.id)).status).toBe('pending');

    // The target posts: the run answers that post, not the older one.
    const fresh = world.emulator.control.post(target.username, 'A new post');
    world.moveClockTo(world.serverNow() + 2 * MINUTE);
    const reply = await world.replyOfSchedule(ann.client, s.id, (r) => r.status === 'ready' || r.status === 'sent');
    expect(reply.postId).toBe(fresh.id);
    expect(reply.postId).not.toBe(old.id);
    expect((await scheduleView(ann.client, s.id)).status).toBe('executed');
  }, 60_000);

  it('ends skipped saying no new post came once its wait is over', async () => {
    const ann = await world.userWithX();
    const target = await world.newTarget();
    world.emulator.control.post(target.username, 'Posted before the schedule');
    world.moveClockTo(world.serverNow() + MINUTE);
    const s = await scheduleAt(ann.client, target.id, ann.connectedAccountId, { targetPost: 'next', waitMinutes: 10 });
    world.moveClockTo(s.at + MINUTE);
    world.moveClockTo(s.at + 12 * MINUTE);
    const skipped = await world.replyOfSchedule(ann.client, s.id, (r) => r.status === 'skipped');
    expect(skipped.statusMessage ?? skipped.reason).toBe(`@${target.username} made no new post in the 10 min this reply waited`);
    expect(skipped.postId).toBeNull();
    expect(world.repliesOnX(ann.handle)).toEqual([]);
  }, 60_000);

  it('is the default of a one-time reply at a peak window (the classic and V2 forms)', async () => {
    const ann = await world.userWithX();
    const target = await world.newTarget();
    const res = await ann.client.post('/api/v2/schedule', {
      accountId: target.id,
      connectedAccountId: ann.connectedAccountId,
      scheduleType: 'peak_window',
      scheduledTime: null,
      peakWindowType: 'morning_peak',
      useAI: false,
      content: 'Well said',
      isRecurring: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const list = (await ann.client.get('/api/schedules')).body as { id: string; targetPost: { kind: string; waitMinutes: number | null } }[];
    expect(list.map((v) => v.targetPost)).toEqual([expect.objectContaining({ kind: 'next', waitMinutes: 360 })]);
  }, 30_000);
});

describe('an exact time', () => {
  it('answers the freshest post inside its freshness window, and none older', async () => {
    const ann = await world.userWithX();
    const target = await world.newTarget();
    const post = world.emulator.control.post(target.username, 'A post about to age');
    const tight = await scheduleAt(ann.client, target.id, ann.connectedAccountId, { freshnessMinutes: 2 });
    const wide = await scheduleAt(ann.client, target.id, ann.connectedAccountId, {});
    expect((await scheduleView(ann.client, wide.id)).targetPost).toMatchObject({ kind: 'freshest', freshnessMinutes: 60, words: `The freshest post of @${target.username} from the last 1 h` });
    world.moveClockTo(Math.max(tight.at, wide.at));
    const skipped = await world.replyOfSchedule(ann.client, tight.id, (r) => r.status === 'skipped');
    expect(skipped.statusMessage ?? skipped.reason).toBe(`No post from @${target.username} in the last 2 min`);
    const answered = await world.replyOfSchedule(ann.client, wide.id, (r) => r.status === 'ready' || r.status === 'sent');
    expect(answered.postId).toBe(post.id);
  }, 60_000);

  it('refuses a window or a wait out of range, naming the field, and creates nothing', async () => {
    const ann = await world.userWithX();
    const target = await world.newTarget();
    const base = { accountId: target.id, connectedAccountId: ann.connectedAccountId, content: 'Hi', peakWindowType: 'morning_peak', scheduleType: 'peak_window', isRecurring: false };
    for (const [body, field] of [
      [{ ...base, freshnessMinutes: 0 }, 'freshnessMinutes'],
      [{ ...base, waitMinutes: 20_000 }, 'waitMinutes'],
      [{ ...base, targetPost: 'oldest' }, 'targetPost'],
    ] as const) {
      const res = await ann.client.post('/api/v2/schedule', body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect((res.body as { field: string }).field).toBe(field);
    }
    expect((await ann.client.get('/api/schedules')).body).toEqual([]);
  }, 30_000);
});
