/**
 * Peak windows (spec part 2 §9). The classic page and V2 name the same three windows (morning
 * 8-10, lunch 12-14, evening 18-21); the classic page posts at a fixed time inside each (9:00,
 * 13:00, 19:30). V2 does not say when inside the window it posts, so it posts at the same times:
 * one rule for both pages (ADR 0009).
 *
 * Next slot (classic rules, used by V2 too): today's posting time, unless the current local hour is
 * at or past the window's cut-off (morning 7, lunch 11, evening 17) or the slot is less than 2 hours
 * away; then the same time tomorrow. '(Recommended)' marks the window whose next slot comes first.
 */
import { addDays, HOUR_MS, localAt, requireZone, resolveLocal, toInstant, toMs, type Instant, type InstantInput, type LocalTime, type ZoneRules } from './wall-clock';

export const PEAK_WINDOWS = ['morning_peak', 'lunch_hour', 'evening_peak'] as const;
export type PeakWindow = (typeof PEAK_WINDOWS)[number];

/** The classic form's values for the same windows (its scheduleType field, spec §5). */
export const CLASSIC_PEAK_VALUES = ['morning-peak', 'lunch-peak', 'evening-peak'] as const;
export type ClassicPeakValue = (typeof CLASSIC_PEAK_VALUES)[number];

export interface PeakWindowDefinition {
  id: PeakWindow;
  classicValue: ClassicPeakValue;
  label: string;
  /** The window as shown: start inclusive, end exclusive. */
  start: LocalTime;
  end: LocalTime;
  /** When a reply in this window is posted. */
  postAt: LocalTime;
  /** From this local hour on, the next slot is tomorrow's. */
  cutoffHour: number;
}

export const PEAK_WINDOW_DEFINITIONS: Readonly<Record<PeakWindow, PeakWindowDefinition>> = {
  morning_peak: {
    id: 'morning_peak',
    classicValue: 'morning-peak',
    label: 'Morning Peak (8AM-10AM)',
    start: { hour: 8, minute: 0 },
    end: { hour: 10, minute: 0 },
    postAt: { hour: 9, minute: 0 },
    cutoffHour: 7,
  },
  lunch_hour: {
    id: 'lunch_hour',
    classicValue: 'lunch-peak',
    label: 'Lunch Hour (12PM-2PM)',
    start: { hour: 12, minute: 0 },
    end: { hour: 14, minute: 0 },
    postAt: { hour: 13, minute: 0 },
    cutoffHour: 11,
  },
  evening_peak: {
    id: 'evening_peak',
    classicValue: 'evening-peak',
    label: 'Evening Peak (6PM-9PM)',
    start: { hour: 18, minute: 0 },
    end: { hour: 21, minute: 0 },
    postAt: { hour: 19, minute: 30 },
    cutoffHour: 17,
  },
};

export const RECOMMENDED_TAG = '(Recommended)';
/** A slot must be at least this far ahead of now. */
export const MIN_LEAD_MS = 2 * HOUR_MS;

export const peakWindowFromClassic = (value: ClassicPeakValue): PeakWindow =>
  PEAK_WINDOWS.find((w) => PEAK_WINDOW_DEFINITIONS[w].classicValue === value) as PeakWindow;

export const classicFromPeakWindow = (window: PeakWindow): ClassicPeakValue => PEAK_WINDOW_DEFINITIONS[window].classicValue;

/** The next slot of a window on epoch milliseconds (see the file comment for the rule). */
export const nextPeakSlotMs = (window: PeakWindow, nowMs: number, zone: ZoneRules): number => {
  const def = PEAK_WINDOW_DEFINITIONS[window];
  const now = localAt(nowMs, zone);
  const today = { year: now.year, month: now.month, day: now.day };
  const todaySlot = resolveLocal(today, def.postAt, zone).ms;
  if (now.hour < def.cutoffHour && todaySlot - nowMs >= MIN_LEAD_MS) return todaySlot;
  return resolveLocal(addDays(today, 1), def.postAt, zone).ms;
};

export const nextPeakSlot = (window: PeakWindow, now: InstantInput, zone: string): Instant =>
  toInstant(nextPeakSlotMs(window, toMs(now, 'now'), requireZone(zone)));

export interface PeakWindowOption extends PeakWindowDefinition {
  nextSlot: Instant;
  recommended: boolean;
}

/** The three windows with their next slot; exactly one is recommended (the earliest slot). */
export const peakWindowOptions = (now: InstantInput, zone: string): PeakWindowOption[] => {
  const z = requireZone(zone);
  const nowMs = toMs(now, 'now');
  const slots = PEAK_WINDOWS.map((w) => nextPeakSlotMs(w, nowMs, z));
  const earliest = Math.min(...slots);
  const firstEarliest = slots.indexOf(earliest);
  return PEAK_WINDOWS.map((w, i) => ({
    ...PEAK_WINDOW_DEFINITIONS[w],
    nextSlot: toInstant(slots[i] as number),
    recommended: i === firstEarliest,
  }));
};

export const recommendedPeakWindow = (now: InstantInput, zone: string): PeakWindow =>
  (peakWindowOptions(now, zone).find((o) => o.recommended) as PeakWindowOption).id;
