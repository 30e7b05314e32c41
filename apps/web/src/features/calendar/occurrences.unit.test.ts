// Where schedules land on the calendar: examples (one-shot, executed, inactive, a weekly rule
// across the end of DST) and a property comparing occurrences with a day-by-day reading of the
// rule through Intl (not the core's own clock code).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aScheduleView } from '@core/scheduling/testing/views';
import type { ScheduleItem } from '@web/features/schedules';
import { byDay, dayStartMs, monthGrid, occurrencesIn, ruleOf, weekStart } from './occurrences';

const base: ScheduleItem = aScheduleView({ content: 'hi' });

const PARIS = 'Europe/Paris';
const day = (y: number, m: number, d: number) => ({ year: y, month: m, day: d });

describe('occurrencesIn', () => {
  it('places a one-shot schedule at its next run, in the viewer zone, only inside the range', () => {
    const s = { ...base, nextRunTime: '2026-03-04T12:00:00.000Z' };
    const from = dayStartMs(day(2026, 3, 2), PARIS);
    const [o, ...rest] = occurrencesIn([s], from, dayStartMs(day(2026, 3, 9), PARIS), PARIS);
    expect(rest).toEqual([]);
    expect(o).toMatchObject({ day: '2026-03-04', minuteOfDay: 13 * 60, kind: 'next' });
    expect(occurrencesIn([s], dayStartMs(day(2026, 3, 5), PARIS), dayStartMs(day(2026, 3, 9), PARIS), PARIS)).toEqual([]);
    // Seen from Tokyo the same instant is the evening of the same day.
    expect(occurrencesIn([s], from - 86_400_000, from + 8 * 86_400_000, 'Asia/Tokyo')[0]).toMatchObject({ day: '2026-03-04', minuteOfDay: 21 * 60 });
  });

  it('shows an executed schedule at its last run, and nothing to come for an inactive one', () => {
    const done = { ...base, id: 'done', isExecuted: true, lastExecutedAt: '2026-03-03T08:00:00.000Z' };
    const off = { ...base, id: 'off', isActive: false, nextRunTime: '2026-03-04T08:00:00.000Z' };
    const all = occurrencesIn([done, off], dayStartMs(day(2026, 3, 1), PARIS), dayStartMs(day(2026, 3, 9), PARIS), PARIS);
    expect(all.map((o) => [o.schedule.id, o.kind, o.day])).toEqual([['done', 'executed', '2026-03-03']]);
  });

  it('keeps a paused schedule at its next run, without its repeats', () => {
    const s = { ...base, id: 'paused', status: 'paused' as const, isActive: false, isRecurring: true, recurringType: 'daily' as const, recurringTime: '09:00', nextRunTime: '2026-03-04T08:00:00.000Z' };
    const all = occurrencesIn([s], dayStartMs(day(2026, 3, 1), PARIS), dayStartMs(day(2026, 3, 9), PARIS), PARIS);
    expect(all.map((o) => [o.schedule.id, o.kind, o.day])).toEqual([['paused', 'next', '2026-03-04']]);
  });

  it('repeats a weekly rule at its local time across the end of DST', () => {
    // Mon, Wed, Fri 09:00 in Paris; DST ends on Sunday 25 October 2026.
    const s = { ...base, isRecurring: true, recurringType: 'weekly' as const, recurringDays: [1, 3, 5], recurringTime: '09:00', nextRunTime: '2026-10-19T07:00:00.000Z' };
    const all = occurrencesIn([s], dayStartMs(day(2026, 10, 19), PARIS), dayStartMs(day(2026, 11, 2), PARIS), PARIS);
    expect(all.map((o) => o.day)).toEqual(['2026-10-19', '2026-10-21', '2026-10-23', '2026-10-26', '2026-10-28', '2026-10-30']);
    expect(new Set(all.map((o) => o.minuteOfDay))).toEqual(new Set([9 * 60]));
    expect(all.map((o) => o.kind)).toEqual(['next', 'repeat', 'repeat', 'repeat', 'repeat', 'repeat']);
    expect(new Date(all[3]!.at).toISOString()).toBe('2026-10-26T08:00:00.000Z');
  });

  it('reads no rule from a schedule that does not describe one', () => {
    expect(ruleOf({ ...base, isRecurring: true, recurringType: 'weekly', recurringDays: [], recurringTime: '09:00' })).toBeNull();
    expect(ruleOf({ ...base, isRecurring: true, recurringType: 'daily', recurringTime: null })).toBeNull();
    expect(ruleOf({ ...base, isRecurring: true, recurringType: 'monthly', recurringDays: [31], recurringTime: '18:30' })).toEqual({
      type: 'monthly',
      days: [31],
      time: { hour: 18, minute: 30 },
    });
  });
});

describe('calendar grids', () => {
  it('starts weeks on Monday and shows six weeks for a month', () => {
    expect(weekStart(day(2026, 11, 22))).toEqual(day(2026, 11, 16));
    expect(weekStart(day(2026, 11, 16))).toEqual(day(2026, 11, 16));
    const grid = monthGrid(day(2026, 2, 14));
    expect(grid).toHaveLength(42);
    expect(grid[0]).toEqual(day(2026, 1, 26));
    expect(grid.some((d) => d.month === 2 && d.day === 28)).toBe(true);
  });
});

// ---- property: occurrences against an Intl day-by-day reading of the rule ----

const ZONES = ['Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Australia/Sydney', 'America/Sao_Paulo', 'Pacific/Auckland', 'UTC', 'Asia/Tokyo'];
const formats = new Map<string, Intl.DateTimeFormat>();
const formatOf = (zone: string) => {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', weekday: 'short' });
    formats.set(zone, f);
  }
  return f;
};
const localParts = (ms: number, zone: string) => {
  const p = Object.fromEntries(
    formatOf(zone)
      .formatToParts(ms)
      .map((x) => [x.type, x.value]),
  );
  return { weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(p.weekday ?? '') + 1, hour: Number(p.hour), minute: Number(p.minute), day: Number(p.day) };
};

/** Every run of the rule between two instants, read hour by hour through Intl. */
const oracleRuns = (zone: string, time: { hour: number; minute: number }, weekdays: number[] | null, fromMs: number, toMs: number): number[] => {
  const out = new Set<number>();
  for (let ms = fromMs - (fromMs % 3_600_000) - 3_600_000; ms < toMs + 3_600_000; ms += 3_600_000) {
    const p = localParts(ms, zone);
    if (p.hour !== time.hour) continue;
    const at = ms + (time.minute - p.minute) * 60_000;
    const q = localParts(at, zone);
    if (q.hour === time.hour && q.minute === time.minute && (weekdays === null || weekdays.includes(q.weekday)) && at >= fromMs && at < toMs) out.add(at);
    // The same local hour comes back no sooner than 23 hours later (a clock change moves it by one
    // hour at most): the next 21 hours are passed over unread, which is most of the oracle's cost.
    ms += 21 * 3_600_000;
  }
  return [...out].sort((a, b) => a - b);
};

describe('occurrences follow the rule (property)', () => {
  it('every occurrence is in range, in order, on an allowed day at the rule time, and none is missing', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        // Daytime hours: no zone here changes its clocks between 08:00 and 21:00.
        fc.record({ hour: fc.integer({ min: 8, max: 20 }), minute: fc.integer({ min: 0, max: 59 }) }),
        fc.oneof(fc.constant(null), fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 })),
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 11, 1) }),
        fc.integer({ min: 1, max: 45 }),
        (zone, time, weekdays, startMs, spanDays) => {
          const [first] = oracleRuns(zone, time, weekdays, startMs, startMs + 8 * 86_400_000);
          expect(first).toBeDefined();
          const to = first! + spanDays * 86_400_000;
          const s: ScheduleItem = {
            ...base,
            timeZone: zone,
            isRecurring: true,
            recurringType: weekdays === null ? 'daily' : 'weekly',
            recurringDays: weekdays,
            recurringTime: `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`,
            nextRunTime: new Date(first!).toISOString(),
          };
          const all = occurrencesIn([s], first!, to, zone);
          expect(all.map((o) => o.at)).toEqual(oracleRuns(zone, time, weekdays, first!, to));
          expect(all.every((o) => o.minuteOfDay === time.hour * 60 + time.minute)).toBe(true);
          expect([...byDay(all).values()].every((list) => list.length === 1)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  }, 60_000);
});
