/**
 * Liveness of dispatch from outside: `npm run scheduler` processes (stopped, killed with SIGKILL)
 * on the server's SQLite store, X as the emulator with faults injected on POST /2/tweets, and one
 * clock for all of them that the test moves (RIPOSTE_TEST_CLOCK_FILE): no 17 real minutes are
 * waited for.
 *  - Held replies never go out late: a 429 with a 17-minute reset, Riposte's own account budget
 *    (3 posts per 15 minutes here), a scheduler stopped for 20 minutes with held replies: each ends
 *    skipped with its reason, nothing posted past the 15 minutes' grace.
 *  - One X hiccup at the posting moment does not lose the reply: a 503 X did not act on, a reset
 *    before X stored the post, a one-minute outage: looked up, not on X, sent again while on time,
 *    once; and a reply that failed for good is sent again by its user.
 *  - A killed scheduler's send that reached X is settled as soon as its heartbeat is known gone, not
 *    after the run's lease (5 minutes).
 * Each scenario prints due / on X / recorded sent / lost / doubled / unconfirmed / sent late
 * (dispatchScenario), also when it fails.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fileClock, writeClockOffset } from '@adapters/clock/test-clock';
import { DEFAULT_GRACE_MS, REPLY_MESSAGES } from '@core/replies';
import {
  dispatchScenario,
  expectExactlyOnce,
  FINAL,
  newTarget,
  replyEvents,
  repliesOnX,
  seedDue,
  spawnScheduler,
  startWorld,
  untilRunning,
  userWithX,
  waitForReplies,
  waitUntil,
  type ReplyView,
  type SchedulerProcess,
  type Seeded,
  type World,
} from './support';

const clockFile = join(tmpdir(), `riposte-clock-${randomUUID()}`);
const clock = fileClock(clockFile, 0);
let offsetMs = 0;
/** Time passes for every process of the world at once. */
const movesOn = (ms: number) => {
  offsetMs += ms;
  writeClockOffset(clockFile, offsetMs);
};
const now = () => clock().getTime();
const MINUTE = 60_000;

const SCHEDULER_ENV = {
  RIPOSTE_TEST_CLOCK_FILE: clockFile,
  RIPOSTE_X_TIMEOUT_MS: '1000',
  RIPOSTE_X_RECONCILE_AFTER_MS: '3000',
  RIPOSTE_X_ACCOUNT_POST_LIMIT: '3/15m',
};
const POST_REPLY = { method: 'POST', path: '/2/tweets' } as const;
/** The reason of a reply a limit held past the grace (X's 429 message named in it). */
const HELD_TOO_LATE = /^Not posted: a posting limit held it past the 15 minutes a reply may go out late \(.+\)$/;

let world: World;
let scheduler: SchedulerProcess | undefined;

const startScheduler = async (env: Record<string, string> = {}) => {
  scheduler = spawnScheduler(world, { ...SCHEDULER_ENV, ...env });
  await untilRunning([scheduler]);
};

/** `n` runs due in a second, one per new user, answering one new target post. */
const dueRuns = async (n: number): Promise<Seeded[]> => {
  const people = await Promise.all(Array.from({ length: n }, () => userWithX(world)));
  const target = await newTarget(world);
  return seedDue(
    world,
    people.map((person) => ({ person, target })),
    { dueInMs: 1_000, now },
  );
};

const postsTried = async (since: number) => (await world.emulator.control.requests({ ...POST_REPLY, since })).length;
const untilFinal = (seeded: Seeded[], timeoutMs = 90_000) => waitForReplies(seeded, (r) => FINAL.has(r.status), 'every reply final', timeoutMs);
/** Held by a limit, or already ended: what a held reply may be before time moves on. */
const untilHeld = (seeded: Seeded[]) => waitForReplies(seeded, (r) => r.status === 'rate_limited' || FINAL.has(r.status), 'every reply held or ended', 60_000);

/** While held, each was shown as waiting with until when (rate_limited), or had already ended. */
const expectShownWaiting = (seeded: Seeded[], held: Map<string, ReplyView & { badge?: { label: string; variant: string; until: string | null } }>) => {
  for (const s of seeded) {
    const r = held.get(s.replyId)!;
    expect(FINAL.has(r.status) || (r.status === 'rate_limited' && r.badge?.label === 'Waiting' && r.badge.variant === 'pending' && r.badge.until !== null), JSON.stringify(r)).toBe(true);
  }
};

describe('dispatch liveness: nothing sent late, nothing lost to one hiccup', () => {
  beforeAll(async () => {
    writeClockOffset(clockFile, 0);
    world = await startWorld({ clockFile });
    await startScheduler();
  }, 150_000);
  afterEach(() => world.emulator.control.clearFaults());
  afterAll(async () => {
    await scheduler?.stop();
    await world?.close();
    rmSync(clockFile, { force: true });
  });

  it('a 429 with a 17-minute reset: the replies end skipped with the reason, none posted late', async () => {
    const resetAt = Math.ceil((now() + 17 * MINUTE) / 1000);
    await world.emulator.control.inject({ kind: 'status', status: 429, headers: { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(resetAt) } }, { ...POST_REPLY, times: 1_000 });
    const seeded = await dueRuns(4);
    const scenario = dispatchScenario(world, '429 with a 17-minute reset', seeded);
    const held = await untilHeld(seeded);
    await world.emulator.control.clearFaults();
    movesOn(17 * MINUTE + 5_000);
    const replies = await untilFinal(seeded);
    const figures = await scenario.tally(replies);
    expect(figures).toMatchObject({ onX: 0, lost: 0, doubled: 0, sentLate: 0 });
    for (const s of seeded) expect(replies.get(s.replyId)).toMatchObject({ status: 'skipped', statusMessage: expect.stringMatching(HELD_TOO_LATE) });
    expectShownWaiting(seeded, held);
  }, 180_000);

  it("Riposte's own account budget (3 posts per 15 minutes): 3 go out, the 2 it would hold past the grace end skipped", async () => {
    const person = await userWithX(world);
    const targets = await Promise.all(Array.from({ length: 5 }, () => newTarget(world)));
    const seeded = await seedDue(
      world,
      targets.map((target) => ({ person, target })),
      { dueInMs: 1_000, now },
    );
    const scenario = dispatchScenario(world, 'own account budget 3/15m', seeded);
    const held = await untilHeld(seeded);
    movesOn(15 * MINUTE + 5_000);
    const replies = await untilFinal(seeded);
    const figures = await scenario.tally(replies);
    expect(figures).toMatchObject({ due: 5, onX: 3, recordedSent: 3, lost: 0, doubled: 0, unconfirmed: 0, sentLate: 0 });
    const skipped = seeded.filter((s) => replies.get(s.replyId)?.status === 'skipped');
    const reason = REPLY_MESSAGES.heldTooLate(DEFAULT_GRACE_MS, REPLY_MESSAGES.xAccountBudget(3, 15 * MINUTE));
    expect(skipped.map((s) => replies.get(s.replyId)?.statusMessage)).toEqual([reason, reason]);
    await expectExactlyOnce(world, seeded, replies);
    expectShownWaiting(seeded, held);
  }, 180_000);

  it.each([
    ['a 503 X did not act on', { kind: 'status', status: 503 } as const, false],
    ['a reset before X stored the post', { kind: 'drop' } as const, false],
    ['a one-minute outage', { kind: 'status', status: 503 } as const, true],
  ])('%s: unconfirmed, looked up, not on X, sent again while on time, once', async (name, fault, outage) => {
    await world.emulator.control.inject(fault, { ...POST_REPLY, times: outage ? 10_000 : 3 });
    const since = now();
    const seeded = await dueRuns(3);
    const scenario = dispatchScenario(world, name, seeded);
    if (outage) {
      // Every POST fails until X is back, a minute later on the clock; the lookup's margin passes with it.
      await waitUntil(async () => (await Promise.all(seeded.map((s) => replyEvents(world, s.replyId)))).every((e) => e.includes('ReplyUnconfirmed')), 'every send unconfirmed', 60_000);
      await world.emulator.control.clearFaults();
      movesOn(MINUTE);
    }
    const replies = await untilFinal(seeded);
    const figures = await scenario.tally(replies);
    expect(figures).toMatchObject({ due: 3, onX: 3, recordedSent: 3, lost: 0, doubled: 0, unconfirmed: 0, sentLate: 0 });
    for (const s of seeded) {
      expect(replies.get(s.replyId)).toMatchObject({ status: 'sent', statusMessage: REPLY_MESSAGES.sentAgain });
      const events = await replyEvents(world, s.replyId);
      expect(events).toEqual(expect.arrayContaining(['ReplyUnconfirmed', 'ReplyRequeued']));
      // A durable 'about to send' before each POST, and never two on X (expectExactlyOnce).
      expect(events.filter((t) => t === 'ReplySending').length).toBeGreaterThanOrEqual(2);
    }
    await expectExactlyOnce(world, seeded, replies);
    if (!outage) expect(await postsTried(since)).toBe(2 * seeded.length);
  }, 180_000);

  it('a reply found not on X too late to send again ends failed; its user sends it again by hand, once', async () => {
    await world.emulator.control.inject({ kind: 'status', status: 503 }, { ...POST_REPLY, times: 1 });
    const [s] = await dueRuns(1);
    const seeded = [s!];
    const scenario = dispatchScenario(world, 'manual resend of a failed reply', seeded);
    await waitForReplies(seeded, (r) => r.status === 'unconfirmed', 'the reply unconfirmed', 60_000);
    movesOn(16 * MINUTE);
    const failed = await untilFinal(seeded);
    expect(failed.get(s!.replyId)).toMatchObject({ status: 'failed', statusMessage: REPLY_MESSAGES.notFoundOnX, canResend: true });

    // Checked on the server: only its own user may, and only a reply that did not go out.
    const stranger = await userWithX(world);
    expect((await stranger.client.post(`/api/replies/${s!.replyId}/resend`, {})).status).toBe(404);
    const resentAt = now();
    const resent = await s!.person.client.post(`/api/replies/${s!.replyId}/resend`, {});
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body).toMatchObject({ statusMessage: REPLY_MESSAGES.resentByUser });
    const replies = await waitForReplies(seeded, (r) => r.status === 'sent', 'the reply sent again', 60_000);
    expect(replies.get(s!.replyId)).toMatchObject({ status: 'sent', statusMessage: REPLY_MESSAGES.resentByUser, canResend: false });
    expect((await s!.person.client.post(`/api/replies/${s!.replyId}/resend`, {})).status).toBe(409);
    // Due again from the user's resend: on time from there.
    const figures = await scenario.tally(replies, () => resentAt);
    expect(figures).toMatchObject({ due: 1, onX: 1, recordedSent: 1, lost: 0, doubled: 0, unconfirmed: 0, sentLate: 0 });
    await expectExactlyOnce(world, seeded, replies);
  }, 180_000);

  it('a scheduler stopped for 20 minutes with held replies: restarted, it skips them, none posted late', async () => {
    const resetAt = Math.ceil((now() + 2 * MINUTE) / 1000);
    await world.emulator.control.inject({ kind: 'status', status: 429, headers: { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(resetAt) } }, { ...POST_REPLY, times: 1_000 });
    const seeded = await dueRuns(3);
    const scenario = dispatchScenario(world, 'scheduler stopped 20 minutes with held replies', seeded);
    await waitForReplies(seeded, (r) => r.status === 'rate_limited', 'every reply held', 60_000);
    await scheduler!.stop();
    await world.emulator.control.clearFaults();
    movesOn(20 * MINUTE);
    await startScheduler();
    const replies = await untilFinal(seeded);
    const figures = await scenario.tally(replies);
    expect(figures).toMatchObject({ due: 3, onX: 0, lost: 0, doubled: 0, sentLate: 0 });
    for (const s of seeded) expect(replies.get(s.replyId)).toMatchObject({ status: 'skipped', statusMessage: expect.stringMatching(HELD_TOO_LATE) });
  }, 240_000);

  it("kill -9 after X accepted the post: the restarted scheduler settles the dead one's send at once, not after the lease", async () => {
    await scheduler!.stop();
    scheduler = undefined;
    const seeded = await dueRuns(1);
    const scenario = dispatchScenario(world, 'kill -9 after X accepted', seeded);
    // The default lease (5 minutes): only the dead process's gone heartbeat can settle it sooner.
    const doomed = spawnScheduler(world, { ...SCHEDULER_ENV, RIPOSTE_DISPATCH_CRASH_AT: 'after_x_accepted' });
    expect(await doomed.exited, doomed.stderr()).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await repliesOnX(world.emulator, seeded[0]!.person.handle)).toHaveLength(1);
    expect((await replyEvents(world, seeded[0]!.replyId)).at(-1)).toBe('ReplySending');
    const killedAt = Date.now();
    await startScheduler();
    // Real time, the clock not moved: well inside the 5-minute lease.
    const replies = await waitForReplies(seeded, (r) => r.status === 'sent', 'the reply sent', 60_000);
    expect(Date.now() - killedAt).toBeLessThan(120_000);
    const figures = await scenario.tally(replies);
    expect(figures).toMatchObject({ due: 1, onX: 1, recordedSent: 1, lost: 0, doubled: 0, unconfirmed: 0, sentLate: 0 });
    expect((await replyEvents(world, seeded[0]!.replyId)).slice(-2)).toEqual(['ReplyUnconfirmed', 'ReplySent']);
    await expectExactlyOnce(world, seeded, replies);
  }, 240_000);
});
