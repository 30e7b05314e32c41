/**
 * Who may schedule (core/scheduling/access.ts), over real HTTP: a trial user schedules
 * one reply at a time but not in bulk; Premium, admins and legacy users may bulk schedule. The
 * trial ends after 7 days or after its 25th reply, whichever comes first: from then on every create
 * (classic, template, V2, the image upload, bulk entry and batch) is refused 402 with the trial
 * message, nothing is written, and the user still reads their schedules. Premium lifts it again.
 *
 * The user facts change through real events (the users decider's ExpireTrial, ConsumeReply and
 * ActivatePremium appended to the server's store, schedules.support.ts), as the scheduler, the
 * reply sender and billing would append them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULING_ACCESS_MESSAGES as A } from '@core/scheduling/access';
import { errorOf, startTestServer, type Client, type TestServer } from './support';
import { activatePremium, connectXAccount, consumeTrialReplies, dateIn, expireTrial, multipart, PNG_1X1, visibleTargets } from './schedules.support';

let server: TestServer;
let target: string;


beforeAll(async () => {
  server = await startTestServer();
  target = (await visibleTargets((await server.newUser()).client))[0]!.id;
}, 30_000);
afterAll(async () => {
  await server?.close();
});

/** The payload of every create call, for the X account `x`. */
const creates = (x: string): [path: string, body: unknown][] => {
  const entry = { accountId: target, connectedAccountId: x, scheduledDate: dateIn(2), scheduledTime: 'lunch', customReplyText: 'Hi' };
  return [
    ['/api/schedules', { accountId: target, connectedAccountId: x, peakWindowType: 'evening_peak', conditions: { content: 'Classic', targetAccount: null, imageIncluded: false } }],
    ['/api/v2/schedule', { accountId: target, connectedAccountId: x, peakWindowType: 'morning_peak', content: 'V2' }],
    ['/api/bulk-replies', entry],
    ['/api/bulk-replies/batch', { entries: [entry, { ...entry, scheduledTime: 'afternoon' }] }],
  ];
};

const uploadPng = (client: Client) => {
  const body = multipart('image', 'dot.png', 'image/png', PNG_1X1);
  return client.request('POST', '/api/v2/upload-image', undefined, { raw: body.body, headers: { 'Content-Type': body.contentType } });
};

/** Every create and the upload answer 402 with the trial message; the lists still answer, unchanged. */
const expectTrialOver = async (client: Client, x: string) => {
  const before = await client.get('/api/schedules');
  for (const [path, payload] of creates(x)) {
    const res = await client.post(path, payload);
    expect(res.status, path).toBe(402);
    expect(errorOf(res), path).toMatchObject({ message: A.trialOver, code: 'TRIAL_EXPIRED' });
  }
  const upload = await uploadPng(client);
  expect(upload.status).toBe(402);
  expect(errorOf(upload)).toMatchObject({ message: A.trialOver, code: 'TRIAL_EXPIRED' });

  const list = await client.get('/api/schedules');
  expect(list.status).toBe(200);
  expect(list.body).toEqual(before.body);
  const v2 = await client.get('/api/v2/schedules');
  expect(v2.status).toBe(200);
  const ids = (before.body as { id: string }[]).map((s) => s.id);
  expect((v2.body as { schedules: { id: string }[] }).schedules.map((s) => s.id)).toEqual(ids);
  return ids;
};

/** A fresh trial user with an X account and one classic schedule made while the trial ran. */
const trialUserWithASchedule = async (xName: string) => {
  const { client, user } = await server.newUser();
  const x = await connectXAccount(server, user.id, xName);
  const [path, body] = creates(x)[0]!;
  expect((await client.post(path, body)).status).toBe(201);
  return { client, userId: user.id, x };
};

describe('bulk scheduling', () => {
  it('is refused on the trial (402, nothing written) while single creates work, one bulk entry included', async () => {
    const { client, x } = await trialUserWithASchedule('trial_bulk_x');
    const before = (await client.get('/api/schedules')).body;
    for (const [path, payload] of creates(x).slice(3)) {
      const res = await client.post(path, payload);
      expect(res.status, path).toBe(402);
      expect(errorOf(res), path).toMatchObject({ message: A.bulkNeedsPremium, code: 'BULK_REQUIRES_PREMIUM' });
    }
    expect((await client.get('/api/schedules')).body).toEqual(before);
    const [v2Path, v2Body] = creates(x)[1]!;
    expect((await client.post(v2Path, v2Body)).status).toBe(201);
    // One entry is one schedule (the CLI's `schedules create`): taken, and its real errors shown.
    const [entryPath, entryBody] = creates(x)[2]!;
    expect((await client.post(entryPath, entryBody)).status).toBe(201);
    const bad = await client.post(entryPath, { ...(entryBody as object), scheduledTime: '25:99' });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).field).toBe('scheduledTime');
  });

  it('is open to Premium, legacy users and admins', async () => {
    const premium = await server.newUser();
    await activatePremium(server, premium.user.id);
    const legacy = await server.newUser();
    const admin = await server.admin();
    expect((await admin.put(`/api/admin/users/${legacy.user.id}/role`, { role: 'legacy' })).status).toBe(200);
    const adminId = ((await admin.get('/api/auth/status')).body as { user: { id: string } }).user.id;

    const who: [string, Client, string][] = [
      ['premium', premium.client, premium.user.id],
      ['legacy', legacy.client, legacy.user.id],
      ['admin', admin, adminId],
    ];
    for (const [name, client, userId] of who) {
      const x = await connectXAccount(server, userId, `bulk_${name}_x`);
      for (const [path, payload] of creates(x).slice(2)) {
        const res = await client.post(path, payload);
        expect(res.status, `${name} ${path}: ${JSON.stringify(res.body)}`).toBe(201);
      }
    }
  });
});

describe('the end of the trial', () => {
  it('after 7 days refuses every create and keeps the lists readable', async () => {
    const { client, userId, x } = await trialUserWithASchedule('expiring_x');
    await expireTrial(server, userId);
    expect(await expectTrialOver(client, x)).toHaveLength(1);
  });

  it('does not come with the 25th reply: new schedules are taken (their replies wait), and the days still end it', async () => {
    const { client, userId, x } = await trialUserWithASchedule('replies_used_x');
    expect(await consumeTrialReplies(server, userId, 24)).toEqual(Array(24).fill('TrialReplyUsed'));
    expect((await client.get('/api/user/trial-status')).body).toMatchObject({ trialActive: true, repliesRemaining: 1 });
    // One reply left: still on the trial.
    const [v2Path, v2Body] = creates(x)[1]!;
    expect((await client.post(v2Path, v2Body)).status).toBe(201);

    expect(await consumeTrialReplies(server, userId, 1)).toEqual(['TrialReplyUsed', 'TrialEnded']);
    // All 25 on X inside the 7 days is not an expired trial (ADR 0047): a schedule is taken, its reply waits.
    expect((await client.get('/api/user/trial-status')).body).toMatchObject({ trialState: 'used', headline: "You've used your 25 trial replies" });
    const [classicPath, classicBody] = creates(x)[0]!;
    expect((await client.post(classicPath, classicBody)).status).toBe(201);

    await activatePremium(server, userId);
    for (const [path, payload] of creates(x)) expect((await client.post(path, payload)).status, path).toBe(201);
    expect((await uploadPng(client)).status).toBe(201);
  });
});
