/**
 * X's posting budgets over real HTTP: a real server with its embedded scheduler, the X emulator as
 * X, limits made small through the environment an operator would use (RIPOSTE_X_APP_POST_LIMIT,
 * RIPOSTE_X_ACCOUNT_POST_LIMIT). Replies over a limit are held ('rate limited', with the reason)
 * before anything reaches X; the app's allowance is shared fairly between users.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GRACE_MS, REPLY_MESSAGES } from '@core/replies';
import { startDispatchWorld, type DispatchWorld, type ReplyView } from './dispatch.support';
import { eventually } from './schedules.support';

type User = Awaited<ReturnType<DispatchWorld['userWithX']>>;

/** `count` one-time schedules of `user`, each under a fresh post that mentions the user's account (X accepts API replies). */
const dueReplies = async (world: DispatchWorld, user: User, count: number) => {
  const due: { scheduleId: string; at: number }[] = [];
  for (let i = 0; i < count; i += 1) {
    const target = await world.newTarget();
    world.emulator.control.post(target.username, `Thoughts, @${user.handle}?`);
    due.push(await world.scheduleDueNow(user.client, target.id, user.connectedAccountId));
  }
  world.moveClockTo(Math.max(...due.map((d) => d.at)));
  return due;
};

/** The user's replies once every one of them has come to `settled` (sent, or skipped: held past the grace). */
const settledReplies = (world: DispatchWorld, user: User, count: number) =>
  eventually(
    async () => (await world.repliesOf(user.client, '?limit=100')).items,
    (items) => items.length === count && items.every((r) => r.status === 'sent' || r.status === 'skipped'),
    `${count} replies of ${user.handle} sent or skipped`,
    20_000,
  );

const byStatus = (items: ReplyView[], status: string) => items.filter((r) => r.status === status);
/** A limit that would hold a reply past the grace ends it skipped, naming the limit (never sent late). */
const heldPast = (limit: string) => REPLY_MESSAGES.heldTooLate(DEFAULT_GRACE_MS, limit);

describe("the app's allowance (6 posts a day here), shared fairly", () => {
  let world: DispatchWorld;
  beforeAll(async () => {
    world = await startDispatchWorld({ RIPOSTE_X_APP_POST_LIMIT: '6/24h' });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('lets one busy user take half, keeps the rest for others, and skips every reply past the allowance without asking X (a day is past the grace)', async () => {
    // Alice alone: first come first served up to half, then her share (6 / (1 user + 1 to come) = 3).
    const alice = await world.userWithX();
    await dueReplies(world, alice, 5);
    const aliceReplies = await settledReplies(world, alice, 5);
    expect(byStatus(aliceReplies, 'sent')).toHaveLength(3);
    expect(byStatus(aliceReplies, 'skipped').map((r) => r.statusMessage)).toEqual([heldPast(REPLY_MESSAGES.xFairShare(3, 3)), heldPast(REPLY_MESSAGES.xFairShare(3, 3))]);
    expect(world.repliesOnX(alice.handle)).toHaveLength(3);

    // Bob comes later in the day and still finds room: his share is 6 / (2 + 1) = 2.
    const bob = await world.userWithX();
    await dueReplies(world, bob, 2);
    expect(byStatus(await settledReplies(world, bob, 2), 'sent')).toHaveLength(2);

    // Carol: the last post of the day is hers (share 1), then the allowance is used up.
    const carol = await world.userWithX();
    await dueReplies(world, carol, 2);
    const carolReplies = await settledReplies(world, carol, 2);
    expect(byStatus(carolReplies, 'sent')).toHaveLength(1);
    expect(byStatus(carolReplies, 'skipped').map((r) => r.statusMessage)).toEqual([heldPast(REPLY_MESSAGES.xAppBudget(6, 24 * 3_600_000))]);

    // What reached X: exactly the allowance.
    const onX = [alice, bob, carol].reduce((n, u) => n + world.repliesOnX(u.handle).length, 0);
    expect(onX).toBe(6);
  });
});

describe("a connected account's limit (2 posts every 15 minutes here)", () => {
  let world: DispatchWorld;
  beforeAll(async () => {
    world = await startDispatchWorld({ RIPOSTE_X_ACCOUNT_POST_LIMIT: '2/15m' });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('skips the third reply, which the window would hold to 15 minutes after its time, and sends nothing late', async () => {
    const dana = await world.userWithX();
    await dueReplies(world, dana, 3);
    const replies = await settledReplies(world, dana, 3);
    expect(byStatus(replies, 'sent')).toHaveLength(2);
    const [held] = byStatus(replies, 'skipped');
    expect(held?.statusMessage).toBe(heldPast(REPLY_MESSAGES.xAccountBudget(2, 15 * 60_000)));
    expect(world.repliesOnX(dana.handle)).toHaveLength(2);

    // Fifteen minutes on (the server's clock), the slot is free: it stays skipped, nothing more goes.
    world.moveClockTo(world.serverNow() + 15 * 60_000);
    await new Promise((r) => setTimeout(r, 500));
    expect((await world.repliesOf(dana.client)).items.find((r) => r.id === held?.id)?.status).toBe('skipped');
    expect(world.repliesOnX(dana.handle)).toHaveLength(2);
  });});
