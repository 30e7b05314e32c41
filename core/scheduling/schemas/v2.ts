/**
 * Schedule Replies V2: the New AI Reply form and its call, POST /api/v2/schedule (spec part 2 §5
 * V2 form, §7). A peak window, or ours: `exactTime` (an ISO instant) for a one-time reply; recurring days are ISO weekdays (1 Monday ... 7 Sunday),
 * Monday to Friday when none are sent. With AI on, content may be empty (the AI answers the post).
 */
import { z } from 'zod';
import { v2StyleSchema, DEFAULT_V2_STYLE } from '@core/styles';
import { countCharacters } from '@core/text/length';
import { PEAK_WINDOWS, V2_DEFAULT_DAYS } from '@core/scheduling/time';
import { CONTENT_MAX, SCHEDULE_MESSAGES as M } from '@core/scheduling/messages';
import { autoShape, booleanField, exactTimeField, hasReplyText, idField, imageUrlField, isAutoCall, issue, postChoiceShape, refineAuto, replyTextCap } from './fields';

const isoDays = z
  .array(
    z.preprocess(
      (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
      z.number({ error: M.isoWeekdayRange }).int(M.isoWeekdayRange).min(1, M.isoWeekdayRange).max(7, M.isoWeekdayRange),
    ),
    { error: M.isoWeekdayRange },
  )
  .nullish();

export const v2ScheduleSchema = z
  .object({
    accountId: idField(M.v2AccountRequired),
    connectedAccountId: idField(M.v2ConnectedAccountRequired),
    /** Ours: 'auto' answers each new post of the target, `delayMinutes` after it (no window then). */
    scheduleType: z.enum(['peak_window', 'auto'], { error: "scheduleType must be 'peak_window' or 'auto'" }).optional(),
    scheduledTime: z.null().optional(),
    peakWindowType: z.enum(PEAK_WINDOWS, { error: M.peakWindowRequired }).nullish(),
    /** Ours: a one-time reply at this instant instead of the window's next slot. */
    exactTime: exactTimeField,
    useAI: booleanField(false),
    viralStyle: v2StyleSchema.nullish(),
    content: replyTextCap().nullish(),
    isRecurring: booleanField(false),
    recurringDays: isoDays,
    imageUrl: imageUrlField,
    ...postChoiceShape,
    ...autoShape,
  })
  .superRefine((p, ctx) => {
    if (!p.useAI && !hasReplyText(p.content ?? '')) issue(ctx, 'content', M.v2ContentRequired);
    if (countCharacters(p.content ?? '') > CONTENT_MAX) issue(ctx, 'content', M.contentTooLong);
    if (isAutoCall(p)) return refineAuto(ctx, p);
    if (p.peakWindowType === null || p.peakWindowType === undefined) issue(ctx, 'peakWindowType', M.peakWindowRequired);
    if (p.isRecurring && p.recurringDays !== null && p.recurringDays !== undefined && p.recurringDays.length === 0)
      issue(ctx, 'recurringDays', M.weekdaysRequired);
    if (p.exactTime !== null && p.isRecurring) issue(ctx, 'exactTime', M.exactTimeOneTime);
  })
  .transform((p) => ({
    ...p,
    viralStyle: p.useAI ? (p.viralStyle ?? DEFAULT_V2_STYLE) : null,
    content: p.content === null || p.content === undefined || p.content.trim() === '' ? null : p.content,
    recurringDays: p.isRecurring ? (p.recurringDays ?? [...V2_DEFAULT_DAYS]) : null,
  }));
export type V2SchedulePayload = z.output<typeof v2ScheduleSchema>;
