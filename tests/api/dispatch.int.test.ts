/**
 * Dispatch over real HTTP: a real server with its embedded scheduler talking to the X emulator as X
 * (dispatch.support.ts). A schedule that comes due is sent once, handed over, refused or skipped
 * with its reason; the user acts on ready replies; the history refuses bad parameters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDispatchWorld, type DispatchWorld, type ReplyView } from './dispatch.support';
import { consumeTrialReplies, eventually } from './schedules.support';
import { errorOf, type TestServer } from './support';

let world: DispatchWorld;
let server: TestServer;
let emulator: DispatchWorld['emulator'];
let userWithX: DispatchWorld['userWithX'];
let newTarget: DispatchWorld['newTarget'];
let scheduleDueNow: DispatchWorld['scheduleDueNow'];
let moveClockTo: DispatchWorld['moveClockTo'];
let repliesOf: DispatchWorld['repliesOf'];
let replyOfSchedule: DispatchWorld['replyOfSchedule'];
let repliesOnX: DispatchWorld['repliesOnX'];

beforeAll(async () => {
  world = await startDispatchWorld();
  ({ server, emulator, userWithX, newTarget, scheduleDueNow, moveClockTo, repliesOf, replyOfSchedule, repliesOnX } = world);
});
afterAll(async () => {
  await world?.close();
});

describe('a one-time schedule that comes due', () => {
  it('is sent once through the API, shows in the lists, executes the schedule and uses a trial reply', async () => {
    const alice = await userWithX();
    const target = await newTarget();
    // The author mentions alice's account: X accepts her API reply (summoned).
    const post = emulator.control.post(target.username, `What do you think, @${alice.handle}?`);
    const before = ((await alice.client.get('/api/user/trial-status')).body as { repliesRemaining: number }).repliesRemaining;
    const { scheduleId, at, content } = await scheduleDueNow(alice.client, target.id, alice.connectedAccountId);
    moveClockTo(at);

    const reply = await replyOfSchedule(alice.client, scheduleId, (r) => r.status === 'sent');
    expect(reply).toMatchObject({ status: 'sent', postId: post.id, postText: post.text, content, mode: 'direct' });
    expect(reply.replyPostId).toMatch(/^\d+$/);
    expect(reply.replyUrl).toContain(`/status/${reply.replyPostId}`);

    // Once on X, as a reply to the target post.
    const onX = repliesOnX(alice.handle);
    expect(onX).toHaveLength(1);
    expect(onX[0]).toMatchObject({ id: reply.replyPostId, replyToId: post.id });

    const ofSchedule = await alice.client.get(`/api/schedules/${scheduleId}/replies`);
    expect(ofSchedule.status).toBe(200);
    expect(ofSchedule.body).toEqual([expect.objectContaining({ id: reply.id, status: 'sent', replyPostId: reply.replyPostId, postId: post.id })]);

    const schedule = await eventually(
      async () => ((await alice.client.get('/api/schedules')).body as { id: string; status: string }[]).find((s) => s.id === scheduleId),
      (s) => s?.status === 'executed',
      'the schedule executed',
    );
    expect(schedule?.status).toBe('executed');
    const after = ((await alice.client.get('/api/user/trial-status')).body as { repliesRemaining: number }).repliesRemaining;
    expect(after).toBe(before - 1);

    const metrics = (await alice.client.get('/api/metrics/overview')).body as { repliesSent: number };
    expect(metrics.repliesSent).toBe(1);

    // Ticks go on: still exactly one post on X.
    await new Promise((r) => setTimeout(r, 500));
    expect(repliesOnX(alice.handle)).toHaveLength(1);
  });

  it('is prepared within the lead before its time (RIPOSTE_DISPATCH_LEAD_MS, 30 s by default) and posted at the time, never before', async () => {
    const erin = await userWithX();
    const target = await newTarget();
    const post = emulator.control.post(target.username, `Ready when you are, @${erin.handle}`);
    const remaining = async () => ((await erin.client.get('/api/user/trial-status')).body as { repliesRemaining: number }).repliesRemaining;
    const before = await remaining();
    const { scheduleId, at, content } = await scheduleDueNow(erin.client, target.id, erin.connectedAccountId);
    // Ten seconds before its time: the reply is prepared (post chosen, text fixed), nothing is on X.
    moveClockTo(at - 11_000);
    const prepared = await replyOfSchedule(erin.client, scheduleId, (r) => r.status === 'pending' && r.postId !== null);
    expect(prepared).toMatchObject({ postId: post.id, content, replyPostId: null });
    expect(repliesOnX(erin.handle)).toHaveLength(0);
    // Prepared is not on X: the trial counts nothing yet.
    expect(await remaining()).toBe(before);

    moveClockTo(at);
    const sent = await replyOfSchedule(erin.client, scheduleId, (r) => r.status === 'sent');
    expect(sent.id).toBe(prepared.id);
    expect(Date.parse(sent.sentAt ?? '')).toBeGreaterThanOrEqual(at);
    expect(repliesOnX(erin.handle)).toEqual([expect.objectContaining({ id: sent.replyPostId, replyToId: post.id })]);
    // Counted once it is on X.
    expect(await eventually(remaining, (n) => n === before - 1, 'the sent reply counted', 20_000)).toBe(before - 1);
  });

  it('deleted while its prepared reply waits for its time: nothing reaches X, the reply ends skipped with the reason and the trial counts nothing', async () => {
    const gus = await userWithX();
    const target = await newTarget();
    emulator.control.post(target.username, `Any thoughts, @${gus.handle}?`);
    const remaining = async () => ((await gus.client.get('/api/user/trial-status')).body as { repliesRemaining: number }).repliesRemaining;
    const before = await remaining();
    const { scheduleId, at } = await scheduleDueNow(gus.client, target.id, gus.connectedAccountId);
    moveClockTo(at - 11_000);
    await replyOfSchedule(gus.client, scheduleId, (r) => r.status === 'pending' && r.postId !== null);

    expect((await gus.client.request('DELETE', `/api/schedules/${scheduleId}`)).status).toBe(204);
    moveClockTo(at);
    const reply = await replyOfSchedule(gus.client, scheduleId, (r) => r.status === 'skipped');
    expect(reply.statusMessage).toBe('The schedule was deleted before its time; nothing was posted');
    expect(repliesOnX(gus.handle)).toHaveLength(0);
    expect(await remaining()).toBe(before);
  });

  it("is skipped with 'No post from @name in the last 1 h' when the target posted nothing within its freshness window", async () => {
    const bob = await userWithX();
    const target = await newTarget();
    const { scheduleId, at } = await scheduleDueNow(bob.client, target.id, bob.connectedAccountId);
    moveClockTo(at);
    const reply = await replyOfSchedule(bob.client, scheduleId, (r) => r.status === 'skipped');
    expect(reply.statusMessage).toBe(`No post from @${target.username} in the last 1 h`);
    expect(repliesOnX(bob.handle)).toHaveLength(0);
  });

  it("is skipped with 'Missed while Riposte was offline' when found too late", async () => {
    const carol = await userWithX();
    const target = await newTarget();
    emulator.control.post(target.username, `Hello @${carol.handle}`);
    const { scheduleId, at } = await scheduleDueNow(carol.client, target.id, carol.connectedAccountId);
    // Stop the clock reaching the slot gently: jump well past the grace period at once.
    moveClockTo(at + 20 * 60_000);
    const reply = await replyOfSchedule(carol.client, scheduleId, (r) => r.status === 'skipped');
    expect(reply.statusMessage).toBe('Missed while Riposte was offline');
    expect(repliesOnX(carol.handle)).toHaveLength(0);
  });

  it('waits with the reason, and nothing is posted, when the trial’s 25 replies are on X (trial-on-x.int.test.ts has the rest)', async () => {
    const dave = await userWithX();
    const target = await newTarget();
    emulator.control.post(target.username, `Hey @${dave.handle}`);
    const { scheduleId, at } = await scheduleDueNow(dave.client, target.id, dave.connectedAccountId);
    await consumeTrialReplies(server, dave.user.id, 25);
    moveClockTo(at);
    const reply = await replyOfSchedule(dave.client, scheduleId, (r) => r.status === 'rate_limited');
    expect(reply.statusMessage).toMatch(/^You've used your 25 trial replies/);
    expect(repliesOnX(dave.handle)).toHaveLength(0);
  });
});

describe('assisted delivery (the summon rule holds, the author did not mention the account)', () => {
  it('hands the reply over with an intent link, then detects the reply posted on X and marks it sent', async () => {
    const erin = await userWithX();
    const target = await newTarget();
    const post = emulator.control.post(target.username, 'A post that mentions nobody');
    const { scheduleId, at } = await scheduleDueNow(erin.client, target.id, erin.connectedAccountId);
    moveClockTo(at);
    const ready = await replyOfSchedule(erin.client, scheduleId, (r) => r.status === 'ready');
    expect(ready.mode).toBe('assisted');
    expect(ready.intentUrl).toContain(`in_reply_to=${post.id}`);
    const queue = (await erin.client.get('/api/replies/ready')).body as { items: ReplyView[]; total: number };
    expect(queue.items.map((r) => r.id)).toContain(ready.id);
    expect((await erin.client.get('/api/replies/summary')).body).toMatchObject({ ready: 1 });
    expect(repliesOnX(erin.handle)).toHaveLength(0);

    // Erin presses Post in X's composer.
    const posted = emulator.control.post(erin.handle, ready.content, { inReplyTo: post.id });
    const sent = await replyOfSchedule(erin.client, scheduleId, (r) => r.status === 'sent');
    expect(sent.replyPostId).toBe(posted.id);
    expect((await erin.client.get('/api/replies/summary')).body).toMatchObject({ ready: 0 });
  });

  it('lets the user mark a ready reply sent or skip it, and answers 404 for another user’s reply', async () => {
    const fay = await userWithX();
    const target = await newTarget();
    emulator.control.post(target.username, 'First post, no mention');
    const first = await scheduleDueNow(fay.client, target.id, fay.connectedAccountId);
    moveClockTo(first.at);
    const readyOne = await replyOfSchedule(fay.client, first.scheduleId, (r) => r.status === 'ready');

    const stranger = await server.newUser();
    expect((await stranger.client.post(`/api/replies/${readyOne.id}/mark-sent`, {})).status).toBe(404);
    expect(errorOf(await stranger.client.post(`/api/replies/${readyOne.id}/skip`, {}))).toMatchObject({ message: 'Reply not found' });

    const bad = await fay.client.post(`/api/replies/${readyOne.id}/mark-sent`, { replyUrl: 'not a link' });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).field).toBe('replyUrl');

    const marked = await fay.client.post(`/api/replies/${readyOne.id}/mark-sent`, { replyUrl: 'https://x.com/fay/status/1234567890123' });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body).toMatchObject({ id: readyOne.id, status: 'sent', replyPostId: '1234567890123' });
    const again = await fay.client.post(`/api/replies/${readyOne.id}/skip`, {});
    expect(again.status).toBe(409);

    emulator.control.post(target.username, 'Second post, no mention');
    const second = await scheduleDueNow(fay.client, target.id, fay.connectedAccountId);
    moveClockTo(second.at);
    const readyTwo = await replyOfSchedule(fay.client, second.scheduleId, (r) => r.status === 'ready');
    const remaining = ((await fay.client.get('/api/user/trial-status')).body as { repliesRemaining: number }).repliesRemaining;
    const skipped = await fay.client.post(`/api/replies/${readyTwo.id}/skip`, {});
    expect(skipped.status, JSON.stringify(skipped.body)).toBe(200);
    expect(skipped.body).toMatchObject({ status: 'skipped', statusMessage: 'Skipped by you' });
    // A ready reply took nothing from the trial, so skipping it changes nothing there.
    expect(((await fay.client.get('/api/user/trial-status')).body as { repliesRemaining: number }).repliesRemaining).toBe(remaining);
  });
});

describe('GET /api/replies', () => {
  it('pages and searches the user’s own replies, and refuses bad parameters with the field', async () => {
    const { client } = await server.newUser();
    expect(await repliesOf(client)).toEqual({ items: [], total: 0, page: 1, limit: 25 });
    for (const [query, field] of [
      ['?page=0', 'page'],
      ['?page=abc', 'page'],
      ['?limit=7', 'limit'],
      [`?search=${'a'.repeat(201)}`, 'search'],
      ['?status=nonsense', 'status'],
    ] as const) {
      const res = await client.get(`/api/replies${query}`);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(errorOf(res).field).toBe(field);
    }
    expect((await client.get('/api/replies?page=2&limit=10&search=%25')).body).toEqual({ items: [], total: 0, page: 2, limit: 10 });
  });
});
