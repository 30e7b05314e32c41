/**
 * Times of day of the template-based schedule form (spec part 2 §9): morning 9:00, lunch 12:00,
 * afternoon 16:00, or a custom hour and minute (default 12:00).
 *
 * One-time schedules are read in the user's zone. For recurring ones the spec's web page sends the
 * hour and minute in UTC (`recurringHour`/`recurringMinute`): it put the local time on today's date
 * and read the UTC clock. A rule held in UTC drifts by an hour at every DST change, so the server
 * turns the pair back into the local wall-clock time at creation and keeps the rule in local time
 * (ADR 0009). `utcTimeOfDay` is what the page does; `localTimeOfDayFromUtc` undoes it.
 */
import { localAt, minutesOfDay, requireZone, resolveLocal, timeFromMinutes, toMs, type InstantInput, type LocalDate, type LocalTime, type ZoneRules } from './wall-clock';

export const TIME_PRESETS = ['morning', 'lunch', 'afternoon', 'custom'] as const;
export type TimePreset = (typeof TIME_PRESETS)[number];
export type FixedTimePreset = Exclude<TimePreset, 'custom'>;

export const PRESET_TIMES: Readonly<Record<FixedTimePreset, LocalTime>> = {
  morning: { hour: 9, minute: 0 },
  lunch: { hour: 12, minute: 0 },
  afternoon: { hour: 16, minute: 0 },
};

export const CUSTOM_TIME_DEFAULT: LocalTime = { hour: 12, minute: 0 };

export const PRESET_LABELS: Readonly<Record<TimePreset, string>> = {
  morning: 'Morning (9:00 AM)',
  lunch: 'Lunch (12:00 PM)',
  afternoon: 'Afternoon (4:00 PM)',
  custom: 'Custom time',
};

/** The wall-clock time of a preset; `custom` takes the given time. */
export const presetTime = (preset: TimePreset, custom: LocalTime = CUSTOM_TIME_DEFAULT): LocalTime =>
  preset === 'custom' ? custom : PRESET_TIMES[preset];

/** The success toast's description (spec §8 'Schedule created'). */
export const scheduleCreatedDescription = (preset: TimePreset): string => {
  const at = { morning: '9 AM', lunch: '12 PM', afternoon: '4 PM', custom: 'your selected time' }[preset];
  return `Your reply has been scheduled to be sent at ${at}`;
};

const today = (nowMs: number, zone: ZoneRules): LocalDate => {
  const { year, month, day } = localAt(nowMs, zone);
  return { year, month, day };
};

const utcMinutesOf = (ms: number): number => {
  const d = new Date(ms);
  return d.getUTCHours() * 60 + d.getUTCMinutes();
};

/** The UTC hour and minute of a local time on today's date in the zone (what the spec's page sends). */
export const utcTimeOfDay = (local: LocalTime, zone: string, now: InstantInput): LocalTime => {
  const z = requireZone(zone);
  return timeFromMinutes(utcMinutesOf(resolveLocal(today(toMs(now, 'now'), z), local, z).ms));
};

/**
 * The local wall-clock time whose UTC reading on today's date (in the zone) is `utc`: the inverse of
 * `utcTimeOfDay`. Each offset the zone uses today is tried; a local time that maps back to `utc`
 * wins, the one read with the offset in force now first. On a DST change day two local times can
 * share a UTC reading (the pair alone cannot tell them apart): the offset in force at creation
 * decides. When none maps back (the page's time fell in a gap), the offset at creation is used.
 */
export const localTimeOfDayFromUtc = (utc: LocalTime, zone: string, now: InstantInput): LocalTime => {
  const z = requireZone(zone);
  const nowMs = toMs(now, 'now');
  const day = today(nowMs, z);
  const start = resolveLocal(day, { hour: 0, minute: 0 }, z).ms;
  const offsets = [z.offset(nowMs), z.offset(start), z.offset(start + 86_400_000 - 1)].filter((o, i, all) => all.indexOf(o) === i);
  const utcMinutes = minutesOfDay(utc);
  for (const offset of offsets) {
    const local = timeFromMinutes(utcMinutes + offset);
    if (utcMinutesOf(resolveLocal(day, local, z).ms) === utcMinutes) return local;
  }
  return timeFromMinutes(utcMinutes + (offsets[0] as number));
};
