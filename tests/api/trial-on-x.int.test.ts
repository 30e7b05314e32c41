/**
 * The free trial counted on X, over real HTTP with the embedded scheduler and the X emulator
 * (dispatch.support.ts): a reply uses one of the 25 when it reaches X (sent through the API, or
 * posted by the user from the ready queue and seen there), not when it is prepared; replies past
 * the allowance wait with the reason instead of being refused; "Trial expired" only once the 7
 * days are over (ADR 0047).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDispatchWorld, type DispatchWorld, type ReplyView } from './dispatch.support';
import { activatePremium, consumeTrialReplies, eventually, expireTrial } from './schedules.support';
import type { Client, TestServer } from './support';

let world: DispatchWorld;
let server: TestServer;

type TrialStatusBody = {
  repliesRemaining: number;
  trialActive: boolean;
  trialState: string;
  repliesPosted: number;
  repliesPrepared: number;
  summary: string;
  headline: string | null;
};

const trialOf = async (client: Client): Promise<TrialStatusBody> => {
  const res = await client.get('/api/user/trial-status');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as TrialStatusBody;
};

const HELD = "You've used your 25 trial replies: this reply waits, and goes out if you upgrade to Premium or a trial reply comes back";

beforeAll(async () => {
  world = await startDispatchWorld();
  ({ server } = world);
});
afterAll(async () => {
  await world?.close();
});

describe('the trial counts replies on X', () => {
  it('a reply handed to the user costs nothing until it is seen on X, then it uses one', async () => {
    const { emulator, userWithX, newTarget, scheduleDueNow, moveClockTo, replyOfSchedule } = world;
    const erin = await userWithX();
    const target = await newTarget();
    const post = emulator.control.post(target.username, 'Nobody mentioned here');
    const { scheduleId, at } = await scheduleDueNow(erin.client, target.id, erin.connectedAccountId);
    moveClockTo(at);
    const ready = await replyOfSchedule(erin.client, scheduleId, (r) => r.status === 'ready');
    expect(await trialOf(erin.client)).toMatchObject({ repliesRemaining: 25, repliesPosted: 0, repliesPrepared: 1, summary: '1 prepared, 0 posted, 25 left' });

    emulator.control.post(erin.handle, ready.content, { inReplyTo: post.id });
    await replyOfSchedule(erin.client, scheduleId, (r) => r.status === 'sent');
    const after = await eventually(() => trialOf(erin.client), (t) => t.repliesPosted === 1, 'the posted reply counted', 15_000);
    expect(after).toMatchObject({ repliesRemaining: 24, repliesPrepared: 0, summary: '0 prepared, 1 posted, 24 left' });
  });

  it('a reply sent through the API is not counted while it waits for its time, only once it is sent', async () => {
    const { emulator, userWithX, newTarget, scheduleDueNow, moveClockTo, replyOfSchedule } = world;
    const fay = await userWithX();
    const target = await newTarget();
    emulator.control.post(target.username, `What do you think, @${fay.handle}?`);
    const { scheduleId, at } = await scheduleDueNow(fay.client, target.id, fay.connectedAccountId);
    moveClockTo(at - 11_000);
    await replyOfSchedule(fay.client, scheduleId, (r) => r.status === 'pending' && r.postId !== null);
    expect(await trialOf(fay.client)).toMatchObject({ repliesRemaining: 25, repliesPosted: 0, repliesPrepared: 1 });
    moveClockTo(at);
    await replyOfSchedule(fay.client, scheduleId, (r) => r.status === 'sent');
    expect(await eventually(() => trialOf(fay.client), (t) => t.repliesPosted === 1, 'the sent reply counted', 15_000)).toMatchObject({ repliesRemaining: 24 });
  });
});

describe('beyond the allowance', () => {
  it('holds a reply (waiting, with the reason) instead of refusing it, says "used", and sends it after an upgrade', async () => {
    const { emulator, userWithX, newTarget, scheduleDueNow, moveClockTo, replyOfSchedule, repliesOnX, serverNow } = world;
    const gus = await userWithX();
    const target = await newTarget();
    emulator.control.post(target.username, `Over to you, @${gus.handle}`);
    await consumeTrialReplies(server, gus.user.id, 25);
    const used = await trialOf(gus.client);
    expect(used).toMatchObject({ trialState: 'used', headline: "You've used your 25 trial replies", repliesPosted: 25 });
    // Still inside the 7 days: a schedule is taken (its reply waits), not refused as an ended trial.
    const { scheduleId, at } = await scheduleDueNow(gus.client, target.id, gus.connectedAccountId);
    moveClockTo(at);
    const held = await replyOfSchedule(gus.client, scheduleId, (r) => r.status !== 'pending');
    expect(held).toMatchObject({ status: 'rate_limited', statusMessage: HELD });
    expect(repliesOnX(gus.handle)).toHaveLength(0);
    expect((await trialOf(gus.client)).summary).toBe('1 prepared, 25 posted, 0 left');

    await activatePremium(server, gus.user.id);
    moveClockTo(serverNow() + 6 * 60_000);
    const sent = await replyOfSchedule(gus.client, scheduleId, (r) => r.status === 'sent');
    expect(repliesOnX(gus.handle)).toEqual([expect.objectContaining({ id: sent.replyPostId })]);
  });

  it('takes ready replies back from the queue once the allowance fills, and counts the one the user posted', async () => {
    const { emulator, userWithX, newTarget, scheduleDueNow, moveClockTo, replyOfSchedule } = world;
    const hal = await userWithX();
    const target = await newTarget();
    const first = emulator.control.post(target.username, 'First of two, no mention');
    const one = await scheduleDueNow(hal.client, target.id, hal.connectedAccountId);
    moveClockTo(one.at);
    const readyOne = await replyOfSchedule(hal.client, one.scheduleId, (r) => r.status === 'ready');
    emulator.control.post(target.username, 'Second of two, no mention');
    const two = await scheduleDueNow(hal.client, target.id, hal.connectedAccountId);
    moveClockTo(two.at);
    await replyOfSchedule(hal.client, two.scheduleId, (r) => r.status === 'ready');
    // 24 on X already: two ready replies, one trial reply left; readiness reserved none.
    await consumeTrialReplies(server, hal.user.id, 24);
    expect(await trialOf(hal.client)).toMatchObject({ summary: '2 prepared, 24 posted, 1 left' });

    emulator.control.post(hal.handle, readyOne.content, { inReplyTo: first.id });
    await replyOfSchedule(hal.client, one.scheduleId, (r) => r.status === 'sent');
    const withdrawn: ReplyView = await replyOfSchedule(hal.client, two.scheduleId, (r) => r.status === 'rate_limited');
    expect(withdrawn).toMatchObject({ statusMessage: HELD, intentUrl: null });
    expect((await hal.client.get('/api/replies/ready')).body).toMatchObject({ total: 0 });
    expect(await trialOf(hal.client)).toMatchObject({ summary: '1 prepared, 25 posted, 0 left', trialState: 'used' });
  });

  it('refuses with "Free trial ended" and says "Trial expired" only once the trial is over', async () => {
    const { emulator, userWithX, newTarget, scheduleDueNow, moveClockTo, replyOfSchedule, repliesOnX } = world;
    const ivy = await userWithX();
    const target = await newTarget();
    emulator.control.post(target.username, `Late news, @${ivy.handle}`);
    const { scheduleId, at } = await scheduleDueNow(ivy.client, target.id, ivy.connectedAccountId);
    await expireTrial(server, ivy.user.id);
    expect(await trialOf(ivy.client)).toMatchObject({ trialState: 'over', headline: 'Trial expired' });
    moveClockTo(at);
    const reply = await replyOfSchedule(ivy.client, scheduleId, (r) => r.status === 'rejected');
    expect(reply.statusMessage).toBe('Free trial ended');
    expect(repliesOnX(ivy.handle)).toHaveLength(0);
  });
});
