/**
 * X's real answers of 2026 met by the dispatcher, over real HTTP against the X emulator: the summon
 * rule's refusal in X's words since 2026-02-23 (and the older ones) hands the reply to the ready
 * queue; 402 CreditsDepleted and 403 client-not-enrolled, X refusing the app itself, pause sending
 * for the installation (replies wait, nothing more is asked of X), tell the admins (the banner's
 * route and an e-mail) and end when the probe finds X answering again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { X_SENDING_PROBE_EVERY_MS, type XSendingView } from '@core/x-sending';
import { startDispatchWorld, type DispatchWorld } from './dispatch.support';
import { eventually } from './schedules.support';
import type { Client } from './support';

let world: DispatchWorld;
let admin: Client;
const ADMIN_EMAIL = 'ops-admin@example.com';

beforeAll(async () => {
  // Direct delivery: every reply is POSTed, so X's own refusal is what the dispatcher meets.
  world = await startDispatchWorld({ RIPOSTE_X_DELIVERY: 'direct' });
  admin = world.admin;
  // Setting an e-mail is a way in: it takes the current password (the test server's admin changed it to 'admin-new-pw').
  expect((await admin.post('/api/user/email', { email: ADMIN_EMAIL, subscribedToUpdates: false, currentPassword: 'admin-new-pw' })).status).toBe(200);
});
afterAll(async () => {
  await world?.close();
});

const sendingNow = async () => {
  const res = await admin.get('/api/admin/x-sending');
  expect(res.status).toBe(200);
  return res.body as XSendingView;
};
const postsToX = () => world.emulator.control.requests.filter((r) => r.method === 'POST' && r.path === '/2/tweets').length;
type Mail = { to: string; kind: string; subject: string; text: string };
const mailbox = async () => ((await admin.get('/api/admin/mailbox')).body as { messages: Mail[] }).messages;

describe('the summon rule refusing a direct reply', () => {
  it("hands it to the ready queue in X's words since 2026-02-23 and in the older ones, and nothing is on X", async () => {
    for (const wording of ['2026', 'legacy'] as const) {
      world.emulator.control.standing({ summonWording: wording });
      try {
        const alice = await world.userWithX();
        const target = await world.newTarget();
        world.emulator.control.post(target.username, `No mention of anyone here (${wording})`);
        const { scheduleId, at } = await world.scheduleDueNow(alice.client, target.id, alice.connectedAccountId);
        const posts = postsToX();
        world.moveClockTo(at);
        const reply = await world.replyOfSchedule(alice.client, scheduleId, (r) => r.status !== 'pending' && r.status !== 'sending');
        // POSTed (direct delivery), refused by X, handed to the user.
        expect(postsToX(), wording).toBe(posts + 1);
        expect(reply, wording).toMatchObject({ status: 'ready' });
        expect(reply.intentUrl).toContain('/intent/post');
        expect(world.repliesOnX(alice.handle)).toEqual([]);
      } finally {
        world.emulator.control.standing({ summonWording: '2026' });
      }
    }
  });
});

describe('X refusing the app itself', () => {
  it('402 CreditsDepleted on a POST: the reply waits, sending pauses for everyone, the admins are told, and it all goes out once credits return', async () => {
    const bob = await world.userWithX();
    const carol = await world.userWithX();
    const target = await world.newTarget();
    world.emulator.control.post(target.username, `What do you say, @${bob.handle} and @${carol.handle}?`);
    // The first POST meets X's answer; from then on X refuses every call of the app, as it does.
    world.emulator.control.inject(
      {
        kind: 'status',
        status: 402,
        body: { account_id: 1, title: 'CreditsDepleted', detail: 'Your enrolled account [1] does not have any credits to fulfill this request.', type: 'https://api.twitter.com/2/problems/credits' },
      },
      { method: 'POST', path: '/2/tweets' },
    );
    const first = await world.scheduleDueNow(bob.client, target.id, bob.connectedAccountId);
    world.moveClockTo(first.at);
    const held = await world.replyOfSchedule(bob.client, first.scheduleId, (r) => r.status !== 'pending' && r.status !== 'sending');
    world.emulator.control.standing({ creditsDepleted: true });
    expect(held).toMatchObject({ status: 'rate_limited' });
    expect(held.statusMessage).toMatch(/credits are used up/);

    const paused = await eventually(sendingNow, (v) => v.state === 'paused', 'sending paused');
    expect(paused).toMatchObject({ state: 'paused', reason: 'credits_depleted', detail: expect.stringMatching(/does not have any credits/) });
    const mails = await eventually(mailbox, (all) => all.some((m) => m.to === ADMIN_EMAIL && m.kind === 'x_sending_paused'), 'the admin e-mail', 15_000);
    expect(mails.filter((m) => m.kind === 'x_sending_paused' && m.to === ADMIN_EMAIL)).toHaveLength(1);
    expect(mails.find((m) => m.kind === 'x_sending_paused')?.text).toMatch(/X said: Your enrolled account \[1\] does not have any credits/);
    // A user's view says nothing of it: the route is the admins'.
    expect((await bob.client.get('/api/admin/x-sending')).status).toBe(403);

    // Paused: carol's run, due now, does not start, and nothing more is asked of X.
    const postsWhilePaused = postsToX();
    const readsBefore = world.emulator.control.requests.length;
    const second = await world.scheduleDueNow(carol.client, target.id, carol.connectedAccountId);
    world.moveClockTo(second.at);
    await new Promise((r) => setTimeout(r, 800));
    expect(postsToX()).toBe(postsWhilePaused);
    expect(world.emulator.control.requests.slice(readsBefore).filter((r) => r.path.startsWith('/2/'))).toEqual([]);
    expect((await world.repliesOf(carol.client)).items.filter((r) => r.scheduledId === second.scheduleId)).toEqual([]);

    // Credits are back: the probe (every few minutes) finds X answering; both replies go out.
    world.emulator.control.standing({ creditsDepleted: false });
    world.moveClockTo(Date.parse(paused.state === 'paused' ? paused.since : '') + X_SENDING_PROBE_EVERY_MS + 1_000);
    expect(await eventually(sendingNow, (v) => v.state === 'on', 'sending resumed')).toMatchObject({ state: 'on', resumedAt: expect.any(String) });
    expect((await world.replyOfSchedule(bob.client, first.scheduleId, (r) => r.status === 'sent')).status).toBe('sent');
    expect((await world.replyOfSchedule(carol.client, second.scheduleId, (r) => r.status === 'sent')).status).toBe('sent');
    expect(world.repliesOnX(bob.handle)).toHaveLength(1);
    expect(world.repliesOnX(carol.handle)).toHaveLength(1);
  });

  it('403 client-not-enrolled on the reads of a run: sending pauses before anything is prepared, and the run goes out once X answers', async () => {
    const dan = await world.userWithX();
    const target = await world.newTarget();
    world.emulator.control.post(target.username, `Thoughts, @${dan.handle}?`);
    const { scheduleId, at } = await world.scheduleDueNow(dan.client, target.id, dan.connectedAccountId);
    world.emulator.control.standing({ notEnrolled: true });
    try {
      world.moveClockTo(at);
      const paused = await eventually(sendingNow, (v) => v.state === 'paused', 'sending paused');
      expect(paused).toMatchObject({ state: 'paused', reason: 'client_not_enrolled', detail: expect.stringMatching(/attached to a Project/) });
      expect((await world.repliesOf(dan.client)).items.filter((r) => r.scheduledId === scheduleId)).toEqual([]);
      // Still refused at the first probe: still paused.
      world.moveClockTo(Date.parse(paused.state === 'paused' ? paused.since : '') + X_SENDING_PROBE_EVERY_MS + 1_000);
      await eventually(
        async () => world.emulator.control.requests.filter((r) => r.path === '/2/users/by/username/X').length,
        (n) => n >= 1,
        'the probe',
      );
      expect((await sendingNow()).state).toBe('paused');
    } finally {
      world.emulator.control.standing({ notEnrolled: false });
    }
    world.moveClockTo(world.serverNow() + X_SENDING_PROBE_EVERY_MS + 1_000);
    await eventually(sendingNow, (v) => v.state === 'on', 'sending resumed');
    expect((await world.replyOfSchedule(dan.client, scheduleId, (r) => r.status === 'sent')).status).toBe('sent');
    expect(world.repliesOnX(dan.handle)).toHaveLength(1);
  });
});
