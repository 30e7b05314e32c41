import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@core/shared/testing/given-when-then';
import { estimatedReadSpendUsd, lastDays, readDayView, readsDecider, tallyRead, type ReadTally } from './reads';

const spec = deciderSpec(readsDecider);
const tally = (over: Partial<ReadTally> = {}): ReadTally => ({
  day: '2026-03-01',
  from: '2026-03-01T10:00:00.000Z',
  to: '2026-03-01T10:01:00.000Z',
  timelineRequests: 3,
  searchRequests: 1,
  posts: 12,
  ...over,
});

describe('CountReads', () => {
  it('records a tally of one UTC day', () => {
    spec.given().when({ type: 'CountReads', tally: tally() }).then([{ type: 'XReadsCounted', data: tally() }]);
  });

  it('refuses a tally that spans midnight, runs backwards or counts less than nothing', () => {
    spec.given().when({ type: 'CountReads', tally: tally({ to: '2026-03-02T00:00:01.000Z' }) }).thenRefuses('internal');
    spec.given().when({ type: 'CountReads', tally: tally({ from: '2026-03-01T11:00:00.000Z' }) }).thenRefuses('internal');
    spec.given().when({ type: 'CountReads', tally: tally({ posts: -1 }) }).thenRefuses('internal');
  });

  it('stays quiet for a tally without requests', () => {
    spec.given().when({ type: 'CountReads', tally: tally({ timelineRequests: 0, searchRequests: 0, posts: 0 }) }).thenNothing();
  });
});

describe('the tally and its figures', () => {
  it('bills $0.005 per post returned and nothing for empty answers', () => {
    expect(estimatedReadSpendUsd(0)).toBe(0);
    expect(readDayView('2026-03-01', { timelineRequests: 5, searchRequests: 2, posts: 3 })).toEqual({ day: '2026-03-01', requests: 7, timelineRequests: 5, searchRequests: 2, posts: 3, estimatedUsd: 0.015 });
    expect(readDayView('2026-03-01', undefined).requests).toBe(0);
    expect(lastDays('2026-03-02', 3)).toEqual(['2026-03-02', '2026-03-01', '2026-02-28']);
  });

  it('property: the tallies add up to every read, each in the UTC day it was made', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ endpoint: fc.constantFrom('timeline' as const, 'search' as const), ms: fc.integer({ min: 0, max: 3 * 86_400_000 }), posts: fc.nat(100) }), { maxLength: 60 }),
        (reads) => {
          const base = Date.parse('2026-03-01T00:00:00.000Z');
          let tallies = new Map<string, ReadTally>();
          for (const r of reads) tallies = tallyRead(tallies, { endpoint: r.endpoint, at: new Date(base + r.ms).toISOString(), posts: r.posts });
          const all = [...tallies.values()];
          expect(all.reduce((n, t) => n + t.timelineRequests + t.searchRequests, 0)).toBe(reads.length);
          expect(all.reduce((n, t) => n + t.posts, 0)).toBe(reads.reduce((n, r) => n + r.posts, 0));
          for (const t of all) {
            expect(t.from.slice(0, 10)).toBe(t.day);
            expect(t.to.slice(0, 10)).toBe(t.day);
            expect(readsDecider.decide({ type: 'CountReads', tally: t }, readsDecider.initialState())).toHaveLength(1);
          }
        },
      ),
    );
  });
});
