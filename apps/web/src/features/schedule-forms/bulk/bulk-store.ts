// The Bulk Replies table (spec part 2 §2, §3 Bulk entry): client-side rows and the global
// settings new rows start from, in a valtio store with module-level actions. The rows live until
// they are scheduled or the page is reloaded, so leaving the page to check something keeps them.
import { proxy } from 'valtio';
import type { BulkSlot, RecurringType } from '@core/scheduling/time';
import { DEFAULT_CLASSIC_STYLE, type ClassicStyle } from '@core/styles';
import type { PostChoice } from '@core/scheduling/post-rule';
import { AUTO_OFF, type AutoChoice } from '@web/features/schedules';

export type BulkRow = {
  id: string;
  /** The target (monitored) account. */
  accountId: string;
  connectedAccountId: string;
  tone: ClassicStyle;
  scheduledTime: BulkSlot;
  customHour: number;
  customMinute: number;
  /** 'YYYY-MM-DD' in the user's zone. */
  scheduledDate: string;
  isRecurring: boolean;
  recurringType: RecurringType;
  useAI: boolean;
  customReplyText: string;
  /** Which post it answers, as the user chose it; null: the default (bulk times are exact: the freshest post). */
  post: PostChoice | null;
  /** On: an auto reply to each new post of the target, its delay after it (slot, date and repeat unused). */
  auto: AutoChoice;
};

export type GlobalSettings = Omit<BulkRow, 'id' | 'accountId' | 'customReplyText'>;

export type RowPatch = Partial<Omit<BulkRow, 'id'>>;

export const bulkState = proxy({
  rows: [] as BulkRow[],
  global: {
    connectedAccountId: '',
    tone: DEFAULT_CLASSIC_STYLE,
    scheduledTime: 'morning',
    customHour: 12,
    customMinute: 0,
    scheduledDate: '',
    isRecurring: false,
    recurringType: 'daily',
    // On only once the page knows an AI model is connected (bulk-page).
    useAI: false,
    post: null,
    auto: AUTO_OFF,
  } as GlobalSettings,
});

let counter = 0;
const newId = () => `row-${Date.now().toString(36)}-${(counter += 1)}`;

export function setGlobal(patch: Partial<GlobalSettings>): void {
  Object.assign(bulkState.global, patch);
}

/** A new row for this target, from the global settings. */
export function addRow(accountId: string): void {
  bulkState.rows.push({ id: newId(), accountId, customReplyText: '', ...bulkState.global, auto: { ...bulkState.global.auto } });
}

export function updateRow(id: string, patch: RowPatch): void {
  const row = bulkState.rows.find((r) => r.id === id);
  if (row) Object.assign(row, patch);
}

export function removeRow(id: string): void {
  bulkState.rows = bulkState.rows.filter((r) => r.id !== id);
}

/** Applies the global settings to every row (targets and texts stay). */
export function applyGlobalToAll(): void {
  for (const row of bulkState.rows) Object.assign(row, bulkState.global, { auto: { ...bulkState.global.auto } });
}

export function clearRows(): void {
  bulkState.rows = [];
}
