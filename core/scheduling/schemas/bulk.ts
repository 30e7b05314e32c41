/**
 * Bulk Replies: a client-side table of entries (spec part 2 §3 Bulk entry), each sent as one call
 * (§7 bulk payload), or all at once through the batch call that creates all or none. A slot posts
 * at its mapped time (morning 9:00, lunch 12:00, afternoon 17:00) unless the payload carries its own
 * (useCustomTime); the custom slot needs an hour and a minute.
 */
import { z } from 'zod';
import { classicStyleSchema, DEFAULT_CLASSIC_STYLE } from '@core/styles';
import { countCharacters } from '@core/text/length';
import { BULK_SLOTS, parseDate } from '@core/scheduling/time';
import { CONTENT_MAX, SCHEDULE_MESSAGES as M } from '@core/scheduling/messages';
import { findBulkDuplicates } from '@core/scheduling/duplicates';
import { autoShape, booleanField, hasReplyText, idField, isAutoCall, issue, optionalIdField, optionalIntField, postChoiceShape, recurringTypeField, refineAuto, replyTextCap } from './fields';

const optionalDate = z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), z.string().trim().optional());

const common = {
  ...postChoiceShape,
  /** Ours: 'auto' answers each new post of the target, `delayMinutes` after it; its slot and date are not used. */
  scheduleType: z.literal('auto', { error: "scheduleType is 'auto' or left out" }).optional(),
  ...autoShape,
  accountId: idField(M.accountRequired),
  connectedAccountId: idField(M.connectedAccountRequired),
  isRecurring: booleanField(false),
  recurringType: recurringTypeField.optional().transform((v) => v ?? 'daily'),
  scheduledDate: optionalDate,
  scheduledTime: z.enum(BULK_SLOTS, { error: M.timeOfDayRequired }),
  customHour: optionalIntField(0, 23, M.hourRange),
  customMinute: optionalIntField(0, 59, M.minuteRange),
  useAI: booleanField(false),
  customReplyText: replyTextCap()
    .nullish()
    .transform((v) => v ?? ''),
};

interface Refinable {
  scheduleType?: 'auto' | undefined;
  targetPost?: string | undefined;
  isRecurring: boolean;
  scheduledDate?: string | undefined;
  scheduledTime: string;
  customHour?: number | undefined;
  customMinute?: number | undefined;
  useAI: boolean;
  customReplyText: string;
}

const refineEntry = (e: Refinable, ctx: z.RefinementCtx, hasTemplate: boolean): void => {
  if (!e.useAI && !hasTemplate && !hasReplyText(e.customReplyText)) issue(ctx, 'customReplyText', M.contentRequired);
  if (countCharacters(e.customReplyText) > CONTENT_MAX) issue(ctx, 'customReplyText', M.contentTooLong);
  if (isAutoCall(e)) return refineAuto(ctx, e);
  if (e.scheduledTime === 'custom') {
    if (e.customHour === undefined) issue(ctx, 'customHour', M.customTimeIncomplete);
    else if (e.customMinute === undefined) issue(ctx, 'customMinute', M.customTimeIncomplete);
  }
  if (!e.isRecurring && (e.scheduledDate === undefined || parseDate(e.scheduledDate) === null)) issue(ctx, 'scheduledDate', M.dateRequired);
};

/** An auto call has no time: its slot, when left out, is read as any (it is not used). */
const slotOptionalWhenAuto = (v: unknown): unknown =>
  typeof v === 'object' && v !== null && isAutoCall(v) && (v as { scheduledTime?: unknown }).scheduledTime === undefined ? { ...v, scheduledTime: 'morning' } : v;

/** One row of the page's table (client-side; `tone` is the row's viral style). */
export const bulkEntrySchema = z
  .object({ id: z.string().optional(), ...common, tone: classicStyleSchema.nullish().transform((v) => v ?? DEFAULT_CLASSIC_STYLE) })
  .superRefine((e, ctx) => refineEntry(e, ctx, false));
export type BulkEntry = z.output<typeof bulkEntrySchema>;

/** One bulk call (spec §7). templateSourceType 'custom' (the page's) uses customReplyText or AI. */
const bulkEntryPayloadObject = z
  .object({
    ...common,
    templateSourceType: z.enum(['template', 'custom']).optional().transform((v) => v ?? 'custom'),
    templateId: optionalIdField(),
    useCustomTime: booleanField(false),
    viralStyle: classicStyleSchema.nullish().transform((v) => v ?? DEFAULT_CLASSIC_STYLE),
  })
  .superRefine((e, ctx) => {
    if (e.templateSourceType === 'template' && e.templateId === null) issue(ctx, 'templateId', M.templateRequired);
    if (!isAutoCall(e) && e.useCustomTime && e.scheduledTime !== 'custom' && (e.customHour === undefined || e.customMinute === undefined))
      issue(ctx, e.customHour === undefined ? 'customHour' : 'customMinute', M.customTimeIncomplete);
    refineEntry(e, ctx, e.templateSourceType === 'template');
  });
/** What a client sends for one entry (an auto entry may leave its slot out). */
export type BulkEntryPayloadInput = z.input<typeof bulkEntryPayloadObject>;

export const bulkEntryPayloadSchema = z.preprocess(slotOptionalWhenAuto, bulkEntryPayloadObject);
export type BulkEntryPayload = z.output<typeof bulkEntryPayloadSchema>;

/** The page's row as the call's payload (the slot's mapped time sent as the custom time, as the spec's page does). */
export const bulkPayloadFromEntry = (entry: BulkEntry): BulkEntryPayloadInput => ({
  accountId: entry.accountId,
  connectedAccountId: entry.connectedAccountId,
  templateSourceType: 'custom',
  templateId: null,
  isRecurring: entry.isRecurring,
  recurringType: entry.recurringType,
  scheduledTime: entry.scheduledTime,
  useCustomTime: entry.scheduledTime === 'custom',
  customHour: entry.customHour,
  customMinute: entry.customMinute,
  scheduledDate: entry.scheduledDate ?? null,
  useAI: entry.useAI,
  viralStyle: entry.tone,
  customReplyText: entry.customReplyText,
  ...(entry.targetPost === undefined ? {} : { targetPost: entry.targetPost }),
  ...(entry.waitMinutes === undefined ? {} : { waitMinutes: entry.waitMinutes }),
  ...(entry.freshnessMinutes === undefined ? {} : { freshnessMinutes: entry.freshnessMinutes }),
  ...(entry.scheduleType === 'auto' ? { scheduleType: 'auto' as const, delayMinutes: entry.delayMinutes ?? 0 } : {}),
});

/**
 * The batch call: every entry valid and no target twice in one time frame, or nothing is created.
 * A duplicate is reported on the later entry's accountId ('entries.3.accountId').
 */
/**
 * The most entries one batch may hold: a batch is decided and written in one request, so its size
 * bounds the work (and the one transaction) a single call can cause.
 */
export const BULK_BATCH_MAX = 100;

/** Bulk entries, at least one and at most `max`, each target once per time frame (reported on the later entry). */
const entriesOf = (max: number, tooMany: string) => z.array(bulkEntryPayloadSchema, { error: M.noEntries }).min(1, M.noEntries).max(max, tooMany);
const noDuplicateTargets = (batch: { entries: BulkEntryPayload[] }, ctx: z.RefinementCtx) => {
  for (const d of findBulkDuplicates(batch.entries)) issue(ctx, `entries.${d.index}.accountId`, M.duplicateTarget);
};

export const bulkBatchSchema = z.object({ entries: entriesOf(BULK_BATCH_MAX, M.tooManyEntries) }).superRefine(noDuplicateTargets);
export type BulkBatch = z.output<typeof bulkBatchSchema>;

/**
 * An import (the CLI's `schedules import FILE.csv`): the bulk entries of a whole file, all or none,
 * like the batch. Larger than a batch because a file is one decision; still bounded, since one
 * request decides and writes it in one transaction. `dryRun` checks everything and writes nothing.
 */
export const SCHEDULE_IMPORT_MAX = 500;

export const scheduleImportSchema = z
  .object({
    entries: entriesOf(SCHEDULE_IMPORT_MAX, `An import holds at most ${SCHEDULE_IMPORT_MAX} replies; split the file`),
    dryRun: z.boolean({ error: 'dryRun is true or false' }).optional().default(false),
  })
  .superRefine(noDuplicateTargets);
export type ScheduleImport = z.output<typeof scheduleImportSchema>;
