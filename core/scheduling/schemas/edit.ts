/**
 * PATCH /api/schedules/:id with anything besides a posting account: an edit, in the schedule's own
 * terms (core/scheduling/model.ts) rather than one form's. Each field left out keeps what the
 * schedule has; `content` and `when` replace the whole source or plan. The web app's edit dialog,
 * the calendar's drag and the CLI send it; the decider validates the result as on create.
 */
import { z } from 'zod';
import { writingStyleSchema } from '@core/styles';
import { PEAK_WINDOWS, RECURRING_TYPES, type IsoWeekday } from '@core/scheduling/time';
import { AUTO_DELAY_MAX_MINUTES, SCHEDULE_MESSAGES as M } from '@core/scheduling/messages';
import type { ContentSource, Plan } from '@core/scheduling/model';
import { contentField, idField, imageUrlField, replyTextCap } from './fields';

const localTime = z
  .string({ error: M.localTimeFormat })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.localTimeFormat)
  .transform((t) => {
    const [hour, minute] = t.split(':').map(Number) as [number, number];
    return { hour, minute };
  });
const weekdays = z
  .array(z.number().int().min(1, M.isoWeekdayRange).max(7, M.isoWeekdayRange))
  .min(1, M.weekdaysRequired)
  .transform((days) => days as IsoWeekday[]);
const monthDays = z.array(z.number().int().min(1, M.monthDayRange).max(31, M.monthDayRange)).min(1, M.monthDayRange);
const pattern = z.discriminatedUnion('type', [
  z.object({ type: z.literal('daily') }),
  z.object({ type: z.literal('weekly'), days: weekdays }),
  z.object({ type: z.literal('monthly'), days: monthDays }),
]);

const contentSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('text'), text: contentField(M.contentRequired) }),
    z.object({ kind: z.literal('template'), templateId: idField(M.templateRequired) }),
    z.object({ kind: z.literal('template_group'), templateGroupId: idField(M.templateRequired) }),
    z.object({ kind: z.literal('ai'), style: writingStyleSchema, baseText: replyTextCap().nullable().default(null) }),
  ],
  { error: 'content.kind must be text, template, template_group or ai' },
);

const planSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('immediate') }),
    z.object({ kind: z.literal('once'), at: z.iso.datetime({ offset: true, error: M.exactTimeInvalid }) }),
    z.object({ kind: z.literal('peak'), window: z.enum(PEAK_WINDOWS, { error: M.peakWindowRequired }), recurrence: pattern.nullable().default(null) }),
    z.object({
      kind: z.literal('recurring'),
      rule: z.discriminatedUnion('type', [
        z.object({ type: z.literal('daily'), time: localTime }),
        z.object({ type: z.literal('weekly'), days: weekdays, time: localTime }),
        z.object({ type: z.literal('monthly'), days: monthDays, time: localTime }),
      ]),
    }),
    z.object({ kind: z.literal('auto'), delayMinutes: z.number({ error: M.delayRange }).int(M.delayRange).min(0, M.delayRange).max(AUTO_DELAY_MAX_MINUTES, M.delayRange) }),
  ],
  { error: `when.kind must be one of immediate, once, peak, recurring (${RECURRING_TYPES.join(', ')}) or auto` },
);

export const scheduleEditSchema = z
  .object({
    /** The target (the monitored account answered). */
    accountId: idField(M.accountRequired).optional(),
    connectedAccountId: idField(M.connectedAccountRequired).optional(),
    content: contentSchema.optional(),
    when: planSchema.optional(),
    imageUrl: imageUrlField.optional(),
  })
  .strict();

/** What an edit's parts are in the schedule's terms (a compile-time check that the schema says the model's shapes). */
export const editParts = (edit: ScheduleEdit): { content?: ContentSource; when?: Plan } => ({
  ...(edit.content === undefined ? {} : { content: edit.content }),
  ...(edit.when === undefined ? {} : { when: edit.when }),
});

export type ScheduleEdit = z.output<typeof scheduleEditSchema>;

/** True for a PATCH body that edits (not the move-to-account shape `{ connectedAccountId }`). */
export const isScheduleEdit = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).some((k) => k !== 'connectedAccountId');
