// Where the user's schedules fall on the calendar: each schedule's next run and, for recurring
// ones, the runs after it (computed with the same rule as the scheduler, core's nextRun, in the
// schedule's own zone); executed ones at their last run. Pure: the range and the zone come in.
import {
  addDays,
  formatDate,
  isIsoWeekday,
  localAt,
  localDateAt,
  nextRunMs,
  normaliseRecurrence,
  requireZone,
  resolveLocal,
  type LocalDate,
  type Recurrence,
} from '@core/scheduling/time';
import type { ScheduleItem } from '@web/features/schedules';

export type Occurrence = {
  schedule: ScheduleItem;
  /** Epoch milliseconds. */
  at: number;
  /** 'YYYY-MM-DD' and minutes of the day in the viewer's zone. */
  day: string;
  minuteOfDay: number;
  kind: 'next' | 'repeat' | 'executed';
};

/** At most this many runs of one schedule in one view (a month of a daily rule is 31). */
const MAX_RUNS = 62;

const parseTime = (hhmm: string | null): { hour: number; minute: number } | null => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm ?? '');
  return m ? { hour: Number(m[1]), minute: Number(m[2]) } : null;
};

/** The schedule's recurring rule, or null (one-shot, auto, or a rule the answer does not describe). */
export function ruleOf(s: ScheduleItem): Recurrence | null {
  if (!s.isRecurring || !s.recurringType) return null;
  const time = parseTime(s.recurringTime);
  if (time === null) return null;
  try {
    switch (s.recurringType) {
      case 'daily':
        return normaliseRecurrence({ type: 'daily', time });
      case 'weekly':
        return normaliseRecurrence({ type: 'weekly', days: (s.recurringDays ?? []).filter(isIsoWeekday), time });
      case 'monthly':
        return normaliseRecurrence({ type: 'monthly', days: s.recurringDays ?? [], time });
    }
  } catch {
    return null;
  }
}

const zoneOr = (name: string | null | undefined, fallback: string) => {
  try {
    return requireZone(name || fallback);
  } catch {
    return requireZone(fallback);
  }
};

/** Every occurrence in [fromMs, toMs), in time order. */
export function occurrencesIn(schedules: readonly ScheduleItem[], fromMs: number, toMs: number, viewerZone: string): Occurrence[] {
  const viewer = requireZone(viewerZone);
  const out: Occurrence[] = [];
  const push = (schedule: ScheduleItem, at: number, kind: Occurrence['kind']) => {
    if (at < fromMs || at >= toMs) return;
    const local = localAt(at, viewer);
    out.push({ schedule, at, kind, day: formatDate(local), minuteOfDay: local.hour * 60 + local.minute });
  };
  for (const s of schedules) {
    if (s.lastExecutedAt) push(s, Date.parse(s.lastExecutedAt), 'executed');
    // A paused schedule stays where it would run next (shown as paused, to resume), without repeats.
    const paused = s.status === 'paused';
    if (!s.nextRunTime || (!s.isActive && !paused)) continue;
    let at = Date.parse(s.nextRunTime);
    push(s, at, 'next');
    if (paused) continue;
    const rule = ruleOf(s);
    if (rule === null) continue;
    const zone = zoneOr(s.timeZone, viewerZone);
    for (let i = 0; i < MAX_RUNS && at < toMs; i += 1) {
      at = nextRunMs(rule, at, zone);
      push(s, at, 'repeat');
    }
  }
  return out.sort((a, b) => a.at - b.at);
}

/** Schedules that wait for the target to post (auto): they have no time to place. */
export const waitingForPost = (schedules: readonly ScheduleItem[]): ScheduleItem[] =>
  schedules.filter((s) => s.scheduleType === 'auto' && s.isActive && !s.isExecuted);

/** The local days from `start`, `count` of them. */
export const daysFrom = (start: LocalDate, count: number): LocalDate[] => Array.from({ length: count }, (_, i) => addDays(start, i));

/** The instant a local day starts in the zone. */
export const dayStartMs = (date: LocalDate, zone: string): number => resolveLocal(date, { hour: 0, minute: 0 }, requireZone(zone)).ms;

export const todayIn = (zone: string, nowMs: number = Date.now()): LocalDate => localDateAt(nowMs, requireZone(zone));

/** Monday of the week holding `date`. */
export const weekStart = (date: LocalDate): LocalDate => {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() || 7;
  return addDays(date, 1 - weekday);
};

/** The 6 weeks (42 days, Monday first) that show the month of `date`. */
export const monthGrid = (date: LocalDate): LocalDate[] => daysFrom(weekStart({ year: date.year, month: date.month, day: 1 }), 42);

/** Occurrences by local day key. */
export const byDay = (occurrences: readonly Occurrence[]): Map<string, Occurrence[]> => {
  const map = new Map<string, Occurrence[]>();
  for (const o of occurrences) {
    const list = map.get(o.day) ?? [];
    list.push(o);
    map.set(o.day, list);
  }
  return map;
};
