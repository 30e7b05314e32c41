// Checks of the whole table before it is sent: every row against the shared bulk entry schema,
// and the duplicate rule across rows (spec part 2 §5 Bulk) with the spec's message.
import { findBulkDuplicates } from '@core/scheduling/duplicates';
import { SCHEDULE_MESSAGES as M } from '@core/scheduling/messages';
import { bulkEntrySchema, bulkPayloadFromEntry, fieldErrors } from '@core/scheduling/schemas';
import { defaultChoiceFor, type PostChoice } from '@core/scheduling/post-rule';
import { autoFields, effectivePostChoice, postChoiceFields, type BulkPayload } from '@web/features/schedules';
import type { BulkRow } from './bulk-store';

export type RowErrors = Partial<Record<keyof BulkRow | 'delayMinutes', string>>;

/** What the schema reads: the custom time only for the custom slot, no date for recurring rows; an auto row's delay instead of its time. */
export const entryInput = (r: BulkRow) =>
  r.auto.on
    ? {
        id: r.id,
        accountId: r.accountId,
        connectedAccountId: r.connectedAccountId,
        tone: r.tone,
        scheduledTime: r.scheduledTime,
        isRecurring: false,
        recurringType: r.recurringType,
        useAI: r.useAI,
        customReplyText: r.customReplyText,
        ...autoFields(r.auto),
      }
    : {
  id: r.id,
  accountId: r.accountId,
  connectedAccountId: r.connectedAccountId,
  tone: r.tone,
  scheduledTime: r.scheduledTime,
  customHour: r.scheduledTime === 'custom' ? r.customHour : undefined,
  customMinute: r.scheduledTime === 'custom' ? r.customMinute : undefined,
  scheduledDate: r.isRecurring ? undefined : r.scheduledDate,
  isRecurring: r.isRecurring,
  recurringType: r.recurringType,
  useAI: r.useAI,
  customReplyText: r.customReplyText,
  ...postChoiceFields(bulkPostChoice(r)),
};

/** The post a row's reply answers: the user's choice, or the freshest post at its (exact) time. */
export const bulkPostChoice = (r: Pick<BulkRow, 'post' | 'isRecurring'>): PostChoice => effectivePostChoice(r.post, defaultChoiceFor('exact', r.isRecurring), r.isRecurring);

/** Errors by row id; the later row of a clashing pair carries 'Duplicate target account'. */
export function checkRows(rows: readonly BulkRow[]): Map<string, RowErrors> {
  const out = new Map<string, RowErrors>();
  rows.forEach((r) => {
    const errors = fieldErrors(bulkEntrySchema, entryInput(r)) as RowErrors;
    if (Object.keys(errors).length > 0) out.set(r.id, errors);
  });
  const inputs = rows.map(entryInput);
  for (const d of findBulkDuplicates(inputs)) {
    const id = rows[d.index]?.id;
    if (id !== undefined) out.set(id, { ...out.get(id), accountId: M.duplicateTarget });
  }
  return out;
}

/** The batch call's entries (only for rows that passed `checkRows`). */
export const payloadsOf = (rows: readonly BulkRow[]): BulkPayload[] => rows.map((r) => bulkPayloadFromEntry(bulkEntrySchema.parse(entryInput(r))));
