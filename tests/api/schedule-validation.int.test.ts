/**
 * Every validation message the schedule calls can answer (spec part 2 §5, §8; core/scheduling/
 * messages.ts), over real HTTP: status 400, the exact message and the field, for the template and
 * classic variants of POST /api/schedules, POST /api/v2/schedule, the bulk entry and batch calls.
 * Wrong JSON types are refused the same way. None of the refused calls changes anything. The trial
 * rules: bulk is refused on the trial (402), and once the trial is over every create is refused
 * (402) while the lists still answer.
 *
 * Asserted elsewhere: duplicateTarget (schedule-bulk.int), invalidFileType and fileTooLarge
 * (schedule-upload.int). Only the pages show: fileTooLargeTitle and imageTooLarge (a picked file is
 * checked before upload), noAvailableTargets, mentionsNotAllowed (a notice), templateSourceRequired
 * (the dialog's source select; the call has no such field), and the toasts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULING_ACCESS_MESSAGES } from '@core/scheduling/access';
import { SCHEDULE_MESSAGES as M } from '@core/scheduling/messages';
import { errorOf, startTestServer, type Client, type TestServer } from './support';
import { connectXAccount, expireTrial, visibleTargets } from './schedules.support';

let server: TestServer;
let user: Client;
let userId: string;
let target: string;
let xAccount: string;
let template: string;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
const dateIn = (days: number) => inDays(days).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startTestServer();
  ({ client: user, user: { id: userId } } = await server.newUser());
  target = (await visibleTargets(user))[0]!.id;
  xAccount = await connectXAccount(server, userId, 'validating_x');
  const created = await user.post('/api/templates', { name: 'T', content: 'Thanks for this' });
  template = (created.body as { id: string }).id;
}, 30_000);
afterAll(async () => {
  await server?.close();
});

type Case = [name: string, body: Record<string, unknown>, field: string, message: string];

const expectRefused = async (client: Client, path: string, cases: Case[]) => {
  const before = (await client.get('/api/schedules')).body;
  for (const [name, body, field, message] of cases) {
    const res = await client.post(path, body);
    expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(400);
    expect(errorOf(res), name).toMatchObject({ message, field });
  }
  // Nothing was written by any of them.
  expect((await client.get('/api/schedules')).body).toEqual(before);
};

describe('POST /api/schedules, template variant', () => {
  const ok = () => ({ accountId: target, connectedAccountId: xAccount, templateId: template, scheduleType: 'scheduled', isRecurring: false, scheduledTime: inDays(2).toISOString() });
  const recurring = (o: Record<string, unknown>) => ({ ...ok(), scheduleType: 'recurring', isRecurring: true, recurringType: 'daily', recurringHour: 9, recurringMinute: 0, ...o });

  it('accepts the valid payload the cases below break one field of', async () => {
    expect((await user.post('/api/schedules', ok())).status).toBe(201);
    expect((await user.post('/api/schedules', recurring({}))).status).toBe(201);
  });

  it('refuses each broken field with its message', async () => {
    await expectRefused(user, '/api/schedules', [
      ['no target', { ...ok(), accountId: undefined }, 'accountId', M.accountRequired],
      ['empty X account', { ...ok(), connectedAccountId: '' }, 'connectedAccountId', M.connectedAccountRequired],
      ['neither template nor group', { ...ok(), templateId: null }, 'templateId', M.templateOrGroupRequired],
      ['both template and group', { ...ok(), templateGroupId: 'g' }, 'templateGroupId', M.templateOrGroupRequired],
      ['one-time without a time', { ...ok(), scheduledTime: undefined }, 'scheduledTime', M.missingDateOrTime],
      ['one-time with a bad time', { ...ok(), scheduledTime: 'next tuesday' }, 'scheduledTime', M.missingDateOrTime],
      ['one-time in the past', { ...ok(), scheduledTime: inDays(-1).toISOString() }, 'scheduledTime', M.mustBeFuture],
      ['recurring without the minute', recurring({ recurringMinute: undefined }), 'recurringMinute', M.missingDateOrTime],
      ['hour 24', recurring({ recurringHour: 24 }), 'recurringHour', M.hourRange],
      ['hour as a word', recurring({ recurringHour: 'eight' }), 'recurringHour', M.hourRange],
      ['minute 60', recurring({ recurringMinute: 60 }), 'recurringMinute', M.minuteRange],
      ['local time 25:00', recurring({ recurringTime: '25:00' }), 'recurringTime', M.localTimeFormat],
      ['weekly without days', recurring({ recurringType: 'weekly', recurringDays: [] }), 'recurringDays', M.weekdaysRequired],
      ['weekly day 8', recurring({ recurringType: 'weekly', recurringDays: [1, 8] }), 'recurringDays', M.isoWeekdayRange],
      ['monthly day 32', recurring({ recurringType: 'monthly', recurringDays: [32] }), 'recurringDays.0', M.monthDayRange],
      ['days as a string', recurring({ recurringType: 'monthly', recurringDays: 'mondays' }), 'recurringDays', M.monthDayRange],
      ['yearly', recurring({ recurringType: 'yearly' }), 'recurringType', M.recurringTypeRequired],
      ['peak window type without a window', { ...ok(), scheduleType: 'peak_window' }, 'peakWindowType', M.peakWindowRequired],
      ['auto waiting two days', { ...ok(), scheduleType: 'auto', delayMinutes: 2880 }, 'delayMinutes', M.delayRange],
      ['script as image', { ...ok(), imageUrl: 'javascript:alert(1)' }, 'imageUrl', M.imageUrlInvalid],
    ]);
  });
});

describe('POST /api/schedules, classic variant', () => {
  const ok = () => ({
    accountId: target,
    connectedAccountId: xAccount,
    scheduleType: 'scheduled',
    peakWindowType: 'lunch_hour',
    isActive: true,
    isExecuted: false,
    isRecurring: false,
    useAI: false,
    conditions: { content: 'Nice point', targetAccount: '@someone', imageIncluded: false },
  });
  const weekly = (days: unknown) => ({ ...ok(), isRecurring: true, recurringType: 'weekly', recurringDays: days });

  it('accepts the valid payload', async () => {
    expect((await user.post('/api/schedules', ok())).status).toBe(201);
  });

  it('refuses each broken field with its message', async () => {
    await expectRefused(user, '/api/schedules', [
      ['no target', { ...ok(), accountId: null }, 'accountId', M.targetAccountRequired],
      ['no X account', { ...ok(), connectedAccountId: undefined }, 'connectedAccountId', M.classicAccountRequired],
      ['unknown window', { ...ok(), peakWindowType: 'midnight' }, 'peakWindowType', M.peakWindowRequired],
      ['empty content', { ...ok(), conditions: { content: '   ', targetAccount: null, imageIncluded: false } }, 'conditions.content', M.contentRequired],
      ['content too long', { ...ok(), conditions: { content: 'a'.repeat(25_001), targetAccount: null, imageIncluded: false } }, 'conditions.content', M.contentTooLong],
      ['content as a number', { ...ok(), conditions: { content: 42, targetAccount: null, imageIncluded: false } }, 'conditions.content', M.contentRequired],
      ['conditions not an object', { ...ok(), conditions: 'hello' }, 'conditions', M.contentRequired],
      ['weekly without days', weekly([]), 'recurringDays', M.weekdaysRequired],
      ['weekly day 7 (Sunday is 0 here)', weekly([0, 7]), 'recurringDays', M.weekdayRange],
      ['monthly without days', { ...ok(), isRecurring: true, recurringType: 'monthly', recurringDays: [] }, 'recurringDays', M.monthDaysRequired],
      ['monthly day 0', { ...ok(), isRecurring: true, recurringType: 'monthly', recurringDays: [0] }, 'recurringDays', M.monthDayRange],
    ]);
  });
});

describe('POST /api/v2/schedule', () => {
  const ok = () => ({ accountId: target, connectedAccountId: xAccount, peakWindowType: 'morning_peak', content: 'Hello there', useAI: false });

  it('accepts the valid payload', async () => {
    const res = await user.post('/api/v2/schedule', ok());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Reply scheduled successfully' });
  });

  it('refuses each broken field with its message', async () => {
    await expectRefused(user, '/api/v2/schedule', [
      ['no target', { ...ok(), accountId: '' }, 'accountId', M.v2AccountRequired],
      ['no X account', { ...ok(), connectedAccountId: undefined }, 'connectedAccountId', M.v2ConnectedAccountRequired],
      ['no content without AI', { ...ok(), content: '' }, 'content', M.v2ContentRequired],
      ['content too long', { ...ok(), content: 'b'.repeat(25_001) }, 'content', M.contentTooLong],
      ['no window', { ...ok(), peakWindowType: undefined }, 'peakWindowType', M.peakWindowRequired],
      ['recurring without days', { ...ok(), isRecurring: true, recurringDays: [] }, 'recurringDays', M.weekdaysRequired],
      ['day 0 (Monday is 1 here)', { ...ok(), isRecurring: true, recurringDays: [0] }, 'recurringDays.0', M.isoWeekdayRange],
    ]);
  });
});

describe('bulk calls', () => {
  let legacy: Client;
  let legacyX: string;
  const ok = () => ({ accountId: target, connectedAccountId: legacyX, scheduledDate: dateIn(2), scheduledTime: 'morning', customReplyText: 'Good one' });

  beforeAll(async () => {
    const made = await server.newUser();
    legacy = made.client;
    const admin = await server.admin();
    expect((await admin.put(`/api/admin/users/${made.user.id}/role`, { role: 'legacy' })).status).toBe(200);
    legacyX = await connectXAccount(server, made.user.id, 'bulk_legacy_x');
  });

  it('accepts the valid entry', async () => {
    expect((await legacy.post('/api/bulk-replies', ok())).status).toBe(201);
  });

  it('refuses each broken field of an entry, and an empty batch', async () => {
    await expectRefused(legacy, '/api/bulk-replies', [
      ['unknown slot', { ...ok(), scheduledTime: 'night' }, 'scheduledTime', M.timeOfDayRequired],
      ['custom without the hour', { ...ok(), scheduledTime: 'custom' }, 'customHour', M.customTimeIncomplete],
      ['custom without the minute', { ...ok(), scheduledTime: 'custom', customHour: 7 }, 'customMinute', M.customTimeIncomplete],
      ['hour 30', { ...ok(), scheduledTime: 'custom', customHour: 30, customMinute: 0 }, 'customHour', M.hourRange],
      ['one-time without a date', { ...ok(), scheduledDate: '' }, 'scheduledDate', M.dateRequired],
      ['a date before today', { ...ok(), scheduledDate: dateIn(-2) }, 'scheduledDate', M.dateBeforeToday],
      ['no text without AI', { ...ok(), customReplyText: ' ' }, 'customReplyText', M.contentRequired],
      ['template source without a template', { ...ok(), templateSourceType: 'template' }, 'templateId', M.templateRequired],
      ['no X account', { ...ok(), connectedAccountId: '' }, 'connectedAccountId', M.connectedAccountRequired],
    ]);
    await expectRefused(legacy, '/api/bulk-replies/batch', [
      ['no entries', { entries: [] }, 'entries', M.noEntries],
      ['entries not a list', { entries: 'all' }, 'entries', M.noEntries],
    ]);
  });
});

describe('trial rules', () => {
  it('refuses bulk on the trial (402) and changes nothing', async () => {
    const body = { accountId: target, connectedAccountId: xAccount, scheduledDate: dateIn(2), scheduledTime: 'lunch', customReplyText: 'Hi' };
    const before = (await user.get('/api/schedules')).body;
    for (const [path, payload] of [['/api/bulk-replies', body], ['/api/bulk-replies/batch', { entries: [body] }]] as const) {
      const res = await user.post(path, payload);
      expect(res.status, path).toBe(402);
      expect(errorOf(res)).toMatchObject({ message: SCHEDULING_ACCESS_MESSAGES.bulkNeedsPremium, code: 'BULK_REQUIRES_PREMIUM' });
    }
    expect((await user.get('/api/schedules')).body).toEqual(before);
  });

  it('refuses every create once the trial is over, and keeps the lists readable', async () => {
    const { client, user: who } = await server.newUser();
    const x = await connectXAccount(server, who.id, 'expiring_x');
    const classic = { accountId: target, connectedAccountId: x, peakWindowType: 'evening_peak', conditions: { content: 'Before the end', targetAccount: null, imageIncluded: false } };
    expect((await client.post('/api/schedules', classic)).status).toBe(201);
    const before = (await client.get('/api/schedules')).body as { id: string }[];
    expect(before).toHaveLength(1);

    await expireTrial(server, who.id);
    const attempts: [string, unknown][] = [
      ['/api/schedules', classic],
      ['/api/v2/schedule', { accountId: target, connectedAccountId: x, peakWindowType: 'morning_peak', content: 'Hi' }],
      ['/api/bulk-replies', { accountId: target, connectedAccountId: x, scheduledDate: dateIn(2), scheduledTime: 'lunch', customReplyText: 'Hi' }],
    ];
    for (const [path, payload] of attempts) {
      const res = await client.post(path, payload);
      expect(res.status, path).toBe(402);
      expect(errorOf(res)).toMatchObject({ message: SCHEDULING_ACCESS_MESSAGES.trialOver, code: 'TRIAL_EXPIRED' });
    }
    const upload = await client.request('POST', '/api/v2/upload-image', undefined, { raw: 'x', headers: { 'Content-Type': 'multipart/form-data; boundary=b' } });
    expect(upload.status).toBe(402);

    const list = await client.get('/api/schedules');
    expect(list.status).toBe(200);
    expect(list.body).toEqual(before);
    const v2 = await client.get('/api/v2/schedules');
    expect((v2.body as { schedules: { id: string }[] }).schedules.map((s) => s.id)).toEqual(before.map((s) => s.id));
    expect((await client.get(`/api/schedules/${before[0]!.id}/replies`)).status).toBe(200);
  });
});
