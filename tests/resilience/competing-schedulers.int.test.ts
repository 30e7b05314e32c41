/**
 * Three `npm run scheduler` processes on one SQLite store, 500 runs coming due while they all run:
 * each run is claimed by exactly one of them and sent exactly once (counted in the emulator's
 * world), and every schedule ends executed. 25 users with a connected account each, 20 targets
 * with a fresh post each: every account answers every target post once, each with its own text
 * (X's rules: one reply per post per account, no same text from two accounts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleStream } from '@core/scheduling';
import { expectExactlyOnce, newTarget, repliesOnX, seedDue, spawnScheduler, startWorld, untilRunning, userWithX, waitForReplies, type Person, type SchedulerProcess, type Target, type World } from './support';

const USERS = 25;
const TARGETS = 20;

let world: World;
let people: Person[];
let targets: Target[];
const schedulers: SchedulerProcess[] = [];

beforeAll(async () => {
  world = await startWorld();
  people = [];
  for (let i = 0; i < USERS; i += 5) people.push(...(await Promise.all(Array.from({ length: Math.min(5, USERS - i) }, () => userWithX(world)))));
  targets = await Promise.all(Array.from({ length: TARGETS }, () => newTarget(world)));
}, 120_000);
afterAll(async () => {
  await Promise.all(schedulers.map((s) => s.stop()));
  await world?.close();
});

describe('three scheduler processes on one store', () => {
  it('send each of 500 due runs exactly once and execute every schedule', async () => {
    for (let i = 0; i < 3; i += 1) schedulers.push(spawnScheduler(world));
    // All three are up before anything is due: they compete for every run.
    await untilRunning(schedulers);

    // All 500 due at the same instant, a little after seeding is done.
    const seeding = Date.now();
    const seeded = await seedDue(
      world,
      people.flatMap((person) => targets.map((target) => ({ person, target }))),
      { dueInMs: 8_000 },
    );
    expect(seeded).toHaveLength(USERS * TARGETS);
    const seededInMs = Date.now() - seeding;
    const dueAt = Number(seeded[0]!.replyId.split(':').at(-1));
    const replies = await waitForReplies(seeded, (r) => r.status === 'sent', '500 replies sent', 150_000);
    const tookMs = Date.now() - dueAt;

    expectExactlyOnce(world, seeded, replies);
    const posted = people.reduce((n, p) => n + repliesOnX(world.emulator, p.handle).length, 0);
    expect(posted).toBe(500);
    const replyPostIds = new Set([...replies.values()].map((r) => r.replyPostId));
    expect(replyPostIds.size).toBe(500);

    // Every schedule executed, as its owner sees it.
    for (const p of people) {
      const mine = new Set(seeded.filter((s) => s.person === p).map((s) => s.scheduleId));
      const list = (await p.client.get('/api/schedules')).body as { id: string; status: string }[];
      const statuses = list.filter((s) => mine.has(s.id)).map((s) => s.status);
      expect(statuses).toEqual(Array.from({ length: TARGETS }, () => 'executed'));
    }

    // Each run claimed once, and the work shared between the processes.
    const claimants = new Map<string, number>();
    for (const s of seeded) {
      const claims = (await world.store.readStream(scheduleStream(s.scheduleId))).filter((e) => e.type === 'ScheduleRunClaimed');
      expect(claims).toHaveLength(1);
      const who = (claims[0]!.data as { claimant: string }).claimant;
      claimants.set(who, (claimants.get(who) ?? 0) + 1);
    }
    console.log(`500 runs seeded in ${seededInMs} ms; all sent ${tookMs} ms after they came due; runs per scheduler: ${[...claimants.values()].join(', ')}`);
    expect(claimants.size).toBeGreaterThanOrEqual(2);
    for (const s of schedulers) expect(s.child.exitCode, s.stderr()).toBeNull();
  }, 300_000);
});
