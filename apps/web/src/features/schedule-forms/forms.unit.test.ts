// The pure parts of the schedule forms: the classic payload (0-6 weekly days, day of month), the
// V2 payload, and the bulk table's checks (schema messages, the duplicate rule) and payloads.
import { describe, expect, it } from 'vitest';
import { bulkEntryPayloadSchema, classicSchedulePayloadSchema, draftFromBulkPayload, draftFromClassicPayload, draftFromV2, v2ScheduleSchema } from '@core/scheduling';
import { parseOrThrow } from '@core/shared/parse';
import { classicAutoPayload, classicPayload, initialClassicState, recurringDaysOf } from './classic/classic-state';
import { initialV2State, v2Payload } from './v2/v2-state';
import { checkRows, payloadsOf } from './bulk/bulk-validation';
import type { BulkRow } from './bulk/bulk-store';

const now = new Date('2026-03-02T07:00:00.000Z');
const ids = { targetId: 'target-1', targetUsername: 'naval', xAccountId: 'x-1' };

describe('classic payload', () => {
  it('sends weekly days 0 Sunday ... 6 Saturday, which the server reads as ISO days', () => {
    const state = { ...initialClassicState(14, 'lunch_hour' as const), content: 'Hi there', isRecurring: true, recurringType: 'weekly' as const, weeklyDays: [0, 1, 3] };
    const payload = classicPayload({ ...state, peakWindow: 'lunch_hour' }, ids, null, now, 'Europe/Paris');
    expect(payload).toMatchObject({
      accountId: 'target-1',
      connectedAccountId: 'x-1',
      scheduleType: 'scheduled',
      scheduledTime: '2026-03-02T12:00:00.000Z',
      peakWindowType: 'lunch_hour',
      isActive: true,
      isExecuted: false,
      recurringDays: [0, 1, 3],
      conditions: { content: 'Hi there', targetAccount: 'naval', imageIncluded: false },
    });
    const draft = draftFromClassicPayload(parseOrThrow(classicSchedulePayloadSchema, payload));
    expect(draft.plan).toEqual({ kind: 'peak', window: 'lunch_hour', recurrence: { type: 'weekly', days: [7, 1, 3] } });
  });

  it('sends the day of the month for monthly rules and no days otherwise', () => {
    const s = initialClassicState(31, 'morning_peak');
    expect(s.weeklyDays).toEqual([1, 3, 5]);
    expect(recurringDaysOf({ ...s, isRecurring: true, recurringType: 'monthly' })).toEqual([31]);
    expect(recurringDaysOf({ ...s, isRecurring: true, recurringType: 'daily' })).toEqual([]);
    expect(recurringDaysOf({ ...s, isRecurring: false, recurringType: 'weekly' })).toEqual([]);
  });

  it('marks an uploaded image in the conditions', () => {
    const s = { ...initialClassicState(1, 'evening_peak' as const), content: 'x' };
    expect(classicPayload({ ...s, peakWindow: 'evening_peak' }, ids, '/uploads/a.png', now, 'UTC')).toMatchObject({ imageUrl: '/uploads/a.png', conditions: { imageIncluded: true } });
  });
});

describe('V2 payload', () => {
  it('has no style without AI, no content with AI and none typed, and days only when recurring', () => {
    // AI starts off unless a model is connected (the form passes that in).
    expect(initialV2State('x-1', 'lunch_hour').useAI).toBe(false);
    const s = { ...initialV2State('x-1', 'lunch_hour', undefined, true), accountId: 'target-1' };
    expect(v2Payload(s, null)).toMatchObject({ useAI: true, viralStyle: 'savage_comeback', content: null, recurringDays: null, scheduledTime: null, scheduleType: 'peak_window' });
    expect(v2Payload({ ...s, useAI: false, content: 'Hello' }, null)).toMatchObject({ viralStyle: null, content: 'Hello' });
    expect(v2Payload({ ...s, isRecurring: true }, '/uploads/b.png')).toMatchObject({ recurringDays: [1, 2, 3, 4, 5], imageUrl: '/uploads/b.png' });
  });

  it('gets the spec messages from the shared schema', () => {
    const s = initialV2State('', null);
    const parsed = v2ScheduleSchema.safeParse(v2Payload({ ...s, useAI: false }, null));
    expect(parsed.success).toBe(false);
    const messages = parsed.success ? [] : parsed.error.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining(['Account required', 'Connected account required']));
  });
});

const row = (id: string, patch: Partial<BulkRow> = {}): BulkRow => ({
  id,
  accountId: 'target-1',
  connectedAccountId: 'x-1',
  tone: 'savage_comeback',
  scheduledTime: 'morning',
  customHour: 12,
  customMinute: 0,
  scheduledDate: '2026-03-03',
  isRecurring: false,
  recurringType: 'daily',
  useAI: true,
  customReplyText: '',
  post: null,
  auto: { on: false, delayMinutes: 0 },
  ...patch,
});

describe('bulk table checks', () => {
  it('marks the later row of a clash in one time frame, and only that', () => {
    const errors = checkRows([row('a'), row('b', { accountId: 'target-2' }), row('c'), row('d', { scheduledTime: 'lunch' }), row('e', { isRecurring: true })]);
    expect([...errors]).toEqual([['c', { accountId: 'Duplicate target account' }]]);
    // A custom time inside the morning window is the morning frame.
    expect(checkRows([row('a'), row('b', { scheduledTime: 'custom', customHour: 9, customMinute: 30 })]).get('b')).toEqual({ accountId: 'Duplicate target account' });
    // Two recurring rows clash on the same type and slot, whatever their dates.
    expect(checkRows([row('a', { isRecurring: true }), row('b', { isRecurring: true, scheduledDate: '2026-04-01' })]).get('b')).toEqual({ accountId: 'Duplicate target account' });
  });

  it('asks for the text without AI and for a date when one-time', () => {
    const errors = checkRows([row('a', { useAI: false }), row('b', { scheduledDate: '' }), row('c', { isRecurring: true, scheduledDate: '' })]);
    expect(errors.get('a')).toEqual({ customReplyText: 'Reply content is required' });
    expect(errors.get('b')).toEqual({ scheduledDate: 'Please select a date' });
    expect(errors.has('c')).toBe(false);
  });

  it('sends each row as the spec per-entry payload, the custom time with its hour and minute', () => {
    const [morning, custom] = payloadsOf([row('a', { customReplyText: 'Hi' }), row('b', { accountId: 'target-2', scheduledTime: 'custom', customHour: 21, customMinute: 15 })]);
    expect(morning).toMatchObject({ templateSourceType: 'custom', templateId: null, scheduledTime: 'morning', useCustomTime: false, viralStyle: 'savage_comeback', customReplyText: 'Hi' });
    expect(custom).toMatchObject({ scheduledTime: 'custom', useCustomTime: true, customHour: 21, customMinute: 15, scheduledDate: '2026-03-03' });
  });
});

describe('auto replies from each composer', () => {
  const auto = { on: true, delayMinutes: 2 };
  it('Classic, V2 and Bulk send calls the server plans as auto with their delay', () => {
    const classic = classicAutoPayload({ ...initialClassicState(3, 'lunch_hour'), content: 'Sharp', auto }, { targetId: 't', targetUsername: 'x', xAccountId: 'me' }, null);
    expect(draftFromClassicPayload(parseOrThrow(classicSchedulePayloadSchema, classic)).plan).toEqual({ kind: 'auto', delayMinutes: 2 });
    const v2 = v2Payload({ ...initialV2State('me', 'lunch_hour'), accountId: 't', content: 'Sharp', auto }, null);
    expect(draftFromV2(parseOrThrow(v2ScheduleSchema, v2)).plan).toEqual({ kind: 'auto', delayMinutes: 2 });
    const rows = [row('a', { auto, customReplyText: 'Sharp', scheduledDate: '' })];
    expect(checkRows(rows).size).toBe(0);
    const [bulk] = payloadsOf(rows);
    expect(draftFromBulkPayload(parseOrThrow(bulkEntryPayloadSchema, bulk), { now: '2026-03-01T10:00:00Z', timeZone: 'UTC' }).plan).toEqual({ kind: 'auto', delayMinutes: 2 });
  });
});
