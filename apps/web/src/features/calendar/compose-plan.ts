// How the compose panel schedules a post at a chosen local date and time (pure). Both go through
// the classic call, as Classic and V2 do (every plan may use it): a time that is a window's next
// slot as that peak window, any other future time as an exact time (`exactTime`, ADR 0032).
import { PEAK_WINDOWS, nextPeakSlot, oneTimeInstant, parseDate, toMs, type LocalTime, type PeakWindow } from '@core/scheduling/time';

export type ComposePlan =
  | { kind: 'invalid' }
  | { kind: 'past'; at: number }
  | { kind: 'peak'; at: number; window: PeakWindow }
  | { kind: 'exact'; at: number };

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
  return { kind: 'exact', at };
}
