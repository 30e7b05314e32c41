import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POLLING_SETTINGS } from '@core/polling/interval';
import { scheduleDecider } from '@core/scheduling/decide';
import type { ScheduleCommand, ScheduleEvent } from '@core/scheduling/schedule';
import { fold } from '@core/shared/decider';
import { AppError } from '@core/shared/errors';
import { deciderSpec } from '@core/shared/testing/given-when-then';
import { accountsToPoll, autoRunsDue, utcLocalTime, type AutoScheduleRef, type WatchableAccount, type WatchedPost } from './due';
import { watchDecider, type WatchCommand, type WatchEvent } from './watch';

const spec = deciderSpec(watchDecider);
const T0 = '2026-01-14T10:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();
const poll = (minutes: number, ...posts: [string, number][]): WatchCommand => ({
  type: 'RecordPoll',
  accountId: 'acc',
  at: at(minutes),
  posts: posts.map(([postId, m]) => ({ postId, postedAt: at(m) })),
});
const seen = (postId: string, postedMin: number, seenMin: number): WatchEvent => ({ type: 'WatchedPostSeen', data: { accountId: 'acc', postId, postedAt: at(postedMin), seenAt: at(seenMin) } });
const polled = (minutes: number, newestId: string | null, newPosts: number): WatchEvent => ({ type: 'AccountPolled', data: { accountId: 'acc', at: at(minutes), newestId, newPosts } });

describe('RecordPoll', () => {
  it('records each new post once, oldest first, and the poll with the newest id read', () => {
    spec.given().when(poll(1, ['200', 1], ['100', 0])).then([seen('100', 0, 1), seen('200', 1, 1), polled(1, '200', 2)]);
  });

  it('records a post read again (a second poller, a restart) no more: only the poll', () => {
    spec.given(seen('100', 0, 1), polled(1, '100', 1)).when(poll(2, ['100', 0])).then([polled(2, '100', 0)]);
  });

  it('stays quiet for a poll no newer than the last with nothing new (a slow twin)', () => {
    spec.given(seen('100', 0, 5), polled(5, '100', 1)).when(poll(4, ['100', 0])).thenNothing();
  });

  it('keeps the newest id read of any kind as the next since_id', () => {
    spec.given(polled(1, '100', 0)).when({ ...poll(2), newestId: '150' }).then([polled(2, '150', 0)]);
  });

  it('refuses a poll without an account, and a bad time', () => {
    spec.given().when({ ...poll(1), accountId: ' ' }).thenRefuses('internal');
    expect(() => watchDecider.decide({ ...poll(1), at: 'soon' }, watchDecider.initialState())).toThrow(AppError);
  });
});

const account = (accountId: string, tier: WatchableAccount['tier'] = 'standard', xUserId: string | null = `x-${accountId}`): WatchableAccount => ({ accountId, xUserId, tier, active: true });
const auto = (scheduleId: string, targetAccountId: string, delayMinutes = 0, createdAt = at(-60)): AutoScheduleRef => ({ scheduleId, targetAccountId, delayMinutes, createdAt });
// A Wednesday, 10:00 UTC: the morning peak (standard: every 5 minutes).
const NOW = Date.parse(T0);
const choose = (accounts: WatchableAccount[], schedules: AutoScheduleRef[], last: Record<string, string> = {}, backoff: Record<string, number> = {}, settings = DEFAULT_POLLING_SETTINGS) =>
  accountsToPoll({ accounts, autoSchedules: schedules, lastPolledAt: new Map(Object.entries(last)), backoffUntil: new Map(Object.entries(backoff)), now: NOW, local: utcLocalTime(NOW), settings });

describe('accountsToPoll', () => {
  it('reads the accounts auto schedules target, at their tier and period, once their interval has passed', () => {
    expect(utcLocalTime(NOW)).toEqual({ isoWeekday: 3, hour: 10 });
    const accounts = [account('a'), account('b', 'high'), account('c'), account('d', 'standard', null)];
    const schedules = [auto('s1', 'a'), auto('s2', 'b'), auto('s3', 'd')];
    expect(choose(accounts, schedules)).toEqual([
      { accountId: 'a', xUserId: 'x-a', intervalMinutes: 5 },
      { accountId: 'b', xUserId: 'x-b', intervalMinutes: 2 },
    ]);
    expect(choose(accounts, schedules, { a: at(-4), b: at(-2) }).map((c) => c.accountId)).toEqual(['b']);
  });

  it('reads an account ahead of its interval by the watcher\'s heartbeat and read time, at most a quarter of the interval', () => {
    const accounts = [account('a'), account('b', 'high')];
    const schedules = [auto('s1', 'a'), auto('s2', 'b')];
    const last = { a: at(-4.75), b: at(-1.75) }; // 15 s before each interval is up (5 and 2 minutes)
    const ahead = (aheadMs: number) =>
      accountsToPoll({ accounts, autoSchedules: schedules, lastPolledAt: new Map(Object.entries(last)), backoffUntil: new Map(), now: NOW, local: utcLocalTime(NOW), settings: DEFAULT_POLLING_SETTINGS, aheadMs }).map((c) => c.accountId);
    expect(ahead(0)).toEqual([]);
    expect(ahead(10_000)).toEqual([]);
    expect(ahead(15_000)).toEqual(['a', 'b']);
    // Never more than a quarter early: 30 s for the 2-minute tier, 75 s for the 5-minute one.
    const early = { a: at(-3.5), b: at(-1.25) };
    const huge = accountsToPoll({ accounts, autoSchedules: schedules, lastPolledAt: new Map(Object.entries(early)), backoffUntil: new Map(), now: NOW, local: utcLocalTime(NOW), settings: DEFAULT_POLLING_SETTINGS, aheadMs: 3_600_000 });
    expect(huge.map((c) => c.accountId)).toEqual([]);
    expect(accountsToPoll({ accounts, autoSchedules: schedules, lastPolledAt: new Map(Object.entries({ a: at(-3.75), b: at(-1.5) })), backoffUntil: new Map(), now: NOW, local: utcLocalTime(NOW), settings: DEFAULT_POLLING_SETTINGS, aheadMs: 3_600_000 }).map((c) => c.accountId)).toEqual(['a', 'b']);
  });

  it('leaves accounts no schedule uses unread unless the limits say so (then at the low tier)', () => {
    expect(choose([account('a', 'high')], [])).toEqual([]);
    const settings = { ...DEFAULT_POLLING_SETTINGS, pollUnusedAccounts: true };
    expect(choose([account('a', 'high')], [], {}, {}, settings)).toEqual([{ accountId: 'a', xUserId: 'x-a', intervalMinutes: 15 }]);
    expect(choose([{ ...account('a'), active: false }], [auto('s', 'a')])).toEqual([]);
  });

  it('holds every read while X said 429, and one account after its own failure', () => {
    expect(choose([account('a'), account('b')], [auto('s1', 'a'), auto('s2', 'b')], {}, { '*': NOW + 1 })).toEqual([]);
    expect(choose([account('a'), account('b')], [auto('s1', 'a'), auto('s2', 'b')], {}, { a: NOW + 1 }).map((c) => c.accountId)).toEqual(['b']);
    expect(choose([account('a')], [auto('s1', 'a')], {}, { '*': NOW }).map((c) => c.accountId)).toEqual(['a']);
  });

  it('property: one read per account however many schedules and users watch it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 12 }),
        fc.array(fc.record({ target: fc.constantFrom('a', 'b', 'c', 'd', 'e'), delay: fc.integer({ min: 0, max: 60 }) }), { maxLength: 40 }),
        (ids, targets) => {
          const schedules = targets.map((t, i) => auto(`s${i}`, t.target, t.delay));
          const chosen = choose(ids.map((id) => account(id)), schedules).map((c) => c.accountId);
          expect(new Set(chosen).size).toBe(chosen.length);
          expect(new Set(chosen)).toEqual(new Set(ids.filter((id) => targets.some((t) => t.target === id))));
        },
      ),
    );
  });
});

describe('autoRunsDue', () => {
  const post = (postId: string, postedMin: number, seenMin = postedMin, accountId = 'acc'): WatchedPost => ({ accountId, postId, postedAt: at(postedMin), seenAt: at(seenMin) });

  it('makes one run per schedule and new post, at the post plus the delay, answering that post', () => {
    const runs = autoRunsDue([auto('s1', 'acc', 5), auto('s2', 'acc', 0), auto('s3', 'other')], [post('100', 0)], NOW + 10 * 60_000, NOW - 15 * 60_000);
    expect(runs).toEqual([
      { scheduleId: 's2', slot: at(0), dueAt: at(0), postId: '100' },
      { scheduleId: 's1', slot: at(5), dueAt: at(5), postId: '100' },
    ]);
  });

  it('answers a post seen late as soon as it is seen, not as a missed run', () => {
    expect(autoRunsDue([auto('s1', 'acc', 5)], [post('100', 0, 30)], NOW + 31 * 60_000, NOW)).toEqual([{ scheduleId: 's1', slot: at(5), dueAt: at(30), postId: '100' }]);
  });

  it('leaves out posts from before the schedule, runs not yet due and runs past the grace', () => {
    expect(autoRunsDue([auto('s1', 'acc', 0, at(1))], [post('100', 0)], NOW + 60 * 60_000, NOW - 60 * 60_000)).toEqual([]);
    expect(autoRunsDue([auto('s1', 'acc', 10)], [post('100', 0)], NOW + 9 * 60_000, NOW - 60 * 60_000)).toEqual([]);
    expect(autoRunsDue([auto('s1', 'acc', 0)], [post('100', 0)], NOW + 60 * 60_000, NOW + 1)).toEqual([]);
  });
});

describe('property: a new post fires each auto schedule once', () => {
  it('across duplicate reads (two pollers, restarts) and several dispatchers retrying', () => {
    const LEASE = 60_000;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.array(fc.nat(5), { maxLength: 6 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.record({ claimant: fc.constantFrom('A', 'B'), repeat: fc.boolean(), crash: fc.boolean() }), { minLength: 1, maxLength: 20 }),
        (postCount, reads, attempts) => {
          // Post i (id 100 + i) at minute i; each read sees any of them, again and again.
          const history: WatchEvent[] = [];
          reads.forEach((read, r) => {
            const posts = read.filter((i) => i < postCount).map((i) => ({ postId: String(100 + i), postedAt: at(i) }));
            history.push(...watchDecider.decide({ type: 'RecordPoll', accountId: 'acc', at: at(10 + r), posts }, fold(watchDecider, history)));
          });
          const sightings = history.flatMap((e) => (e.type === 'WatchedPostSeen' ? [e.data] : []));
          expect(new Set(sightings.map((s) => s.postId)).size).toBe(sightings.length);

          const created = scheduleDecider.decide(
            {
              type: 'CreateSchedule',
              scheduleId: 's',
              userId: 'u',
              now: at(-60),
              timeZone: 'UTC',
              draft: { targetAccountId: 'acc', connectedAccountId: 'x', content: { kind: 'text', text: 'Hi' }, imageUrl: null, plan: { kind: 'auto', delayMinutes: 2 } },
            },
            scheduleDecider.initialState(),
          );
          const schedule: ScheduleEvent[] = [...created];
          let now = Date.parse(at(40));
          const runs = autoRunsDue([auto('s', 'acc', 2, at(-60))], sightings, now, now - 3_600_000);
          // Dispatchers walk the due runs oldest first; a crash leaves a claim that lapses; a repeat asks again.
          for (const run of runs) {
            for (const a of attempts) {
              now += a.crash ? LEASE : 1_000;
              const ask = (command: ScheduleCommand) => {
                try {
                  schedule.push(...scheduleDecider.decide(command, fold(scheduleDecider, schedule)));
                  return true;
                } catch (error) {
                  expect(error instanceof AppError && ['RUN_CLAIMED', 'RUN_NOT_DUE'].includes(error.reason ?? '')).toBe(true);
                  return false;
                }
              };
              const claimed = ask({ type: 'ClaimRun', scheduleId: 's', slot: run.slot, now: new Date(now).toISOString(), claimant: a.claimant, leaseMs: LEASE });
              if (claimed && !a.crash) ask({ type: 'RecordRun', scheduleId: 's', slot: run.slot, now: new Date(now).toISOString(), outcome: 'sent' });
              if (!a.repeat) break;
            }
          }
          const recorded = schedule.flatMap((e) => (e.type === 'ScheduleRunRecorded' ? [e.data.slot] : []));
          expect(new Set(recorded).size).toBe(recorded.length);
          const claimedReplies = new Set(schedule.flatMap((e) => (e.type === 'ScheduleRunClaimed' ? [e.data.replyId] : [])));
          expect(claimedReplies.size).toBeLessThanOrEqual(runs.length);
          expect(recorded.length).toBeLessThanOrEqual(sightings.length);
          // Without crashes every post seen is answered, each once.
          if (attempts.every((a) => !a.crash)) expect(recorded.length).toBe(sightings.length);
        },
      ),
    );
  });
});
