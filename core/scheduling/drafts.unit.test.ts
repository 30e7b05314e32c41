import { describe, expect, it } from 'vitest';
import { AppError } from '@core/shared/errors';
import { upcomingRuns, utcTimeOfDay } from '@core/scheduling/time';
import { decideSchedule } from './decide';
import {
  draftFromBulkPayload,
  draftFromClassicPayload,
  draftFromScheduleForm,
  draftFromSchedulePayload,
  draftFromTemplatePayload,
  draftFromV2,
  schedulePayloadVariant,
} from './drafts';
import { SCHEDULE_MESSAGES as M } from './messages';
import type { ScheduleDraft } from './model';
import {
  bulkEntryPayloadSchema,
  bulkEntrySchema,
  bulkPayloadFromEntry,
  classicSchedulePayloadSchema,
  scheduleFormSchema,
  templateSchedulePayloadSchema,
  v2ScheduleSchema,
} from './schemas';

const NOW = '2026-01-14T10:00:00.000Z'; // Wednesday, 11:00 in Paris
const ctx = { now: NOW, timeZone: 'Europe/Paris' };

/** The next run time the decider gives a draft created now. */
const nextRunOf = (draft: ScheduleDraft, now = NOW, timeZone = ctx.timeZone): string | null => {
  const [event] = decideSchedule({ type: 'CreateSchedule', scheduleId: 's', userId: 'u', now, timeZone, draft }, { status: 'none' });
  if (event?.type !== 'ScheduleCreated') throw new Error('not created');
  return event.data.nextRunTime;
};

describe('template-based form', () => {
  const form = {
    templateSourceType: 'templateGroup',
    accountId: 'acc-1',
    connectedAccountId: 'x-1',
    templateGroupId: 'g-1',
    scheduledDate: '2026-01-20',
    scheduledTime: 'afternoon',
  };

  it('reads a one-time date and preset in the user zone', () => {
    const draft = draftFromScheduleForm(scheduleFormSchema.parse(form), ctx);
    expect(draft).toMatchObject({ content: { kind: 'template_group', templateGroupId: 'g-1' }, plan: { kind: 'once', at: '2026-01-20T15:00:00.000Z' } });
  });

  it('makes a weekly rule from the form days (1-7 Monday-Sunday) at the custom time', () => {
    const draft = draftFromScheduleForm(
      scheduleFormSchema.parse({ ...form, isRecurring: true, recurringType: 'weekly', recurringDays: [1, 7], scheduledTime: 'custom', customHour: 7, customMinute: 45 }),
      ctx,
    );
    expect(draft.plan).toEqual({ kind: 'recurring', rule: { type: 'weekly', days: [1, 7], time: { hour: 7, minute: 45 } } });
    expect(nextRunOf(draft)).toBe('2026-01-18T06:45:00.000Z'); // Sunday 7:45 Paris
  });

  it('anchors a monthly rule on the chosen date, or today', () => {
    const parsed = scheduleFormSchema.parse({ ...form, isRecurring: true, recurringType: 'monthly', scheduledDate: '' });
    expect(draftFromScheduleForm(parsed, ctx).plan).toEqual({ kind: 'recurring', rule: { type: 'monthly', days: [14], time: { hour: 16, minute: 0 } } });
  });

  it("throws the spec's messages when the date is missing or before today", () => {
    const parsed = scheduleFormSchema.parse(form);
    expect(() => draftFromScheduleForm({ ...parsed, scheduledDate: undefined }, ctx)).toThrowError(M.missingDate);
    expect(() => draftFromScheduleForm({ ...parsed, scheduledDate: '2026-01-13' }, ctx)).toThrowError(M.dateBeforeToday);
  });
});

describe('template payload (UTC hour and minute)', () => {
  const payload = { accountId: 'acc-1', connectedAccountId: 'x-1', templateId: 't-1', scheduleType: 'recurring', isRecurring: true, recurringType: 'daily' };

  it('a 9:00 rule made in winter still runs at 9:00 local in summer', () => {
    const utc = utcTimeOfDay({ hour: 9, minute: 0 }, 'Europe/Paris', NOW); // what the page sends: 8:00
    const draft = draftFromTemplatePayload(templateSchedulePayloadSchema.parse({ ...payload, recurringHour: utc.hour, recurringMinute: utc.minute }), ctx);
    expect(draft.plan).toEqual({ kind: 'recurring', rule: { type: 'daily', time: { hour: 9, minute: 0 } } });
    if (draft.plan.kind !== 'recurring') throw new Error('recurring');
    expect(upcomingRuns(draft.plan.rule, '2026-07-01T00:00:00Z', 'Europe/Paris', 1)).toEqual(['2026-07-01T07:00:00.000Z']);
  });

  it('keeps one-time, immediate, peak and auto types', () => {
    const parse = (o: object) => draftFromTemplatePayload(templateSchedulePayloadSchema.parse({ ...payload, isRecurring: false, ...o }), ctx).plan;
    expect(parse({ scheduleType: 'scheduled', scheduledTime: '2026-01-15T08:00:00Z' })).toEqual({ kind: 'once', at: '2026-01-15T08:00:00Z' });
    expect(parse({ scheduleType: 'immediate' })).toEqual({ kind: 'immediate' });
    expect(parse({ scheduleType: 'peak_window', peakWindowType: 'evening_peak' })).toEqual({ kind: 'peak', window: 'evening_peak', recurrence: null });
    expect(parse({ scheduleType: 'auto', delayMinutes: 10 })).toEqual({ kind: 'auto', delayMinutes: 10 });
  });
});

describe('classic payload', () => {
  const payload = {
    accountId: 'acc-1',
    connectedAccountId: 'x-1',
    scheduleType: 'scheduled',
    scheduledTime: '1999-01-01T00:00:00Z',
    peakWindowType: 'morning_peak',
    isRecurring: true,
    recurringType: 'weekly',
    recurringDays: [0, 3],
    useAI: true,
    viralStyle: 'insight_bomb',
    conditions: { content: 'Rewrite me', targetAccount: '@naval', imageIncluded: false },
  };

  it('converts 0-6 weekdays to ISO, keeps the AI text and the target name, ignores the sent time', () => {
    const draft = draftFromClassicPayload(classicSchedulePayloadSchema.parse(payload));
    expect(draft).toMatchObject({
      content: { kind: 'ai', style: 'insight_bomb', baseText: 'Rewrite me' },
      plan: { kind: 'peak', window: 'morning_peak', recurrence: { type: 'weekly', days: [7, 3] } },
      targetUsername: 'naval',
    });
    // Wednesday 11:00 in Paris: the morning slot is tomorrow (Thursday), so the first run is Sunday 9:00.
    expect(nextRunOf(draft)).toBe('2026-01-18T08:00:00.000Z');
  });

  it('is recognised and parsed by the shared POST /api/schedules entry', () => {
    expect(schedulePayloadVariant(payload)).toBe('classic');
    expect(schedulePayloadVariant({ templateId: 't', peakWindowType: 'lunch_hour' })).toBe('template');
    expect(draftFromSchedulePayload(payload, ctx).targetAccountId).toBe('acc-1');
    expect(() => draftFromSchedulePayload({ ...payload, conditions: { content: '' } }, ctx)).toThrowError(AppError);
    expect(() => draftFromSchedulePayload({ accountId: 'a', connectedAccountId: 'x' }, ctx)).toThrowError(M.templateOrGroupRequired);
  });
});

describe('V2 payload', () => {
  it('a recurring AI reply in the lunch window on weekdays', () => {
    const draft = draftFromV2(
      v2ScheduleSchema.parse({ accountId: 'acc-1', connectedAccountId: 'x-1', peakWindowType: 'lunch_hour', useAI: true, viralStyle: 'expert_analysis', isRecurring: true, imageUrl: '/uploads/i.png' }),
    );
    expect(draft).toMatchObject({
      content: { kind: 'ai', style: 'expert_analysis', baseText: null },
      imageUrl: '/uploads/i.png',
      plan: { kind: 'peak', window: 'lunch_hour', recurrence: { type: 'weekly', days: [1, 2, 3, 4, 5] } },
    });
    expect(nextRunOf(draft)).toBe('2026-01-15T12:00:00.000Z'); // 11:00 is past lunch's cut-off: Thursday 13:00
  });
});

describe('bulk payload', () => {
  const entry = { id: 'r', accountId: 'acc-1', connectedAccountId: 'x-1', tone: 'dark_humor', scheduledTime: 'afternoon', useAI: false, isRecurring: false, recurringType: 'daily', scheduledDate: '2026-01-14', customReplyText: 'Ha' };

  it('posts a slot at its mapped time on the chosen date', () => {
    const payload = bulkEntryPayloadSchema.parse(bulkPayloadFromEntry(bulkEntrySchema.parse(entry)));
    expect(draftFromBulkPayload(payload, ctx).plan).toEqual({ kind: 'once', at: '2026-01-14T16:00:00.000Z' }); // 17:00 Paris
  });

  it("a recurring weekly entry runs on the chosen date's weekday", () => {
    const payload = bulkEntryPayloadSchema.parse(bulkPayloadFromEntry(bulkEntrySchema.parse({ ...entry, isRecurring: true, recurringType: 'weekly', scheduledDate: '2026-01-16', useAI: true })));
    const draft = draftFromBulkPayload(payload, ctx);
    expect(draft).toMatchObject({ content: { kind: 'ai', style: 'dark_humor', baseText: 'Ha' }, plan: { kind: 'recurring', rule: { type: 'weekly', days: [5], time: { hour: 17, minute: 0 } } } });
  });

  it('takes the custom time the page sends for a slot', () => {
    const payload = bulkEntryPayloadSchema.parse({ ...entry, scheduledTime: 'morning', useCustomTime: true, customHour: 9, customMinute: 15, scheduledDate: '2026-01-15' });
    expect(draftFromBulkPayload(payload, ctx).plan).toEqual({ kind: 'once', at: '2026-01-15T08:15:00.000Z' });
  });
});
