/**
 * The Schedules page's New Schedule dialog turned into its call (spec part 2 §7, template variant
 * of POST /api/schedules), as the spec's page did: a one-time schedule sends the ISO instant of
 * the chosen date and time in the user's zone; a recurring one sends the hour and minute in UTC
 * (the local time read on today's date), which the server turns back into the local time
 * (ADR 0009); it also sends `recurringTime`, the local time itself, so a rule made on a DST change
 * day is exactly the one the dialog showed. Weekly days go in the form's numbering (1 Monday ... 7 Sunday); a monthly rule runs
 * on the chosen date's day of the month (today's when no date is chosen).
 *
 * `plannedRun` is when the dialog's schedule would first run: the delivery-time hint is read there.
 */
import type { z } from 'zod';
import { firstRun } from './plan';
import { draftFromScheduleForm } from './drafts';
import type { ScheduleContext, ScheduleForm, templateSchedulePayloadSchema } from './schemas/schedule-form';
import { formatTime, localDateAt, oneTimeInstant, parseDate, presetTime, requireZone, toMs, utcTimeOfDay, type Instant, type LocalDate } from './time';

export type TemplateSchedulePayloadInput = z.input<typeof templateSchedulePayloadSchema>;

const anchorDate = (form: ScheduleForm, ctx: ScheduleContext): LocalDate =>
  (form.scheduledDate ? parseDate(form.scheduledDate) : null) ?? localDateAt(toMs(ctx.now, 'now'), requireZone(ctx.timeZone));

/** The call's body for a parsed dialog (`scheduleFormSchemaAt` has accepted it). */
export const templatePayloadFromForm = (form: ScheduleForm, ctx: ScheduleContext): TemplateSchedulePayloadInput => {
  const time = presetTime(form.scheduledTime, { hour: form.customHour ?? 12, minute: form.customMinute ?? 0 });
  const source =
    form.templateSourceType === 'templateGroup' ? { templateId: null, templateGroupId: form.templateGroupId } : { templateId: form.templateId, templateGroupId: null };
  const post = {
    ...(form.targetPost === undefined ? {} : { targetPost: form.targetPost }),
    ...(form.waitMinutes === undefined ? {} : { waitMinutes: form.waitMinutes }),
    ...(form.freshnessMinutes === undefined ? {} : { freshnessMinutes: form.freshnessMinutes }),
  };
  const common = { accountId: form.accountId, connectedAccountId: form.connectedAccountId, ...source, ...post };
  if (form.isRecurring) {
    const utc = utcTimeOfDay(time, ctx.timeZone, ctx.now);
    const days = form.recurringType === 'weekly' ? [...form.recurringDays] : form.recurringType === 'monthly' ? [anchorDate(form, ctx).day] : [];
    return { ...common, scheduleType: 'recurring', isRecurring: true, recurringType: form.recurringType, recurringDays: days, recurringHour: utc.hour, recurringMinute: utc.minute, recurringTime: formatTime(time) };
  }
  return { ...common, scheduleType: 'scheduled', isRecurring: false, scheduledTime: oneTimeInstant(anchorDate(form, ctx), time, ctx.timeZone) };
};

/** When the dialog's schedule would first run, or null while the form cannot say (past, incomplete). */
export const plannedRun = (form: ScheduleForm, ctx: ScheduleContext): Instant | null => {
  try {
    return firstRun(draftFromScheduleForm(form, ctx).plan, ctx.now, ctx.timeZone);
  } catch {
    return null;
  }
};
