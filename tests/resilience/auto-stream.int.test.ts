/**
 * Two `npm run scheduler` processes with RIPOSTE_X_WATCH=stream on one store: X allows the app one
 * stream connection, so one process holds it and the other is refused (429 TooManyConnections) and
 * keeps polling; both keep the same rules. A post the stream delivers is recorded once on its
 * account's watch stream and answered once per auto schedule, whichever process saw it and however
 * often it was read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleStream } from '@core/scheduling';
import { ruleAccounts, WATCH_RULE_TAG, watchStream } from '@core/watching';
import { autoScheduleOf, repliesOf, repliesOnX, spawnScheduler, startWorld, untilRunning, userWithX, waitUntil, newTarget, type Person, type SchedulerProcess, type Target, type World } from './support';

let world: World;
let people: Person[];
let target: Target;
const schedulers: SchedulerProcess[] = [];

beforeAll(async () => {
  // Heartbeats every 200 ms: a connection's first byte comes soon after it opens.
  world = await startWorld({ emulator: { streamHeartbeatMs: 200 } });
  people = await Promise.all(Array.from({ length: 2 }, () => userWithX(world)));
  target = await newTarget(world);
}, 120_000);
afterAll(async () => {
  await Promise.all(schedulers.map((s) => s.stop()));
  await world?.close();
});

describe('the filtered stream with two scheduler processes', () => {
  it('one holds the connection, the other is refused and polls; a streamed post fires each auto schedule once', async () => {
    const scheduleIds: string[] = [];
    for (const person of people) scheduleIds.push(await autoScheduleOf(person, target.id, 'Spot on'));
    for (let i = 0; i < 2; i += 1) schedulers.push(spawnScheduler(world, { RIPOSTE_X_WATCH: 'stream' }));
    await untilRunning(schedulers);

    const xUserId = (await world.emulator.control.user(target.username))?.id as string;
    const attempts = async () => (await world.emulator.control.requests({ path: '/2/tweets/search/stream' })).length;
    await waitUntil(
      async () =>
        (await world.emulator.control.streamConnections()) === 1 &&
        (await world.emulator.control.streamRules()).some((r) => r.tag === WATCH_RULE_TAG && (ruleAccounts(r.value) ?? []).includes(xUserId)) &&
        (await attempts()) >= 2,
      'one connection held and the other process refused',
      60_000,
    );
    const post = await world.emulator.control.post(target.username, `Streaming thoughts of ${target.username}`);

    let replies = (await Promise.all(people.map((p) => repliesOf(p.client)))).flat();
    const refresh = setInterval(() => void Promise.all(people.map((p) => repliesOf(p.client))).then((r) => (replies = r.flat())), 250);
    try {
      await waitUntil(() => replies.filter((r) => r.status === 'sent' && r.postId === post.id).length >= scheduleIds.length, 'both auto schedules answered', 60_000);
    } finally {
      clearInterval(refresh);
    }
    replies = (await Promise.all(people.map((p) => repliesOf(p.client)))).flat();
    expect(replies.filter((r) => r.postId === post.id).map((r) => r.status)).toEqual(['sent', 'sent']);
    for (const person of people) expect((await repliesOnX(world.emulator, person.handle)).filter((p) => p.replyToId === post.id)).toHaveLength(1);
    for (const id of scheduleIds) expect((await world.store.readStream(scheduleStream(id))).filter((e) => e.type === 'ScheduleRunRecorded')).toHaveLength(1);
    const seen = (await world.store.readStream(watchStream(target.id))).filter((e) => e.type === 'WatchedPostSeen').map((e) => (e.data as { postId: string }).postId);
    expect(seen.filter((id) => id === post.id)).toHaveLength(1);
    // Still one connection for the app, and one copy of the rule: both processes planned the same rules.
    expect(await world.emulator.control.streamConnections()).toBe(1);
    const ruled = (await world.emulator.control.streamRules()).filter((r) => r.tag === WATCH_RULE_TAG).flatMap((r) => ruleAccounts(r.value) ?? []);
    expect(ruled.filter((id) => id === xUserId)).toHaveLength(1);
    for (const s of schedulers) expect(s.child.exitCode, s.stderr()).toBeNull();
  }, 240_000);
});
