/**
 * Properties of the one-shot time rules: classic/V2 peak slots, the UTC pair of recurring presets,
 * delivery hints and the future check of one-time schedules, over random zones and instants.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '@core/shared/errors';
import { instantsShowing, modelResolve, offsetOf, wallOf } from '@core/scheduling/testing/zone-oracle';
import {
  DELIVERY_HINTS,
  MIN_LEAD_MS,
  ONE_TIME_MESSAGES,
  PEAK_WINDOW_DEFINITIONS,
  PEAK_WINDOWS,
  deliveryHint,
  localTimeOfDayFromUtc,
  nextPeakSlot,
  oneTimeInstant,
  peakWindowOptions,
  requireFuture,
  utcTimeOfDay,
  type LocalDate,
} from '@core/scheduling/time';

const RUNS = { numRuns: 1000 };
const ZONES = [...Intl.supportedValuesOf('timeZone'), 'UTC'];
const DST_ZONES = ['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Asia/Kolkata', 'Antarctica/Troll'];
const zone = fc.oneof(fc.constantFrom(...ZONES), fc.constantFrom(...DST_ZONES));
const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) });
const time = fc.record({ hour: fc.integer({ min: 0, max: 23 }), minute: fc.integer({ min: 0, max: 59 }) });
const iso = (ms: number) => new Date(ms).toISOString();
const dateOf = (ms: number, z: string): LocalDate => {
  const w = wallOf(ms, z);
  return { year: w.year, month: w.month, day: w.day };
};
const nextDay = (d: LocalDate): LocalDate => {
  const x = new Date(Date.UTC(d.year, d.month - 1, d.day + 1));
  return { year: x.getUTCFullYear(), month: x.getUTCMonth() + 1, day: x.getUTCDate() };
};

describe('peak slot properties', () => {
  it("is today's posting time when before the cut-off and at least 2 hours away, else tomorrow's", () => {
    fc.assert(
      fc.property(zone, instant, fc.constantFrom(...PEAK_WINDOWS), (z, now, window) => {
        const def = PEAK_WINDOW_DEFINITIONS[window];
        const slot = Date.parse(nextPeakSlot(window, iso(now), z));
        const today = dateOf(now, z);
        const todaySlot = modelResolve(today, def.postAt, z).ms;
        const expected = wallOf(now, z).hour < def.cutoffHour && todaySlot - now >= MIN_LEAD_MS ? todaySlot : modelResolve(nextDay(today), def.postAt, z).ms;
        expect(slot).toBe(expected);
        expect(slot - now).toBeGreaterThanOrEqual(MIN_LEAD_MS);
      }),
      RUNS,
    );
  });

  it('recommends exactly one window, the one whose slot comes first', () => {
    fc.assert(
      fc.property(zone, instant, (z, now) => {
        const options = peakWindowOptions(iso(now), z);
        const recommended = options.filter((o) => o.recommended);
        expect(recommended).toHaveLength(1);
        const first = Math.min(...options.map((o) => Date.parse(o.nextSlot)));
        expect(Date.parse((recommended[0] as (typeof options)[number]).nextSlot)).toBe(first);
      }),
      RUNS,
    );
  });
});

describe('the UTC pair of recurring presets', () => {
  it('turning a local time into the UTC pair and back gives the same local time, or one with the same UTC reading on a change day', () => {
    fc.assert(
      fc.property(zone, instant, time, (z, now, local) => {
        const utc = utcTimeOfDay(local, z, iso(now));
        const back = localTimeOfDayFromUtc(utc, z, iso(now));
        const today = dateOf(now, z);
        const exists = instantsShowing(today, local, z).length === 1;
        const start = modelResolve(today, { hour: 0, minute: 0 }, z).ms;
        const steadyDay = offsetOf(start, z) === offsetOf(start + 86_400_000 - 1, z);
        if (exists && steadyDay) expect(back).toEqual(local);
        else expect(utcTimeOfDay(back, z, iso(now))).toEqual(utc);
      }),
      RUNS,
    );
  });
});

describe('delivery hint properties', () => {
  it('is the first of overnight, weekend, peak, normal that matches the local time', () => {
    fc.assert(
      fc.property(zone, instant, (z, at) => {
        const w = wallOf(at, z);
        const weekday = new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay(); // 0 Sunday
        const expected =
          w.hour >= 1 && w.hour < 6
            ? 'overnight'
            : weekday === 0 || weekday === 6
              ? 'weekend'
              : (w.hour >= 7 && w.hour < 11) || (w.hour >= 16 && w.hour < 20)
                ? 'peak'
                : 'normal';
        const hint = deliveryHint(iso(at), z);
        expect(hint.kind).toBe(expected);
        expect(hint.text).toBe(DELIVERY_HINTS[expected]);
      }),
      RUNS,
    );
  });
});

describe('one-time schedule properties', () => {
  it("refuses a local date and time at or before now with the spec's message, accepts any later one", () => {
    fc.assert(
      fc.property(
        zone,
        instant,
        fc.integer({ min: -3 * 86_400_000, max: 3 * 86_400_000 }),
        time,
        (z, now, delta, t) => {
          const date = dateOf(now + delta, z);
          const at = oneTimeInstant(date, t, z);
          const past = Date.parse(at) <= now;
          let refusal: unknown = null;
          try {
            requireFuture(at, iso(now));
          } catch (e) {
            refusal = e;
          }
          if (past) {
            expect(refusal).toBeInstanceOf(AppError);
            expect((refusal as AppError).message).toBe(ONE_TIME_MESSAGES.mustBeFuture);
            expect((refusal as AppError).code).toBe('validation');
          } else expect(refusal).toBeNull();
          expect(Date.parse(at)).toBe(modelResolve(date, t, z).ms);
        },
      ),
      RUNS,
    );
  });
});
