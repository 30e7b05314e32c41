/**
 * Instants travel as ISO-8601 strings (events are JSON); rules accept a Date too so callers can
 * hand over their clock's value as it is. Nothing here reads the clock.
 */
import { DateTime, IANAZone } from 'luxon';
import { AppError } from '@core/shared/errors';

/** An ISO-8601 instant, e.g. '2026-03-01T12:00:00.000Z'. */
export type Instant = string;

export const toMillis = (value: Date | Instant, what = 'time'): number => {
  // An ISO text without an offset is read as UTC, never in the machine's zone.
  const ms = typeof value === 'string' ? DateTime.fromISO(value, { zone: 'utc' }).toMillis() : value.getTime();
  if (!Number.isFinite(ms)) throw new AppError('internal', `Invalid ${what}: ${String(value)}`);
  return ms;
};

/** The same instant, normalised to UTC with milliseconds (the form stored in events). */
export const toInstant = (value: Date | Instant, what = 'time'): Instant => new Date(toMillis(value, what)).toISOString();

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole UTC days: a trial of 7 days is 7 x 24 h whatever the user's zone does with its clocks. */
export const addDays = (instant: Instant, days: number): Instant => new Date(toMillis(instant) + days * DAY_MS).toISOString();

/** True for IANA zone names luxon knows ('Europe/Paris', 'UTC'); false for offsets and junk. */
export const isValidTimeZone = (zone: string): boolean => zone.trim() !== '' && IANAZone.isValidZone(zone.trim());

/**
 * The zone's canonical spelling ('europe/paris' -> 'Europe/Paris', 'utc' -> 'UTC'), so one zone is
 * stored one way; null when it is not a zone.
 */
export const canonicalTimeZone = (zone: string): string | null =>
  isValidTimeZone(zone) ? new Intl.DateTimeFormat('en-US', { timeZone: zone.trim() }).resolvedOptions().timeZone : null;
