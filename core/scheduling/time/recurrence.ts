/**
 * Recurring rules and their next run (ADR 0009). A rule is a wall-clock time in the schedule's
 * zone plus the days it runs on:
 * - daily: every day;
 * - weekly: ISO weekdays (1 Monday ... 7 Sunday);
 * - monthly: days of the month 1-31; a month without that day runs on its last day (31 in April
 *   runs on the 30th, 29-31 in February on the 28th or 29th). Days that land on the same last day
 *   run once.
 *
 * `nextRun` answers the first run strictly after a given instant. Runs on a day whose time falls in
 * a DST gap move forward by the gap; in an overlap they take the first occurrence
 * (time/wall-clock.ts). Because the answer must be strictly later than `after`, feeding each answer
 * back in walks the runs in order, none skipped, none twice, even when a gap moves one day's run
 * onto the next day's (a whole skipped day, as Samoa did in 2011).
 */
import { AppError } from '@core/shared/errors';
import {
  addDays,
  daysInMonth,
  isoWeekdayOf,
  isValidTime,
  localDateAt,
  requireZone,
  resolveLocal,
  toInstant,
  toMs,
  type Instant,
  type InstantInput,
  type LocalDate,
  type LocalTime,
  type ZoneRules,
} from './wall-clock';
import { isIsoWeekday, normaliseWeekdays, type IsoWeekday } from './weekdays';

export const RECURRING_TYPES = ['daily', 'weekly', 'monthly'] as const;
export type RecurringType = (typeof RECURRING_TYPES)[number];

export type Recurrence =
  | { type: 'daily'; time: LocalTime }
  | { type: 'weekly'; days: readonly IsoWeekday[]; time: LocalTime }
  | { type: 'monthly'; days: readonly number[]; time: LocalTime };

/** The days without the time: what a form's recurrence fields describe before a time is chosen. */
export type RecurrencePattern =
  | { type: 'daily' }
  | { type: 'weekly'; days: readonly IsoWeekday[] }
  | { type: 'monthly'; days: readonly number[] };

export const withTime = (pattern: RecurrencePattern, time: LocalTime): Recurrence => ({ ...pattern, time }) as Recurrence;

const isDayOfMonth = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 31;

/**
 * The rule in its stored form (days sorted, no repeats); AppError('validation') for an empty day
 * list, a day out of range or a time that is not a wall-clock time.
 */
export const normaliseRecurrence = (rule: Recurrence): Recurrence => {
  if (!isValidTime(rule.time)) throw new AppError('validation', 'Recurring time must be a valid hour and minute', { field: 'recurringHour' });
  const time = { hour: rule.time.hour, minute: rule.time.minute };
  switch (rule.type) {
    case 'daily':
      return { type: 'daily', time };
    case 'weekly':
      if (rule.days.length === 0 || !rule.days.every(isIsoWeekday))
        throw new AppError('validation', 'Please select at least one day of the week', { field: 'recurringDays' });
      return { type: 'weekly', days: normaliseWeekdays(rule.days), time };
    case 'monthly':
      if (rule.days.length === 0 || !rule.days.every(isDayOfMonth))
        throw new AppError('validation', 'Please select at least one day of the month', { field: 'recurringDays' });
      return { type: 'monthly', days: [...new Set(rule.days)].sort((a, b) => a - b), time };
  }
};

/** True when the rule runs on this civil date (a monthly day past the month's end counts on its last day). */
export const occursOn = (rule: Recurrence, date: LocalDate): boolean => {
  switch (rule.type) {
    case 'daily':
      return true;
    case 'weekly':
      return rule.days.includes(isoWeekdayOf(date) as IsoWeekday);
    case 'monthly': {
      const last = daysInMonth(date.year, date.month);
      return rule.days.some((d) => Math.min(d, last) === date.day);
    }
  }
};

// Every rule runs at least once in any 62 consecutive days (monthly: every month has a last day);
// the bound only guards against a broken rule looping forever.
const SEARCH_DAYS = 400;

/**
 * nextRun on epoch milliseconds (the hot path of iteration and the scheduler). Days are walked in
 * order and the first run after `after` is the earliest, since a gap moves a run by less than a day
 * (Samoa's whole skipped day moved it by exactly one, onto the next day's run, which counts once).
 */
export const nextRunMs = (rule: Recurrence, afterMs: number, zone: ZoneRules): number => {
  // Start a day early: a gap across midnight can push the previous local day's run past `after`.
  let date = addDays(localDateAt(afterMs, zone), -1);
  for (let i = 0; i < SEARCH_DAYS; i += 1) {
    if (occursOn(rule, date)) {
      const { ms } = resolveLocal(date, rule.time, zone);
      if (ms > afterMs) return ms;
    }
    date = addDays(date, 1);
  }
  throw new AppError('internal', `No run of the ${rule.type} rule within ${SEARCH_DAYS} days`);
};

/** The first run strictly after `after`, in the zone, as an ISO instant. */
export const nextRun = (rule: Recurrence, after: InstantInput, zone: string): Instant =>
  toInstant(nextRunMs(normaliseRecurrence(rule), toMs(after, 'after'), requireZone(zone)));

/** The next `count` runs strictly after `after`, in order (calendar views, previews). */
export const upcomingRuns = (rule: Recurrence, after: InstantInput, zone: string, count: number): Instant[] => {
  const normal = normaliseRecurrence(rule);
  const z = requireZone(zone);
  const runs: Instant[] = [];
  let cursor = toMs(after, 'after');
  for (let i = 0; i < count; i += 1) {
    cursor = nextRunMs(normal, cursor, z);
    runs.push(toInstant(cursor));
  }
  return runs;
};
