/**
 * Weekdays: ONE internal numbering, ISO 8601 (1 Monday ... 7 Sunday), which is also what the
 * template-schedule form and V2 send (spec part 2 §3, §9: 1-7 Mon-Sun). The classic form's weekly
 * days and the schedule details row use 0 Sunday ... 6 Saturday (spec §3, §5); they are converted
 * here, at the edge, and nowhere else.
 */

export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type IsoWeekday = (typeof ISO_WEEKDAYS)[number];

/** 0 Sunday ... 6 Saturday (JavaScript's Date#getDay, the classic form, the details row). */
export type SundayZeroWeekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export const isIsoWeekday = (n: unknown): n is IsoWeekday => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 7;
export const isSundayZeroWeekday = (n: unknown): n is SundayZeroWeekday => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 6;

export const isoFromSundayZero = (day: SundayZeroWeekday): IsoWeekday => (day === 0 ? 7 : day) as IsoWeekday;
export const sundayZeroFromIso = (day: IsoWeekday): SundayZeroWeekday => (day % 7) as SundayZeroWeekday;

/** Sorted, without repeats (the stored form of a weekly rule's days). */
export const normaliseWeekdays = (days: readonly IsoWeekday[]): IsoWeekday[] => [...new Set(days)].sort((a, b) => a - b);

export const WEEKDAY_LABELS: Readonly<Record<IsoWeekday, { short: string; long: string }>> = {
  1: { short: 'Mon', long: 'Monday' },
  2: { short: 'Tue', long: 'Tuesday' },
  3: { short: 'Wed', long: 'Wednesday' },
  4: { short: 'Thu', long: 'Thursday' },
  5: { short: 'Fri', long: 'Friday' },
  6: { short: 'Sat', long: 'Saturday' },
  7: { short: 'Sun', long: 'Sunday' },
};

/** V2 default recurring days: Monday to Friday (spec §9). */
export const V2_DEFAULT_DAYS: readonly IsoWeekday[] = [1, 2, 3, 4, 5];
/** Classic default weekly days: Monday, Wednesday, Friday (spec §9). */
export const CLASSIC_DEFAULT_WEEKLY_DAYS: readonly IsoWeekday[] = [1, 3, 5];
