/**
 * Settings over real HTTP against a real server (with the X emulator as X, for dispatch):
 * preferences stored as events and read back, validation with status, message and field (nothing
 * written), CSRF, the per-user hourly limit enforced by dispatch, and the export holding only the
 * caller's own data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDispatchWorld, type DispatchWorld } from './dispatch.support';
import { eventually } from './schedules.support';
import { errorOf, type TestServer } from './support';

let world: DispatchWorld;
let server: TestServer;

beforeAll(async () => {
  world = await startDispatchWorld();
  server = world.server;
});
afterAll(async () => {
  await world?.close();
});

type Settings = {
  preferences: { emailOnFailedReply: boolean; weeklySummary: boolean; hourlyCap: number | null; defaultStyle: string | null };
  subscribedToUpdates: boolean;
  installationHourlyCap: number;
  hasPassword: boolean;
};

describe('GET and PUT /api/settings', () => {
  it('starts from the defaults and keeps what the user changes', async () => {
    const { client } = await server.newUser();
    const before = (await client.get('/api/settings')).body as Settings;
    expect(before).toMatchObject({
      preferences: { emailOnFailedReply: true, weeklySummary: true, hourlyCap: null, defaultStyle: null },
      subscribedToUpdates: false,
      installationHourlyCap: 50,
      hasPassword: true,
    });
    const put = await client.put('/api/settings/preferences', { hourlyCap: 7, weeklySummary: false, subscribedToUpdates: true, defaultStyle: 'hot_take' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const after = (await client.get('/api/settings')).body as Settings;
    expect(after).toMatchObject({ preferences: { hourlyCap: 7, weeklySummary: false, emailOnFailedReply: true, defaultStyle: 'hot_take' }, subscribedToUpdates: true });
    const status = (await client.get('/api/auth/status')).body as { user: { subscribedToUpdates: boolean; preferences: Settings['preferences'] } };
    expect(status.user).toMatchObject({ subscribedToUpdates: true, preferences: { hourlyCap: 7 } });
  });

  it('refuses a limit outside 1-50, a non-boolean and an unknown style, on their fields, and changes nothing', async () => {
    const { client } = await server.newUser();
    const cases: [unknown, string][] = [
      [{ hourlyCap: 51 }, 'hourlyCap'],
      [{ hourlyCap: 0 }, 'hourlyCap'],
      [{ hourlyCap: 2.5 }, 'hourlyCap'],
      [{ hourlyCap: '10' }, 'hourlyCap'],
      [{ weeklySummary: 'yes' }, 'weeklySummary'],
      [{ defaultStyle: 'shouting' }, 'defaultStyle'],
    ];
    for (const [body, field] of cases) {
      const res = await client.put('/api/settings/preferences', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res)).toMatchObject({ field });
      expect(errorOf(res).message).toMatch(/\S/);
    }
    expect(errorOf(await client.put('/api/settings/preferences', { hourlyCap: 51 })).message).toBe('Replies per hour must be a whole number from 1 to 50');
    expect(((await client.get('/api/settings')).body as Settings).preferences).toEqual({ emailOnFailedReply: true, weeklySummary: true, hourlyCap: null, defaultStyle: null });
  });

  it('refuses visitors (401) and a change without the CSRF header (403)', async () => {
    expect((await server.client().get('/api/settings')).status).toBe(401);
    expect((await server.client().put('/api/settings/preferences', { hourlyCap: 3 })).status).toBe(401);
    const { client } = await server.newUser();
    const forged = await client.put('/api/settings/preferences', { hourlyCap: 3 }, { csrf: false });
    expect(forged.status).toBe(403);
    expect(((await client.get('/api/settings')).body as Settings).preferences.hourlyCap).toBeNull();
  });
});

describe('the replies per hour limit', () => {
  // The next slot is an hour away, past the 15 minutes a reply may go out late: the second reply
  // is not held to go out an hour late, it ends skipped with the limit named.
  it('is the user’s own: with 1 an hour, the second due reply is not posted late, and says why', async () => {
    const alice = await world.userWithX();
    expect((await alice.client.put('/api/settings/preferences', { hourlyCap: 1 })).status).toBe(200);
    const targets = [await world.newTarget(), await world.newTarget()];
    for (const t of targets) world.emulator.control.post(t.username, `Thoughts, @${alice.handle}?`);
    const first = await world.scheduleDueNow(alice.client, targets[0]!.id, alice.connectedAccountId);
    world.moveClockTo(first.at);
    await world.replyOfSchedule(alice.client, first.scheduleId, (r) => r.status === 'sent');
    const second = await world.scheduleDueNow(alice.client, targets[1]!.id, alice.connectedAccountId);
    world.moveClockTo(second.at);
    const held = await world.replyOfSchedule(alice.client, second.scheduleId, (r) => r.status !== 'pending' && r.status !== 'scheduled');
    expect(held.status).toBe('skipped');
    expect(held.statusMessage).toBe('Not posted: a posting limit held it past the 15 minutes a reply may go out late (At most 1 replies an hour)');
    expect(world.repliesOnX(alice.handle)).toHaveLength(1);
  });
});

describe('GET /api/settings/export', () => {
  it('downloads the caller’s account and records as JSON, and nothing of another user', async () => {
    const alice = await server.newUser();
    const bob = await server.newUser();
    expect((await alice.client.post('/api/templates', { name: 'Alice template', content: 'alice-only text' })).status).toBe(201);
    expect((await bob.client.post('/api/templates', { name: 'Bob template', content: 'bob-only text' })).status).toBe(201);
    const res = await alice.client.get('/api/settings/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="riposte-export-\d{4}-\d{2}-\d{2}\.json"$/);
    const body = JSON.parse(res.text) as { account: { id: string; username: string }; templates: { name: string }[]; replies: unknown[]; schedules: unknown[] };
    expect(body.account).toMatchObject({ id: alice.user.id, username: alice.user.username });
    expect(body.templates.map((t) => t.name)).toEqual(['Alice template']);
    expect(res.text).not.toContain('bob-only text');
    expect(res.text).not.toContain(bob.user.id);
    expect(res.text).not.toMatch(/passwordHash|\$argon2/);
  });
});

describe('POST /api/settings/delete-account', () => {
  it('refuses without DELETE typed or with a wrong password, on the field, and changes nothing', async () => {
    const { client, user } = await server.newUser();
    const noConfirm = await client.post('/api/settings/delete-account', { currentPassword: 'secret-pw-1', confirm: 'delete' });
    expect(noConfirm.status).toBe(400);
    expect(errorOf(noConfirm)).toMatchObject({ field: 'confirm', message: 'Type DELETE to confirm' });
    const wrong = await client.post('/api/settings/delete-account', { currentPassword: 'nope-nope', confirm: 'DELETE' });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong)).toMatchObject({ field: 'currentPassword', message: 'Current password is incorrect' });
    const missing = await client.post('/api/settings/delete-account', { confirm: 'DELETE' });
    expect(errorOf(missing)).toMatchObject({ field: 'currentPassword' });
    const forged = await client.post('/api/settings/delete-account', { currentPassword: 'secret-pw-1', confirm: 'DELETE' }, { csrf: false });
    expect(forged.status).toBe(403);
    expect(((await client.get('/api/auth/status')).body as { user: { id: string } }).user.id).toBe(user.id);
  });

  it('stops the schedules, revokes the X tokens at X, removes the person from every API and the events, and leaves another user untouched', async () => {
    const alice = await world.userWithX();
    const bob = await world.userWithX();
    const target = await world.newTarget();
    world.emulator.control.post(target.username, `Hey @${alice.handle} and @${bob.handle}`);
    const aliceEmail = `${alice.user.username}@example.com`;
    const aliceSchedule = await world.scheduleDueNow(alice.client, target.id, alice.connectedAccountId, 'alice-secret-reply-text');
    const bobSchedule = await world.scheduleDueNow(bob.client, target.id, bob.connectedAccountId, 'bob reply text');
    const bobBefore = JSON.parse((await bob.client.get('/api/settings/export')).text) as { templates: unknown[]; schedules: unknown[] };

    const res = await alice.client.post('/api/settings/delete-account', { currentPassword: 'secret-pw-1', confirm: 'DELETE' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    // Signed out, and nobody can sign in as her.
    expect((await alice.client.get('/api/auth/status')).status).toBe(401);
    expect((await server.client().post('/api/auth/login', { username: alice.user.username, password: 'secret-pw-1' })).status).toBe(401);
    // Gone from the admin's list; her tokens no longer work at X.
    const admin = await server.admin();
    const users = (await admin.get('/api/admin/users')).body as { users: { id: string }[] };
    expect(users.users.some((u) => u.id === alice.user.id)).toBe(false);
    expect(world.emulator.control.revokeTokens(alice.handle)).toBe(0);

    // Her schedule never dispatches; bob's does.
    world.moveClockTo(Math.max(aliceSchedule.at, bobSchedule.at));
    await world.replyOfSchedule(bob.client, bobSchedule.scheduleId, (r) => r.status === 'sent');
    expect(world.repliesOnX(alice.handle)).toHaveLength(0);

    // Bob's data is as it was.
    const bobAfter = JSON.parse((await bob.client.get('/api/settings/export')).text) as { templates: unknown[]; schedules: unknown[] };
    expect(bobAfter.templates).toEqual(bobBefore.templates);
    expect(bobAfter.schedules.length).toBe(bobBefore.schedules.length);

    // Nothing in the events names her any more.
    const { default: Database } = await import('better-sqlite3');
    const events = new Database(`${server.dataDir}/events.db`, { readonly: true });
    try {
      const mentions = events
        .prepare("SELECT count(*) FROM events WHERE data LIKE '%' || ? || '%' OR data LIKE '%' || ? || '%' OR stream LIKE '%' || ? || '%' OR data LIKE '%alice-secret-reply-text%'")
        .pluck()
        .get(aliceEmail, alice.user.username.toLowerCase(), alice.user.username.toLowerCase());
      expect(mentions).toBe(0);
      expect(events.prepare("SELECT count(*) FROM events WHERE data LIKE '%bob reply text%'").pluck().get()).not.toBe(0);
    } finally {
      events.close();
    }

    // Her username and e-mail are free again.
    const again = await server.client().post('/api/auth/register', {
      email: aliceEmail,
      username: alice.user.username,
      password: 'another-pw-1',
      confirmPassword: 'another-pw-1',
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect((again.body as { user: { id: string } }).user.id).not.toBe(alice.user.id);
  });
});

describe('the failed-reply e-mail', () => {
  type Mail = { to: string; kind: string; subject: string; text: string };
  const mailbox = async () => ((await (await server.admin()).get('/api/admin/mailbox')).body as { messages: Mail[] }).messages;

  it('is sent once for a reply that ends failed when the user opted in, and never to a user who opted out', async () => {
    const dave = await world.userWithX();
    const erin = await world.userWithX();
    expect((await erin.client.put('/api/settings/preferences', { emailOnFailedReply: false })).status).toBe(200);
    const target = await world.newTarget();
    world.emulator.control.post(target.username, `Hey @${dave.handle} @${erin.handle}`);
    const d = await world.scheduleDueNow(dave.client, target.id, dave.connectedAccountId, 'dave reply that fails');
    const e = await world.scheduleDueNow(erin.client, target.id, erin.connectedAccountId, 'erin reply that fails');
    // X refuses both (a trial that is used up holds replies rather than failing them).
    world.emulator.control.inject(
      { kind: 'status', status: 403, body: { title: 'Forbidden', detail: 'You are not allowed to create a Tweet with duplicate content.', type: 'about:blank', status: 403 } },
      { path: '/2/tweets', method: 'POST', times: 2 },
    );
    world.moveClockTo(Math.max(d.at, e.at));
    const failed = (r: { status: string }) => !['pending', 'sending', 'sent', 'ready', 'rate_limited'].includes(r.status);
    await world.replyOfSchedule(dave.client, d.scheduleId, failed);
    await world.replyOfSchedule(erin.client, e.scheduleId, failed);
    const daveEmail = `${dave.user.username}@example.com`;
    const mails = await eventually(mailbox, (all) => all.some((m) => m.to === daveEmail && m.kind === 'failed_reply'), 'the failed-reply e-mail', 25_000);
    const daves = mails.filter((m) => m.to === daveEmail && m.kind === 'failed_reply');
    expect(daves).toHaveLength(1);
    expect(daves[0]?.subject).toBe(`A reply to @${target.username} failed`);
    expect(daves[0]?.text).toContain('dave reply that fails');
    // More ticks pass: still one, and none for erin.
    world.moveClockTo(world.serverNow() + 60_000);
    await new Promise((r) => setTimeout(r, 1_000));
    const later = await mailbox();
    expect(later.filter((m) => m.to === daveEmail && m.kind === 'failed_reply')).toHaveLength(1);
    expect(later.some((m) => m.to === `${erin.user.username}@example.com`)).toBe(false);
  });
});

describe('the weekly summary', () => {
  type Mail = { to: string; kind: string; subject: string; text: string };
  const mailbox = async () => ((await (await server.admin()).get('/api/admin/mailbox')).body as { messages: Mail[] }).messages;

  it('goes once per ISO week to a user who wants it, once a full week has passed, and never to one who opted out', async () => {
    const fay = await server.newUser();
    const gus = await server.newUser();
    expect((await gus.client.put('/api/settings/preferences', { weeklySummary: false })).status).toBe(200);
    const fayEmail = `${fay.user.username}@example.com`;
    expect((await mailbox()).some((m) => m.to === fayEmail && m.kind === 'weekly_summary')).toBe(false);
    world.moveClockTo(world.serverNow() + 8 * 86_400_000);
    const mails = await eventually(mailbox, (all) => all.some((m) => m.to === fayEmail && m.kind === 'weekly_summary'), 'the weekly summary', 10_000);
    const fays = mails.filter((m) => m.to === fayEmail && m.kind === 'weekly_summary');
    expect(fays).toHaveLength(1);
    expect(fays[0]?.subject).toMatch(/^Your Riposte week \d{4}-W\d{2}$/);
    expect(fays[0]?.text).toContain('- sent: 0');
    world.moveClockTo(world.serverNow() + 120_000);
    await eventually(mailbox, (all) => all.length >= mails.length, 'the mailbox read again');
    const later = await mailbox();
    expect(later.filter((m) => m.to === fayEmail && m.kind === 'weekly_summary')).toHaveLength(1);
    expect(later.some((m) => m.to === `${gus.user.username}@example.com` && m.kind === 'weekly_summary')).toBe(false);
  });
});
