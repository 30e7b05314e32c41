// An exact time picked as a local date and time in the user's zone (pure): its instant, or why not.
import { oneTimeInstant, parseDate, toMs } from '@core/scheduling/time';
import { SCHEDULE_MESSAGES as M } from '@core/scheduling/messages';

/** What the time picker's exact-time fields hold: 'YYYY-MM-DD' and 'HH:MM'. */
export type ExactTime = { date: string; time: string };

export type ExactInstant = { ok: true; at: string } | { ok: false; message: string };

const parseTime = (text: string): { hour: number; minute: number } | null => {
  const m = /^(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const time = { hour: Number(m[1]), minute: Number(m[2]) };
  return time.hour < 24 && time.minute < 60 ? time : null;
};

/** The ISO instant of `exact` in `zone`; refused when incomplete or not after `now`. */
export function exactInstant(exact: ExactTime, zone: string, now: Date): ExactInstant {
  const date = parseDate(exact.date);
  const time = parseTime(exact.time);
  if (date === null || time === null) return { ok: false, message: M.exactTimeInvalid };
  const at = oneTimeInstant(date, time, zone);
  if (toMs(at) <= now.getTime()) return { ok: false, message: M.mustBeFuture };
  return { ok: true, at: new Date(toMs(at)).toISOString() };
}
