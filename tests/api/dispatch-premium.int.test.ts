/**
 * The length of a reply follows the posting account's X subscription, read from X when the account
 * was connected: an X Premium account's long text goes out whole (up to 25,000 characters), a free
 * account's is cut to 280 weighted characters. Real server, embedded scheduler, X emulator as X.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weightedLength } from '@core/text/weighted';
import { startDispatchWorld, type DispatchWorld } from './dispatch.support';

let world: DispatchWorld;

beforeAll(async () => {
  world = await startDispatchWorld();
});
afterAll(async () => {
  await world?.close();
});

/** About 900 characters of whole sentences, unique per call (X refuses duplicate posts). */
const longText = () => {
  const tag = randomUUID().slice(0, 8);
  return Array.from({ length: 30 }, (_, i) => `Point ${i + 1} of ${tag} stands.`).join(' ');
};

const accountOf = async (client: Parameters<DispatchWorld['repliesOf']>[0], id: string) => {
  const res = await client.get('/api/x/accounts');
  expect(res.status).toBe(200);
  return (res.body as { accounts: { id: string; xPremium: boolean; xSubscription: string | null }[] }).accounts.find((a) => a.id === id);
};

describe('a due reply longer than 280 characters', () => {
  it('goes out whole from an X Premium account', async () => {
    const alice = await world.userWithX({ premium: true });
    expect(await accountOf(alice.client, alice.connectedAccountId)).toMatchObject({ xPremium: true, xSubscription: 'Premium' });
    const target = await world.newTarget();
    const post = world.emulator.control.post(target.username, `Your view, @${alice.handle}?`);
    const text = longText();
    expect(weightedLength(text)).toBeGreaterThan(800);
    const { scheduleId, at } = await world.scheduleDueNow(alice.client, target.id, alice.connectedAccountId, text);
    world.moveClockTo(at);

    const reply = await world.replyOfSchedule(alice.client, scheduleId, (r) => r.status === 'sent');
    expect(reply).toMatchObject({ postId: post.id, content: text, mode: 'direct' });
    expect(world.repliesOnX(alice.handle)).toEqual([expect.objectContaining({ id: reply.replyPostId, replyToId: post.id, text })]);
  });

  it('is cut to 280 from an account without X Premium', async () => {
    const bob = await world.userWithX();
    expect(await accountOf(bob.client, bob.connectedAccountId)).toMatchObject({ xPremium: false, xSubscription: 'None' });
    const target = await world.newTarget();
    const post = world.emulator.control.post(target.username, `Your view, @${bob.handle}?`);
    const text = longText();
    const { scheduleId, at } = await world.scheduleDueNow(bob.client, target.id, bob.connectedAccountId, text);
    world.moveClockTo(at);

    const reply = await world.replyOfSchedule(bob.client, scheduleId, (r) => r.status === 'sent');
    expect(reply.postId).toBe(post.id);
    expect(weightedLength(reply.content)).toBeLessThanOrEqual(280);
    expect(weightedLength(reply.content)).toBeGreaterThan(200);
    // Cut at a sentence end, from the start of the text.
    expect(text.startsWith(reply.content)).toBe(true);
    expect(world.repliesOnX(bob.handle)).toEqual([expect.objectContaining({ id: reply.replyPostId, text: reply.content })]);
  });
});
