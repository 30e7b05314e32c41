/**
 * Billing periods in calendar months, in UTC (luxon). A subscription keeps its anchor (the first
 * paid instant) and period n ends at anchor + n months, so a month-end anchor is clamped per month
 * and never drifts: Jan 31 -> Feb 28 (29 in leap years) -> Mar 31 -> Apr 30.
 */
import { DateTime } from 'luxon';
import { AppError } from '@core/shared/errors';
import type { Instant } from '@core/users/time';

const utc = (instant: Instant): DateTime => {
  const dt = DateTime.fromISO(instant, { zone: 'utc' });
  if (!dt.isValid) throw new AppError('internal', `Invalid instant: ${instant}`);
  return dt;
};

/** The end of the n-th paid month of a subscription anchored at `anchor` (n >= 1). */
export const periodEnd = (anchor: Instant, periods: number): Instant => {
  if (!Number.isInteger(periods) || periods < 1) throw new AppError('internal', `A period count must be a positive integer, got ${periods}`);
  return utc(anchor).plus({ months: periods }).toUTC().toISO() as Instant;
};

/** The same instant in the form events store (UTC, milliseconds). */
export const normaliseInstant = (instant: Instant): Instant => utc(instant).toUTC().toISO() as Instant;
