import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POLLING_SETTINGS } from '@core/polling/interval';
import type { XPost } from '@core/x';
import { idAtTime, idTime, planReads, searchCursor, searchQuery, SEARCH_QUERY_LIMITS, SEARCH_READ_LAG_MS, sightingOf, type DueRead, type PlanInput } from './batch';
import { accountsToPoll, utcLocalTime, type AutoScheduleRef, type WatchableAccount } from './due';
import { newerId } from './ids';

const X_EPOCH = 1288834974657;
/** A snowflake made at `ms` (epoch ms), as X makes them. */
const idAt = (ms: number, seq = 0): string => ((BigInt(ms - X_EPOCH) << 22n) | BigInt(seq)).toString();
const T0 = Date.parse('2026-01-14T10:00:00.000Z');
const MIN = 60_000;

const due = (accountId: string, sinceMin: number | null, intervalMinutes = 5, xUserId = `17000000000000000${accountId.padStart(2, '0')}`): DueRead => ({
  accountId,
  xUserId,
  intervalMinutes,
  sinceId: sinceMin === null ? null : idAt(T0 + sinceMin * MIN),
});
const plan = (reads: DueRead[], over: Partial<PlanInput> = {}) =>
  planReads({ due: reads, accountsPerSearch: 10, queryLimit: SEARCH_QUERY_LIMITS.self_serve, budget: { timeline: null, search: null }, ...over });
const ids = (reads: readonly DueRead[]) => reads.map((r) => r.accountId);

describe('searchQuery', () => {
  it("asks for the accounts' original posts, by X user id", () => {
    expect(searchQuery(['1'])).toBe('from:1 -is:retweet -is:reply');
    expect(searchQuery(['1', '22', '333'])).toBe('(from:1 OR from:22 OR from:333) -is:retweet -is:reply');
  });

  it('reads a snowflake id back as its time', () => {
    expect(idTime(idAt(T0, 7))).toBe(T0);
  });
});

describe('planReads', () => {
  it('groups accounts due together whose cursors are close into one search, since the oldest cursor', () => {
    const p = plan([due('1', -3), due('2', -1), due('3', -2)]);
    expect(p.timeline).toEqual([]);
    expect(p.searches).toHaveLength(1);
    expect(ids(p.searches[0]!.accounts)).toEqual(['1', '3', '2']);
    expect(p.searches[0]!.sinceId).toBe(idAt(T0 - 3 * MIN));
    expect(p.searches[0]!.query).toBe(searchQuery(p.searches[0]!.accounts.map((a) => a.xUserId)));
  });

  it('reads alone on its timeline an account read for the first time, and one whose cursor is far from the others', () => {
    const p = plan([due('1', null), due('2', -2), due('3', -1), due('4', -600)]);
    expect(ids(p.searches.flatMap((s) => s.accounts))).toEqual(['2', '3']);
    expect(ids(p.timeline).sort()).toEqual(['1', '4']);
  });

  it("starts a search at each account's last read less the index lag, not at a quiet account's old newest post", () => {
    const quiet = { ...due('1', -3 * 24 * 60), lastReadAt: T0 - 5 * MIN };
    const busy = { ...due('2', -6), lastReadAt: T0 - 5 * MIN };
    const p = plan([quiet, busy]);
    expect(ids(p.searches.flatMap((s) => s.accounts))).toEqual(['1', '2']);
    expect(p.searches[0]!.sinceId).toBe(idAtTime(T0 - 5 * MIN - SEARCH_READ_LAG_MS));
    expect(searchCursor(busy, SEARCH_READ_LAG_MS)).toBe(busy.sinceId);
    // Without the floor (the newest ids alone), the two are days apart: each is read on its own.
    expect(plan([quiet, busy], { readLagMs: null }).searches).toEqual([]);
  });

  it('measures closeness by the shortest interval in the group', () => {
    expect(plan([due('1', -10, 15), due('2', 0, 15)]).searches).toHaveLength(1);
    expect(plan([due('1', -10, 15), due('2', 0, 2)]).searches).toHaveLength(0);
  });

  it('keeps each search within the accounts-per-search setting and the query length limit', () => {
    const many = Array.from({ length: 25 }, (_, i) => due(String(i + 1), 0));
    const bySetting = plan(many, { accountsPerSearch: 4 });
    expect(bySetting.searches.map((s) => s.accounts.length)).toEqual([4, 4, 4, 4, 4, 4]);
    expect(ids(bySetting.timeline)).toHaveLength(1);
    const byLength = plan(many, { accountsPerSearch: 25, queryLimit: 120 });
    for (const s of byLength.searches) expect(s.query.length).toBeLessThanOrEqual(120);
    expect(byLength.searches.length).toBeGreaterThan(1);
    expect(plan(many, { accountsPerSearch: 25, queryLimit: SEARCH_QUERY_LIMITS.enterprise }).searches).toHaveLength(1);
  });

  it('reads per account when searches are held (429), and searches alone when the timeline is held', () => {
    const reads = [due('1', -1), due('2', -1), due('3', null)];
    const noSearch = plan(reads, { budget: { timeline: null, search: 0 } });
    expect(noSearch.searches).toEqual([]);
    expect(ids(noSearch.timeline).sort()).toEqual(['1', '2', '3']);
    const noTimeline = plan([due('1', -1), due('2', -300), due('3', null)], { budget: { timeline: 0, search: null } });
    expect(noTimeline.searches.map((s) => ids(s.accounts))).toEqual([['2'], ['1']]);
    expect(ids(noTimeline.deferred)).toEqual(['3']);
    expect(noTimeline.timeline).toEqual([]);
  });

  it('splits a search result per account: its own posts after its own cursor, originals as sightings', () => {
    const post = (id: string, authorId: string, extra: Partial<XPost> = {}): XPost => ({ id, text: 'hi', authorId, createdAt: new Date(idTime(id)).toISOString(), references: [], mentions: [], ...extra });
    const a = { xUserId: 'A', sinceId: idAt(T0) };
    const posts = [
      post(idAt(T0 + 3 * MIN), 'A'),
      post(idAt(T0 + 2 * MIN), 'B'),
      post(idAt(T0 + MIN), 'A', { references: [{ type: 'replied_to', postId: '1' }], inReplyToUserId: 'Z' }),
      post(idAt(T0), 'A'),
      post(idAt(T0 - MIN), 'A'),
    ];
    expect(sightingOf(a, posts)).toEqual({ posts: [{ postId: idAt(T0 + 3 * MIN), postedAt: new Date(T0 + 3 * MIN).toISOString() }], newestId: idAt(T0 + 3 * MIN) });
    expect(sightingOf({ xUserId: 'B', sinceId: idAt(T0 + 2 * MIN) }, posts)).toEqual({ posts: [], newestId: null });
  });
});

const arbitraryRead = fc.record({
  n: fc.integer({ min: 1, max: 60 }),
  since: fc.option(fc.integer({ min: -2_000, max: 0 }), { nil: null }),
  interval: fc.constantFrom(2, 5, 10, 15, 30, 60),
  long: fc.boolean(),
  lastRead: fc.option(fc.integer({ min: -120, max: 0 }), { nil: null }),
});
const arbitraryBudget = fc.option(fc.nat(8), { nil: null });

const queryIds = (query: string): string[] => [...query.matchAll(/from:(\d+)/g)].map((m) => m[1] as string);

describe('planReads properties', () => {
  it('covers every due account exactly once; each search within the setting and the length limit, since its oldest cursor', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryRead, { maxLength: 80 }),
        fc.integer({ min: 1, max: 20 }),
        fc.constantFrom(SEARCH_QUERY_LIMITS.self_serve, SEARCH_QUERY_LIMITS.enterprise, 60),
        arbitraryBudget,
        arbitraryBudget,
        (raw, accountsPerSearch, queryLimit, timeline, search) => {
          const reads = raw.map((r) => ({ ...due(String(r.n), r.since, r.interval, r.long ? `1${String(r.n).padStart(18, '0')}` : String(r.n)), lastReadAt: r.lastRead === null ? null : T0 + r.lastRead * MIN }));
          const unique = new Map(reads.map((r) => [r.accountId, r]));
          const p = planReads({ due: reads, accountsPerSearch, queryLimit, budget: { timeline, search } });
          const covered = [...ids(p.timeline), ...p.searches.flatMap((s) => ids(s.accounts)), ...ids(p.deferred)];
          expect(covered.sort()).toEqual([...unique.keys()].sort());
          if (timeline === null) expect(p.deferred).toEqual([]);
          if (timeline !== null) expect(p.timeline.length).toBeLessThanOrEqual(timeline);
          if (search !== null) expect(p.searches.length).toBeLessThanOrEqual(search);
          for (const s of p.searches) {
            expect(s.query.length).toBeLessThanOrEqual(queryLimit);
            expect(s.accounts.length).toBeLessThanOrEqual(accountsPerSearch);
            expect(queryIds(s.query)).toEqual(s.accounts.map((a) => a.xUserId));
            // One since_id for all: no account's unread posts are older than it, and it is one of theirs.
            const cursors = s.accounts.map((a) => searchCursor(a, SEARCH_READ_LAG_MS));
            expect(cursors.every((c) => c !== null && !newerId(s.sinceId, c))).toBe(true);
            expect(cursors).toContain(s.sinceId);
            for (const c of cursors) expect(idTime(c as string) - idTime(s.sinceId)).toBeLessThanOrEqual(Math.min(...s.accounts.map((a) => a.intervalMinutes)) * MIN);
          }
        },
      ),
    );
  });

  it('never searches for an account no active auto schedule targets (accounts chosen by accountsToPoll)', () => {
    const NOW = T0;
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 40 }),
        fc.array(fc.integer({ min: 1, max: 60 }), { maxLength: 40 }),
        fc.array(fc.integer({ min: -30, max: 0 }), { minLength: 40, maxLength: 40 }),
        (accountNs, targetNs, cursors) => {
          const accounts: WatchableAccount[] = accountNs.map((n) => ({ accountId: `a${n}`, xUserId: String(1000 + n), tier: 'standard', active: true }));
          const schedules: AutoScheduleRef[] = targetNs.map((n, i) => ({ scheduleId: `s${i}`, targetAccountId: `a${n}`, delayMinutes: 0, createdAt: new Date(NOW - 3_600_000).toISOString() }));
          const chosen = accountsToPoll({ accounts, autoSchedules: schedules, lastPolledAt: new Map(), backoffUntil: new Map(), now: NOW, local: utcLocalTime(NOW), settings: DEFAULT_POLLING_SETTINGS });
          const p = plan(chosen.map((c, i) => ({ ...c, sinceId: idAt(NOW + (cursors[i] ?? 0) * MIN) })));
          const targeted = new Set(targetNs.map((n) => String(1000 + n)));
          for (const s of p.searches) for (const id of queryIds(s.query)) expect(targeted.has(id)).toBe(true);
          expect(p.timeline.every((t) => targeted.has(t.xUserId))).toBe(true);
        },
      ),
    );
  });
});
