/** Every validation message of the scheduling forms (spec part 2 §5), each on its field. */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AppError } from '@core/shared/errors';
import { SCHEDULE_MESSAGES as M } from '@core/scheduling/messages';
import {
  bulkBatchSchema,
  bulkEntryPayloadSchema,
  bulkEntrySchema,
  classicFormSchema,
  classicImageFileSchema,
  classicSchedulePayloadSchema,
  fieldErrors,
  scheduleFormSchema,
  scheduleFormSchemaAt,
  templateSchedulePayloadSchema,
  v2ImageFileSchema,
  v2ScheduleSchema,
} from '@core/scheduling/schemas';
import { parseOrThrow } from '@core/shared/parse';

/** The schema refuses `value` with `message` on `field`. */
const refuses = (schema: z.ZodType, value: unknown, field: string, message: string) => {
  expect(fieldErrors(schema, value)).toMatchObject({ [field]: message });
};

const NOW = '2026-01-14T10:00:00.000Z';
const ctx = { now: NOW, timeZone: 'Europe/Paris' };

describe('schedule form (template based)', () => {
  const valid = {
    templateSourceType: 'template',
    accountId: 'acc-1',
    connectedAccountId: 'x-1',
    templateId: 't-1',
    templateGroupId: '',
    isRecurring: false,
    recurringType: 'daily',
    recurringDays: [],
    scheduledDate: '2026-01-15',
    scheduledTime: 'morning',
  };

  it('accepts a complete one-time form and reads form strings', () => {
    expect(scheduleFormSchema.parse({ ...valid, scheduledTime: 'custom', customHour: '09', customMinute: '05' })).toMatchObject({
      templateId: 't-1',
      templateGroupId: null,
      customHour: 9,
      customMinute: 5,
    });
  });

  it('gives each message of the spec on its field', () => {
    refuses(scheduleFormSchema, { ...valid, templateSourceType: '' }, 'templateSourceType', M.templateSourceRequired);
    refuses(scheduleFormSchema, { ...valid, accountId: '' }, 'accountId', M.accountRequired);
    refuses(scheduleFormSchema, { ...valid, connectedAccountId: undefined }, 'connectedAccountId', M.connectedAccountRequired);
    refuses(scheduleFormSchema, { ...valid, scheduledTime: '' }, 'scheduledTime', M.timeOfDayRequired);
    refuses(scheduleFormSchema, { ...valid, scheduledTime: 'custom', customHour: 9 }, 'customMinute', M.customTimeIncomplete);
    refuses(scheduleFormSchema, { ...valid, scheduledTime: 'custom', customMinute: 0 }, 'customHour', M.customTimeIncomplete);
    refuses(scheduleFormSchema, { ...valid, templateId: '' }, 'templateId', M.templateRequired);
    refuses(scheduleFormSchema, { ...valid, templateSourceType: 'templateGroup' }, 'templateGroupId', M.templateRequired);
    refuses(scheduleFormSchema, { ...valid, isRecurring: true, recurringType: 'weekly' }, 'recurringDays', M.weekdaysRequired);
    refuses(scheduleFormSchema, { ...valid, scheduledDate: '' }, 'scheduledDate', M.dateRequired);
    refuses(scheduleFormSchema, { ...valid, scheduledTime: 'custom', customHour: 24, customMinute: 0 }, 'customHour', M.hourRange);
    refuses(scheduleFormSchema, { ...valid, scheduledTime: 'custom', customHour: 1, customMinute: 60 }, 'customMinute', M.minuteRange);
    refuses(scheduleFormSchema, { ...valid, isRecurring: true, recurringType: 'weekly', recurringDays: [0] }, 'recurringDays.0', M.isoWeekdayRange);
  });

  it('with the clock and zone: no date before today, no time in the past', () => {
    // 11:00 in Paris on the 14th.
    refuses(scheduleFormSchemaAt(ctx), { ...valid, scheduledDate: '2026-01-13' }, 'scheduledDate', M.dateBeforeToday);
    refuses(scheduleFormSchemaAt(ctx), { ...valid, scheduledDate: '2026-01-14', scheduledTime: 'morning' }, 'scheduledTime', M.mustBeFuture);
    expect(fieldErrors(scheduleFormSchemaAt(ctx), { ...valid, scheduledDate: '2026-01-14', scheduledTime: 'lunch' })).toEqual({});
  });
});

describe('POST /api/schedules, template variant', () => {
  const valid = { accountId: 1, connectedAccountId: 2, userId: 7, templateId: 3, scheduleType: 'scheduled', scheduledTime: '2026-01-15T08:00:00.000Z', isRecurring: false };

  it('takes numeric ids as strings and ignores userId and nextRunTime', () => {
    expect(templateSchedulePayloadSchema.parse({ ...valid, nextRunTime: 'whatever' })).toMatchObject({ accountId: '1', connectedAccountId: '2', templateId: '3' });
  });

  it("gives the spec's thrown messages", () => {
    refuses(templateSchedulePayloadSchema, { ...valid, templateId: null }, 'templateId', M.templateOrGroupRequired);
    refuses(templateSchedulePayloadSchema, { ...valid, scheduledTime: null }, 'scheduledTime', M.missingDateOrTime);
    refuses(templateSchedulePayloadSchema, { ...valid, scheduledTime: 'not a time' }, 'scheduledTime', M.missingDateOrTime);
    refuses(templateSchedulePayloadSchema, { ...valid, scheduleType: 'recurring', isRecurring: true, recurringHour: 8 }, 'recurringMinute', M.missingDateOrTime);
    for (const bad of ['24:00', '9:00', '09:60', 900])
      refuses(templateSchedulePayloadSchema, { ...valid, scheduleType: 'recurring', isRecurring: true, recurringTime: bad }, 'recurringTime', M.localTimeFormat);
    expect(templateSchedulePayloadSchema.safeParse({ ...valid, scheduleType: 'recurring', isRecurring: true, recurringTime: '09:30' }).success).toBe(true);
    refuses(
      templateSchedulePayloadSchema,
      { ...valid, scheduleType: 'recurring', isRecurring: true, recurringType: 'weekly', recurringDays: [], recurringHour: 8, recurringMinute: 0 },
      'recurringDays',
      M.weekdaysRequired,
    );
    refuses(templateSchedulePayloadSchema, { ...valid, scheduleType: 'peak_window' }, 'peakWindowType', M.peakWindowRequired);
    refuses(templateSchedulePayloadSchema, { ...valid, accountId: '' }, 'accountId', M.accountRequired);
    refuses(templateSchedulePayloadSchema, { ...valid, connectedAccountId: null }, 'connectedAccountId', M.connectedAccountRequired);
    refuses(templateSchedulePayloadSchema, { ...valid, scheduleType: 'auto', delayMinutes: 2000 }, 'delayMinutes', M.delayRange);
  });
});

describe('classic form and payload', () => {
  const form = { accountId: 'x-1', targetAccount: '@naval', content: 'Nice', scheduleType: 'morning-peak' };

  it('accepts the page fields; the target loses its @', () => {
    expect(classicFormSchema.parse(form)).toMatchObject({ targetAccount: 'naval', isRecurring: false, viralStyle: 'savage_comeback', image: null });
  });

  it('gives each message of the spec on its field', () => {
    refuses(classicFormSchema, { ...form, accountId: '' }, 'accountId', M.classicAccountRequired);
    refuses(classicFormSchema, { ...form, targetAccount: ' @ ' }, 'targetAccount', M.targetAccountRequired);
    refuses(classicFormSchema, { ...form, content: '  ' }, 'content', M.contentRequired);
    refuses(classicFormSchema, { ...form, content: 'x'.repeat(25_001) }, 'content', M.contentTooLong);
    refuses(classicFormSchema, { ...form, scheduleType: 'night' }, 'scheduleType', M.peakWindowRequired);
    refuses(classicFormSchema, { ...form, isRecurring: true, recurringType: 'weekly', recurringDays: [7] }, 'recurringDays', M.weekdayRange);
    refuses(classicFormSchema, { ...form, isRecurring: true, recurringType: 'monthly', recurringDays: [32] }, 'recurringDays', M.monthDayRange);
    refuses(classicFormSchema, { ...form, isRecurring: true, recurringType: 'monthly', recurringDays: [] }, 'recurringDays', M.monthDaysRequired);
    refuses(classicFormSchema, { ...form, isRecurring: true, recurringType: 'yearly' }, 'recurringType', M.recurringTypeRequired);
    refuses(classicFormSchema, { ...form, image: { type: 'image/png', size: 5 * 1024 * 1024 + 1 } }, 'image.size', M.imageTooLarge);
    expect(classicImageFileSchema.safeParse({ type: 'image/png', size: 5 * 1024 * 1024 }).success).toBe(true);
  });

  const payload = {
    accountId: 'acc-1',
    connectedAccountId: 'x-1',
    scheduleType: 'scheduled',
    scheduledTime: '2026-01-15T08:00:00.000Z',
    peakWindowType: 'morning_peak',
    isActive: true,
    isExecuted: false,
    isRecurring: false,
    useAI: false,
    viralStyle: 'hot_take',
    conditions: { content: 'Nice', targetAccount: 'naval', imageIncluded: false },
  };

  it('payload messages name the nested field', () => {
    expect(classicSchedulePayloadSchema.parse(payload)).toMatchObject({ accountId: 'acc-1', peakWindowType: 'morning_peak', imageUrl: null });
    refuses(classicSchedulePayloadSchema, { ...payload, conditions: { content: '' } }, 'conditions.content', M.contentRequired);
    refuses(classicSchedulePayloadSchema, { ...payload, conditions: undefined }, 'conditions', M.contentRequired);
    refuses(classicSchedulePayloadSchema, { ...payload, accountId: '' }, 'accountId', M.targetAccountRequired);
    refuses(classicSchedulePayloadSchema, { ...payload, connectedAccountId: '' }, 'connectedAccountId', M.classicAccountRequired);
    refuses(classicSchedulePayloadSchema, { ...payload, peakWindowType: 'morning-peak' }, 'peakWindowType', M.peakWindowRequired);
    refuses(classicSchedulePayloadSchema, { ...payload, imageUrl: 'javascript:alert(1)' }, 'imageUrl', M.imageUrlInvalid);
  });

  it('a text of nothing but @mentions is no content (stripped, nothing is left), on its own field', () => {
    refuses(classicFormSchema, { ...form, content: '@naval @pmarca' }, 'content', M.contentRequired);
    refuses(classicSchedulePayloadSchema, { ...payload, conditions: { content: ' @naval ' } }, 'conditions.content', M.contentRequired);
    refuses(v2ScheduleSchema, { accountId: 'a', connectedAccountId: 'x', peakWindowType: 'lunch_hour', content: '@naval' }, 'content', M.v2ContentRequired);
    refuses(bulkEntryPayloadSchema, { accountId: 'a', connectedAccountId: 'x', scheduledTime: 'lunch', scheduledDate: '2026-01-15', customReplyText: '@naval' }, 'customReplyText', M.contentRequired);
    expect(classicFormSchema.safeParse({ ...form, content: '@naval is right' }).success).toBe(true);
  });

  it('parseOrThrow throws the first message with its dotted field', () => {
    try {
      parseOrThrow(classicSchedulePayloadSchema, { ...payload, conditions: { content: '' } });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      expect([(e as AppError).code, (e as AppError).message, (e as AppError).field]).toEqual(['validation', M.contentRequired, 'conditions.content']);
    }
  });
});

describe('V2 form', () => {
  const valid = { accountId: 'acc-1', connectedAccountId: 'x-1', scheduleType: 'peak_window', scheduledTime: null, peakWindowType: 'lunch_hour', useAI: true, viralStyle: 'witty_response', content: null, isRecurring: true, recurringDays: null, imageUrl: null };

  it('defaults recurring days to Monday-Friday and clears the style without AI', () => {
    expect(v2ScheduleSchema.parse(valid)).toMatchObject({ recurringDays: [1, 2, 3, 4, 5], viralStyle: 'witty_response', content: null });
    expect(v2ScheduleSchema.parse({ ...valid, useAI: false, content: 'hi', isRecurring: false })).toMatchObject({ viralStyle: null, recurringDays: null });
  });

  it('gives each message of the spec on its field', () => {
    refuses(v2ScheduleSchema, { ...valid, accountId: '' }, 'accountId', M.v2AccountRequired);
    refuses(v2ScheduleSchema, { ...valid, connectedAccountId: '' }, 'connectedAccountId', M.v2ConnectedAccountRequired);
    refuses(v2ScheduleSchema, { ...valid, useAI: false, content: ' ' }, 'content', M.v2ContentRequired);
    refuses(v2ScheduleSchema, { ...valid, recurringDays: [] }, 'recurringDays', M.weekdaysRequired);
    refuses(v2ImageFileSchema, { type: 'application/pdf', size: 10 }, 'type', M.invalidFileType);
    refuses(v2ImageFileSchema, { type: 'image/svg+xml', size: 10 }, 'type', M.invalidFileType);
    refuses(v2ImageFileSchema, { type: 'image/jpeg', size: 6 * 1024 * 1024 }, 'size', M.fileTooLarge);
  });
});

describe('bulk entries', () => {
  const entry = { id: 'r1', accountId: 'acc-1', connectedAccountId: 'x-1', tone: 'hot_take', scheduledTime: 'morning', useAI: false, isRecurring: false, recurringType: 'daily', scheduledDate: '2026-01-15', customReplyText: 'Nice' };

  it('gives each message on its field', () => {
    expect(bulkEntrySchema.safeParse(entry).success).toBe(true);
    refuses(bulkEntrySchema, { ...entry, accountId: '' }, 'accountId', M.accountRequired);
    refuses(bulkEntrySchema, { ...entry, connectedAccountId: '' }, 'connectedAccountId', M.connectedAccountRequired);
    refuses(bulkEntrySchema, { ...entry, scheduledTime: 'night' }, 'scheduledTime', M.timeOfDayRequired);
    refuses(bulkEntrySchema, { ...entry, scheduledTime: 'custom', customHour: 3 }, 'customMinute', M.customTimeIncomplete);
    refuses(bulkEntrySchema, { ...entry, scheduledDate: '' }, 'scheduledDate', M.dateRequired);
    refuses(bulkEntrySchema, { ...entry, customReplyText: '' }, 'customReplyText', M.contentRequired);
    expect(bulkEntrySchema.safeParse({ ...entry, customReplyText: '', useAI: true }).success).toBe(true);
    refuses(bulkEntryPayloadSchema, { ...entry, templateSourceType: 'template', templateId: '' }, 'templateId', M.templateRequired);
  });

  it('the batch refuses an empty list and every later duplicate, on its accountId', () => {
    refuses(bulkBatchSchema, { entries: [] }, 'entries', M.noEntries);
    const other = { ...entry, accountId: 'acc-2' };
    expect(fieldErrors(bulkBatchSchema, { entries: [entry, other, entry, { ...entry, scheduledTime: 'custom', customHour: 9, customMinute: 30 }] })).toEqual({
      'entries.2.accountId': M.duplicateTarget,
      'entries.3.accountId': M.duplicateTarget,
    });
  });
});
