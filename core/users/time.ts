/**
 * Instants travel as ISO-8601 strings (events are JSON); rules accept a Date too so callers can
 * hand over their clock's value as it is. Nothing here reads the clock.
 */
import { DateTime } from 'luxon';
import { AppError } from '@core/shared/errors';
import { isZoneName } from '@core/shared/zone-name';

/** An ISO-8601 instant, e.g. '2026-03-01T12:00:00.000Z'. */
export type Instant = string;

/** The stored form (toISOString's), read without luxon when it round-trips exactly. */
const STORED_FORM = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const storedFormMillis = (value: string): number => {
  if (!STORED_FORM.test(value)) return Number.NaN;
  const ms = Date.parse(value);
  // Date.parse is lenient (Feb 30th, 24:00): only what prints back the same is taken as is.
  return Number.isFinite(ms) && new Date(ms).toISOString() === value ? ms : Number.NaN;
};

/** An ISO text without an offset is read as UTC, never in the machine's zone. */
const parseInstant = (value: string): number => {
  const fast = storedFormMillis(value);
  return Number.isFinite(fast) ? fast : DateTime.fromISO(value, { zone: 'utc' }).toMillis();
};

export const toMillis = (value: Date | Instant, what = 'time'): number => {
  // Most instants are in the stored form, and a request reads several of them: the fast path first.
  const ms = typeof value === 'string' ? parseInstant(value) : value.getTime();
  if (!Number.isFinite(ms)) throw new AppError('internal', `Invalid ${what}: ${String(value)}`);
  return ms;
};

/** The same instant, normalised to UTC with milliseconds (the form stored in events). */
export const toInstant = (value: Date | Instant, what = 'time'): Instant => new Date(toMillis(value, what)).toISOString();

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole UTC days: a trial of 7 days is 7 x 24 h whatever the user's zone does with its clocks. */
export const addDays = (instant: Instant, days: number): Instant => new Date(toMillis(instant) + days * DAY_MS).toISOString();

/** True for IANA zone names luxon knows ('Europe/Paris', 'UTC'); false for offsets and junk. */
export const isValidTimeZone = (zone: string): boolean => isZoneName(zone);

/**
 * The zone's canonical spelling ('europe/paris' -> 'Europe/Paris', 'utc' -> 'UTC'), so one zone is
 * stored one way; null when it is not a zone.
 */
export const canonicalTimeZone = (zone: string): string | null =>
  isValidTimeZone(zone) ? new Intl.DateTimeFormat('en-US', { timeZone: zone.trim() }).resolvedOptions().timeZone : null;
