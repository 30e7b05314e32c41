/**
 * Dispatch when X misbehaves, and the admin's Scheduler Test, over real HTTP against the X emulator
 * with its fault injection (dispatch.support.ts): a 429 waits for X's reset and then goes out once;
 * a connection dropped after X stored the post ends unconfirmed and reconciliation finds the post
 * (never a second POST); a not-summoned refusal on a direct send hands the reply to the user; the
 * same text is never posted from two accounts (skipped before X is asked); the Scheduler Test calls
 * are the admin's only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDispatchWorld, type DispatchWorld, type ReplyView } from './dispatch.support';
import { errorOf } from './support';
import { connectXByPin } from './x.support';

let w: DispatchWorld;

// Direct delivery whatever the post: the summon rule then decides at X (a 403 falls back to assisted).
beforeAll(async () => {
  w = await startDispatchWorld({ RIPOSTE_X_DELIVERY: 'direct' });
});
afterAll(async () => {
  await w?.close();
});

const POSTS = /^\/2\/tweets$/;
const postsAsked = () => w.emulator.control.requests.filter((r) => r.method === 'POST' && POSTS.test(r.path)).length;

describe('faults at X', () => {
  it('waits for the reset after a 429 and then posts once', async () => {
    const a = await w.userWithX();
    const target = await w.newTarget();
    w.emulator.control.post(target.username, `Tell me, @${a.handle}`);
    const resetInSeconds = 2;
    const reset = Math.ceil(Date.now() / 1000) + resetInSeconds;
    w.emulator.control.inject(
      { kind: 'status', status: 429, headers: { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(reset), 'retry-after': String(resetInSeconds) } },
      { method: 'POST', path: POSTS, times: 1 },
    );
    const { scheduleId, at } = await w.scheduleDueNow(a.client, target.id, a.connectedAccountId);
    const asked = postsAsked();
    w.moveClockTo(at);
    const limited = await w.replyOfSchedule(a.client, scheduleId, (r) => r.status === 'rate_limited' || r.status === 'sent');
    expect(w.repliesOnX(a.handle).length).toBeLessThanOrEqual(1);
    // The server's clock runs ahead of X's; the retry comes once the server's clock passes the reset.
    w.moveClockTo(reset * 1000 + 1_000);
    const sent = await w.replyOfSchedule(a.client, scheduleId, (r) => r.status === 'sent');
    expect(limited.id).toBe(sent.id);
    expect(w.repliesOnX(a.handle)).toHaveLength(1);
    expect(w.repliesOnX(a.handle)[0]?.id).toBe(sent.replyPostId);
    // Two POSTs: the one X refused with 429, and the one after the reset.
    expect(postsAsked() - asked).toBe(2);
  });

  it('settles a send whose connection dropped after X stored the post as sent, without posting again', async () => {
    const b = await w.userWithX();
    const target = await w.newTarget();
    const post = w.emulator.control.post(target.username, `Question for @${b.handle}`);
    w.emulator.control.inject({ kind: 'drop', afterStore: true }, { method: 'POST', path: POSTS, times: 1 });
    const { scheduleId, at } = await w.scheduleDueNow(b.client, target.id, b.connectedAccountId);
    const asked = postsAsked();
    w.moveClockTo(at);
    const sent = await w.replyOfSchedule(b.client, scheduleId, (r) => r.status === 'sent');
    // One POST only: the unknown outcome was reconciled by reading the account's posts.
    expect(postsAsked() - asked).toBe(1);
    const onX = w.repliesOnX(b.handle);
    expect(onX).toHaveLength(1);
    expect(onX[0]).toMatchObject({ id: sent.replyPostId, replyToId: post.id });
  });

  it('hands a direct send that X refuses as not summoned to the user, with the reason', async () => {
    const c = await w.userWithX();
    const target = await w.newTarget();
    w.emulator.control.post(target.username, 'Nobody is mentioned here');
    const { scheduleId, at } = await w.scheduleDueNow(c.client, target.id, c.connectedAccountId);
    w.moveClockTo(at);
    const ready = await w.replyOfSchedule(c.client, scheduleId, (r) => r.status !== 'pending' && r.status !== 'sending');
    expect(ready.status).toBe('ready');
    expect(ready.intentUrl).toContain('/intent/post?in_reply_to=');
    expect(ready.reason).toMatch(/mention|summon/i);
    expect(w.repliesOnX(c.handle)).toHaveLength(0);
  });

  it('never posts the same text from two connected accounts: the second run is skipped with the reason, and X is not asked', async () => {
    const d = await w.userWithX();
    const e = await w.userWithX();
    const target = await w.newTarget();
    w.emulator.control.post(target.username, `Both of you, @${d.handle} @${e.handle}?`);
    const text = `Same words ${Date.now()}`;
    const first = await w.scheduleDueNow(d.client, target.id, d.connectedAccountId, text);
    w.moveClockTo(first.at);
    await w.replyOfSchedule(d.client, first.scheduleId, (r) => r.status === 'sent');
    const second = await w.scheduleDueNow(e.client, target.id, e.connectedAccountId, text);
    const asked = postsAsked();
    w.moveClockTo(second.at);
    const skipped = await w.replyOfSchedule(e.client, second.scheduleId, (r) => r.status === 'skipped');
    expect(skipped.reason).toMatch(/^The same text was posted from another X account in the last 24 hours/);
    expect(w.repliesOnX(e.handle)).toHaveLength(0);
    expect(postsAsked()).toBe(asked);
  });
});

describe('Scheduler Test (admin)', () => {
  it('refuses users, runs a test schedule now, sends a direct reply once, and lists recent replies', async () => {
    const user = await w.server.newUser();
    for (const [method, path] of [
      ['GET', '/api/admin/recent-replies'],
      ['POST', '/api/admin/create-test-schedule'],
      ['POST', '/api/admin/execute-direct-reply'],
    ] as const) {
      expect((await user.client.request(method, path, method === 'GET' ? undefined : {})).status).toBe(403);
    }

    // The admin connects an X account of their own, as any user would.
    const target = await w.newTarget();
    const adminX = `adm_${Date.now().toString(36).slice(-8)}`;
    await connectXByPin(w.admin, adminX);
    const post = w.emulator.control.post(target.username, `Hi @${adminX}`);

    const bad = await w.admin.post('/api/admin/create-test-schedule', { accountId: target.id, content: '' });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).field).toBe('content');

    const created = await w.admin.post('/api/admin/create-test-schedule-v2', { accountId: target.id, isOnetime: true, isActive: true, useAi: false, viralStyle: null, content: 'Test schedule reply' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ version: 2 });
    const scheduleId = (created.body as { id: string }).id;
    const ran = await w.admin.post(`/api/admin/run-test-schedule/${scheduleId}`);
    // The embedded scheduler may have taken the due run first: then it is already handled.
    if (ran.status === 200) expect(ran.body).toMatchObject({ scheduledId: scheduleId, postId: post.id });
    else expect(ran.status).toBe(409);
    await w.replyOfSchedule(w.admin, scheduleId, (r) => r.status === 'sent');
    expect(w.repliesOnX(adminX)).toHaveLength(1);

    // A direct reply to another post of the target, through the same path.
    const other = w.emulator.control.post(target.username, `Again, @${adminX}`);
    const direct = await w.admin.post('/api/admin/execute-direct-reply', { accountId: target.id, connectedAccountId: (await connectedOf(adminX)), postId: other.id, content: 'A direct test reply', useAi: false });
    expect(direct.status, JSON.stringify(direct.body)).toBe(200);
    expect(direct.body).toMatchObject({ status: 'sent', postId: other.id, scheduledId: null, needsTokenRefresh: false });
    expect(w.repliesOnX(adminX)).toHaveLength(2);
    const badPost = await w.admin.post('/api/admin/execute-direct-reply', { accountId: target.id, connectedAccountId: await connectedOf(adminX), postId: 'abc', content: 'x' });
    expect(errorOf(badPost).field).toBe('postId');

    // X refuses the account's tokens: the reply fails with the Auth Failed badge and the answer
    // asks the page to refresh the token.
    w.emulator.control.revokeTokens(adminX);
    const third = w.emulator.control.post(target.username, `Once more, @${adminX}`);
    const refused = await w.admin.post('/api/admin/execute-direct-reply', { accountId: target.id, connectedAccountId: await connectedOf(adminX), postId: third.id, content: 'After the revoke', useAi: false });
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    expect(refused.body).toMatchObject({ status: 'failed', needsTokenRefresh: true, badge: { authFailed: true } });
    expect(w.repliesOnX(adminX)).toHaveLength(2);

    const recent = await w.admin.get('/api/admin/recent-replies?limit=5');
    expect(recent.status).toBe(200);
    const ids = (recent.body as { id: string }[]).map((r) => r.id);
    expect(ids).toContain((direct.body as ReplyView).id);
    expect((await w.admin.get('/api/admin/recent-replies?limit=0')).status).toBe(400);
  });
});

const connectedOf = async (handle: string): Promise<string> => {
  const accounts = (await w.admin.get('/api/x/accounts')).body as { accounts: { id: string; username: string }[] };
  const found = accounts.accounts.find((a) => a.username === handle);
  if (found === undefined) throw new Error(`no connected account ${handle}`);
  return found.id;
};
