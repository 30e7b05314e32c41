/**
 * A slow, independent model of wall-clock time for property tests: it reads zones through
 * Intl.DateTimeFormat (not luxon) and finds instants by scanning candidate offsets and bisecting,
 * never by the core's shortcut of "the offsets a day before and after". Tests compare the core's
 * fast rules with it.
 */
import type { LocalDate, LocalTime } from '@core/scheduling/time';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const formats = new Map<string, Intl.DateTimeFormat>();
const formatOf = (zone: string): Intl.DateTimeFormat => {
  let f = formats.get(zone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, f);
  }
  return f;
};

export interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall clock of the zone at an instant, as Intl reads it. */
export const wallOf = (ms: number, zone: string): Wall => {
  const parts: Record<string, number> = {};
  for (const p of formatOf(zone).formatToParts(new Date(ms))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year as number,
    month: parts.month as number,
    day: parts.day as number,
    hour: (parts.hour as number) % 24,
    minute: parts.minute as number,
    second: parts.second as number,
  };
};

const wallNumber = (w: Wall): number => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

/** UTC offset in minutes at an instant (whole seconds ignored). */
export const offsetOf = (ms: number, zone: string): number => {
  const whole = Math.floor(ms / 1000) * 1000;
  return Math.round((wallNumber(wallOf(whole, zone)) - whole) / MINUTE);
};

const target = (date: LocalDate, time: LocalTime): number => Date.UTC(date.year, date.month - 1, date.day, time.hour, time.minute);

/** Every instant (whole minutes) at which the zone's clocks show this date and time, ascending. */
export const instantsShowing = (date: LocalDate, time: LocalTime, zone: string): number[] => {
  const w = target(date, time);
  const offsets = new Set<number>();
  for (let k = -4; k <= 4; k += 1) offsets.add(offsetOf(w + k * 12 * HOUR, zone));
  return [...offsets]
    .map((o) => w - o * MINUTE)
    .filter((ms) => wallNumber(wallOf(ms, zone)) === w)
    .sort((a, b) => a - b);
};

/**
 * Where a wall time inside a gap runs: find the jump by bisection (the last instant whose clock is
 * still before the wanted time), then move on by what the clock still had to go.
 */
export const gapSubstitute = (date: LocalDate, time: LocalTime, zone: string): number => {
  const w = target(date, time);
  let lo = w - 20 * HOUR; // clock before w
  let hi = w + 20 * HOUR; // clock after w
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2 / 1000) * 1000;
    if (wallNumber(wallOf(mid, zone)) < w) lo = mid;
    else hi = mid;
  }
  // `hi` is the transition (to the second); `lo` a second before it.
  return hi + (w - wallNumber(wallOf(lo, zone)) - 1000);
};

/** The model's instant for a date and time: the first occurrence, or the gap's substitute. */
export const modelResolve = (date: LocalDate, time: LocalTime, zone: string): { ms: number; gap: boolean } => {
  const showing = instantsShowing(date, time, zone);
  const first = showing[0];
  return first === undefined ? { ms: gapSubstitute(date, time, zone), gap: true } : { ms: first, gap: false };
};

/** Offset changes of a zone between two instants, found daily then bisected to the second. */
export const transitionsBetween = (zone: string, fromMs: number, toMs: number): { at: number; before: number; after: number }[] => {
  const found: { at: number; before: number; after: number }[] = [];
  const step = 6 * HOUR;
  let prev = offsetOf(fromMs, zone);
  for (let t = fromMs + step; t <= toMs; t += step) {
    const cur = offsetOf(t, zone);
    if (cur !== prev) {
      let lo = t - step;
      let hi = t;
      while (hi - lo > 1000) {
        const mid = Math.floor((lo + hi) / 2 / 1000) * 1000;
        if (offsetOf(mid, zone) === prev) lo = mid;
        else hi = mid;
      }
      found.push({ at: hi, before: prev, after: cur });
      prev = cur;
    }
  }
  return found;
};
