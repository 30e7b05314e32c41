import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MONITORING_TIERS } from '@core/monitoring/tiers';
import { DEFAULT_POLLING_SETTINGS, pollingPeriodAt, pollingSettingsFrom } from '@core/polling/interval';
import { accountsToPoll, autoRunsDue, utcLocalTime } from './due';
import { autoReplyEstimate } from './estimate';

// Wednesday 14 January 2026: 08:30 UTC is in the morning peak, 13:00 off-peak, 03:00 overnight.
const at = (hhmm: string) => Date.parse(`2026-01-14T${hhmm}:00.000Z`);
const base = { username: 'x', tier: 'standard' as const, monitored: true, settings: DEFAULT_POLLING_SETTINGS, mode: 'poll' as const };

describe('autoReplyEstimate', () => {
  it("uses the tier's interval for the period now, from the admin's settings", () => {
    const settings = pollingSettingsFrom({ interval_standard_peak: '3' });
    const e = autoReplyEstimate({ ...base, settings, delayMinutes: 0, now: at('08:30') });
    expect(e).toMatchObject({ kind: 'polled', tier: 'standard', period: 'peak', intervalMinutes: 3, fromMinutes: 0, toMinutes: 3 });
    expect(e.words).toBe('Fires within ~3 min of @x posting (standard tier, peak hours: read every 3 min)');
    const night = autoReplyEstimate({ ...base, settings, delayMinutes: 0, now: at('03:00') });
    expect(night).toMatchObject({ period: 'overnight', intervalMinutes: DEFAULT_POLLING_SETTINGS.intervals.standard.overnight });
  });

  it('says a delay shorter than the interval only sets the earliest time, a longer one the time itself', () => {
    const settings = pollingSettingsFrom({ interval_standard_peak: '3' });
    const short = autoReplyEstimate({ ...base, settings, delayMinutes: 2, now: at('08:30') });
    expect(short).toMatchObject({ fromMinutes: 2, toMinutes: 3 });
    expect(short.words).toBe('Fires 2–3 min after @x posts: your 2 min delay, or when @x is next read (standard tier, peak hours: every 3 min)');
    const long = autoReplyEstimate({ ...base, settings, delayMinutes: 10, now: at('08:30') });
    expect(long).toMatchObject({ fromMinutes: 10, toMinutes: 10 });
    expect(long.words).toBe('Fires 10 min after @x posts (your delay; standard tier, peak hours: read every 3 min, so the post is seen by then)');
  });

  it('says a paused account is not answered', () => {
    expect(autoReplyEstimate({ ...base, monitored: false, delayMinutes: 2, now: at('08:30') })).toEqual({
      kind: 'paused',
      username: 'x',
      words: '@x is paused by the admin: auto replies will not fire',
    });
  });

  it("with the filtered stream, fires after the delay and names the reads' fallback", () => {
    const e = autoReplyEstimate({ ...base, mode: 'stream', delayMinutes: 0, now: at('13:00') });
    expect(e).toMatchObject({ kind: 'streamed', fromMinutes: 0, toMinutes: 0, period: 'off_peak' });
    expect(e.words).toContain('Fires within seconds of @x posting');
  });

  it("matches the watcher: a post is answered within the estimate's minutes of being made", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MONITORING_TIERS),
        fc.integer({ min: 0, max: 6 * 24 * 60 }),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        fc.integer({ min: 0, max: 90 }),
        (tier, startMinute, postFraction, delayMinutes) => {
          const settings = DEFAULT_POLLING_SETTINGS;
          const lastRead = at('00:00') + startMinute * 60_000;
          const estimate = autoReplyEstimate({ ...base, tier, settings, delayMinutes, now: lastRead });
          if (estimate.kind !== 'polled') throw new Error('polled expected');
          // The period may change before the next read; the estimate speaks of the period now.
          if (pollingPeriodAt(utcLocalTime(lastRead + estimate.intervalMinutes * 60_000), settings) !== estimate.period) return;
          const postedAt = lastRead + Math.floor(postFraction * estimate.intervalMinutes * 60_000);
          // The watcher's next read: the first minute at which accountsToPoll picks the account again.
          let seenAt = lastRead;
          for (let t = lastRead + 60_000; seenAt === lastRead; t += 60_000) {
            const due = accountsToPoll({
              accounts: [{ accountId: 'a', xUserId: '1', tier, active: true }],
              autoSchedules: [{ scheduleId: 's', targetAccountId: 'a', delayMinutes, createdAt: new Date(lastRead - 1).toISOString() }],
              lastPolledAt: new Map([['a', lastRead]]),
              backoffUntil: new Map(),
              now: t,
              local: utcLocalTime(t),
              settings,
            });
            if (due.length > 0 && t >= postedAt) seenAt = t;
          }
          const runs = autoRunsDue(
            [{ scheduleId: 's', targetAccountId: 'a', delayMinutes, createdAt: new Date(lastRead - 1).toISOString() }],
            [{ accountId: 'a', postId: 'p', postedAt: new Date(postedAt).toISOString(), seenAt: new Date(seenAt).toISOString() }],
            Number.MAX_SAFE_INTEGER,
            0,
          );
          const afterMinutes = (Date.parse(runs[0]!.dueAt) - postedAt) / 60_000;
          expect(afterMinutes).toBeGreaterThanOrEqual(estimate.fromMinutes - 1e-9);
          expect(afterMinutes).toBeLessThanOrEqual(estimate.toMinutes + 1e-9);
        },
      ),
      { numRuns: 200 },
    );
  });
});
