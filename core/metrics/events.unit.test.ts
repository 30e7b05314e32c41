import { describe, expect, it } from 'vitest';
import { engagementRate, lastUtcDays, utcDay } from './days';
import { engagementsOf, metricsStream, recordObservations, type ReplyObservation } from './events';

const observation = (o: Partial<ReplyObservation> = {}): ReplyObservation => ({
  replyId: 'r1',
  userId: 'u1',
  postId: '991',
  sentAt: '2026-11-20T10:00:00.000Z',
  impressions: 120,
  likes: 3,
  reposts: 1,
  replies: 1,
  quotes: 0,
  bookmarks: 2,
  ...o,
});

describe('recordObservations', () => {
  it('records one read of X as one event on the stream of its UTC day', () => {
    const events = recordObservations('2026-11-20T12:00:00Z', [observation(), observation({ replyId: 'r2' })]);
    expect(events).toEqual([{ type: 'ReplyMetricsObserved', data: { observedAt: '2026-11-20T12:00:00.000Z', observations: [observation(), observation({ replyId: 'r2' })] } }]);
    expect(metricsStream('2026-11-20T23:59:59Z')).toBe('reply-metrics-2026-11-20');
  });

  it('refuses counts that are not whole and positive, a reply twice, and more than 100 replies', () => {
    expect(() => recordObservations('2026-11-20T12:00:00Z', [observation({ likes: -1 })])).toThrow(/likes/);
    expect(() => recordObservations('2026-11-20T12:00:00Z', [observation({ impressions: 1.5 })])).toThrow(/impressions/);
    expect(() => recordObservations('2026-11-20T12:00:00Z', [observation(), observation()])).toThrow(/twice/);
    expect(() => recordObservations('2026-11-20T12:00:00Z', Array.from({ length: 101 }, (_, i) => observation({ replyId: `r${i}` })))).toThrow(/100/);
  });

  it('records nothing when X answered for none', () => {
    expect(recordObservations('2026-11-20T12:00:00Z', [])).toEqual([]);
  });
});

describe('days and rates', () => {
  it('counts engagements and rates them per impression, in per cent with one decimal', () => {
    expect(engagementsOf(observation())).toBe(7);
    expect(engagementRate(7, 120)).toBe(5.8);
    expect(engagementRate(5, 0)).toBe(0);
  });

  it('names UTC days, the last n ending today', () => {
    const now = Date.parse('2026-11-20T00:30:00Z');
    expect(utcDay(now)).toBe('2026-11-20');
    expect(lastUtcDays(now, 3)).toEqual(['2026-11-18', '2026-11-19', '2026-11-20']);
  });
});
