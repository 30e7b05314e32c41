/**
 * Every validation message the schedule calls can answer (spec part 2 §5, §8; core/scheduling/
 * messages.ts), over real HTTP: status 400, the exact message and the field, for the template and
 * classic variants of POST /api/schedules, POST /api/v2/schedule, the bulk entry and batch calls.
 * Wrong JSON types are refused the same way, on their field (where no spec message fits, with the
 * schema's own wording, not asserted word for word). None of the refused calls changes anything.
 *
 * Asserted elsewhere: duplicateTarget and bulkScheduled (schedule-bulk.int), invalidFileType and
 * fileTooLarge (schedule-upload.int), notFound and executedCannotBeDeleted (schedules.int), the
 * trial and bulk refusals (schedule-access.int). Only the pages show: templateSourceRequired (the
 * dialog's source select; the call has no such field), fileTooLargeTitle and imageTooLarge (a
 * picked file is checked before upload), noAvailableTargets, mentionsNotAllowed (a notice),
 * bulkFailed and the toasts. No call answers: styleRequired (AI on without a style takes the
 * default style, spec §9; an unknown style is refused, below), missingDate (the schemas refuse a
 * missing or impossible date first, 'Please select a date'), scheduleExists (the server makes the
 * ids) and notActive (no call deactivates a schedule).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_MESSAGES as M } from '@core/scheduling/messages';
import { CLASSIC_STYLES, V2_STYLES } from '@core/styles';
import { errorOf, startTestServer, type Client, type TestServer } from './support';
import { connectXAccount, visibleTargets } from './schedules.support';

let server: TestServer;
let user: Client;
let userId: string;
let target: string;
let xAccount: string;
let template: string;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
const dateIn = (days: number) => inDays(days).toISOString().slice(0, 10);
// An unknown style is refused with the styles of the page that sent it.
const classicStyles = `Choose one of: ${CLASSIC_STYLES.join(', ')}`;
const v2Styles = `Choose one of: ${V2_STYLES.join(', ')}`;

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

/** A wrong JSON type no spec message is about: refused on its field, in the schema's words. */
const WRONG_TYPE: unknown = expect.stringMatching(/\S/);

type Case = [name: string, body: unknown, field: string | undefined, message: unknown];

const expectRefused = async (client: Client, path: string, cases: Case[]) => {
  const before = (await client.get('/api/schedules')).body;
  for (const [name, body, field, message] of cases) {
    const res = await client.post(path, body);
    expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(400);
    expect(errorOf(res), name).toMatchObject({ message, code: 'validation' });
    expect(errorOf(res).field, name).toBe(field);
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
      ['image on another host without a scheme', { ...ok(), imageUrl: '//elsewhere.example/x.png' }, 'imageUrl', M.imageUrlInvalid],
      ['one-time at this very moment', { ...ok(), scheduledTime: new Date().toISOString() }, 'scheduledTime', M.mustBeFuture],
      ['target as an object', { ...ok(), accountId: { id: target } }, 'accountId', M.accountRequired],
      ['X account as a list', { ...ok(), connectedAccountId: [xAccount] }, 'connectedAccountId', M.connectedAccountRequired],
      ['minute as a fraction', recurring({ recurringMinute: 7.5 }), 'recurringMinute', M.minuteRange],
      ['monthly day 1.5', recurring({ recurringType: 'monthly', recurringDays: [1.5] }), 'recurringDays.0', M.monthDayRange],
      ['recurring type as a number', recurring({ recurringType: 3 }), 'recurringType', M.recurringTypeRequired],
      ['local time as a number', recurring({ recurringTime: 900 }), 'recurringTime', M.localTimeFormat],
      ['unknown peak window', { ...ok(), scheduleType: 'peak_window', peakWindowType: 'midnight' }, 'peakWindowType', M.peakWindowRequired],
      ['auto waiting less than nothing', { ...ok(), scheduleType: 'auto', delayMinutes: -1 }, 'delayMinutes', M.delayRange],
      ['auto delay as a word', { ...ok(), scheduleType: 'auto', delayMinutes: 'soon' }, 'delayMinutes', M.delayRange],
      // Wrong JSON types with no spec message of their own.
      ['time as a number', { ...ok(), scheduledTime: 1_900_000_000_000 }, 'scheduledTime', WRONG_TYPE],
      ['unknown schedule type', { ...ok(), scheduleType: 'sometimes' }, 'scheduleType', WRONG_TYPE],
      ['recurring as a word', { ...ok(), isRecurring: 'yes' }, 'isRecurring', WRONG_TYPE],
      ['image as a number', { ...ok(), imageUrl: 5 }, 'imageUrl', WRONG_TYPE],
      ['a list instead of an object', [ok()], undefined, WRONG_TYPE],
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
      ['yearly', { ...ok(), isRecurring: true, recurringType: 'yearly' }, 'recurringType', M.recurringTypeRequired],
      ['nothing but mentions', { ...ok(), conditions: { content: '@bob @carol', targetAccount: null, imageIncluded: false } }, 'conditions.content', M.contentRequired],
      ['a V2 style with AI', { ...ok(), useAI: true, viralStyle: 'witty_response' }, 'viralStyle', classicStyles],
      ['image over ftp', { ...ok(), imageUrl: 'ftp://files.example/x.png' }, 'imageUrl', M.imageUrlInvalid],
      ['target name as a number', { ...ok(), conditions: { content: 'Hi', targetAccount: 5, imageIncluded: false } }, 'conditions.targetAccount', WRONG_TYPE],
      ['image flag as a word', { ...ok(), conditions: { content: 'Hi', targetAccount: null, imageIncluded: 'no' } }, 'conditions.imageIncluded', WRONG_TYPE],
      ['recurring as a word', { ...ok(), isRecurring: 'maybe' }, 'isRecurring', WRONG_TYPE],
      ['weekly days as words', weekly(['mon']), 'recurringDays.0', WRONG_TYPE],
    ]);
  });

  it('takes the default style when AI is on without one (no "select a style" refusal)', async () => {
    const res = await user.post('/api/schedules', { ...ok(), useAI: true });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ useAI: true, viralStyle: 'savage_comeback' });
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
      ['days as a word', { ...ok(), isRecurring: true, recurringDays: 'weekdays' }, 'recurringDays', M.isoWeekdayRange],
      ['nothing but mentions', { ...ok(), content: '@bob @carol' }, 'content', M.v2ContentRequired],
      ['a classic style with AI', { ...ok(), useAI: true, viralStyle: 'hot_take' }, 'viralStyle', v2Styles],
      ['image as a data URL', { ...ok(), imageUrl: 'data:image/png;base64,AAAA' }, 'imageUrl', M.imageUrlInvalid],
      ['content as a number', { ...ok(), content: 42 }, 'content', WRONG_TYPE],
      ['not a peak window schedule', { ...ok(), scheduleType: 'scheduled' }, 'scheduleType', WRONG_TYPE],
      ['a scheduled time (V2 has none)', { ...ok(), scheduledTime: inDays(1).toISOString() }, 'scheduledTime', WRONG_TYPE],
    ]);
  });

  it('takes the default style when AI is on without one or any content', async () => {
    const res = await user.post('/api/v2/schedule', { ...ok(), useAI: true, content: null });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((res.body as { schedule: unknown }).schedule).toMatchObject({ useAI: true, viralStyle: 'savage_comeback' });
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
      ['no target', { ...ok(), accountId: '' }, 'accountId', M.accountRequired],
      ['minute 61', { ...ok(), scheduledTime: 'custom', customHour: 7, customMinute: 61 }, 'customMinute', M.minuteRange],
      ['hour as a word', { ...ok(), scheduledTime: 'custom', customHour: 'seven', customMinute: 0 }, 'customHour', M.hourRange],
      ['own time without the hour', { ...ok(), useCustomTime: true }, 'customHour', M.customTimeIncomplete],
      ['own time without the minute', { ...ok(), useCustomTime: true, customHour: 7 }, 'customMinute', M.customTimeIncomplete],
      ['a day that does not exist', { ...ok(), scheduledDate: `${inDays(400).getUTCFullYear()}-02-30` }, 'scheduledDate', M.dateRequired],
      // Midnight of today in the user's zone (UTC) has always passed.
      ['today at a time gone by', { ...ok(), scheduledDate: dateIn(0), scheduledTime: 'custom', customHour: 0, customMinute: 0 }, 'scheduledTime', M.mustBeFuture],
      ['text too long', { ...ok(), customReplyText: 'c'.repeat(25_001) }, 'customReplyText', M.contentTooLong],
      ['nothing but mentions', { ...ok(), customReplyText: '@bob' }, 'customReplyText', M.contentRequired],
      ['yearly', { ...ok(), isRecurring: true, recurringType: 'yearly' }, 'recurringType', M.recurringTypeRequired],
      ['a V2 style with AI', { ...ok(), useAI: true, viralStyle: 'witty_response' }, 'viralStyle', classicStyles],
      ['unknown text source', { ...ok(), templateSourceType: 'group' }, 'templateSourceType', WRONG_TYPE],
      ['date as a number', { ...ok(), scheduledDate: 20_300_101 }, 'scheduledDate', WRONG_TYPE],
      ['text as a number', { ...ok(), customReplyText: 5 }, 'customReplyText', WRONG_TYPE],
    ]);
    const later = { ...ok(), scheduledTime: 'afternoon' };
    await expectRefused(legacy, '/api/bulk-replies/batch', [
      ['no entries', { entries: [] }, 'entries', M.noEntries],
      ['entries not a list', { entries: 'all' }, 'entries', M.noEntries],
      ['entries as an object', { entries: { 0: ok() } }, 'entries', M.noEntries],
      ['a list instead of an object', [ok()], undefined, WRONG_TYPE],
      ['an entry that is not an object', { entries: [ok(), 'x'] }, 'entries.1', WRONG_TYPE],
      ['an entry with mentions only', { entries: [ok(), { ...later, customReplyText: '@bob' }] }, 'entries.1.customReplyText', M.contentRequired],
      ['an entry gone by', { entries: [ok(), { ...later, scheduledDate: dateIn(0), scheduledTime: 'custom', customHour: 0, customMinute: 0 }] }, 'entries.1.scheduledTime', M.mustBeFuture],
      ['an entry with a bad hour', { entries: [ok(), { ...later, scheduledTime: 'custom', customHour: 'x', customMinute: 0 }] }, 'entries.1.customHour', M.hourRange],
      ['an entry without a target', { entries: [{ ...ok(), accountId: null }, later] }, 'entries.0.accountId', M.accountRequired],
    ]);
  });
});
