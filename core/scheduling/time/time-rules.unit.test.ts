import { describe, expect, it } from 'vitest';
import { AppError } from '@core/shared/errors';
import {
  bulkFrame,
  bulkSlotTime,
  deliveryHint,
  isBeforeToday,
  isoFromSundayZero,
  localTimeOfDayFromUtc,
  nextPeakSlot,
  nextRun,
  nextRunMs,
  oneTimeInstant,
  parseDate,
  peakWindowOptions,
  recommendedPeakWindow,
  requireFuture,
  requireZone,
  resolveLocal,
  scheduleCreatedDescription,
  sundayZeroFromIso,
  upcomingRuns,
  utcTimeOfDay,
  type Recurrence,
} from '@core/scheduling/time';

const NY = 'America/New_York';
const at = (hour: number, minute = 0) => ({ hour, minute });
const day = (year: number, month: number, d: number) => ({ year, month, day: d });
const resolved = (zone: string, date: ReturnType<typeof day>, hour: number, minute = 0) => {
  const r = resolveLocal(date, at(hour, minute), requireZone(zone));
  return { iso: new Date(r.ms).toISOString(), resolution: r.resolution };
};

describe('local date and time to instant (DST rules)', () => {
  it('moves a time in a gap forward by the gap, in New York and on Lord Howe (30 minutes)', () => {
    expect(resolved(NY, day(2026, 3, 8), 2, 30)).toEqual({ iso: '2026-03-08T07:30:00.000Z', resolution: 'gap' }); // 3:30 EDT
    expect(resolved('Australia/Lord_Howe', day(2026, 10, 4), 2, 15)).toEqual({ iso: '2026-10-03T15:45:00.000Z', resolution: 'gap' }); // 2:45 +11
  });

  it('takes the first occurrence in an overlap (luxon alone would take EST in New York)', () => {
    expect(resolved(NY, day(2026, 11, 1), 1, 30)).toEqual({ iso: '2026-11-01T05:30:00.000Z', resolution: 'overlap' }); // 1:30 EDT
    expect(resolved('Australia/Lord_Howe', day(2026, 4, 5), 1, 45)).toEqual({ iso: '2026-04-04T14:45:00.000Z', resolution: 'overlap' }); // +11
    expect(resolved('Pacific/Chatham', day(2026, 4, 5), 2, 45)).toEqual({ iso: '2026-04-04T13:00:00.000Z', resolution: 'overlap' }); // +13:45
  });

  it('reads ordinary times exactly, half-hour zones included', () => {
    expect(resolved('Asia/Kolkata', day(2026, 1, 15), 9)).toEqual({ iso: '2026-01-15T03:30:00.000Z', resolution: 'exact' });
  });

  it('refuses an unknown zone as a validation error on timeZone', () => {
    expect(() => requireZone('Mars/Olympus')).toThrowError(AppError);
    // An offset is not a zone (no daylight-saving rules), though Node 26's ICU takes it as one.
    expect(() => requireZone('+02:00')).toThrowError(AppError);
    try {
      requireZone('Nowhere/Land');
    } catch (e) {
      expect((e as AppError).field).toBe('timeZone');
    }
  });
});

describe('nextRun', () => {
  const daily: Recurrence = { type: 'daily', time: at(9) };

  it('keeps 9:00 local across both DST changes (a UTC rule would drift)', () => {
    expect(upcomingRuns(daily, '2026-03-07T15:00:00Z', NY, 3)).toEqual([
      '2026-03-08T13:00:00.000Z', // 9:00 EDT, the day clocks sprang forward
      '2026-03-09T13:00:00.000Z',
      '2026-03-10T13:00:00.000Z',
    ]);
    expect(upcomingRuns(daily, '2026-10-31T14:00:00Z', NY, 2)).toEqual(['2026-11-01T14:00:00.000Z', '2026-11-02T14:00:00.000Z']);
  });

  it('is strictly after `after`: a run exactly at `after` is not next', () => {
    expect(nextRun(daily, '2026-03-09T13:00:00.000Z', NY)).toBe('2026-03-10T13:00:00.000Z');
    expect(nextRun(daily, '2026-03-09T12:59:59.999Z', NY)).toBe('2026-03-09T13:00:00.000Z');
  });

  it('runs once in the repeated hour, at its first occurrence', () => {
    const rule: Recurrence = { type: 'daily', time: at(1, 30) };
    const first = nextRun(rule, '2026-11-01T00:00:00Z', NY);
    expect(first).toBe('2026-11-01T05:30:00.000Z');
    // Between the two 1:30s the next run is the next day's, never the second 1:30 EST (06:30Z).
    expect(nextRun(rule, first, NY)).toBe('2026-11-02T06:30:00.000Z');
  });

  it('runs a gap time the length of the gap later', () => {
    expect(nextRun({ type: 'daily', time: at(2, 30) }, '2026-03-08T00:00:00Z', NY)).toBe('2026-03-08T07:30:00.000Z');
  });

  it('weekly: ISO days, next week when today has passed', () => {
    // 2026-01-05 is a Monday.
    const rule: Recurrence = { type: 'weekly', days: [1, 5], time: at(10) };
    expect(upcomingRuns(rule, '2026-01-05T16:00:00Z', 'UTC', 3)).toEqual([
      '2026-01-09T10:00:00.000Z',
      '2026-01-12T10:00:00.000Z',
      '2026-01-16T10:00:00.000Z',
    ]);
  });

  it("monthly: a day the month lacks runs on the month's last day, once, also in leap years", () => {
    const rule: Recurrence = { type: 'monthly', days: [31], time: at(8) };
    expect(upcomingRuns(rule, '2027-12-31T09:00:00Z', 'UTC', 5)).toEqual([
      '2028-01-31T08:00:00.000Z', // across the year end
      '2028-02-29T08:00:00.000Z', // leap year
      '2028-03-31T08:00:00.000Z',
      '2028-04-30T08:00:00.000Z',
      '2028-05-31T08:00:00.000Z',
    ]);
    const both: Recurrence = { type: 'monthly', days: [29, 30, 31], time: at(8) };
    expect(upcomingRuns(both, '2027-02-01T00:00:00Z', 'UTC', 2)).toEqual(['2027-02-28T08:00:00.000Z', '2027-03-29T08:00:00.000Z']);
  });

  it('crosses the year end in a zone ahead of UTC', () => {
    // 22:30Z on 31 Dec is 12:30 on 1 Jan at +14: the next 9:00 is on 2 Jan.
    expect(nextRun(daily, '2026-12-31T22:30:00Z', 'Pacific/Kiritimati')).toBe('2027-01-01T19:00:00.000Z');
  });

  it('does not run twice when a whole local day is skipped (Samoa, 30 December 2011)', () => {
    const runs = upcomingRuns(daily, '2011-12-28T00:00:00Z', 'Pacific/Apia', 4);
    expect(runs).toEqual(['2011-12-28T19:00:00.000Z', '2011-12-29T19:00:00.000Z', '2011-12-30T19:00:00.000Z', '2011-12-31T19:00:00.000Z']);
    expect(new Set(runs).size).toBe(runs.length);
  });

  it("finds the previous day's run when a gap across midnight pushes it past `after`", () => {
    // A made-up zone at UTC+0 whose clocks jump from 23:30 to 00:30 at 2030-01-01T23:30Z.
    const jump = Date.UTC(2030, 0, 1, 23, 30);
    const zone = { offset: (ms: number) => (ms < jump ? 0 : 60) };
    const rule: Recurrence = { type: 'daily', time: at(23, 45) };
    // 1 Jan 23:45 does not exist: it runs at 2 Jan 00:45 local (23:45Z). At 2 Jan 00:10 local it is next.
    expect(new Date(nextRunMs(rule, Date.UTC(2030, 0, 1, 23, 40), zone)).toISOString()).toBe('2030-01-01T23:45:00.000Z');
    expect(new Date(nextRunMs(rule, Date.UTC(2030, 0, 1, 23, 45), zone)).toISOString()).toBe('2030-01-02T22:45:00.000Z');
  });

  it('refuses an empty weekly day list with the form message', () => {
    expect(() => nextRun({ type: 'weekly', days: [], time: at(9) }, '2026-01-01T00:00:00Z', 'UTC')).toThrowError(
      'Please select at least one day of the week',
    );
  });
});

describe('weekday numberings', () => {
  it('converts the classic and details numbering (0 Sunday) to ISO (7 Sunday) and back', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((d) => isoFromSundayZero(d as 0))).toEqual([7, 1, 2, 3, 4, 5, 6]);
    expect(([1, 2, 3, 4, 5, 6, 7] as const).map(sundayZeroFromIso)).toEqual([1, 2, 3, 4, 5, 6, 0]);
  });
});

describe('classic peak windows', () => {
  const local = (hour: number, minute = 0) => new Date(Date.UTC(2026, 0, 14, hour, minute)).toISOString(); // a Wednesday, UTC zone

  it("posts today when before the cut-off hour, else tomorrow (morning 7, lunch 11, evening 17)", () => {
    expect(nextPeakSlot('morning_peak', local(6, 59), 'UTC')).toBe('2026-01-14T09:00:00.000Z');
    expect(nextPeakSlot('morning_peak', local(7), 'UTC')).toBe('2026-01-15T09:00:00.000Z');
    expect(nextPeakSlot('lunch_hour', local(10, 59), 'UTC')).toBe('2026-01-14T13:00:00.000Z');
    expect(nextPeakSlot('lunch_hour', local(11), 'UTC')).toBe('2026-01-15T13:00:00.000Z');
    expect(nextPeakSlot('evening_peak', local(16, 59), 'UTC')).toBe('2026-01-14T19:30:00.000Z');
    expect(nextPeakSlot('evening_peak', local(17), 'UTC')).toBe('2026-01-15T19:30:00.000Z');
  });

  it('keeps at least 2 hours of lead (a spring-forward morning shortens the night)', () => {
    // Lord Howe, 4 Oct 2026: clocks go 2:00 -> 2:30. At 6:45 local, 9:00 is 2h15m away: today.
    expect(nextPeakSlot('morning_peak', '2026-10-03T19:45:00Z', 'Australia/Lord_Howe')).toBe('2026-10-03T22:00:00.000Z');
  });

  it("recommends the window whose slot comes first", () => {
    expect(recommendedPeakWindow(local(6), 'UTC')).toBe('morning_peak');
    expect(recommendedPeakWindow(local(8), 'UTC')).toBe('lunch_hour');
    expect(recommendedPeakWindow(local(11, 30), 'UTC')).toBe('evening_peak');
    expect(recommendedPeakWindow(local(17, 30), 'UTC')).toBe('morning_peak');
    expect(peakWindowOptions(local(8), 'UTC').filter((o) => o.recommended)).toHaveLength(1);
  });

  it('reads the hour in the user zone', () => {
    // 12:00Z is 7:00 in New York in January: morning moves to tomorrow there.
    expect(nextPeakSlot('morning_peak', '2026-01-14T12:00:00Z', NY)).toBe('2026-01-15T14:00:00.000Z');
  });
});

describe('template-schedule presets and the UTC pair the spec sends', () => {
  it('converts 9:00 local to the UTC pair and back, winter and summer', () => {
    expect(utcTimeOfDay(at(9), 'Europe/Paris', '2026-01-10T12:00:00Z')).toEqual(at(8));
    expect(utcTimeOfDay(at(9), 'Europe/Paris', '2026-07-10T12:00:00Z')).toEqual(at(7));
    expect(localTimeOfDayFromUtc(at(8), 'Europe/Paris', '2026-01-10T12:00:00Z')).toEqual(at(9));
    expect(localTimeOfDayFromUtc(at(7), 'Europe/Paris', '2026-07-10T12:00:00Z')).toEqual(at(9));
    expect(localTimeOfDayFromUtc(at(3, 30), 'Asia/Kolkata', '2026-07-10T12:00:00Z')).toEqual(at(9));
  });

  it('uses the offset of the wall time on a DST day, like the page did', () => {
    // 8 March 2026 in New York, created at 1:00 EST: 9:00 that day is EDT, the page sent 13:00 UTC.
    expect(utcTimeOfDay(at(9), NY, '2026-03-08T06:00:00Z')).toEqual(at(13));
    expect(localTimeOfDayFromUtc(at(13), NY, '2026-03-08T06:00:00Z')).toEqual(at(9));
  });

  it('says when the reply goes out', () => {
    expect(scheduleCreatedDescription('afternoon')).toBe('Your reply has been scheduled to be sent at 4 PM');
    expect(scheduleCreatedDescription('custom')).toBe('Your reply has been scheduled to be sent at your selected time');
  });
});

describe('bulk slots', () => {
  it('maps slots to 9:00, 12:00 and 17:00 and custom to itself', () => {
    expect(bulkSlotTime('morning', null)).toEqual(at(9));
    expect(bulkSlotTime('lunch', null)).toEqual(at(12));
    expect(bulkSlotTime('afternoon', null)).toEqual(at(17));
    expect(bulkSlotTime('custom', at(21, 15))).toEqual(at(21, 15));
  });

  it('puts a custom time inside a window in that slot\'s frame', () => {
    expect(bulkFrame('custom', at(9, 30))).toBe('morning');
    expect(bulkFrame('custom', at(10))).toBe('custom@10:00');
    expect(bulkFrame('custom', at(17, 59))).toBe('afternoon');
    expect(bulkFrame('lunch', null)).toBe('lunch');
  });
});

describe('delivery hints', () => {
  const hint = (iso: string) => deliveryHint(iso, 'UTC');
  // 2026-01-14 is a Wednesday, 2026-01-17 a Saturday.
  it('gives the spec texts by local time', () => {
    expect(hint('2026-01-14T07:00:00Z').text).toBe('Likely within 5–10 minutes (Peak Hours)');
    expect(hint('2026-01-14T10:59:00Z').kind).toBe('peak');
    expect(hint('2026-01-14T11:00:00Z').text).toBe('Likely within 10-15 minutes');
    expect(hint('2026-01-14T16:00:00Z').kind).toBe('peak');
    expect(hint('2026-01-14T20:00:00Z').kind).toBe('normal');
    expect(hint('2026-01-14T00:59:00Z').kind).toBe('normal');
    expect(hint('2026-01-14T01:00:00Z').text).toBe('May be delayed — Riposte checks less often overnight');
    expect(hint('2026-01-14T05:59:00Z').kind).toBe('overnight');
    expect(hint('2026-01-14T06:00:00Z').kind).toBe('normal');
    expect(hint('2026-01-17T12:00:00Z').text).toBe('Weekend scheduling — reply may go out with slight delay');
  });

  it('overnight outranks weekend, weekend outranks peak', () => {
    expect(hint('2026-01-17T03:00:00Z').kind).toBe('overnight');
    expect(hint('2026-01-18T08:00:00Z').kind).toBe('weekend');
  });

  it('reads the weekday in the user zone', () => {
    // Friday 23:30 in New York is Saturday 04:30 UTC.
    expect(deliveryHint('2026-01-17T04:30:00Z', NY).kind).toBe('normal');
  });
});

describe('one-time schedules', () => {
  it('reads the date and time in the user zone', () => {
    expect(oneTimeInstant(day(2026, 7, 1), at(9), 'Europe/London')).toBe('2026-07-01T08:00:00.000Z');
  });

  it("refuses a time that is not after now with the spec's message", () => {
    expect(() => requireFuture('2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')).toThrowError('Scheduled time must be in the future');
    expect(() => requireFuture('2026-01-01T00:00:00.001Z', '2026-01-01T00:00:00Z')).not.toThrow();
  });

  it('knows today in the user zone', () => {
    // 23:00Z on 1 Jan is already 2 Jan in Tokyo.
    expect(isBeforeToday(day(2026, 1, 1), '2026-01-01T23:00:00Z', 'Asia/Tokyo')).toBe(true);
    expect(isBeforeToday(day(2026, 1, 1), '2026-01-01T23:00:00Z', 'UTC')).toBe(false);
    expect(parseDate('2026-02-30')).toBeNull();
  });
});
