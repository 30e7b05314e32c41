/**
 * Auto schedules against the X emulator over real HTTP: the watcher reads the target's timeline
 * (one read per interval, since_id), the dispatch run answers the very post it saw, once; a 429 on
 * the timeline holds the reads until X's reset, then they recover; a post deleted before its run
 * is not answered. The emulator shares the server's clock, which the tests move past intervals.
 * Targets mention the user, so that X's reply rule for self-serve apps lets the reply go through the API.
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

/** Longer than any standard-tier interval (overnight: 30 minutes). */
const PAST_INTERVAL = 31 * 60_000;

const timelineReads = (xUserId: string) => world.emulator.control.requests.filter((r) => r.method === 'GET' && r.path === `/2/users/${xUserId}/tweets`).length;

/** A user with an X account, a fresh monitored target, and the user's auto schedule on it, read once already. */
const autoScheduleOn = async (delayMinutes: number) => {
  const { client, handle, connectedAccountId } = await world.userWithX();
  const target = await world.newTarget();
  const xUserId = world.emulator.control.user(target.username)?.id as string;
  const content = `Well said ${randomUUID().slice(0, 8)}`;
  const template = await client.post('/api/templates', { name: `T ${randomUUID().slice(0, 6)}`, content });
  expect(template.status, JSON.stringify(template.body)).toBe(201);
  const res = await client.post('/api/schedules', {
    accountId: target.id,
    connectedAccountId,
    templateId: (template.body as { id: string }).id,
    scheduleType: 'auto',
    delayMinutes,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  // The first read (no since_id) comes as soon as an auto schedule targets the account.
  await eventually(async () => timelineReads(xUserId), (n) => n >= 1, 'the first read of the target');
  return { client, handle, target, xUserId, scheduleId: (res.body as { id: string }).id };
};

const repliesOfSchedule = async (client: Client, scheduleId: string) => (await world.repliesOf(client)).items.filter((r) => r.scheduledId === scheduleId);

describe('auto schedules', () => {
  it('answer a new original post of their target once, through the dispatch run', async () => {
    const { client, handle, target, xUserId, scheduleId } = await autoScheduleOn(0);
    const post = world.emulator.control.post(target.username, `@${handle} shipping a new thing today`);
    const readsBefore = timelineReads(xUserId);
    world.moveClockTo(world.serverNow() + PAST_INTERVAL);
    const reply = await world.replyOfSchedule(client, scheduleId, (r) => r.status === 'sent');
    expect(reply.postId).toBe(post.id);
    expect(timelineReads(xUserId)).toBeGreaterThan(readsBefore);
    expect(world.repliesOnX(handle).map((r) => r.replyToId)).toEqual([post.id]);
    // The Activity Overview shows the post and the read the watcher recorded.
    const activity = await eventually(
      async () => ((await client.get('/api/accounts/activity')).body as { accountId: string; lastPostAt: string | null; lastCheckedAt: string | null }[]).find((r) => r.accountId === target.id),
      (r) => r?.lastPostAt !== null,
      'the target in the activity overview',
    );
    expect(activity?.lastPostAt).toBe(new Date(post.createdAt).toISOString());
    expect(Date.parse(activity?.lastCheckedAt ?? '')).toBeGreaterThanOrEqual(post.createdAt);

    // Read again an interval later (nothing new since): no second reply.
    const readsAfter = timelineReads(xUserId);
    world.moveClockTo(world.serverNow() + PAST_INTERVAL);
    await eventually(async () => timelineReads(xUserId), (n) => n > readsAfter, 'the next read of the target');
    expect(await repliesOfSchedule(client, scheduleId)).toHaveLength(1);
    expect(world.repliesOnX(handle)).toHaveLength(1);
  }, 60_000);

  it('reads one account once per interval however many users watch it', async () => {
    const first = await autoScheduleOn(0);
    const { client, handle, connectedAccountId } = await world.userWithX();
    const template = await client.post('/api/templates', { name: `T ${randomUUID().slice(0, 6)}`, content: `Agreed ${randomUUID().slice(0, 8)}` });
    const second = await client.post('/api/schedules', {
      accountId: first.target.id,
      connectedAccountId,
      templateId: (template.body as { id: string }).id,
      scheduleType: 'auto',
      delayMinutes: 0,
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const post = world.emulator.control.post(first.target.username, `@${first.handle} @${handle} both of you, please`);
    const readsBefore = timelineReads(first.xUserId);
    world.moveClockTo(world.serverNow() + PAST_INTERVAL);
    const a = await world.replyOfSchedule(first.client, first.scheduleId, (r) => r.status === 'sent');
    const b = await world.replyOfSchedule(client, (second.body as { id: string }).id, (r) => r.status === 'sent');
    expect([a.postId, b.postId]).toEqual([post.id, post.id]);
    expect(timelineReads(first.xUserId)).toBe(readsBefore + 1);
  }, 60_000);

  it('hold the reads after a 429 on the timeline until X resets, then recover', async () => {
    const { client, handle, target, xUserId, scheduleId } = await autoScheduleOn(0);
    const post = world.emulator.control.post(target.username, `@${handle} rate limits are fun`);
    const reset = Math.ceil((world.serverNow() + PAST_INTERVAL + 120_000) / 1000);
    world.emulator.control.inject(
      { kind: 'status', status: 429, headers: { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(reset), 'retry-after': '120' } },
      { path: `/2/users/${xUserId}/tweets`, method: 'GET', times: 1 },
    );
    const readsBefore = timelineReads(xUserId);
    world.moveClockTo(world.serverNow() + PAST_INTERVAL);
    await eventually(async () => timelineReads(xUserId), (n) => n === readsBefore + 1, 'the refused read');
    // Ten scheduler ticks later, still held: no read, no reply.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(timelineReads(xUserId)).toBe(readsBefore + 1);
    expect(await repliesOfSchedule(client, scheduleId)).toEqual([]);
    world.moveClockTo(reset * 1000 + 1_000);
    const reply = await world.replyOfSchedule(client, scheduleId, (r) => r.status === 'sent');
    expect(reply.postId).toBe(post.id);
  }, 60_000);

  it('neither read nor answer a target an admin paused', async () => {
    const { client, handle, target, xUserId, scheduleId } = await autoScheduleOn(0);
    const paused = await world.admin.put(`/api/accounts/${target.id}`, { shouldMonitor: false });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    world.emulator.control.post(target.username, `@${handle} nobody should answer this`);
    const readsBefore = timelineReads(xUserId);
    world.moveClockTo(world.serverNow() + PAST_INTERVAL);
    // Another account's read in the same tick shows the watcher ran past the paused one.
    const other = await autoScheduleOn(0);
    world.moveClockTo(world.serverNow() + PAST_INTERVAL);
    await eventually(async () => timelineReads(other.xUserId), (n) => n >= 2, 'a read of another target');
    expect(timelineReads(xUserId)).toBe(readsBefore);
    expect(await repliesOfSchedule(client, scheduleId)).toEqual([]);
    expect(world.repliesOnX(handle)).toEqual([]);
  }, 60_000);

  it('skip a run already due when its target is paused before the run', async () => {
    const { client, handle, target, xUserId, scheduleId } = await autoScheduleOn(60);
    const post = world.emulator.control.post(target.username, `@${handle} a post seen before the pause`);
    const readsBefore = timelineReads(xUserId);
    world.moveClockTo(world.serverNow() + PAST_INTERVAL);
    await eventually(async () => timelineReads(xUserId), (n) => n > readsBefore, 'the read that sees the post');
    const paused = await world.admin.put(`/api/accounts/${target.id}`, { shouldMonitor: false });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    world.moveClockTo(post.createdAt + 61 * 60_000);
    const reply = await world.replyOfSchedule(client, scheduleId, (r) => r.status === 'skipped');
    expect(reply.statusMessage).toBe(`@${target.username} is paused by an admin: its posts are not answered automatically`);
    expect(world.repliesOnX(handle)).toEqual([]);
  }, 60_000);

  it('do not answer a post deleted before its run', async () => {
    const { client, handle, target, xUserId, scheduleId } = await autoScheduleOn(60);
    const post = world.emulator.control.post(target.username, `@${handle} I may regret this`);
    const readsBefore = timelineReads(xUserId);
    world.moveClockTo(world.serverNow() + PAST_INTERVAL);
    await eventually(async () => timelineReads(xUserId), (n) => n > readsBefore, 'the read that sees the post');
    world.emulator.control.deletePost(post.id);
    world.moveClockTo(post.createdAt + 61 * 60_000);
    const reply = await world.replyOfSchedule(client, scheduleId, (r) => r.status === 'skipped');
    expect(reply.statusMessage).toMatch(/deleted/);
    expect(world.repliesOnX(handle)).toEqual([]);
  }, 60_000);
});
