/**
 * Properties of the recurring rules, checked against an independent model (testing/zone-oracle.ts:
 * Intl, scanning and bisection, no luxon) over random IANA zones, random instants between 2000 and
 * 2040, and instants and wall times chosen around real DST transitions (30-minute, 2-hour, midnight
 * and negative-DST zones included).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantsShowing, gapSubstitute, modelResolve, transitionsBetween, wallOf } from '@core/scheduling/testing/zone-oracle';
import { nextRun, nextRunMs, requireZone, type IsoWeekday, type LocalDate, type Recurrence } from '@core/scheduling/time';

const RUNS = { numRuns: 1000 };
const ALL_ZONES = [...Intl.supportedValuesOf('timeZone'), 'UTC'];
const DST_ZONES = [
  'America/New_York',
  'Europe/London',
  'Europe/Dublin', // negative DST: winter is the "summer" offset minus one hour
  'Australia/Lord_Howe', // 30-minute shift
  'Pacific/Chatham', // +12:45 / +13:45
  'Asia/Kolkata', // no DST, half-hour offset
  'America/Santiago', // changes at midnight
  'America/Havana', // changes at midnight
  'America/St_Johns', // -3:30
  'Antarctica/Troll', // 2-hour shift
  'Africa/Cairo',
];

const MIN_MS = Date.UTC(2000, 0, 1);
const MAX_MS = Date.UTC(2040, 0, 1);

// Real transitions, found once through Intl (about half a second for these zones and years).
const TRANSITIONS = [
  ...DST_ZONES.flatMap((zone) => transitionsBetween(zone, Date.UTC(2019, 0, 1), Date.UTC(2029, 0, 1)).map((t) => ({ zone, ...t }))),
  ...transitionsBetween('Pacific/Apia', Date.UTC(2011, 11, 20), Date.UTC(2012, 0, 10)).map((t) => ({ zone: 'Pacific/Apia', ...t })),
];

const time = fc.record({ hour: fc.integer({ min: 0, max: 23 }), minute: fc.integer({ min: 0, max: 59 }) });
const weekdays = fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }) as fc.Arbitrary<IsoWeekday[]>;
// Days late in the month are the interesting ones (short months), so they are drawn more often.
const monthDays = fc.uniqueArray(fc.oneof(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 28, max: 31 })), { minLength: 1, maxLength: 4 });

const ruleAt = (t: fc.Arbitrary<{ hour: number; minute: number }>): fc.Arbitrary<Recurrence> =>
  fc.oneof(
    t.map((tm) => ({ type: 'daily' as const, time: tm })),
    fc.record({ type: fc.constant('weekly' as const), days: weekdays, time: t }),
    fc.record({ type: fc.constant('monthly' as const), days: monthDays, time: t }),
  );

interface Case {
  zone: string;
  after: number;
  rule: Recurrence;
}

/** Anywhere: a random zone, instant and rule. */
const anywhere: fc.Arbitrary<Case> = fc.record({
  zone: fc.oneof(fc.constantFrom(...ALL_ZONES), fc.constantFrom(...DST_ZONES)),
  after: fc.integer({ min: MIN_MS, max: MAX_MS }),
  rule: ruleAt(time),
});

/**
 * Near a transition: `after` up to three days before it (or a day after), and the rule's time within
 * two and a half hours of the local time of the change, so it often falls in the gap or the overlap;
 * weekly and monthly rules include the day of the change.
 */
const nearTransition: fc.Arbitrary<Case> = fc
  .record({
    transition: fc.constantFrom(...TRANSITIONS),
    before: fc.integer({ min: -24 * 3600_000, max: 3 * 24 * 3600_000 }),
    shift: fc.integer({ min: -150, max: 150 }),
    kind: fc.constantFrom('daily', 'weekly', 'monthly'),
    extraWeekdays: weekdays,
    extraDays: monthDays,
  })
  .map(({ transition, before, shift, kind, extraWeekdays, extraDays }) => {
    const w = wallOf(transition.at, transition.zone);
    const minutes = (((w.hour * 60 + w.minute + shift) % 1440) + 1440) % 1440;
    const t = { hour: Math.floor(minutes / 60), minute: minutes % 60 };
    const weekday = (new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay() || 7) as IsoWeekday;
    const rule: Recurrence =
      kind === 'daily'
        ? { type: 'daily', time: t }
        : kind === 'weekly'
          ? { type: 'weekly', days: [...new Set([weekday, ...extraWeekdays])], time: t }
          : { type: 'monthly', days: [...new Set([w.day, ...extraDays])], time: t };
    return { zone: transition.zone, after: transition.at - before, rule };
  });

const cases = fc.oneof(anywhere, nearTransition);

// ---- the model: walk civil days, ask the oracle for each allowed day's instant ----

const civil = (y: number, m: number, d: number): LocalDate => {
  const x = new Date(Date.UTC(y, m - 1, d));
  return { year: x.getUTCFullYear(), month: x.getUTCMonth() + 1, day: x.getUTCDate() };
};
const lastDayOf = (y: number, m: number): number => 32 - new Date(Date.UTC(y, m - 1, 32)).getUTCDate();

const modelOccurs = (rule: Recurrence, date: LocalDate): boolean => {
  if (rule.type === 'daily') return true;
  if (rule.type === 'weekly') return rule.days.includes((new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() || 7) as IsoWeekday);
  const last = lastDayOf(date.year, date.month);
  return rule.days.some((d) => (d > last ? last : d) === date.day);
};

/** Every run in (from, until], sorted, each instant once. */
const modelRuns = (rule: Recurrence, from: number, until: number, zone: string): number[] => {
  const start = wallOf(from, zone);
  const end = wallOf(until, zone);
  const runs = new Set<number>();
  const stop = Date.UTC(end.year, end.month - 1, end.day + 1);
  for (let date = civil(start.year, start.month, start.day - 2); Date.UTC(date.year, date.month - 1, date.day) <= stop; date = civil(date.year, date.month, date.day + 1)) {
    if (modelOccurs(rule, date)) {
      const { ms } = modelResolve(date, rule.time, zone);
      if (ms > from && ms <= until) runs.add(ms);
    }
  }
  return [...runs].sort((a, b) => a - b);
};

const iterate = (c: Case, count: number): number[] => {
  const zone = requireZone(c.zone);
  const out: number[] = [];
  let cursor = c.after;
  for (let i = 0; i < count; i += 1) {
    cursor = nextRunMs(c.rule, cursor, zone);
    out.push(cursor);
  }
  return out;
};

describe('nextRun properties', () => {
  it('the next run is strictly after `after`', () => {
    fc.assert(
      fc.property(cases, (c) => {
        const next = Date.parse(nextRun(c.rule, new Date(c.after).toISOString(), c.zone));
        expect(next).toBeGreaterThan(c.after);
      }),
      RUNS,
    );
  });

  it('falls on an allowed day at the intended local time, or is the stated substitute of a time in a gap', () => {
    fc.assert(
      fc.property(cases, (c) => {
        const [next] = iterate(c, 1) as [number];
        const w = wallOf(next, c.zone);
        const date = civil(w.year, w.month, w.day);
        const onTime = w.hour === c.rule.time.hour && w.minute === c.rule.time.minute && w.second === 0;
        if (onTime) {
          // The intended wall time on an allowed day, at its FIRST occurrence.
          expect(modelOccurs(c.rule, date)).toBe(true);
          expect(instantsShowing(date, c.rule.time, c.zone)[0]).toBe(next);
        } else {
          // Only a wall time that does not exist on an allowed day (that day or the day before, when a
          // whole day was skipped) may move, and then by exactly the length of the gap.
          const origin = [date, civil(date.year, date.month, date.day - 1)].find(
            (d) => modelOccurs(c.rule, d) && instantsShowing(d, c.rule.time, c.zone).length === 0 && gapSubstitute(d, c.rule.time, c.zone) === next,
          );
          expect(origin, `run at ${new Date(next).toISOString()} (${JSON.stringify(w)}) is neither on time nor a gap substitute`).toBeDefined();
        }
      }),
      RUNS,
    );
  });

  it('iterating next is strictly increasing and equals the day-by-day model: no run skipped, none repeated', () => {
    fc.assert(
      fc.property(cases, fc.integer({ min: 1, max: 6 }), (c, count) => {
        const runs = iterate(c, count);
        for (let i = 1; i < runs.length; i += 1) expect(runs[i] as number).toBeGreaterThan(runs[i - 1] as number);
        expect(runs).toEqual(modelRuns(c.rule, c.after, runs[runs.length - 1] as number, c.zone));
      }),
      RUNS,
    );
  });

  it("the model and the core agree on every day's instant (gap forward by its length, overlap first)", () => {
    fc.assert(
      fc.property(cases, (c) => {
        const w = wallOf(c.after, c.zone);
        const date = civil(w.year, w.month, w.day);
        const model = modelResolve(date, c.rule.time, c.zone).ms;
        // The core's answer for a daily rule from just before that day's instant is that instant.
        expect(nextRunMs({ type: 'daily', time: c.rule.time }, model - 1, requireZone(c.zone))).toBe(model);
      }),
      RUNS,
    );
  });
});
