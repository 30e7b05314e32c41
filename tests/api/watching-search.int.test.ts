/**
 * Batched reads against the X emulator over real HTTP: monitored accounts due together, whose
 * cursors are close, are read in one recent search; each account's new post is answered once by
 * its auto schedule. A 429 on search holds the searches only: the same accounts are then read on
 * their timelines and still answered.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDispatchWorld, type DispatchWorld } from './dispatch.support';
import { eventually } from './schedules.support';

let world: DispatchWorld;
beforeAll(async () => {
  world = await startDispatchWorld({}, { sharedClock: true });
}, 60_000);
afterAll(async () => world?.close());

/** Longer than any standard-tier interval (overnight: 30 minutes). */
const PAST_INTERVAL = 31 * 60_000;

const timelineReads = (xUserId: string) => world.emulator.control.requests.filter((r) => r.method === 'GET' && r.path === `/2/users/${xUserId}/tweets`).length;
const searches = () => world.emulator.control.requests.filter((r) => r.method === 'GET' && r.path === '/2/tweets/search/recent').map((r) => new URLSearchParams(r.search).get('query') ?? '');

/** One user, two fresh targets that have posted once already (so their first read leaves a cursor), an auto schedule on each. */
const twoWatchedTargets = async () => {
  const { client, handle, connectedAccountId } = await world.userWithX();
  const targets = [];
  for (let i = 0; i < 2; i += 1) {
    const target = await world.newTarget();
    world.emulator.control.post(target.username, `an older post ${randomUUID().slice(0, 6)}`);
    const template = await client.post('/api/templates', { name: `T ${randomUUID().slice(0, 6)}`, content: `Nice one ${randomUUID().slice(0, 8)}` });
    const res = await client.post('/api/schedules', {
      accountId: target.id,
      connectedAccountId,
      templateId: (template.body as { id: string }).id,
      scheduleType: 'auto',
      delayMinutes: 0,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const xUserId = world.emulator.control.user(target.username)?.id as string;
    await eventually(async () => timelineReads(xUserId), (n) => n >= 1, 'the first read of the target');
    targets.push({ ...target, xUserId, scheduleId: (res.body as { id: string }).id });
  }
  return { client, handle, targets };
};

describe('batched reads', () => {
  it('read two accounts due together in one search, and answer each new post once', async () => {
    const { client, handle, targets } = await twoWatchedTargets();
    const before = searches().length;
    const posts = targets.map((t) => world.emulator.control.post(t.username, `@${handle} news from ${t.username}`));
    world.moveClockTo(world.serverNow() + PAST_INTERVAL);
    for (const [i, t] of targets.entries()) {
      const reply = await world.replyOfSchedule(client, t.scheduleId, (r) => r.status === 'sent');
      expect(reply.postId).toBe(posts[i]!.id);
    }
    const made = searches().slice(before);
    expect(made.some((q) => targets.every((t) => q.includes(`from:${t.xUserId}`)))).toBe(true);
    for (const t of targets) expect(timelineReads(t.xUserId)).toBe(1);
    expect(world.repliesOnX(handle).map((r) => r.replyToId).sort()).toEqual(posts.map((p) => p.id).sort());

    // Read again an interval later, nothing new: no second reply.
    const searchesNow = searches().length;
    world.moveClockTo(world.serverNow() + PAST_INTERVAL);
    await eventually(async () => searches().length, (n) => n > searchesNow, 'the next search');
    expect(world.repliesOnX(handle)).toHaveLength(2);
  }, 60_000);

  it('fall back to timeline reads while X holds the searches (429), and still answer once', async () => {
    const { client, handle, targets } = await twoWatchedTargets();
    const reset = Math.ceil((world.serverNow() + 3 * PAST_INTERVAL) / 1000);
    world.emulator.control.inject(
      { kind: 'status', status: 429, headers: { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(reset), 'retry-after': '600' } },
      { path: '/2/tweets/search/recent', method: 'GET', times: 20 },
    );
    const posts = targets.map((t) => world.emulator.control.post(t.username, `@${handle} more news from ${t.username}`));
    const before = searches().length;
    world.moveClockTo(world.serverNow() + PAST_INTERVAL);
    for (const [i, t] of targets.entries()) {
      const reply = await world.replyOfSchedule(client, t.scheduleId, (r) => r.status === 'sent');
      expect(reply.postId).toBe(posts[i]!.id);
      expect(timelineReads(t.xUserId)).toBe(2);
    }
    const refused = searches().length - before;
    expect(refused).toBeGreaterThanOrEqual(1);
    // Held until X's reset: the next interval reads the timelines again, no search is tried.
    world.moveClockTo(world.serverNow() + PAST_INTERVAL);
    await eventually(async () => timelineReads(targets[0]!.xUserId), (n) => n >= 3, 'the next timeline read');
    expect(searches().length - before).toBe(refused);
    expect(world.repliesOnX(handle)).toHaveLength(2);
    world.emulator.control.clearFaults();
  }, 60_000);
});
