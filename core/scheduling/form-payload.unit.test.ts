// The New Schedule dialog's call: whatever the dialog accepts, the payload it sends (ISO instant for
// one-time, UTC hour and minute for recurring, as the spec's page did) makes the server plan the
// same first run the dialog promised in its delivery-time hint.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { draftFromTemplatePayload } from './drafts';
import { plannedRun, templatePayloadFromForm } from './form-payload';
import { firstRun } from './plan';
import { scheduleFormSchemaAt, templateSchedulePayloadSchema, type ScheduleFormInput } from './schemas/schedule-form';
import { TIME_PRESETS } from './time';

const RUNS = { numRuns: 1000 };
const ZONES = [...Intl.supportedValuesOf('timeZone'), 'UTC'];
const NOW = '2026-01-14T10:00:00.000Z'; // Wednesday, 11:00 in Paris

const base: ScheduleFormInput = {
  templateSourceType: 'template',
  accountId: 'acc-1',
  connectedAccountId: 'x-1',
  templateId: 'tpl-1',
  templateGroupId: '',
  isRecurring: false,
  recurringType: 'daily',
  recurringDays: [],
  scheduledDate: '2026-01-15',
  scheduledTime: 'morning',
  customHour: 12,
  customMinute: 0,
};

const parse = (input: ScheduleFormInput, now = NOW, timeZone = 'Europe/Paris') => {
  const ctx = { now, timeZone };
  const parsed = scheduleFormSchemaAt(ctx).safeParse(input);
  if (!parsed.success) throw new Error(parsed.error.message);
  return { form: parsed.data, ctx };
};

describe('templatePayloadFromForm', () => {
  it('sends a one-time schedule as the ISO instant of the local date and preset', () => {
    const { form, ctx } = parse(base);
    expect(templatePayloadFromForm(form, ctx)).toEqual({
      accountId: 'acc-1',
      connectedAccountId: 'x-1',
      templateId: 'tpl-1',
      templateGroupId: null,
      scheduleType: 'scheduled',
      isRecurring: false,
      scheduledTime: '2026-01-15T08:00:00.000Z', // 9:00 in Paris (UTC+1)
    });
  });

  it('sends a recurring weekly group schedule with the UTC hour and minute and the form weekdays', () => {
    const { form, ctx } = parse({ ...base, templateSourceType: 'templateGroup', templateGroupId: 'g-1', isRecurring: true, recurringType: 'weekly', recurringDays: [1, 7], scheduledTime: 'custom', customHour: 16, customMinute: 45 });
    expect(templatePayloadFromForm(form, ctx)).toEqual({
      accountId: 'acc-1',
      connectedAccountId: 'x-1',
      templateId: null,
      templateGroupId: 'g-1',
      scheduleType: 'recurring',
      isRecurring: true,
      recurringType: 'weekly',
      recurringDays: [1, 7],
      recurringHour: 15,
      recurringMinute: 45,
      recurringTime: '16:45',
    });
  });

  it('runs a monthly rule on the chosen date’s day, today’s without a date', () => {
    const withDate = parse({ ...base, isRecurring: true, recurringType: 'monthly', scheduledDate: '2026-02-27' });
    expect(templatePayloadFromForm(withDate.form, withDate.ctx)).toMatchObject({ recurringType: 'monthly', recurringDays: [27] });
    const without = parse({ ...base, isRecurring: true, recurringType: 'monthly', scheduledDate: '' });
    expect(templatePayloadFromForm(without.form, without.ctx)).toMatchObject({ recurringDays: [14] });
  });

  it('plans nothing for a time already past (the dialog refuses it with the spec message)', () => {
    const ctx = { now: NOW, timeZone: 'Europe/Paris' };
    expect(scheduleFormSchemaAt(ctx).safeParse({ ...base, scheduledDate: '2026-01-14' }).error?.issues[0]?.message).toBe('Scheduled time must be in the future');
    const form = { ...parse(base).form, scheduledDate: '2026-01-14' };
    expect(plannedRun(form, ctx)).toBeNull();
  });

  it('without recurringTime (the spec’s shape) a local time in a DST gap comes back as the time after it', () => {
    // Madrid, 26 March 2023, 03:00 CEST: 02:00 did not exist today; its UTC reading is 01:00, which is 03:00 now.
    const now = '2023-03-26T01:00:00.000Z';
    const { form, ctx } = parse({ ...base, isRecurring: true, scheduledTime: 'custom', customHour: 2, customMinute: 0, scheduledDate: '' }, now, 'Europe/Madrid');
    const { recurringTime, ...specShape } = templatePayloadFromForm(form, ctx);
    expect(recurringTime).toBe('02:00');
    const run = (p: object) => firstRun(draftFromTemplatePayload(templateSchedulePayloadSchema.parse(p), ctx).plan, now, ctx.timeZone);
    expect(run(specShape)).toBe('2023-03-27T01:00:00.000Z'); // 03:00 CEST
    expect(run({ ...specShape, recurringTime })).toBe('2023-03-27T00:00:00.000Z'); // 02:00 CEST, as the dialog showed
    expect(plannedRun(form, ctx)).toBe('2023-03-27T00:00:00.000Z');
  });

  it('property: the server plans the first run the dialog showed, in any zone, for any accepted form', () => {
    const formArb = fc.record({
      templateSourceType: fc.constantFrom('template' as const, 'templateGroup' as const),
      isRecurring: fc.boolean(),
      recurringType: fc.constantFrom('daily' as const, 'weekly' as const, 'monthly' as const),
      recurringDays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
      daysAhead: fc.integer({ min: 0, max: 400 }),
      scheduledTime: fc.constantFrom(...TIME_PRESETS),
      customHour: fc.integer({ min: 0, max: 23 }),
      customMinute: fc.integer({ min: 0, max: 59 }),
    });
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }),
        formArb,
        (timeZone, nowMs, f) => {
          const now = new Date(nowMs).toISOString();
          const date = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(nowMs + f.daysAhead * 86_400_000);
          const ctx = { now, timeZone };
          const parsed = scheduleFormSchemaAt(ctx).safeParse({ ...base, ...f, templateGroupId: 'g-1', scheduledDate: date });
          fc.pre(parsed.success);
          if (!parsed.success) return;
          const shown = plannedRun(parsed.data, ctx);
          expect(shown).not.toBeNull();
          const payload = templateSchedulePayloadSchema.parse(templatePayloadFromForm(parsed.data, ctx));
          const planned = firstRun(draftFromTemplatePayload(payload, ctx).plan, now, timeZone);
          expect(planned).toBe(shown);
          expect(Date.parse(planned!)).toBeGreaterThan(nowMs);
        },
      ),
      RUNS,
    );
  });
});
