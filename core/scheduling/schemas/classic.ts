/**
 * The classic Schedule a Reply page (spec part 2 §2, §5 Classic form) and its call, the classic
 * variant of POST /api/schedules (§7). Weekly days use 0 Sunday ... 6 Saturday here, as the page
 * does; monthly days 1-31. The server recomputes the time from the peak window: the page's
 * scheduledTime is accepted and ignored. Ours: `exactTime` (an ISO instant) makes a one-time reply
 * at that instant instead (refused with a recurrence).
 */
import { z } from 'zod';
import { classicStyleSchema, DEFAULT_CLASSIC_STYLE } from '@core/styles';
import { CLASSIC_PEAK_VALUES, PEAK_WINDOWS, type RecurringType } from '@core/scheduling/time';
import { SCHEDULE_MESSAGES as M } from '@core/scheduling/messages';
import { autoShape, booleanField, classicImageFileSchema, contentField, exactTimeField, idField, imageUrlField, isAutoCall, issue, postChoiceShape, recurringTypeField, refineAuto } from './fields';

const days = z
  .array(z.preprocess((v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v), z.number({ error: M.monthDayRange }).int(M.monthDayRange)), {
    error: M.monthDayRange,
  })
  .nullish()
  .transform((v) => v ?? []);

/** Weekly days 0-6 and at least one; monthly days 1-31 and at least one. */
const refineDays = (ctx: z.RefinementCtx, isRecurring: boolean, type: RecurringType, list: readonly number[]): void => {
  if (!isRecurring) return;
  if (type === 'weekly') {
    if (list.length === 0) issue(ctx, 'recurringDays', M.weekdaysRequired);
    else if (list.some((d) => d < 0 || d > 6)) issue(ctx, 'recurringDays', M.weekdayRange);
  }
  if (type === 'monthly') {
    if (list.length === 0) issue(ctx, 'recurringDays', M.monthDaysRequired);
    else if (list.some((d) => d < 1 || d > 31)) issue(ctx, 'recurringDays', M.monthDayRange);
  }
};

/** The page's fields: accountId is YOUR X account here, targetAccount the account to answer. */
export const classicFormSchema = z
  .object({
    accountId: idField(M.classicAccountRequired),
    targetAccount: z
      .string({ error: M.targetAccountRequired })
      .trim()
      .transform((s) => s.replace(/^@/, ''))
      .refine((s) => s !== '', M.targetAccountRequired),
    content: contentField(M.contentRequired),
    /** Required but for an auto reply (ours: `auto`), which answers each new post and has no time. */
    scheduleType: z.enum(CLASSIC_PEAK_VALUES, { error: M.peakWindowRequired }).optional(),
    auto: booleanField(false),
    isRecurring: booleanField(false),
    recurringType: recurringTypeField.optional().transform((v) => v ?? 'daily'),
    recurringDays: days,
    useAI: booleanField(false),
    viralStyle: classicStyleSchema.optional().transform((v) => v ?? DEFAULT_CLASSIC_STYLE),
    image: classicImageFileSchema.nullish().transform((v) => v ?? null),
  })
  .superRefine((f, ctx) => {
    if (f.auto) return;
    if (f.scheduleType === undefined) issue(ctx, 'scheduleType', M.peakWindowRequired);
    refineDays(ctx, f.isRecurring, f.recurringType, f.recurringDays);
  });
export type ClassicForm = z.output<typeof classicFormSchema>;

/** What the page starts with (spec §9: daily; weekly Monday, Wednesday, Friday). */
export const CLASSIC_FORM_DEFAULTS = {
  isRecurring: false,
  recurringType: 'daily',
  weeklyDays: [1, 3, 5],
  useAI: false,
  viralStyle: DEFAULT_CLASSIC_STYLE,
} as const;

/** POST /api/schedules, classic variant: accountId is the TARGET account here (spec §7). */
export const classicSchedulePayloadSchema = z
  .object({
    accountId: idField(M.targetAccountRequired),
    connectedAccountId: idField(M.classicAccountRequired),
    scheduleType: z.string().optional(),
    scheduledTime: z.unknown().optional(),
    /** Required but for an auto schedule (scheduleType 'auto', ours), which has no time. */
    peakWindowType: z.enum(PEAK_WINDOWS, { error: M.peakWindowRequired }).nullish(),
    /** Ours: a one-time reply at this instant instead of the window's next slot. */
    exactTime: exactTimeField,
    isActive: z.unknown().optional(),
    isExecuted: z.unknown().optional(),
    isRecurring: booleanField(false),
    recurringType: recurringTypeField.optional().transform((v) => v ?? 'daily'),
    recurringDays: days,
    useAI: booleanField(false),
    viralStyle: classicStyleSchema.nullish().transform((v) => v ?? DEFAULT_CLASSIC_STYLE),
    conditions: z.object(
      {
        content: contentField(M.contentRequired),
        targetAccount: z.string().trim().nullish().transform((v) => (v ? v.replace(/^@/, '') : null)),
        imageIncluded: booleanField(false),
      },
      { error: M.contentRequired },
    ),
    imageUrl: imageUrlField,
    ...postChoiceShape,
    ...autoShape,
  })
  .superRefine((p, ctx) => {
    if (isAutoCall(p)) return refineAuto(ctx, p);
    refineDays(ctx, p.isRecurring, p.recurringType, p.recurringDays);
    if (p.peakWindowType === null || p.peakWindowType === undefined) issue(ctx, 'peakWindowType', M.peakWindowRequired);
    if (p.exactTime !== null && p.isRecurring) issue(ctx, 'exactTime', M.exactTimeOneTime);
  });
export type ClassicSchedulePayload = z.output<typeof classicSchedulePayloadSchema>;
