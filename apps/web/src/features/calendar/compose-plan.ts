// How the compose panel schedules a post at a chosen local date and time (pure). The spec's calls
// that carry a fixed text are the classic page's (a peak window's next slot) and the bulk entry's
// (any date and time, Premium): a time that is a window's next slot goes through the classic call,
// which every plan may use; any other time through the bulk entry call.
import { PEAK_WINDOWS, nextPeakSlot, oneTimeInstant, parseDate, toMs, type LocalTime, type PeakWindow } from '@core/scheduling/time';

export type ComposePlan =
  | { kind: 'invalid' }
  | { kind: 'past'; at: number }
  | { kind: 'peak'; at: number; window: PeakWindow }
  | { kind: 'exact'; at: number; date: string; time: LocalTime };

const parseTime = (text: string): LocalTime | null => {
  const m = /^(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const time = { hour: Number(m[1]), minute: Number(m[2]) };
  return time.hour < 24 && time.minute < 60 ? time : null;
};

export function composePlan(date: string, time: string, zone: string, now: Date): ComposePlan {
  const d = parseDate(date);
  const t = parseTime(time);
  if (d === null || t === null) return { kind: 'invalid' };
  const at = toMs(oneTimeInstant(d, t, zone));
  if (at <= now.getTime()) return { kind: 'past', at };
  const window = PEAK_WINDOWS.find((w) => toMs(nextPeakSlot(w, now, zone)) === at);
  if (window) return { kind: 'peak', at, window };
  return { kind: 'exact', at, date, time: t };
}
