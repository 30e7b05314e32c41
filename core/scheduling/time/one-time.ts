/**
 * One-time schedules: a local date and time in the user's zone, which must lie in the future
 * (spec part 2 §5: 'Scheduled time must be in the future'; the date cannot be before today).
 */
import { AppError } from '@core/shared/errors';
import { compareDates, localDateAt, requireZone, resolveLocal, toInstant, toMs, type Instant, type InstantInput, type LocalDate, type LocalTime } from './wall-clock';

export const ONE_TIME_MESSAGES = {
  mustBeFuture: 'Scheduled time must be in the future',
  dateBeforeToday: 'Date cannot be before today',
} as const;

/** The instant of a local date and time (DST rules of time/wall-clock.ts). */
export const oneTimeInstant = (date: LocalDate, time: LocalTime, zone: string): Instant => toInstant(resolveLocal(date, time, requireZone(zone)).ms);

/** True when `date` is before the user's today. */
export const isBeforeToday = (date: LocalDate, now: InstantInput, zone: string): boolean =>
  compareDates(date, localDateAt(toMs(now, 'now'), requireZone(zone))) < 0;

/** Refuses a time that is not strictly after now, with the spec's message. */
export const requireFuture = (at: InstantInput, now: InstantInput, field = 'scheduledTime'): void => {
  if (toMs(at, field) <= toMs(now, 'now')) throw new AppError('validation', ONE_TIME_MESSAGES.mustBeFuture, { field });
};
