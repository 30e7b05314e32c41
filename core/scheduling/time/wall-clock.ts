/**
 * Wall-clock arithmetic in an IANA zone, the base of every schedule time rule (ADR 0009).
 *
 * Civil dates (year, month, day) are computed with plain UTC calendar arithmetic, so walking
 * day by day never meets a DST change; only turning a local date and time into an instant
 * consults the zone. That step states what happens when the wall-clock time does not exist
 * (a gap) or exists twice (an overlap):
 *
 * - gap: the time is moved forward by the length of the gap (2:30 in New York's spring-forward
 *   hour runs at 3:30 EDT; 2:15 on Lord Howe's 30-minute gap at 2:45). This is luxon's and
 *   Temporal's 'compatible' choice and what a browser's Date does, so the web and the core agree;
 * - overlap: the FIRST occurrence (1:30 EDT, not 1:30 EST), so a rule never runs twice in the
 *   repeated hour.
 *
 * Nothing here reads the clock; instants are epoch milliseconds inside and ISO strings outside.
 */
import { DateTime, IANAZone } from 'luxon';
import { AppError } from '@core/shared/errors';
import { isZoneName } from '@core/shared/zone-name';

/** An ISO-8601 UTC instant as stored in events, e.g. '2026-03-08T08:30:00.000Z'. */
export type Instant = string;
/** What time rules accept as an instant: an ISO string (no offset means UTC), a luxon DateTime, a Date or epoch ms. */
export type InstantInput = Instant | DateTime | Date | number;

export interface LocalDate {
  year: number;
  /** 1-12 */
  month: number;
  /** 1-31 */
  day: number;
}

export interface LocalTime {
  /** 0-23 */
  hour: number;
  /** 0-59 */
  minute: number;
}

export type LocalDateTime = LocalDate & LocalTime & { second: number; millisecond: number };

/** How a local date and time became an instant. */
export type Resolution = 'exact' | 'gap' | 'overlap';

const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export const TIME_ZONE_MESSAGE = 'Unknown time zone';

/**
 * What the rules need of a zone: its UTC offset in minutes at an instant. luxon's IANAZone is one;
 * tests can build zones with transitions no real zone has.
 */
export interface ZoneRules {
  offset(ms: number): number;
}

/** The zone for a name ('Europe/Paris'); AppError('validation', field timeZone) when luxon does not know it. */
export const requireZone = (name: string): IANAZone => {
  const zone = typeof name === 'string' && isZoneName(name) ? IANAZone.create(name.trim()) : null;
  if (zone === null || !zone.isValid) throw new AppError('validation', `${TIME_ZONE_MESSAGE}: ${String(name)}`, { field: 'timeZone' });
  return zone;
};

/** Epoch milliseconds of an instant; an invalid one is a validation error. */
export const toMs = (value: InstantInput, what = 'time'): number => {
  let ms: number;
  if (typeof value === 'number') ms = value;
  else if (typeof value === 'string') ms = DateTime.fromISO(value, { zone: 'utc' }).toMillis();
  else if (value instanceof Date) ms = value.getTime();
  else ms = value.toMillis();
  if (!Number.isFinite(ms)) throw new AppError('validation', `Invalid ${what}: ${String(value)}`, { field: what });
  return ms;
};

export const toInstant = (ms: number): Instant => new Date(ms).toISOString();

/** UTC offset of the zone at an instant, in minutes (Lord Howe's +10:30 is 630). */
export const offsetMinutes = (zone: ZoneRules, ms: number): number => zone.offset(ms);

/** The wall-clock reading of an instant in the zone. */
export const localAt = (ms: number, zone: ZoneRules): LocalDateTime => {
  const shifted = new Date(ms + zone.offset(ms) * MINUTE_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
    millisecond: shifted.getUTCMilliseconds(),
  };
};

/** The local date of an instant in the zone. */
export const localDateAt = (ms: number, zone: ZoneRules): LocalDate => {
  const { year, month, day } = localAt(ms, zone);
  return { year, month, day };
};

/** The local date and time as if it were UTC: the zone-free "wall" number the rules compare. */
const wallMs = (date: LocalDate, time: LocalTime): number => Date.UTC(date.year, date.month - 1, date.day, time.hour, time.minute);

/**
 * The instant at which the zone's clocks show `time` on `date`, with the gap and overlap rules of
 * the file comment. Offsets a day before and after bracket any single transition of the day.
 */
export const resolveLocal = (date: LocalDate, time: LocalTime, zone: ZoneRules): { ms: number; resolution: Resolution } => {
  const wall = wallMs(date, time);
  const before = zone.offset(wall - DAY_MS);
  const after = zone.offset(wall + DAY_MS);
  const candidates = [before, after]
    .filter((offset, i, all) => all.indexOf(offset) === i)
    .map((offset) => wall - offset * MINUTE_MS)
    .filter((ms) => ms + zone.offset(ms) * MINUTE_MS === wall)
    .sort((a, b) => a - b);
  const first = candidates[0];
  if (first !== undefined) return { ms: first, resolution: candidates.length > 1 ? 'overlap' : 'exact' };
  // No offset of the day shows this wall time: read it with the offset in force before the gap,
  // which lands the length of the gap later (clocks jumped forward).
  return { ms: wall - before * MINUTE_MS, resolution: 'gap' };
};

// ---- civil calendar (no zone involved) ----

export const addDays = (date: LocalDate, days: number): LocalDate => {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
};

export const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** ISO weekday of a civil date: 1 Monday ... 7 Sunday. */
export const isoWeekdayOf = (date: LocalDate): number => {
  const sundayZero = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return sundayZero === 0 ? 7 : sundayZero;
};

export const compareDates = (a: LocalDate, b: LocalDate): number => a.year - b.year || a.month - b.month || a.day - b.day;

/** 'YYYY-MM-DD' for a civil date. */
export const formatDate = (date: LocalDate): string =>
  `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;

/** A civil date from 'YYYY-MM-DD' (a real calendar day), or null. */
export const parseDate = (text: string): LocalDate | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const date = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  if (date.month < 1 || date.month > 12 || date.day < 1 || date.day > daysInMonth(date.year, date.month)) return null;
  return date;
};

/** 'HH:MM' for a wall-clock time. */
export const formatTime = (time: LocalTime): string => `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`;

export const minutesOfDay = (time: LocalTime): number => time.hour * 60 + time.minute;

export const timeFromMinutes = (minutes: number): LocalTime => {
  const m = ((Math.trunc(minutes) % 1440) + 1440) % 1440;
  return { hour: Math.floor(m / 60), minute: m % 60 };
};

export const isValidTime = (time: LocalTime): boolean =>
  Number.isInteger(time.hour) && Number.isInteger(time.minute) && time.hour >= 0 && time.hour <= 23 && time.minute >= 0 && time.minute <= 59;
