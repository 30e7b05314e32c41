/**
 * Two `npm run scheduler` processes on one store, both starting after the targets posted, so both
 * may read the same timelines (reads are not claimed) and both compete for the auto runs: each new
 * post is recorded once on its account's watch stream and fires each auto schedule once (one reply
 * per schedule and post on X, one run recorded per schedule). A post made before the schedules
 * existed is not answered. The duplicate sighting itself is covered deterministically by the core
 * properties (core/watching) and the read-model test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleStream } from '@core/scheduling';
import { watchStream } from '@core/watching';
import { autoScheduleOf, repliesOf, repliesOnX, spawnScheduler, startWorld, untilRunning, userWithX, waitUntil, newTarget, type Person, type SchedulerProcess, type Target, type World } from './support';

let world: World;
let people: Person[];
let targets: Target[];
const schedulers: SchedulerProcess[] = [];

beforeAll(async () => {
  world = await startWorld();
  people = await Promise.all(Array.from({ length: 3 }, () => userWithX(world)));
  targets = await Promise.all(Array.from({ length: 2 }, () => newTarget(world)));
}, 120_000);
afterAll(async () => {
  await Promise.all(schedulers.map((s) => s.stop()));
  await world?.close();
});

describe('auto schedules with two scheduler processes', () => {
  it('answer each new post once per schedule, however many processes read it', async () => {
    const schedules: { person: Person; target: Target; scheduleId: string }[] = [];
    for (const person of people) {
      for (const target of targets) schedules.push({ person, target, scheduleId: await autoScheduleOf(person, target.id, 'Nice one') });
    }
    const fresh = new Map(await Promise.all(targets.map(async (t) => [t.id, await world.emulator.control.post(t.username, `Fresh thoughts of ${t.username}`)] as const)));

    for (let i = 0; i < 2; i += 1) schedulers.push(spawnScheduler(world));
    await untilRunning(schedulers);

    const sentOf = async () => {
      const all = await Promise.all(people.map((p) => repliesOf(p.client)));
      return all.flat().filter((r) => schedules.some((s) => s.scheduleId === r.scheduledId));
    };
    let replies = await sentOf();
    // waitUntil's check is synchronous: the replies are refreshed beside it.
    const refresh = setInterval(() => void sentOf().then((r) => (replies = r)), 250);
    try {
      await waitUntil(() => replies.filter((r) => r.status === 'sent').length >= schedules.length, 'every auto schedule answered', 120_000);
    } finally {
      clearInterval(refresh);
    }
    replies = await sentOf();

    expect(replies).toHaveLength(schedules.length);
    for (const s of schedules) {
      const post = fresh.get(s.target.id)!;
      const mine = replies.filter((r) => r.scheduledId === s.scheduleId);
      expect(mine.map((r) => [r.status, r.postId])).toEqual([['sent', post.id]]);
      const onX = await repliesOnX(world.emulator, s.person.handle);
      expect(onX.filter((p) => p.replyToId === post.id)).toHaveLength(1);
      expect(onX.filter((p) => p.replyToId === s.target.post.id)).toEqual([]);
      const recorded = (await world.store.readStream(scheduleStream(s.scheduleId))).filter((e) => e.type === 'ScheduleRunRecorded');
      expect(recorded).toHaveLength(1);
    }
    for (const t of targets) {
      const seen = (await world.store.readStream(watchStream(t.id))).filter((e) => e.type === 'WatchedPostSeen').map((e) => (e.data as { postId: string }).postId);
      expect(seen.filter((id) => id === fresh.get(t.id)!.id)).toHaveLength(1);
      expect(new Set(seen).size).toBe(seen.length);
    }
    // How many reads each timeline took is printed, not asserted: whether both processes read in the same tick is timing.
    const reads = await Promise.all(
      targets.map(async (t) => (await world.emulator.control.requests({ method: 'GET', path: `/2/users/${(await world.emulator.control.user(t.username))?.id}/tweets` })).length),
    );
    console.log(`timeline reads per target with two schedulers: ${reads.join(', ')}`);
    for (const s of schedulers) expect(s.child.exitCode, s.stderr()).toBeNull();
  }, 240_000);
});
