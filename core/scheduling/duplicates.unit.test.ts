/**
 * The bulk duplicate rule against a pairwise model written straight from the spec's sentence: "a
 * target account cannot be used twice in the same time frame (same-day non-recurring entries: same
 * date and slot; recurring: same recurring type and slot)".
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findBulkDuplicates, firstAvailableTarget, type BulkKeyFields } from './duplicates';

const RUNS = { numRuns: 1000 };

const entry: fc.Arbitrary<BulkKeyFields> = fc
  .record({
    accountId: fc.constantFrom('a', 'b', 'c'),
    isRecurring: fc.boolean(),
    recurringType: fc.constantFrom('daily', 'weekly', 'monthly'),
    scheduledDate: fc.constantFrom('2026-01-15', '2026-01-16'),
    scheduledTime: fc.constantFrom('morning', 'lunch', 'afternoon', 'custom'),
    custom: fc.constantFrom([8, 0], [9, 30], [10, 0], [12, 0], [13, 59], [14, 0], [17, 0], [21, 15]),
  })
  .map(({ custom, ...e }) => ({ ...e, customHour: custom[0], customMinute: custom[1] }));

// The slot's time frame: fixed slots are themselves; a custom time inside a slot's window
// (morning 8-10, lunch 12-14, afternoon 16-18) is that slot, otherwise its own minute.
const frame = (e: BulkKeyFields): string => {
  if (e.scheduledTime !== 'custom') return e.scheduledTime;
  const m = (e.customHour ?? 0) * 60 + (e.customMinute ?? 0);
  if (m >= 480 && m < 600) return 'morning';
  if (m >= 720 && m < 840) return 'lunch';
  if (m >= 960 && m < 1080) return 'afternoon';
  return `at ${m}`;
};

const clash = (x: BulkKeyFields, y: BulkKeyFields): boolean =>
  x.accountId === y.accountId &&
  x.isRecurring === y.isRecurring &&
  (x.isRecurring ? x.recurringType === y.recurringType : x.scheduledDate === y.scheduledDate) &&
  frame(x) === frame(y);

describe('bulk duplicate rule', () => {
  it('reports exactly the entries that clash with an earlier one, each with the first it clashes with', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 12 }), (entries) => {
        const expected = entries.flatMap((e, j) => {
          const i = entries.findIndex((x, k) => k < j && clash(x, e));
          return i < 0 ? [] : [{ index: j, duplicateOf: i }];
        });
        expect(findBulkDuplicates(entries).map(({ index, duplicateOf }) => ({ index, duplicateOf }))).toEqual(expected);
      }),
      RUNS,
    );
  });

  it('what is left after removing the offending entries has no clash, and each removed entry clashes with a kept one', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 12 }), (entries) => {
        const offending = new Set(findBulkDuplicates(entries).map((d) => d.index));
        const kept = entries.filter((_, i) => !offending.has(i));
        expect(findBulkDuplicates(kept)).toEqual([]);
        for (let i = 0; i < kept.length; i += 1) for (let j = i + 1; j < kept.length; j += 1) expect(clash(kept[i]!, kept[j]!)).toBe(false);
        for (const i of offending) expect(kept.some((k) => clash(k, entries[i]!))).toBe(true);
      }),
      RUNS,
    );
  });

  it('a one-time and a recurring entry never clash, whatever else they share', () => {
    fc.assert(
      fc.property(entry, (e) => {
        expect(findBulkDuplicates([e, { ...e, isRecurring: !e.isRecurring }])).toEqual([]);
      }),
      RUNS,
    );
  });

  it('offers the first target no entry uses, or none when all are used', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 4 }), fc.array(entry, { maxLength: 6 }), (targets, entries) => {
        const used = new Set(entries.map((e) => e.accountId));
        expect(firstAvailableTarget(targets, entries)).toBe(targets.find((t) => !used.has(t)) ?? null);
      }),
      RUNS,
    );
  });
});
