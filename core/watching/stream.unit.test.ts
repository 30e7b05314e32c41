import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyXAnswer } from '@core/x/outcomes';
import { deciderSpec } from '@core/shared/testing/given-when-then';
import { accountsToPoll, utcLocalTime, type WatchableAccount } from './due';
import { afterFailure, BACKOFF_LIMITS, NO_BACKOFF, reconnectDelayMs, streamFailureOf, type StreamBackoff, type StreamFailure } from './stream-backoff';
import { accountsToStream, planStreamRules, ruleAccounts, ruleValue, WATCH_RULE_TAG, type CurrentRule } from './stream-rules';
import { watchDecider, type WatchEvent } from './watch';
import { DEFAULT_POLLING_SETTINGS } from '@core/polling/interval';

/** X's rules after a plan: deletions gone, additions given fresh ids. */
const apply = (current: readonly CurrentRule[], plan: { add: string[]; delete: string[] }, nextId: () => string): CurrentRule[] => [
  ...current.filter((r) => !plan.delete.includes(r.id)),
  ...plan.add.map((value) => ({ id: nextId(), value, tag: WATCH_RULE_TAG })),
];

const counter = () => {
  let n = 1_000;
  return () => String((n += 1));
};

/** X user ids: short ones (the curated accounts) and full 19-digit snowflakes. */
const xId = fc.oneof(fc.integer({ min: 1, max: 99_999_999 }).map(String), fc.bigInt({ min: 10n ** 18n, max: 9n * 10n ** 18n }).map(String));

const ours = (rules: readonly CurrentRule[]) => rules.filter((r) => r.tag === WATCH_RULE_TAG);

const expectCovers = (rules: readonly CurrentRule[], wanted: ReadonlySet<string>, maxLength: number) => {
  const seen: string[] = [];
  for (const r of ours(rules)) {
    expect(r.value.length).toBeLessThanOrEqual(maxLength);
    seen.push(...(ruleAccounts(r.value) ?? ['unparsable']));
  }
  // Every watched account in exactly one rule, and nothing else.
  expect(seen.length).toBe(new Set(seen).size);
  expect(new Set(seen)).toEqual(wanted);
};

describe('planStreamRules', () => {
  it('packs several accounts per rule within the length limit', () => {
    const ids = Array.from({ length: 60 }, (_, i) => String(1_700_000_000_000_000_000n + BigInt(i)));
    const plan = planStreamRules({ wanted: ids, current: [], maxLength: 512 });
    // 'from:' + 19 digits = 24 characters, 28 with ' OR ': 18 fit in 512.
    expect(plan.add.map((v) => ruleAccounts(v)?.length)).toEqual([18, 18, 18, 6]);
    expect(plan.delete).toEqual([]);
    expect(planStreamRules({ wanted: ids, current: [], maxLength: 1024 }).add.map((v) => ruleAccounts(v)?.length)).toEqual([36, 24]);
    expect(ruleValue(['12', '34'])).toBe('from:12 OR from:34');
  });

  it('keeps a rule whose accounts are all still watched; replaces one that holds an account no longer watched', () => {
    const current: CurrentRule[] = [
      { id: '1', value: 'from:11 OR from:12', tag: WATCH_RULE_TAG },
      { id: '2', value: 'from:21 OR from:22', tag: WATCH_RULE_TAG },
      { id: '3', value: 'from:99', tag: 'by hand' },
    ];
    expect(planStreamRules({ wanted: ['11', '12', '21', '22', '31'], current, maxLength: 512 })).toEqual({ add: ['from:31'], delete: [], overflow: [] });
    expect(planStreamRules({ wanted: ['11', '12', '21', '31'], current, maxLength: 512 })).toEqual({ add: ['from:21 OR from:31'], delete: ['2'], overflow: [] });
    expect(planStreamRules({ wanted: [], current, maxLength: 512 })).toEqual({ add: [], delete: ['1', '2'], overflow: [] });
  });

  it('deletes its own rules that are not valid, too long, or repeat an account', () => {
    const current: CurrentRule[] = [
      { id: '1', value: 'from:11', tag: WATCH_RULE_TAG },
      { id: '2', value: 'from:11 OR from:12', tag: WATCH_RULE_TAG },
      { id: '3', value: 'from:alice', tag: WATCH_RULE_TAG },
      { id: '4', value: `from:13 OR from:14`, tag: WATCH_RULE_TAG },
    ];
    expect(planStreamRules({ wanted: ['11', '12', '13', '14'], current, maxLength: 12 })).toEqual({ add: ['from:12', 'from:13', 'from:14'], delete: ['2', '3', '4'], overflow: [] });
  });

  it('packs afresh when the rule count would be passed, and leaves what still does not fit to polling', () => {
    const current: CurrentRule[] = [
      { id: '1', value: 'from:11', tag: WATCH_RULE_TAG },
      { id: '2', value: 'from:12', tag: WATCH_RULE_TAG },
      { id: '3', value: 'from:99', tag: 'by hand' },
    ];
    expect(planStreamRules({ wanted: ['11', '12', '13'], current, maxLength: 512, maxRules: 3 })).toEqual({ add: ['from:11 OR from:12 OR from:13'], delete: ['1', '2'], overflow: [] });
    expect(planStreamRules({ wanted: ['11', '12', '13'], current, maxLength: 18, maxRules: 2 })).toEqual({ add: ['from:11 OR from:12'], delete: ['1', '2'], overflow: ['13'] });
  });

  const sets = fc.tuple(fc.uniqueArray(xId, { maxLength: 80 }), fc.uniqueArray(xId, { maxLength: 80 }), fc.constantFrom(64, 512, 1024));

  it('property: every watched account in exactly one rule, none over the limit, and a second plan changes nothing', () => {
    fc.assert(
      fc.property(sets, ([before, after, maxLength]) => {
        const nextId = counter();
        const first = apply([], planStreamRules({ wanted: before, current: [], maxLength }), nextId);
        expectCovers(first, new Set(before), maxLength);
        const second = apply(first, planStreamRules({ wanted: after, current: first, maxLength }), nextId);
        expectCovers(second, new Set(after), maxLength);
        expect(planStreamRules({ wanted: after, current: second, maxLength })).toEqual({ add: [], delete: [], overflow: [] });
      }),
    );
  });

  it('property: rules change minimally: a rule whose accounts all stay is kept, only rules holding a dropped account go', () => {
    fc.assert(
      fc.property(sets, ([before, after, maxLength]) => {
        const first = apply([], planStreamRules({ wanted: before, current: [], maxLength }), counter());
        const plan = planStreamRules({ wanted: after, current: first, maxLength });
        const still = new Set(after);
        for (const rule of first) {
          const ids = ruleAccounts(rule.value) ?? [];
          expect(plan.delete.includes(rule.id)).toBe(ids.some((id) => !still.has(id)));
        }
        // Nothing added when no account is new and no rule went.
        if (plan.delete.length === 0 && after.every((id) => before.includes(id))) expect(plan.add).toEqual([]);
        // The new rules are packed: no two consecutive ones would fit in one.
        for (let i = 1; i < plan.add.length; i += 1) expect(`${plan.add[i - 1]} OR ${(plan.add[i] ?? '').split(' OR ')[0]}`.length).toBeGreaterThan(maxLength);
      }),
    );
  });

  it('property: within a rule count, every account is streamed or left to polling, never both, never lost', () => {
    fc.assert(
      fc.property(sets, fc.integer({ min: 0, max: 6 }), ([before, after, maxLength], maxRules) => {
        const nextId = counter();
        const first = apply([], planStreamRules({ wanted: before, current: [], maxLength, maxRules }), nextId);
        const plan = planStreamRules({ wanted: after, current: first, maxLength, maxRules });
        const rules = apply(first, plan, nextId);
        expect(ours(rules).length).toBeLessThanOrEqual(maxRules);
        const streamed = ours(rules).flatMap((r) => ruleAccounts(r.value) ?? []);
        expect([...streamed, ...plan.overflow].sort()).toEqual([...after].sort());
      }),
    );
  });
});

describe('accountsToStream', () => {
  const account = (accountId: string, xUserId: string | null, active = true): WatchableAccount => ({ accountId, xUserId, tier: 'standard', active });
  it('streams the active accounts auto schedules target that have an X id, once each', () => {
    const schedules = ['a', 'a', 'b', 'c', 'd'].map((t, i) => ({ scheduleId: `s${i}`, targetAccountId: t, delayMinutes: 0, createdAt: '2026-01-01T00:00:00.000Z' }));
    const chosen = accountsToStream([account('a', '1'), account('b', null), account('c', '3', false), account('d', '4'), account('e', '5')], schedules);
    expect([...chosen]).toEqual([
      ['1', 'a'],
      ['4', 'd'],
    ]);
  });

  it('reads streamed accounts only as a fallback, at the low tier interval, once a read came after the stream covered them', () => {
    const now = Date.parse('2026-01-14T10:00:00.000Z');
    const last = new Date(now - 6 * 60_000).toISOString();
    const input = {
      accounts: [account('a', '1')],
      autoSchedules: [{ scheduleId: 's', targetAccountId: 'a', delayMinutes: 0, createdAt: '2026-01-01T00:00:00.000Z' }],
      lastPolledAt: new Map([['a', last]]),
      backoffUntil: new Map<string, number>(),
      now,
      local: utcLocalTime(now),
      settings: DEFAULT_POLLING_SETTINGS,
    };
    expect(accountsToPoll(input).map((c) => c.intervalMinutes)).toEqual([5]);
    const covered = (sinceMs: number) => new Map([['a', sinceMs]]);
    expect(accountsToPoll({ ...input, streamedSince: covered(now - 10 * 60_000) })).toEqual([]);
    // Covered only since after the last read (a reconnect): read at the tier interval, to fill the gap.
    expect(accountsToPoll({ ...input, streamedSince: covered(now - 60_000) }).map((c) => c.intervalMinutes)).toEqual([5]);
    expect(accountsToPoll({ ...input, lastPolledAt: new Map(), streamedSince: covered(now - 10 * 60_000) }).map((c) => c.intervalMinutes)).toEqual([5]);
    expect(accountsToPoll({ ...input, lastPolledAt: new Map([['a', new Date(now - 16 * 60_000).toISOString()]]), streamedSince: covered(now - 20 * 60_000) }).map((c) => c.intervalMinutes)).toEqual([15]);
  });
});

describe('reconnect backoff', () => {
  it("follows X's documented steps", () => {
    expect([1, 2, 3, 64, 65, 1000].map((n) => reconnectDelayMs('network', n))).toEqual([250, 500, 750, 16_000, 16_000, 16_000]);
    expect([1, 2, 3, 7, 8].map((n) => reconnectDelayMs('http', n))).toEqual([5_000, 10_000, 20_000, 320_000, 320_000]);
    expect([1, 2, 3, 5, 6].map((n) => reconnectDelayMs('rate_limited', n))).toEqual([60_000, 120_000, 240_000, 960_000, 960_000]);
  });

  it('counts each kind of failure on its own, and waits for X reset after a 429 when later', () => {
    let state: StreamBackoff = NO_BACKOFF;
    const delays: number[] = [];
    for (const kind of ['network', 'network', 'http', 'http', 'network'] as const) {
      const next = afterFailure(state, kind, { nowMs: 0 });
      state = next.state;
      delays.push(next.delayMs);
    }
    expect(delays).toEqual([250, 500, 5_000, 10_000, 250]);
    expect(afterFailure(NO_BACKOFF, 'rate_limited', { nowMs: 1_000, resetAtMs: 301_000 }).delayMs).toBe(300_000);
    expect(afterFailure(NO_BACKOFF, 'rate_limited', { nowMs: 1_000, resetAtMs: 2_000 }).delayMs).toBe(60_000);
  });

  it('tells 429, other statuses and network failures apart', () => {
    expect(streamFailureOf(classifyXAnswer({ kind: 'response', status: 429, body: { title: 'ConnectionException', connection_issue: 'TooManyConnections' } }, 'read'))).toBe('rate_limited');
    expect(streamFailureOf(classifyXAnswer({ kind: 'response', status: 503, body: {} }, 'read'))).toBe('http');
    expect(streamFailureOf(classifyXAnswer({ kind: 'transport', failure: 'reset', message: 'socket hang up' }, 'read'))).toBe('network');
  });

  it('property: within one kind the waits never shrink, stay within X bounds, and grow by its rule', () => {
    fc.assert(
      fc.property(fc.constantFrom<StreamFailure>('network', 'http', 'rate_limited'), fc.integer({ min: 1, max: 200 }), (kind, n) => {
        const { firstMs, maxMs } = BACKOFF_LIMITS[kind];
        const d = reconnectDelayMs(kind, n);
        const next = reconnectDelayMs(kind, n + 1);
        expect(d).toBeGreaterThanOrEqual(firstMs);
        expect(d).toBeLessThanOrEqual(maxMs);
        expect(next).toBeGreaterThanOrEqual(d);
        if (next < maxMs) expect(next - d).toBe(kind === 'network' ? 250 : d);
      }),
    );
  });
});

describe('RecordPoll via the stream', () => {
  const spec = deciderSpec(watchDecider);
  const T = '2026-01-14T10:00:00.000Z';
  const seen = (postId: string): WatchEvent => ({ type: 'WatchedPostSeen', data: { accountId: 'acc', postId, postedAt: T, seenAt: T } });
  const streamed = (postId: string) => ({ type: 'RecordPoll' as const, accountId: 'acc', at: T, posts: [{ postId, postedAt: T }], via: 'stream' as const });

  it('records a new post, without a poll (the next read keeps its since_id and time)', () => {
    spec.given({ type: 'AccountPolled', data: { accountId: 'acc', at: T, newestId: '100', newPosts: 0 } }).when(streamed('200')).then([seen('200')]);
  });
  it('stays quiet for a post the poller (or another process) recorded already', () => {
    spec.given(seen('200')).when(streamed('200')).thenNothing();
  });
  it('refuses a sighting without an account', () => {
    spec.given().when({ ...streamed('200'), accountId: '' }).thenRefuses('internal');
  });
});
