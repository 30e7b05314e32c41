import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { periodEnd } from './period';

describe('periodEnd (calendar months in UTC)', () => {
  it.each([
    ['2026-01-31T10:00:00.000Z', 1, '2026-02-28T10:00:00.000Z'],
    ['2028-01-31T10:00:00.000Z', 1, '2028-02-29T10:00:00.000Z'],
    ['2026-01-31T10:00:00.000Z', 2, '2026-03-31T10:00:00.000Z'],
    ['2026-01-31T10:00:00.000Z', 3, '2026-04-30T10:00:00.000Z'],
    ['2026-03-31T23:30:00.000Z', 1, '2026-04-30T23:30:00.000Z'],
    ['2026-12-15T00:00:00.000Z', 1, '2027-01-15T00:00:00.000Z'],
    ['2026-05-10T12:00:00.000Z', 12, '2027-05-10T12:00:00.000Z'],
  ])('%s + %i month(s) = %s', (anchor, n, expected) => {
    expect(periodEnd(anchor, n)).toBe(expected);
  });

  it('refuses a period count below 1', () => {
    expect(() => periodEnd('2026-01-01T00:00:00.000Z', 0)).toThrow(/positive integer/);
  });

  const anchors = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());

  it('property: a period ends later than it starts, 28 to 31 days after the previous end', () => {
    fc.assert(
      fc.property(anchors, fc.integer({ min: 1, max: 120 }), (anchor, n) => {
        const previous = n === 1 ? anchor : periodEnd(anchor, n - 1);
        const days = (Date.parse(periodEnd(anchor, n)) - Date.parse(previous)) / 86_400_000;
        expect(days).toBeGreaterThanOrEqual(28 - 1 / 24);
        expect(days).toBeLessThanOrEqual(31 + 1 / 24);
      }),
    );
  });

  it('property: the day of month is the anchor day, or the month’s last day when the month is shorter; time of day kept', () => {
    fc.assert(
      fc.property(anchors, fc.integer({ min: 1, max: 120 }), (anchor, n) => {
        const a = DateTime.fromISO(anchor, { zone: 'utc' });
        const e = DateTime.fromISO(periodEnd(anchor, n), { zone: 'utc' });
        expect(e.day).toBe(Math.min(a.day, e.daysInMonth ?? 31));
        expect(e.toFormat('HH:mm:ss.SSS')).toBe(a.toFormat('HH:mm:ss.SSS'));
        expect((e.year - a.year) * 12 + (e.month - a.month)).toBe(n);
      }),
    );
  });

  it('property: the anchor does not drift: month n is the same whether counted from the anchor in one go or month by month', () => {
    fc.assert(
      fc.property(anchors, fc.integer({ min: 1, max: 48 }), (anchor, n) => {
        const a = DateTime.fromISO(anchor, { zone: 'utc' });
        const viaMonths = a.plus({ months: n }).toUTC().toISO();
        expect(periodEnd(anchor, n)).toBe(viaMonths);
      }),
    );
  });
});
