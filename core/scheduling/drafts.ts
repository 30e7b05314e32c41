/**
 * From each form's parsed payload to a ScheduleDraft, the one shape the decider takes. These need
 * the creation instant and the user's zone: one-time dates and times are read in that zone, the
 * spec's UTC recurring hour and minute become a local time (ADR 0009), and rules that name no day
 * (bulk weekly/monthly, template monthly) anchor on the chosen date, or today.
 */
import { z } from 'zod';
import { DEFAULT_V2_STYLE } from '@core/styles';
import { AppError } from '@core/shared/errors';
import {
  bulkSlotTime,
  isBeforeToday,
  isoFromSundayZero,
  isoWeekdayOf,
  localDateAt,
  localTimeOfDayFromUtc,
  oneTimeInstant,
  parseDate,
  presetTime,
  requireZone,
  toMs,
  withTime,
  type IsoWeekday,
  type LocalDate,
  type LocalTime,
  type RecurrencePattern,
  type RecurringType,
  type SundayZeroWeekday,
} from '@core/scheduling/time';
import { parseOrThrow } from '@core/shared/parse';
import { SCHEDULE_MESSAGES as M } from './messages';
import type { ContentSource, Plan, ScheduleDraft } from './model';
import { postChoiceOf } from './post-rule';
import { templateSchedulePayloadSchema, type ScheduleContext, type ScheduleForm, type TemplateSchedulePayload } from './schemas/schedule-form';
import { classicSchedulePayloadSchema, type ClassicSchedulePayload } from './schemas/classic';
import { isAutoCall } from './schemas/fields';
import type { V2SchedulePayload } from './schemas/v2';
import type { BulkEntryPayload } from './schemas/bulk';

const today = (ctx: ScheduleContext): LocalDate => localDateAt(toMs(ctx.now, 'now'), requireZone(ctx.timeZone));

/** The date a one-time schedule runs on: given, valid and not before today. */
const oneTimeDate = (text: string | undefined | null, ctx: ScheduleContext): LocalDate => {
  const date = text ? parseDate(text) : null;
  if (date === null) throw new AppError('validation', M.missingDate, { field: 'scheduledDate' });
  if (isBeforeToday(date, ctx.now, ctx.timeZone)) throw new AppError('validation', M.dateBeforeToday, { field: 'scheduledDate' });
  return date;
};

/** A rule's days: weekly and monthly rules that name none run on the anchor date's weekday or day. */
const pattern = (type: RecurringType, days: readonly number[], anchor: LocalDate): RecurrencePattern => {
  switch (type) {
    case 'daily':
      return { type: 'daily' };
    case 'weekly':
      return { type: 'weekly', days: days.length > 0 ? (days as IsoWeekday[]) : [isoWeekdayOf(anchor) as IsoWeekday] };
    case 'monthly':
      return { type: 'monthly', days: days.length > 0 ? days : [anchor.day] };
  }
};

const templateSource = (templateId: string | null, templateGroupId: string | null): ContentSource => {
  if (templateGroupId !== null) return { kind: 'template_group', templateGroupId };
  if (templateId !== null) return { kind: 'template', templateId };
  throw new AppError('validation', M.templateOrGroupRequired, { field: 'templateId' });
};

/** An auto schedule: each new post of the target, answered `delayMinutes` (default none) after it. */
const autoPlan = (delayMinutes: number | undefined): Plan => ({ kind: 'auto', delayMinutes: delayMinutes ?? 0 });

/** A peak window the schema required (it is absent only for auto calls). */
const requiredWindow = <W,>(window: W | null | undefined): W => {
  if (window === null || window === undefined) throw new AppError('validation', M.peakWindowRequired, { field: 'peakWindowType' });
  return window;
};

/** The Schedules page's New Schedule dialog. */
export const draftFromScheduleForm = (form: ScheduleForm, ctx: ScheduleContext): ScheduleDraft => {
  const time = presetTime(form.scheduledTime, { hour: form.customHour ?? 12, minute: form.customMinute ?? 0 });
  const content = form.templateSourceType === 'templateGroup' ? templateSource(null, form.templateGroupId) : templateSource(form.templateId, null);
  let plan: Plan;
  if (form.isRecurring) {
    const anchor = form.scheduledDate ? (parseDate(form.scheduledDate) ?? today(ctx)) : today(ctx);
    // The dialog's day toggles are weekdays; a monthly rule runs on the anchor date's day.
    const days = form.recurringType === 'weekly' ? form.recurringDays : [];
    plan = { kind: 'recurring', rule: withTime(pattern(form.recurringType, days, anchor), time) };
  } else {
    plan = { kind: 'once', at: oneTimeInstant(oneTimeDate(form.scheduledDate, ctx), time, ctx.timeZone) };
  }
  return { targetAccountId: form.accountId, connectedAccountId: form.connectedAccountId, content, imageUrl: null, plan, post: postChoiceOf(plan, form) };
};

/** POST /api/schedules, template variant: recurringHour/recurringMinute are UTC and become local here (recurringTime, local, wins). */
export const draftFromTemplatePayload = (p: TemplateSchedulePayload, ctx: ScheduleContext): ScheduleDraft => {
  const content = templateSource(p.templateId, p.templateGroupId);
  const type = p.scheduleType ?? (p.isRecurring ? 'recurring' : 'scheduled');
  const recurrence = () => pattern(p.recurringType, p.recurringDays, today(ctx));
  let plan: Plan;
  if (type === 'immediate') plan = { kind: 'immediate' };
  else if (type === 'auto') plan = autoPlan(p.delayMinutes);
  else if (type === 'peak_window') {
    if (!p.peakWindowType) throw new AppError('validation', M.peakWindowRequired, { field: 'peakWindowType' });
    plan = { kind: 'peak', window: p.peakWindowType, recurrence: p.isRecurring ? recurrence() : null };
  } else if (type === 'recurring' || p.isRecurring) {
    let local: LocalTime;
    if (p.recurringTime !== undefined) {
      const [hour, minute] = p.recurringTime.split(':').map(Number) as [number, number];
      local = { hour, minute };
    } else if (p.recurringHour === undefined || p.recurringMinute === undefined) {
      throw new AppError('validation', M.missingDateOrTime, { field: 'recurringHour' });
    } else local = localTimeOfDayFromUtc({ hour: p.recurringHour, minute: p.recurringMinute }, ctx.timeZone, ctx.now);
    plan = { kind: 'recurring', rule: withTime(recurrence(), local) };
  } else {
    if (p.scheduledTime === undefined) throw new AppError('validation', M.missingDateOrTime, { field: 'scheduledTime' });
    plan = { kind: 'once', at: p.scheduledTime };
  }
  return { targetAccountId: p.accountId, connectedAccountId: p.connectedAccountId, content, imageUrl: p.imageUrl, plan, post: postChoiceOf(plan, p) };
};

/** POST /api/schedules, classic variant: weekly days arrive 0 Sunday ... 6 Saturday. */
export const draftFromClassicPayload = (p: ClassicSchedulePayload): ScheduleDraft => {
  const text = p.conditions.content;
  const days = p.recurringType === 'weekly' ? p.recurringDays.map((d) => isoFromSundayZero(d as SundayZeroWeekday)) : p.recurringDays;
  const recurrence: RecurrencePattern | null = !p.isRecurring
    ? null
    : p.recurringType === 'daily'
      ? { type: 'daily' }
      : p.recurringType === 'weekly'
        ? { type: 'weekly', days: days as IsoWeekday[] }
        : { type: 'monthly', days };
  const plan: Plan = isAutoCall(p)
    ? autoPlan(p.delayMinutes)
    : p.exactTime !== null
      ? { kind: 'once', at: p.exactTime }
      : { kind: 'peak', window: requiredWindow(p.peakWindowType), recurrence };
  return {
    targetAccountId: p.accountId,
    connectedAccountId: p.connectedAccountId,
    content: p.useAI ? { kind: 'ai', style: p.viralStyle, baseText: text } : { kind: 'text', text },
    imageUrl: p.imageUrl,
    plan,
    post: postChoiceOf(plan, p),
    targetUsername: p.conditions.targetAccount,
  };
};

/** POST /api/v2/schedule. */
export const draftFromV2 = (p: V2SchedulePayload): ScheduleDraft => {
  const plan: Plan = isAutoCall(p)
    ? autoPlan(p.delayMinutes)
    : p.exactTime !== null
      ? { kind: 'once', at: p.exactTime }
      : { kind: 'peak', window: requiredWindow(p.peakWindowType), recurrence: p.recurringDays === null ? null : { type: 'weekly', days: p.recurringDays as IsoWeekday[] } };
  return {
    targetAccountId: p.accountId,
    connectedAccountId: p.connectedAccountId,
    content: p.useAI ? { kind: 'ai', style: p.viralStyle ?? DEFAULT_V2_STYLE, baseText: p.content } : { kind: 'text', text: p.content ?? '' },
    imageUrl: p.imageUrl,
    plan,
    post: postChoiceOf(plan, p),
  };
};

/** The time a bulk payload posts at: its own time when it carries one, else the slot's. */
export const bulkPayloadTime = (p: BulkEntryPayload): LocalTime => {
  const own = p.customHour !== undefined && p.customMinute !== undefined ? { hour: p.customHour, minute: p.customMinute } : null;
  if (p.scheduledTime === 'custom' || p.useCustomTime) return bulkSlotTime('custom', own);
  return bulkSlotTime(p.scheduledTime, null);
};

/** One bulk entry. Recurring entries name no day: weekly and monthly run on the chosen date's (or today's). */
export const draftFromBulkPayload = (p: BulkEntryPayload, ctx: ScheduleContext): ScheduleDraft => {
  const text = p.customReplyText.trim() === '' ? null : p.customReplyText;
  const content: ContentSource = p.useAI
    ? { kind: 'ai', style: p.viralStyle, baseText: text }
    : p.templateSourceType === 'template' && p.templateId !== null
      ? { kind: 'template', templateId: p.templateId }
      : { kind: 'text', text: text ?? '' };
  let plan: Plan;
  if (isAutoCall(p)) plan = autoPlan(p.delayMinutes);
  else if (p.isRecurring) {
    const anchor = p.scheduledDate ? (parseDate(p.scheduledDate) ?? today(ctx)) : today(ctx);
    plan = { kind: 'recurring', rule: withTime(pattern(p.recurringType, [], anchor), bulkPayloadTime(p)) };
  } else {
    plan = { kind: 'once', at: oneTimeInstant(oneTimeDate(p.scheduledDate, ctx), bulkPayloadTime(p), ctx.timeZone) };
  }
  return { targetAccountId: p.accountId, connectedAccountId: p.connectedAccountId, content, imageUrl: null, plan, post: postChoiceOf(plan, p) };
};

/** Any JSON value but null: a field that is there and says something. */
const present = z.union([z.string(), z.number(), z.boolean(), z.array(z.unknown()), z.record(z.string(), z.unknown())]);

/**
 * POST /api/schedules takes both the template-based and the classic payload (spec §7). A body with
 * conditions, or with a peak window and neither template nor group, is the classic page's. Written
 * as a schema so that the API document states the same rule the server picks by (http/validate.ts
 * bodyChoice): the two forms exclude each other.
 */
export const classicPayloadSelector = z.union([
  z.looseObject({ conditions: present }),
  z.looseObject({ peakWindowType: present, templateId: z.null().optional(), templateGroupId: z.null().optional() }),
]);

export const schedulePayloadVariant = (body: unknown): 'template' | 'classic' =>
  classicPayloadSelector.safeParse(body).success ? 'classic' : 'template';

/** Validates either payload of POST /api/schedules (AppError with the field on bad input) and drafts it. */
export const draftFromSchedulePayload = (body: unknown, ctx: ScheduleContext): ScheduleDraft =>
  schedulePayloadVariant(body) === 'classic'
    ? draftFromClassicPayload(parseOrThrow(classicSchedulePayloadSchema, body))
    : draftFromTemplatePayload(parseOrThrow(templateSchedulePayloadSchema, body), ctx);
