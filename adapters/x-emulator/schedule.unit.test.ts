import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { CURATED_ACCOUNTS } from '@core/monitoring/curated-accounts';
import { compareIds, decodeSnowflake, snowflake } from './ids';
import { localDatesBetween, PEAK_SHARE, PEAK_WINDOWS, postsOfDay, type SimulatedAccount } from './schedule';

const accounts: SimulatedAccount[] = CURATED_ACCOUNTS.map((a, i) => ({ ...a, worker: i + 1 }));
const names = accounts.map((a) => a.username);
const days = Array.from({ length: 14 }, (_, i) => DateTime.fromISO('2026-03-02').plus({ days: i }).toISODate() ?? '');

describe('simulated posting schedule', () => {
  it('is deterministic for a seed, and differs between seeds', () => {
    const a = postsOfDay(7, accounts[0]!, '2026-03-10', names);
    expect(postsOfDay(7, accounts[0]!, '2026-03-10', names)).toEqual(a);
    const b = postsOfDay(8, accounts[0]!, '2026-03-10', names);
    expect(b.map((p) => p.id)).not.toEqual(a.map((p) => p.id));
  });

  it('posts mostly inside the local peak windows (morning 8-10, lunch 12-14, evening 18-21)', () => {
    let inside = 0;
    let total = 0;
    const byWindow = new Map<string, number>();
    for (const account of accounts) {
      for (const day of days) {
        for (const post of postsOfDay(1, account, day, names)) {
          const local = DateTime.fromMillis(post.createdAt, { zone: account.timeZone });
          expect(local.toISODate()).toBe(day);
          expect(local.hour).toBeGreaterThanOrEqual(7);
          total += 1;
          const window = PEAK_WINDOWS.find((w) => local.hour >= w.fromHour && local.hour < w.toHour);
          if (window) {
            inside += 1;
            byWindow.set(window.name, (byWindow.get(window.name) ?? 0) + 1);
          }
        }
      }
    }
    expect(total).toBeGreaterThan(1000);
    // Off-peak posts land in a peak window by chance too, so the share is at least PEAK_SHARE.
    expect(inside / total).toBeGreaterThan(PEAK_SHARE - 0.03);
    for (const w of PEAK_WINDOWS) expect(byWindow.get(w.name) ?? 0).toBeGreaterThan(total * 0.15);
  });

  it('posts more for high tiers than for low ones, and mixes originals with some replies and reposts', () => {
    const perDay = (tier: string) => {
      const list = accounts.filter((a) => a.monitoringTier === tier);
      return list.flatMap((a) => days.map((d) => postsOfDay(1, a, d, names).length)).reduce((s, n) => s + n, 0) / (list.length * days.length);
    };
    expect(perDay('high')).toBeGreaterThan(perDay('standard'));
    expect(perDay('standard')).toBeGreaterThan(perDay('low'));
    const kinds = new Set(accounts.flatMap((a) => days.flatMap((d) => postsOfDay(1, a, d, names).map((p) => p.kind))));
    expect(kinds).toEqual(new Set(['original', 'reply', 'repost']));
  });

  it('gives ids that sort like times and say whose post it is', () => {
    for (const account of accounts.slice(0, 5)) {
      const posts = postsOfDay(3, account, '2026-03-29', names); // a DST change in Europe
      for (const p of posts) expect(decodeSnowflake(p.id)).toMatchObject({ ms: p.createdAt, worker: account.worker });
      const sorted = [...posts].sort((x, y) => compareIds(x.id, y.id));
      expect(sorted.map((p) => p.createdAt)).toEqual([...posts].map((p) => p.createdAt).sort((x, y) => x - y));
    }
  });

  it('snowflakes round-trip and order by time (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_300_000_000_000, max: 4_000_000_000_000 }), fc.integer({ min: 0, max: 1023 }), fc.integer({ min: 0, max: 4095 }), (ms, worker, seq) => {
        expect(decodeSnowflake(snowflake(ms, worker, seq))).toEqual({ ms, worker, sequence: seq });
        expect(compareIds(snowflake(ms, worker, seq), snowflake(ms + 1, 0, 0))).toBe(-1);
      }),
    );
  });

  it('lists the local dates an interval touches', () => {
    expect(localDatesBetween('America/New_York', Date.parse('2026-03-08T03:00:00Z'), Date.parse('2026-03-10T05:00:00Z'))).toEqual(['2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10']);
  });
});
