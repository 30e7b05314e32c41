/**
 * The bulk duplicate rule (spec part 2 §5 Bulk): a target account cannot be used twice in the same
 * time frame. Two one-time entries clash when they have the same target, date and slot; two
 * recurring entries when they have the same target, recurring type and slot. A one-time and a
 * recurring entry never clash. The slot is the time frame of time/bulk-slots.ts (a custom time in a
 * slot's window is that slot).
 */
import { bulkFrame, CUSTOM_TIME_DEFAULT, formatDate, parseDate, type BulkSlot, type RecurringType } from '@core/scheduling/time';

export interface BulkKeyFields {
  accountId: string;
  /** An auto entry (each new post of the target) clashes with another auto entry on the same target. */
  scheduleType?: 'auto' | undefined;
  isRecurring: boolean;
  recurringType: RecurringType;
  scheduledDate?: string | null | undefined;
  scheduledTime: BulkSlot;
  customHour?: number | null | undefined;
  customMinute?: number | null | undefined;
}

/** Entries with the same key clash. */
export const bulkDuplicateKey = (e: BulkKeyFields): string => {
  if (e.scheduleType === 'auto') return JSON.stringify([e.accountId, 'auto']);
  const frame = bulkFrame(e.scheduledTime, { hour: e.customHour ?? CUSTOM_TIME_DEFAULT.hour, minute: e.customMinute ?? CUSTOM_TIME_DEFAULT.minute });
  if (e.isRecurring) return JSON.stringify([e.accountId, 'recurring', e.recurringType, frame]);
  const date = parseDate(e.scheduledDate ?? '');
  return JSON.stringify([e.accountId, 'once', date === null ? (e.scheduledDate ?? '') : formatDate(date), frame]);
};

export interface BulkDuplicate<E> {
  /** Position of the offending entry. */
  index: number;
  entry: E;
  /** Position of the earlier entry it clashes with (the first one of its frame). */
  duplicateOf: number;
}

/** The entries that repeat an earlier entry's target in the same time frame, in order. The first of each frame is kept. */
export const findBulkDuplicates = <E extends BulkKeyFields>(entries: readonly E[]): BulkDuplicate<E>[] => {
  const firstByKey = new Map<string, number>();
  const out: BulkDuplicate<E>[] = [];
  entries.forEach((entry, index) => {
    const key = bulkDuplicateKey(entry);
    const first = firstByKey.get(key);
    if (first === undefined) firstByKey.set(key, index);
    else out.push({ index, entry, duplicateOf: first });
  });
  return out;
};

/**
 * The target a new row starts with: the first target no row uses yet, or null, when the page says
 * 'No available target accounts'.
 */
export const firstAvailableTarget = (targetIds: readonly string[], entries: readonly Pick<BulkKeyFields, 'accountId'>[]): string | null => {
  const used = new Set(entries.map((e) => e.accountId));
  return targetIds.find((id) => !used.has(id)) ?? null;
};
