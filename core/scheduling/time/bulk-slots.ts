/**
 * Bulk Replies time slots (spec part 2 §9): morning 8-10am, lunch 12-2pm, afternoon 4-6pm, or a
 * custom time. The page sends every entry with a concrete hour and minute: morning 9:00, lunch
 * 12:00, afternoon 17:00, custom as chosen.
 *
 * The duplicate rule speaks of "the same time frame" (bulk/duplicates.ts). A frame is the slot; a
 * custom time inside a slot's window belongs to that slot's frame (a custom 9:30 and a morning entry
 * clash), a custom time outside every window is its own frame.
 */
import { AppError } from '@core/shared/errors';
import { minutesOfDay, formatTime, type LocalTime } from './wall-clock';

export const BULK_SLOTS = ['morning', 'lunch', 'afternoon', 'custom'] as const;
export type BulkSlot = (typeof BULK_SLOTS)[number];
export type FixedBulkSlot = Exclude<BulkSlot, 'custom'>;

export interface BulkSlotDefinition {
  label: string;
  /** Window start inclusive, end exclusive. */
  start: LocalTime;
  end: LocalTime;
  /** The time the page sends for this slot. */
  postAt: LocalTime;
}

export const BULK_SLOT_DEFINITIONS: Readonly<Record<FixedBulkSlot, BulkSlotDefinition>> = {
  morning: { label: 'Morning (8AM-10AM)', start: { hour: 8, minute: 0 }, end: { hour: 10, minute: 0 }, postAt: { hour: 9, minute: 0 } },
  lunch: { label: 'Lunch (12PM-2PM)', start: { hour: 12, minute: 0 }, end: { hour: 14, minute: 0 }, postAt: { hour: 12, minute: 0 } },
  afternoon: { label: 'Afternoon (4PM-6PM)', start: { hour: 16, minute: 0 }, end: { hour: 18, minute: 0 }, postAt: { hour: 17, minute: 0 } },
};

const FIXED: readonly FixedBulkSlot[] = ['morning', 'lunch', 'afternoon'];

/** The time an entry posts at. */
export const bulkSlotTime = (slot: BulkSlot, custom: LocalTime | null): LocalTime => {
  if (slot !== 'custom') return BULK_SLOT_DEFINITIONS[slot].postAt;
  if (custom === null) throw new AppError('validation', 'Please provide both hour and minute for custom time', { field: 'customHour' });
  return custom;
};

/** The payload's useCustomTime/customHour/customMinute for an entry (spec §7 bulk call). */
export const bulkCustomTimeFields = (slot: BulkSlot, custom: LocalTime | null) => {
  const time = bulkSlotTime(slot, custom);
  return { useCustomTime: true, customHour: time.hour, customMinute: time.minute };
};

/** The fixed slot whose window holds this time, or null. */
export const bulkSlotOfTime = (time: LocalTime): FixedBulkSlot | null => {
  const m = minutesOfDay(time);
  return FIXED.find((s) => minutesOfDay(BULK_SLOT_DEFINITIONS[s].start) <= m && m < minutesOfDay(BULK_SLOT_DEFINITIONS[s].end)) ?? null;
};

/** The entry's time frame for the duplicate rule: a fixed slot's name, or 'custom@HH:MM'. */
export const bulkFrame = (slot: BulkSlot, custom: LocalTime | null): string => {
  if (slot !== 'custom') return slot;
  const time = bulkSlotTime(slot, custom);
  return bulkSlotOfTime(time) ?? `custom@${formatTime(time)}`;
};
