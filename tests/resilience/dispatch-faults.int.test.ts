/**
 * X misbehaving under `npm run scheduler` (a real process on the server's SQLite store), with the
 * emulator's fault injection on POST /2/tweets: a 429 storm with a reset, 5xx answers, a dropped
 * connection after X stored the post, and a slow X beyond the client's timeout (1 s here). Every
 * reply ends in a final state; a reply is on X exactly when it shows 'sent', once; an answer that
 * never came is never re-sent blindly: it is unconfirmed and settled by reconcile (looked for on X;
 * not there after 5 s unseen and once its POST cannot be under way: sent again, the run being on time).
 *
 * Once on the SQLite file, once on KurrentDB (server, scheduler and the test's seeding all on it)
 * wherever there is one (tests/support/kurrentdb-target.ts); otherwise that block is skipped, saying why.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPLY_MESSAGES } from '@core/replies';
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
  worldStoreOf,
  type SchedulerProcess,
  type Seeded,
  type World,
} from './support';
import { storeTargets, targetTitle } from '../support/kurrentdb-target';

const targets = await storeTargets('the dispatch fault tests');

/** The world and scheduler of the block running now (the blocks run one after the other). */
let world: World;
let scheduler: SchedulerProcess | undefined;

/** `n` runs due now, one per new user and connected account, answering one new target post. */
const dueRuns = async (n: number): Promise<Seeded[]> => {
  const people = await Promise.all(Array.from({ length: n }, () => userWithX(world)));
  const target = await newTarget(world);
  return seedDue(
    world,
    people.map((person) => ({ person, target })),
    { dueInMs: 1_000 },
  );
};

const POST_REPLY = { method: 'POST', path: '/2/tweets' } as const;

/** POSTs of replies X received since `since` (ms). */
const postsTried = async (since: number) => (await world.emulator.control.requests({ ...POST_REPLY, since })).length;

const untilFinal = (seeded: Seeded[], timeoutMs = 120_000) => waitForReplies(seeded, (r) => FINAL.has(r.status), 'every reply final', timeoutMs);

for (const backend of targets) describe.skipIf(backend.skipReason !== null)(targetTitle('X faults while replies go out', backend), () => {
  /** This block's own world (closed by this block only, even when its start failed half-way). */
  let mine: World | undefined;
  const named = (scenario: string) => (backend.store === 'sqlite' ? scenario : `${scenario} (${backend.name})`);
  beforeAll(async () => {
    world = mine = await startWorld({ store: worldStoreOf(backend) });
    scheduler = spawnScheduler(world, { RIPOSTE_X_TIMEOUT_MS: '1000', RIPOSTE_X_RECONCILE_AFTER_MS: '5000' });
    await untilRunning([scheduler]);
  }, 150_000);
  afterEach(() => world.emulator.control.clearFaults());
  afterAll(async () => {
    await scheduler?.stop();
    scheduler = undefined;
    await mine?.close();
  });

  it('a 429 storm with a reset: the replies wait, go after the reset, once each, none lost', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => userWithX(world)));
    const target = await newTarget(world);
    const since = Date.now();
    const resetAt = Math.ceil((since + 8_000) / 1000);
    await world.emulator.control.inject(
      { kind: 'status', status: 429, headers: { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(resetAt), 'retry-after': '8' } },
      { ...POST_REPLY, times: 1_000 },
    );
    const seeded = await seedDue(
      world,
      people.map((person) => ({ person, target })),
      { dueInMs: 1_000 },
    );
    const scenario = dispatchScenario(world, named('a 429 storm with an 8 s reset'), seeded);
    // Every reply is held, visible with its reason, and nothing is on X.
    await waitForReplies(seeded, (r) => r.status === 'rate_limited', 'every reply rate limited', 30_000);
    expect((await Promise.all(seeded.map((s) => repliesOnX(world.emulator, s.person.handle)))).flat()).toEqual([]);
    await world.emulator.control.clearFaults();

    const replies = await untilFinal(seeded);
    expect(await scenario.tally(replies)).toMatchObject({ due: 6, onX: 6, recordedSent: 6, lost: 0, doubled: 0, unconfirmed: 0, sentLate: 0 });
    expect(seeded.map((s) => replies.get(s.replyId)?.status)).toEqual(seeded.map(() => 'sent'));
    await expectExactlyOnce(world, seeded, replies);
    for (const s of seeded) {
      const [post] = await repliesOnX(world.emulator, s.person.handle);
      expect(post!.createdAt).toBeGreaterThanOrEqual(resetAt * 1000);
      expect(await replyEvents(world, s.replyId)).toEqual(expect.arrayContaining(['ReplyRateLimited', 'ReplySent']));
    }
    // Each was refused at least once before it went out.
    expect(await postsTried(since)).toBeGreaterThanOrEqual(2 * seeded.length);
  }, 180_000);

  it('a 5xx before X stored the post: unconfirmed, looked up, not on X: sent again once its POST cannot be under way, once', async () => {
    await world.emulator.control.inject({ kind: 'status', status: 503 }, { ...POST_REPLY, times: 3 });
    const since = Date.now();
    const seeded = await dueRuns(3);
    const scenario = dispatchScenario(world, named('a 5xx before X stored the post'), seeded);
    const replies = await untilFinal(seeded);
    expect(await scenario.tally(replies)).toMatchObject({ due: 3, onX: 3, recordedSent: 3, lost: 0, doubled: 0, unconfirmed: 0, sentLate: 0 });
    for (const s of seeded) {
      expect(replies.get(s.replyId)).toMatchObject({ status: 'sent', statusMessage: REPLY_MESSAGES.sentAgain });
      expect(await replyEvents(world, s.replyId)).toEqual(expect.arrayContaining(['ReplyUnconfirmed', 'ReplyRequeued', 'ReplySent']));
    }
    await expectExactlyOnce(world, seeded, replies);
    expect(await postsTried(since)).toBe(2 * seeded.length);
  }, 180_000);

  it.each([
    ['a 5xx after X stored the post: unconfirmed, then found on X by reconcile: sent, once', { kind: 'status', status: 500, afterStore: true } as const],
    ['a dropped connection after X stored the post: reconcile finds it: sent, not re-sent', { kind: 'drop', afterStore: true } as const],
  ])('%s', async (name, fault) => {
    await world.emulator.control.inject(fault, { ...POST_REPLY, times: 3 });
    const since = Date.now();
    const seeded = await dueRuns(3);
    const scenario = dispatchScenario(world, named(name.split(':')[0]!), seeded);
    const replies = await untilFinal(seeded);
    expect(await scenario.tally(replies)).toMatchObject({ due: 3, onX: 3, recordedSent: 3, lost: 0, doubled: 0, unconfirmed: 0, sentLate: 0 });
    for (const s of seeded) {
      expect(replies.get(s.replyId)?.status).toBe('sent');
      expect((await replyEvents(world, s.replyId)).slice(-2)).toEqual(['ReplyUnconfirmed', 'ReplySent']);
    }
    await expectExactlyOnce(world, seeded, replies);
    expect(await postsTried(since)).toBe(seeded.length);
  }, 180_000);

  it('a slow X beyond the client timeout: unknown, then settled: found when X stored it late, sent again when it never did', async () => {
    // Two answers past the 1 s timeout: two that store the post after 2.5 s (X slow but working),
    // then two that trickle a byte now and then and never store anything (X stuck).
    const since = Date.now();
    await world.emulator.control.inject({ kind: 'delay', ms: 2_500 }, { ...POST_REPLY, times: 2 });
    const stored = await dueRuns(2);
    await waitUntil(async () => (await postsTried(since)) === 2, 'the two slow posts tried', 30_000);
    await world.emulator.control.inject({ kind: 'trickle', everyMs: 100 }, { ...POST_REPLY, times: 2 });
    const stuck = await dueRuns(2);
    const scenario = dispatchScenario(world, named('a slow X past the client timeout (2 stored late, 2 never)'), [...stored, ...stuck]);
    const replies = await untilFinal([...stored, ...stuck]);
    expect(await scenario.tally(replies)).toMatchObject({ due: 4, onX: 4, recordedSent: 4, lost: 0, doubled: 0, unconfirmed: 0, sentLate: 0 });
    for (const s of stored) {
      expect(replies.get(s.replyId)?.status).toBe('sent');
      expect((await replyEvents(world, s.replyId)).slice(-2)).toEqual(['ReplyUnconfirmed', 'ReplySent']);
    }
    // Never stored: not on X once the stuck POST cannot be under way any more, so sent again, once.
    for (const s of stuck) {
      expect(replies.get(s.replyId)).toMatchObject({ status: 'sent', statusMessage: REPLY_MESSAGES.sentAgain });
      expect(await replyEvents(world, s.replyId)).toEqual(expect.arrayContaining(['ReplyUnconfirmed', 'ReplyRequeued', 'ReplySent']));
    }
    await expectExactlyOnce(world, [...stored, ...stuck], replies);
    expect(await postsTried(since)).toBe(6);
  }, 180_000);
});
