/**
 * kill -9 of the scheduler at each step of a send, then a restart: zero replies lost, zero posted
 * twice, unknowns settled by reconcile (found on X, or not there and sent again). Real processes: `npm run scheduler` with
 * RIPOSTE_DISPATCH_CRASH_AT (it SIGKILLs itself at that step), then a plain one on the same SQLite
 * data directory, which takes the dead one's claims over after the lease (3 s here) and looks up
 * unconfirmed replies on X (reconciled as not posted once the POST cannot be on its way any more
 * and 3 s unseen). Three runs due at once, one
 * per connected account, answering one target post: the kill catches the other two wherever they
 * were. Posts are counted in the emulator's world.
 *
 * Once on the SQLite file, once on KurrentDB (server, schedulers and the test's seeding all on it)
 * wherever there is one (tests/support/kurrentdb-target.ts); otherwise that block is skipped, saying why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLY_MESSAGES } from '@core/replies';
import {
  dispatchScenario,
  expectExactlyOnce,
  FINAL,
  newTarget,
  replyEvents,
  seedDue,
  spawnScheduler,
  startWorld,
  userWithX,
  waitForReplies,
  worldStoreOf,
  type Seeded,
  type World,
} from './support';
import { storeTargets, targetTitle } from '../support/kurrentdb-target';

// X's timeout of 5 s: a POST that may still be on its way is given up on after 10 s, so a reply
// left 'sending' is called not posted 2 × 10 s + 3 s after its send was recorded (notFoundSettlesFrom).
const FAST_RECOVERY = { RIPOSTE_DISPATCH_LEASE_MS: '3000', RIPOSTE_X_RECONCILE_AFTER_MS: '3000', RIPOSTE_X_TIMEOUT_MS: '5000' };

const targets = await storeTargets('the dispatch crash tests');

/** The world of the block running now (the blocks run one after the other). */
let world: World;

/** Three runs due now: three users, each with a connected account, answering one new target post. */
const threeDueRuns = async (): Promise<Seeded[]> => {
  const people = await Promise.all([userWithX(world), userWithX(world), userWithX(world)]);
  const target = await newTarget(world);
  return seedDue(
    world,
    people.map((person) => ({ person, target })),
  );
};

/** A scheduler that kills itself at `point`: it must die by SIGKILL there. */
const crashAt = async (point: string) => {
  const doomed = spawnScheduler(world, { ...FAST_RECOVERY, RIPOSTE_DISPATCH_CRASH_AT: point });
  const deadline = setTimeout(() => doomed.child.kill('SIGTERM'), 150_000);
  const end = await doomed.exited;
  clearTimeout(deadline);
  expect(end, doomed.stderr()).toEqual({ code: null, signal: 'SIGKILL' });
  expect(doomed.stderr()).toContain(`RIPOSTE_DISPATCH_CRASH_AT=${point}`);
};

/** A plain scheduler restarted on the same store, until every run's reply is final. */
const restartUntilFinal = async (seeded: Seeded[]) => {
  const healthy = spawnScheduler(world, FAST_RECOVERY);
  try {
    return await waitForReplies(seeded, (r) => FINAL.has(r.status), 'every reply final after the restart', 150_000);
  } finally {
    await healthy.stop();
  }
};

const statuses = (seeded: Seeded[], replies: Map<string, { status: string }>) => seeded.map((s) => replies.get(s.replyId)?.status);

for (const backend of targets) describe.skipIf(backend.skipReason !== null)(targetTitle('kill -9 of the scheduler, then a restart', backend), () => {
  /** This block's own world (closed by this block only, even when its start failed half-way). */
  let mine: World | undefined;
  const named = (scenario: string) => (backend.store === 'sqlite' ? scenario : `${scenario} (${backend.name})`);
  beforeAll(async () => {
    world = mine = await startWorld({ store: worldStoreOf(backend) });
  }, 150_000);
  afterAll(async () => {
    await mine?.close();
  });

  it('after the claim: the run is taken over after the lease and sent once', async () => {
    const seeded = await threeDueRuns();
    const scenario = dispatchScenario(world, named('kill -9 after the claim'), seeded);
    await crashAt('after_claim');
    // Nothing went out: the process died before any send.
    for (const s of seeded) expect(await replyEvents(world, s.replyId)).not.toContain('ReplySending');

    const replies = await restartUntilFinal(seeded);
    expect(await scenario.tally(replies)).toMatchObject({ due: 3, onX: 3, recordedSent: 3, lost: 0, doubled: 0, unconfirmed: 0, sentLate: 0 });
    expect(statuses(seeded, replies)).toEqual(['sent', 'sent', 'sent']);
    await expectExactlyOnce(world, seeded, replies);
  }, 330_000);

  it("after the 'sending' record, before the POST: unconfirmed, looked up, not on X, then sent again once (the run still on time)", async () => {
    const seeded = await threeDueRuns();
    const scenario = dispatchScenario(world, named("kill -9 after the 'sending' record, before the POST"), seeded);
    await crashAt('after_sending');
    const interrupted: Seeded[] = [];
    for (const s of seeded) if ((await replyEvents(world, s.replyId)).includes('ReplySending')) interrupted.push(s);
    expect(interrupted.length).toBeGreaterThanOrEqual(1);

    const replies = await restartUntilFinal(seeded);
    expect(await scenario.tally(replies)).toMatchObject({ due: 3, onX: 3, recordedSent: 3, lost: 0, doubled: 0, unconfirmed: 0, sentLate: 0 });
    await expectExactlyOnce(world, seeded, replies);
    for (const s of interrupted) {
      expect(replies.get(s.replyId)).toMatchObject({ status: 'sent', statusMessage: REPLY_MESSAGES.sentAgain });
      expect(await replyEvents(world, s.replyId)).toEqual(expect.arrayContaining(['ReplySending', 'ReplyUnconfirmed', 'ReplyRequeued', 'ReplySent']));
    }
    // The others had not begun their send: the restarted scheduler sent them.
    for (const s of seeded.filter((x) => !interrupted.includes(x))) expect(replies.get(s.replyId)?.status).toBe('sent');
  }, 330_000);

  it('after X accepted the post, before it was recorded: unconfirmed, then found on X by reconcile: sent, not re-sent', async () => {
    const seeded = await threeDueRuns();
    const scenario = dispatchScenario(world, named('kill -9 after X accepted, before it was recorded'), seeded);
    await crashAt('after_x_accepted');
    const posted = await Promise.all(seeded.map((s) => world.emulator.control.postsBy(s.person.handle)));
    const accepted = seeded.filter((s, i) => posted[i]!.some((p) => p.replyToId === s.target.post.id));
    expect(accepted.length).toBeGreaterThanOrEqual(1);

    const replies = await restartUntilFinal(seeded);
    expect(await scenario.tally(replies)).toMatchObject({ due: 3, lost: 0, doubled: 0, unconfirmed: 0, sentLate: 0 });
    // The others were wherever the kill caught them: a POST that had left reached X and is found, one
    // that had not is settled as not posted; expectExactlyOnce holds each status to what X has.
    await expectExactlyOnce(world, seeded, replies);
    for (const s of accepted) {
      expect(replies.get(s.replyId)?.status).toBe('sent');
      const events = await replyEvents(world, s.replyId);
      expect(events.filter((t) => t === 'ReplySending')).toHaveLength(1);
      expect(events.slice(-2)).toEqual(['ReplyUnconfirmed', 'ReplySent']);
    }
  }, 330_000);

  it('during reconcile: X stored the posts but answered 503; the restarted scheduler reconciles them as sent', async () => {
    const seeded = await threeDueRuns();
    const scenario = dispatchScenario(world, named('kill -9 during reconcile (X stored the posts, answered 503)'), seeded);
    await world.emulator.control.inject({ kind: 'status', status: 503, afterStore: true }, { method: 'POST', path: '/2/tweets', times: seeded.length });
    try {
      await crashAt('during_reconcile');
    } finally {
      await world.emulator.control.clearFaults();
    }
    // The process died as it began settling: nothing settled, at least one reply unconfirmed.
    const before = await Promise.all(seeded.map((s) => replyEvents(world, s.replyId)));
    for (const events of before) expect(events).not.toContain('ReplySent');
    const unconfirmed = seeded.filter((_, i) => before[i]!.at(-1) === 'ReplyUnconfirmed');
    expect(unconfirmed.length).toBeGreaterThanOrEqual(1);

    const replies = await restartUntilFinal(seeded);
    expect(await scenario.tally(replies)).toMatchObject({ due: 3, lost: 0, doubled: 0, unconfirmed: 0, sentLate: 0 });
    await expectExactlyOnce(world, seeded, replies);
    for (const s of unconfirmed) {
      expect(replies.get(s.replyId)?.status).toBe('sent');
      expect((await replyEvents(world, s.replyId)).filter((t) => t === 'ReplySending')).toHaveLength(1);
    }
  }, 330_000);
});
