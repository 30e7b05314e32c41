/**
 * RIPOSTE_X_WATCH=stream against the X emulator over real HTTP: the server's embedded scheduler
 * keeps `from:` rules at X for the targets of active auto schedules and X's filtered stream open.
 * A post comes down the stream and its auto reply goes out without waiting for a read; the same
 * post read again by the fallback poll fires no second reply; rules follow schedules being added
 * and deleted; a dropped connection is reconnected and the post made while it was down is caught
 * by the poll, which reads at the tier's interval until it has read once after the reconnect.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleAccounts, WATCH_RULE_TAG } from '@core/watching/stream-rules';
import { startDispatchWorld, type DispatchWorld } from './dispatch.support';
import { eventually } from './schedules.support';
import type { Client } from './support';

let world: DispatchWorld;
beforeAll(async () => {
  world = await startDispatchWorld({ RIPOSTE_X_WATCH: 'stream' }, { sharedClock: true });
}, 60_000);
afterAll(async () => world?.close());

/** Longer than any standard-tier interval (overnight: 30 minutes). */
const PAST_INTERVAL = 31 * 60_000;

const timelineReads = (xUserId: string) => world.emulator.control.requests.filter((r) => r.method === 'GET' && r.path === `/2/users/${xUserId}/tweets`).length;

/** The X user ids each of Riposte's rules at X holds. */
const ruledAccounts = () => world.emulator.control.stream.rules().filter((r) => r.tag === WATCH_RULE_TAG).map((r) => ruleAccounts(r.value) ?? []);

const streamsFor = (xUserId: string) =>
  eventually(
    async () => ({ rules: ruledAccounts(), connections: world.emulator.control.stream.connections() }),
    (s) => s.rules.flat().includes(xUserId) && s.connections === 1,
    `a rule for ${xUserId} and the stream connected`,
    10_000,
  );

const autoSchedule = async (client: Client, targetId: string, connectedAccountId: string) => {
  const template = await client.post('/api/templates', { name: `T ${randomUUID().slice(0, 6)}`, content: `Well said ${randomUUID().slice(0, 8)}` });
  expect(template.status, JSON.stringify(template.body)).toBe(201);
  const res = await client.post('/api/schedules', { accountId: targetId, connectedAccountId, templateId: (template.body as { id: string }).id, scheduleType: 'auto', delayMinutes: 0 });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { id: string }).id;
};

/** A user with an X account, a fresh target, the user's auto schedule on it, read once and streamed. */
const streamedTarget = async () => {
  const { client, handle, connectedAccountId } = await world.userWithX();
  const target = await world.newTarget();
  const xUserId = world.emulator.control.user(target.username)?.id as string;
  const scheduleId = await autoSchedule(client, target.id, connectedAccountId);
  await eventually(async () => timelineReads(xUserId), (n) => n >= 1, 'the first read of the target');
  await streamsFor(xUserId);
  return { client, handle, connectedAccountId, target, xUserId, scheduleId };
};

const repliesOfSchedule = async (client: Client, scheduleId: string) => (await world.repliesOf(client)).items.filter((r) => r.scheduledId === scheduleId);

describe('watching with the filtered stream', () => {
  it('answers a post as it comes down the stream, without a read; the poll reading it again fires nothing more', async () => {
    const { client, handle, target, xUserId, scheduleId } = await streamedTarget();
    const readsBefore = timelineReads(xUserId);
    const post = world.emulator.control.post(target.username, `@${handle} streaming now`);
    // The clock stays put: no read is due for minutes, so only the stream can have seen it.
    const reply = await world.replyOfSchedule(client, scheduleId, (r) => r.status === 'sent');
    expect(reply.postId).toBe(post.id);
    expect(timelineReads(xUserId)).toBe(readsBefore);
    expect(world.repliesOnX(handle).map((r) => r.replyToId)).toEqual([post.id]);

    // The fallback read comes later and returns the same post: recorded once, answered once.
    world.moveClockTo(world.serverNow() + PAST_INTERVAL);
    await eventually(async () => timelineReads(xUserId), (n) => n > readsBefore, 'the fallback read of the target');
    await new Promise((r) => setTimeout(r, 500)); // five scheduler ticks for a second run to appear, if one could
    expect(await repliesOfSchedule(client, scheduleId)).toHaveLength(1);
    expect(world.repliesOnX(handle)).toHaveLength(1);
  }, 60_000);

  it('keeps the rules in sync with the auto schedules: each watched account in one rule, gone with its last schedule', async () => {
    const first = await streamedTarget();
    const second = await streamedTarget();
    const both = ruledAccounts();
    expect(both.flat().filter((id) => id === first.xUserId || id === second.xUserId).sort()).toEqual([first.xUserId, second.xUserId].sort());
    expect(new Set(both.flat()).size).toBe(both.flat().length);
    for (const rule of world.emulator.control.stream.rules()) expect(rule.value.length).toBeLessThanOrEqual(512);

    const deleted = await first.client.request('DELETE', `/api/schedules/${first.scheduleId}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBeLessThan(300);
    const after = await eventually(async () => ruledAccounts().flat(), (ids) => !ids.includes(first.xUserId), 'the rule without the first target');
    expect(after).toContain(second.xUserId);
    expect(new Set(after).size).toBe(after.length);
    expect(world.emulator.control.stream.connections()).toBe(1);
  }, 60_000);

  it('reconnects after X drops the stream; the read at the tier interval catches the post made meanwhile', async () => {
    const { client, handle, target, xUserId, scheduleId } = await streamedTarget();
    // X drops the connection and refuses the next two attempts (network failures: 250 ms, then 500 ms).
    world.emulator.control.inject({ kind: 'drop' }, { path: '/2/tweets/search/stream', times: 2 });
    expect(world.emulator.control.stream.drop()).toBe(1);
    const missed = world.emulator.control.post(target.username, `@${handle} said while the stream was down`);
    await eventually(async () => world.emulator.control.stream.connections(), (n) => n === 1, 'the stream reconnected');
    const attempts = world.emulator.control.requests.filter((r) => r.path === '/2/tweets/search/stream');
    expect(attempts.length).toBeGreaterThanOrEqual(3);
    expect(await repliesOfSchedule(client, scheduleId)).toEqual([]);

    const readsBefore = timelineReads(xUserId);
    world.moveClockTo(world.serverNow() + PAST_INTERVAL);
    const reply = await world.replyOfSchedule(client, scheduleId, (r) => r.status === 'sent');
    expect(reply.postId).toBe(missed.id);
    expect(timelineReads(xUserId)).toBeGreaterThan(readsBefore);

    // Streamed again from there on: the next post gets its run with the clock standing still, no read.
    const readsAfter = timelineReads(xUserId);
    world.emulator.control.post(target.username, `@${handle} and this one streams`);
    const runs = await eventually(
      async () => (await repliesOfSchedule(client, scheduleId)).map((r) => ({ postId: r.postId, status: r.status, reason: r.reason })),
      // Wait for the run to end (it passes through its own states on the way).
      (rs) => rs.length === 2 && rs.every((r) => ['sent', 'duplicate', 'failed', 'skipped'].includes(r.status)),
      'the run for the streamed post',
      15_000,
    );
    // The schedule's one template text was posted already: the run is made and skipped before X is
    // asked (X would refuse the repeat), so it answers no post; the first reply stays the only one.
    expect(runs.find((r) => r.postId === missed.id)?.status).toBe('sent');
    expect(runs.find((r) => r.postId !== missed.id)).toMatchObject({ postId: null, status: 'skipped', reason: expect.stringMatching(/^This X account posted the same text/) });
    expect(timelineReads(xUserId)).toBe(readsAfter);
    expect(world.repliesOnX(handle).map((r) => r.replyToId)).toEqual([missed.id]);
  }, 60_000);
});
