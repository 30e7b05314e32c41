/**
 * toMillis reads the stored form (toISOString's) without luxon; every other spelling goes through
 * luxon as before. The two must agree on every text, stored form or not.
 */
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { toMillis } from './time';

const luxon = (text: string): number => DateTime.fromISO(text, { zone: 'utc' }).toMillis();
const outcome = (read: () => number): number | 'refused' => {
  try {
    const ms = read();
    return Number.isFinite(ms) ? ms : 'refused';
  } catch {
    return 'refused';
  }
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');

describe('toMillis', () => {
  it('reads any instant in the stored form as luxon does', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('0001-01-01T00:00:00.000Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true }), (date) => {
        const text = date.toISOString();
        expect(toMillis(text)).toBe(luxon(text));
        expect(toMillis(text)).toBe(date.getTime());
      }),
    );
  });

  it('agrees with luxon on texts of the stored shape that are not real instants (Feb 30th, 24:00, month 13)', () => {
    fc.assert(
      fc.property(
        fc.tuple(
          fc.integer({ min: 0, max: 9999 }),
          fc.integer({ min: 0, max: 14 }),
          fc.integer({ min: 0, max: 32 }),
          fc.integer({ min: 0, max: 25 }),
          fc.integer({ min: 0, max: 61 }),
          fc.integer({ min: 0, max: 61 }),
          fc.integer({ min: 0, max: 999 }),
        ),
        ([y, mo, d, h, mi, s, ms]) => {
          const text = `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}T${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}.${pad(ms, 3)}Z`;
          const expected = outcome(() => luxon(text));
          expect(outcome(() => toMillis(text))).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
    for (const text of ['2026-02-30T00:00:00.000Z', '2026-02-29T00:00:00.000Z', '2026-13-01T00:00:00.000Z']) {
      expect(outcome(() => toMillis(text)), text).toBe('refused');
    }
    // Luxon reads 24:00 as the next midnight; so does toMillis, which hands it to luxon.
    expect(toMillis('2026-01-01T24:00:00.000Z')).toBe(Date.UTC(2026, 0, 2));
  });

  it('still reads the other spellings through luxon (no offset means UTC, offsets, no milliseconds)', () => {
    expect(toMillis('2026-03-01T12:00:00')).toBe(Date.UTC(2026, 2, 1, 12));
    expect(toMillis('2026-03-01T12:00:00+02:00')).toBe(Date.UTC(2026, 2, 1, 10));
    expect(toMillis('2026-03-01T12:00:00Z')).toBe(Date.UTC(2026, 2, 1, 12));
    expect(() => toMillis('not a time')).toThrow(/Invalid time/);
  });
});
