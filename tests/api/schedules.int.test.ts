/**
 * The schedule calls over real HTTP (spec part 2 §7): the template-based and classic creates of
 * POST /api/schedules, the list and V2 list, delete, a schedule's replies, and ownership: someone
 * else's schedule, connected account or template is 404, a target the user cannot see is 404.
 * Validation messages: schedules-validation.int.test.ts; bulk: schedules-bulk; upload: schedules-upload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startTestServer, type Client, type TestServer } from './support';
import { connectXAccount, eventually, hideFromUsers, recordRun, visibleTargets } from './schedules.support';

let server: TestServer;
let alice: Client;
let aliceId: string;
let bob: Client;
let bobId: string;
let target: { id: string; username: string };
let hidden: { id: string; username: string };
let aliceX: string;
let bobX: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ client: alice, user: { id: aliceId } } = await server.newUser());
  ({ client: bob, user: { id: bobId } } = await server.newUser());
  // Alice lives in Paris (the list answers in her zone); Bob keeps the default UTC.
  expect((await alice.put('/api/auth/profile', { timeZone: 'Europe/Paris' })).status).toBe(200);
  const targets = await visibleTargets(alice);
  target = targets[0]!;
  hidden = targets[1]!;
  await hideFromUsers(await server.admin(), hidden.id);
  aliceX = await connectXAccount(server, aliceId, 'alice_x');
  bobX = await connectXAccount(server, bobId, 'bob_x');
}, 30_000);
afterAll(async () => {
  await server?.close();
});

const createTemplate = async (client: Client, name = 'Thanks') => {
  const res = await client.post('/api/templates', { name, content: 'Great point, thanks for sharing' });
  expect(res.status).toBe(201);
  return (res.body as { id: string }).id;
};

type View = Record<string, unknown> & { id: string; nextRunTime: string | null };

describe('POST /api/schedules, template variant', () => {
  it('creates a recurring schedule from the UTC hour and minute and answers it with its next run in the user zone', async () => {
    const templateId = await createTemplate(alice);
    // 8:00 UTC is 9:00 in Paris in winter and 10:00 in summer; the rule keeps the local time the page meant today.
    const res = await alice.post('/api/schedules', {
      accountId: target.id,
      connectedAccountId: aliceX,
      userId: aliceId,
      templateId,
      scheduleType: 'recurring',
      isRecurring: true,
      recurringType: 'weekly',
      recurringDays: [1, 3, 5],
      recurringHour: 8,
      recurringMinute: 0,
      nextRunTime: '1999-01-01T00:00:00.000Z',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const view = res.body as View;
    expect(view).toMatchObject({
      accountId: target.id,
      targetUsername: target.username,
      connectedAccountId: aliceX,
      accountName: 'alice_x',
      templateId,
      templateName: 'Thanks',
      scheduleType: 'recurring',
      isRecurring: true,
      recurringType: 'weekly',
      recurringDays: [1, 3, 5],
      status: 'pending',
      isActive: true,
      isExecuted: false,
      useAI: false,
      viralStyle: null,
      lastExecutedAt: null,
      timeZone: 'Europe/Paris',
      conditions: { content: null, targetAccount: target.username, imageIncluded: false },
      mentionsRemoved: [],
    });
    // The client's nextRunTime is ignored: the server computes it, in the future, on Mon/Wed/Fri.
    const next = new Date(view.nextRunTime!);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', weekday: 'short' }).format(next);
    expect(['Mon', 'Wed', 'Fri']).toContain(local);
    expect(view.recurringTime).toMatch(/^(09|10):00$/);
    expect(view.recurringHour).toBe(next.getUTCHours());
  });

  it('creates a one-time schedule at the ISO time sent', async () => {
    const templateId = await createTemplate(alice, 'One time');
    const at = new Date(Date.now() + 3 * 86_400_000);
    at.setUTCSeconds(0, 0);
    const res = await alice.post('/api/schedules', {
      accountId: target.id,
      connectedAccountId: aliceX,
      templateId,
      scheduleType: 'scheduled',
      scheduledTime: at.toISOString(),
      isRecurring: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ scheduleType: 'scheduled', scheduledTime: at.toISOString(), nextRunTime: at.toISOString(), isRecurring: false });
  });

  it('takes a template group as the source', async () => {
    const group = await alice.post('/api/template-groups', { name: 'Rotation' });
    const groupId = (group.body as { id: string }).id;
    const res = await alice.post('/api/schedules', {
      accountId: target.id,
      connectedAccountId: aliceX,
      templateGroupId: groupId,
      isRecurring: true,
      recurringType: 'daily',
      recurringHour: 15,
      recurringMinute: 30,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ templateGroupId: groupId, templateGroupName: 'Rotation', templateId: null, recurringType: 'daily' });
  });
});

describe('POST /api/schedules, classic variant', () => {
  it('creates a peak-window schedule with AI, strips mentions and keeps the conditions', async () => {
    const res = await alice.post('/api/schedules', {
      accountId: target.id,
      connectedAccountId: aliceX,
      scheduleType: 'scheduled',
      scheduledTime: new Date().toISOString(),
      peakWindowType: 'evening_peak',
      isActive: true,
      isExecuted: false,
      isRecurring: true,
      recurringType: 'weekly',
      recurringDays: [0, 6],
      useAI: true,
      viralStyle: 'hot_take',
      conditions: { content: 'Hey @someone, this is how it works', targetAccount: `@${target.username}`, imageIncluded: false },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const view = res.body as View;
    expect(view).toMatchObject({
      scheduleType: 'peak_window',
      peakWindowType: 'evening_peak',
      useAI: true,
      viralStyle: 'hot_take',
      isRecurring: true,
      recurringType: 'weekly',
      // Sunday (0) and Saturday (6) of the classic page, answered as ISO weekdays.
      recurringDays: [6, 7],
      recurringTime: '19:30',
      mentionsRemoved: ['@someone'],
    });
    expect((view.conditions as { content: string }).content).not.toContain('@');
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', weekday: 'short', hour: '2-digit', minute: '2-digit' }).format(
      new Date(view.nextRunTime!),
    );
    expect(local).toMatch(/^(Sat|Sun) 19:30$/);
  });

  it('creates a one-shot peak slot with fixed text', async () => {
    const res = await alice.post('/api/schedules', {
      accountId: target.id,
      connectedAccountId: aliceX,
      scheduleType: 'scheduled',
      peakWindowType: 'morning_peak',
      isRecurring: false,
      useAI: false,
      conditions: { content: 'Well said', targetAccount: target.username, imageIncluded: false },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ scheduleType: 'peak_window', content: 'Well said', useAI: false, viralStyle: null, isRecurring: false, recurringTime: null });
  });
});

describe('ownership', () => {
  const classic = (connectedAccountId: string, accountId = target.id) => ({
    accountId,
    connectedAccountId,
    peakWindowType: 'lunch_hour',
    conditions: { content: 'Nice', targetAccount: 'x', imageIncluded: false },
  });

  it("refuses someone else's connected account, an unknown one, and a target the user cannot see (404, with the field)", async () => {
    const other = await alice.post('/api/schedules', classic(bobX));
    expect(other.status).toBe(404);
    expect(errorOf(other)).toMatchObject({ field: 'connectedAccountId', code: 'CONNECTED_ACCOUNT_NOT_FOUND' });
    const unknown = await alice.post('/api/schedules', classic('no-such-account'));
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown).message).toBe(errorOf(other).message);

    expect((await visibleTargets(alice)).map((a) => a.id)).not.toContain(hidden.id);
    const invisible = await alice.post('/api/schedules', classic(aliceX, hidden.id));
    expect(invisible.status).toBe(404);
    expect(errorOf(invisible)).toMatchObject({ field: 'accountId', code: 'TARGET_NOT_FOUND', message: 'Target account not found' });
  });

  it("refuses someone else's template and group (404)", async () => {
    const bobTemplate = await createTemplate(bob, 'Bob only');
    const res = await alice.post('/api/schedules', { accountId: target.id, connectedAccountId: aliceX, templateId: bobTemplate, isRecurring: true, recurringHour: 9, recurringMinute: 0 });
    expect(res.status).toBe(404);
    expect(errorOf(res)).toMatchObject({ field: 'templateId', message: 'Template not found' });
    const bobGroup = ((await bob.post('/api/template-groups', { name: 'Bob group' })).body as { id: string }).id;
    const group = await alice.post('/api/schedules', { accountId: target.id, connectedAccountId: aliceX, templateGroupId: bobGroup, isRecurring: true, recurringHour: 9, recurringMinute: 0 });
    expect(group.status).toBe(404);
    expect(errorOf(group)).toMatchObject({ field: 'templateGroupId', message: 'Template group not found' });
  });

  it("lists only the user's own schedules and hides someone else's by id (404)", async () => {
    const bobs = await bob.post('/api/schedules', classic(bobX));
    expect(bobs.status).toBe(201);
    const bobScheduleId = (bobs.body as View).id;
    const list = (await alice.get('/api/schedules')).body as View[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((s) => s.userId === aliceId)).toBe(true);
    expect(list.map((s) => s.id)).not.toContain(bobScheduleId);
    for (const path of [`/api/schedules/${bobScheduleId}`, `/api/schedules/${bobScheduleId}/replies`]) {
      expect((await alice.get(path)).status).toBe(404);
    }
    const del = await alice.request('DELETE', `/api/schedules/${bobScheduleId}`);
    expect(del.status).toBe(404);
    expect((await bob.get(`/api/schedules/${bobScheduleId}`)).status).toBe(200);
  });
});

describe('lists, delete and replies', () => {
  it('answers the list fields, upcoming first, the V2 list as { schedules }', async () => {
    const list = (await alice.get('/api/schedules')).body as View[];
    for (const s of list) {
      for (const key of ['status', 'targetUsername', 'accountName', 'useAI', 'viralStyle', 'conditions', 'lastExecutedAt', 'nextRunTime', 'timeZone'])
        expect(s).toHaveProperty(key);
    }
    const times = list.map((s) => s.nextRunTime).filter((t): t is string => t !== null);
    expect([...times].sort()).toEqual(times);
    const v2 = await alice.get('/api/v2/schedules');
    expect(v2.status).toBe(200);
    expect((v2.body as { schedules: View[] }).schedules.map((s) => s.id)).toEqual(list.map((s) => s.id));
  });

  it('deletes a pending schedule (204), then it is gone; deleting again stays 204 (idempotent)', async () => {
    const created = await alice.post('/api/schedules', {
      accountId: target.id,
      connectedAccountId: aliceX,
      peakWindowType: 'lunch_hour',
      conditions: { content: 'To delete', targetAccount: null, imageIncluded: false },
    });
    const id = (created.body as View).id;
    const pending = async () => ((await alice.get('/api/metrics/overview')).body as { scheduledReplies: number }).scheduledReplies;
    const counted = await pending();
    expect(counted).toBe(((await alice.get('/api/schedules')).body as View[]).filter((s) => s.status === 'pending').length);
    const del = await alice.request('DELETE', `/api/schedules/${id}`);
    expect(del.status).toBe(204);
    // The dashboard's count follows: a deleted schedule is not a scheduled reply.
    expect(await pending()).toBe(counted - 1);
    expect(del.text).toBe('');
    expect(((await alice.get('/api/schedules')).body as View[]).map((s) => s.id)).not.toContain(id);
    expect((await alice.get(`/api/schedules/${id}`)).status).toBe(404);
    expect((await alice.request('DELETE', `/api/schedules/${id}`)).status).toBe(204);
  });

  it('refuses to delete an executed schedule (409) and shows it executed, with its last run', async () => {
    const created = await alice.post('/api/schedules', {
      accountId: target.id,
      connectedAccountId: aliceX,
      peakWindowType: 'morning_peak',
      conditions: { content: 'Runs once', targetAccount: null, imageIncluded: false },
    });
    const { id, nextRunTime } = created.body as View;
    await recordRun(server.dataDir, id, nextRunTime!);
    await eventually(async () => (await alice.get(`/api/schedules/${id}`)).body as View, (s) => s.status === 'executed', 'the run in the read model');
    const del = await alice.request('DELETE', `/api/schedules/${id}`);
    expect(del.status).toBe(409);
    expect(errorOf(del)).toMatchObject({ message: 'Executed schedules cannot be deleted', code: 'SCHEDULE_EXECUTED' });
    expect((await alice.get(`/api/schedules/${id}`)).body).toMatchObject({ status: 'executed', isExecuted: true, nextRunTime: null, lastExecutedAt: nextRunTime, lastRunOutcome: 'sent', runCount: 1 });
  });

  it("answers a schedule's replies: none until dispatch exists", async () => {
    const [first] = (await alice.get('/api/schedules')).body as View[];
    const replies = await alice.get(`/api/schedules/${first!.id}/replies`);
    expect(replies.status).toBe(200);
    expect(replies.body).toEqual([]);
    expect((await alice.get('/api/schedules/not-a-uuid!/replies')).status).toBe(404);
  });

  it('refuses visitors (401) and calls without the CSRF header (403)', async () => {
    expect((await server.client().get('/api/schedules')).status).toBe(401);
    expect((await alice.post('/api/schedules', {}, { csrf: false })).status).toBe(403);
  });
});
