/**
 * The template-based schedule: the New Schedule dialog of the Schedules page (spec part 2 §3
 * Schedule form, §5 messages) and its call, POST /api/schedules (§7, template variant: the page
 * sends a computed ISO time for one-time schedules and the recurring hour and minute in UTC).
 */
import { z } from 'zod';
import { isBeforeToday, oneTimeInstant, parseDate, presetTime, toMs, PEAK_WINDOWS, TIME_PRESETS, type InstantInput } from '@core/scheduling/time';
import { SCHEDULE_MESSAGES as M, AUTO_DELAY_MAX_MINUTES } from '@core/scheduling/messages';
import { SCHEDULE_TYPES } from '@core/scheduling/model';
import { booleanField, idField, imageUrlField, issue, optionalIdField, optionalIntField, postChoiceShape, recurringTypeField } from './fields';

const numberList = (min: number, max: number, message: string) =>
  z.array(z.preprocess((v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v), z.number({ error: message }).int(message).min(min, message).max(max, message)), {
    error: message,
  });

const optionalDate = z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), z.string().trim().optional());

/** The dialog's fields. Weekdays use the form's numbering, 1 Monday ... 7 Sunday. */
export const scheduleFormSchema = z
  .object({
    templateSourceType: z.enum(['template', 'templateGroup'], { error: M.templateSourceRequired }),
    accountId: idField(M.accountRequired),
    connectedAccountId: idField(M.connectedAccountRequired),
    templateId: optionalIdField(),
    templateGroupId: optionalIdField(),
    isRecurring: booleanField(false),
    recurringType: recurringTypeField.optional().transform((v) => v ?? 'daily'),
    recurringDays: numberList(1, 7, M.isoWeekdayRange).optional().transform((v) => v ?? []),
    scheduledDate: optionalDate,
    scheduledTime: z.enum(TIME_PRESETS, { error: M.timeOfDayRequired }),
    customHour: optionalIntField(0, 23, M.hourRange),
    customMinute: optionalIntField(0, 59, M.minuteRange),
    ...postChoiceShape,
  })
  .superRefine((form, ctx) => {
    if (form.scheduledTime === 'custom') {
      if (form.customHour === undefined) issue(ctx, 'customHour', M.customTimeIncomplete);
      else if (form.customMinute === undefined) issue(ctx, 'customMinute', M.customTimeIncomplete);
    }
    if (form.templateSourceType === 'template' && form.templateId === null) issue(ctx, 'templateId', M.templateRequired);
    if (form.templateSourceType === 'templateGroup' && form.templateGroupId === null) issue(ctx, 'templateGroupId', M.templateRequired);
    if (form.isRecurring && form.recurringType === 'weekly' && form.recurringDays.length === 0) issue(ctx, 'recurringDays', M.weekdaysRequired);
    if (!form.isRecurring && (form.scheduledDate === undefined || parseDate(form.scheduledDate) === null)) issue(ctx, 'scheduledDate', M.dateRequired);
  });
export type ScheduleFormInput = z.input<typeof scheduleFormSchema>;
export type ScheduleForm = z.output<typeof scheduleFormSchema>;

/** What the dialog starts with (spec §9: custom time defaults to 12:00). */
export const SCHEDULE_FORM_DEFAULTS = {
  templateSourceType: 'template',
  accountId: '',
  connectedAccountId: '',
  templateId: '',
  templateGroupId: '',
  isRecurring: false,
  recurringType: 'daily',
  recurringDays: [] as number[],
  scheduledDate: '',
  scheduledTime: 'morning',
  customHour: 12,
  customMinute: 0,
} as const;

export interface ScheduleContext {
  now: InstantInput;
  timeZone: string;
}

/**
 * The dialog's schema with the rules that need the clock and the user's zone: the date cannot be
 * before today, and a one-time schedule must be in the future.
 */
export const scheduleFormSchemaAt = (context: ScheduleContext) =>
  scheduleFormSchema.superRefine((form, ctx) => {
    if (form.isRecurring || form.scheduledDate === undefined) return;
    const date = parseDate(form.scheduledDate);
    if (date === null) return;
    if (isBeforeToday(date, context.now, context.timeZone)) return issue(ctx, 'scheduledDate', M.dateBeforeToday);
    const time = presetTime(form.scheduledTime, { hour: form.customHour ?? 12, minute: form.customMinute ?? 0 });
    if (toMs(oneTimeInstant(date, time, context.timeZone)) <= toMs(context.now, 'now')) issue(ctx, 'scheduledTime', M.mustBeFuture);
  });

const isoInstant = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
  z
    .string()
    .refine((s) => !Number.isNaN(Date.parse(s)), M.missingDateOrTime)
    .optional(),
);

/**
 * POST /api/schedules, template variant (spec §7). `userId` and `nextRunTime` are accepted and
 * ignored: the session says who, and the server computes the next run. `recurringDays` are ISO
 * weekdays for weekly rules and days of the month for monthly ones; `recurringHour` and
 * `recurringMinute` are UTC, as the spec sends them (converted to local time on creation).
 * Ours: `recurringTime` ('HH:MM', the wall-clock time in the user's zone) may be sent with or
 * instead of them and wins. The UTC pair cannot say which local time was meant on a DST change
 * day (a time in the gap, or one of the two readings of the repeated hour); the Schedules page
 * sends both, so its rule is exactly the one its delivery-time hint showed.
 */
export const templateSchedulePayloadSchema = z
  .object({
    accountId: idField(M.accountRequired),
    connectedAccountId: idField(M.connectedAccountRequired),
    userId: z.unknown().optional(),
    templateId: optionalIdField(),
    templateGroupId: optionalIdField(),
    scheduleType: z.enum(SCHEDULE_TYPES).optional(),
    scheduledTime: isoInstant,
    isRecurring: booleanField(false),
    recurringType: recurringTypeField.optional().transform((v) => v ?? 'daily'),
    recurringDays: numberList(1, 31, M.monthDayRange).nullish().transform((v) => v ?? []),
    recurringHour: optionalIntField(0, 23, M.hourRange),
    recurringMinute: optionalIntField(0, 59, M.minuteRange),
    recurringTime: z.preprocess(
      (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
      z.string({ error: M.localTimeFormat }).trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.localTimeFormat).optional(),
    ),
    nextRunTime: z.unknown().optional(),
    peakWindowType: z.enum(PEAK_WINDOWS, { error: M.peakWindowRequired }).nullish(),
    delayMinutes: optionalIntField(0, AUTO_DELAY_MAX_MINUTES, M.delayRange),
    imageUrl: imageUrlField,
    ...postChoiceShape,
  })
  .superRefine((p, ctx) => {
    if (p.templateId === null && p.templateGroupId === null) issue(ctx, 'templateId', M.templateOrGroupRequired);
    if (p.templateId !== null && p.templateGroupId !== null) issue(ctx, 'templateGroupId', M.templateOrGroupRequired);
    const type = p.scheduleType ?? (p.isRecurring ? 'recurring' : 'scheduled');
    if (type === 'peak_window' && (p.peakWindowType === null || p.peakWindowType === undefined)) issue(ctx, 'peakWindowType', M.peakWindowRequired);
    if (type === 'scheduled' && !p.isRecurring && p.scheduledTime === undefined) issue(ctx, 'scheduledTime', M.missingDateOrTime);
    if (
      (type === 'recurring' || (type === 'scheduled' && p.isRecurring)) &&
      p.recurringTime === undefined &&
      (p.recurringHour === undefined || p.recurringMinute === undefined)
    )
      issue(ctx, p.recurringHour === undefined ? 'recurringHour' : 'recurringMinute', M.missingDateOrTime);
    if (p.isRecurring && p.recurringType === 'weekly') {
      if (p.recurringDays.length === 0) issue(ctx, 'recurringDays', M.weekdaysRequired);
      else if (p.recurringDays.some((d) => d > 7)) issue(ctx, 'recurringDays', M.isoWeekdayRange);
    }
  });
export type TemplateSchedulePayload = z.output<typeof templateSchedulePayloadSchema>;
