/**
 * How soon an auto reply fires after its target posts, in the words every composer and the CLI
 * show. It follows the watcher's own rules, so the words cannot promise what the watcher does not
 * do: the account is read at `watchIntervalMinutes` (its tier's interval for the period now, in
 * UTC like the watcher), a post is seen at the latest one interval after it was made, and the run
 * is due at the post's time plus the delay or when the post was seen, whichever is later
 * (`autoRunsDue`). So a reply goes out between `delay` and `max(delay, interval)` minutes after the
 * post, plus the scheduler's tick. With X's filtered stream covering the account, the post is seen
 * within seconds; while the stream is down the account is read at its tier's interval.
 *
 * A paused account (an admin set it not to be monitored) is not read at all: nothing fires.
 */
import { z } from 'zod';
import { MONITORING_TIERS, TIER_LABELS, type MonitoringTier } from '@core/monitoring/tiers';
import { PERIOD_LABELS, POLLING_PERIODS, type PollingPeriod } from '@core/polling/catalogue';
import { AUTO_DELAY_MAX_MINUTES, SCHEDULE_MESSAGES } from '@core/scheduling/messages';
import { autoShape } from '@core/scheduling/schemas/fields';
import { pollingPeriodAt, type PollingSettings } from '@core/polling/interval';
import { utcLocalTime, watchIntervalMinutes } from './due';

export type WatchMode = 'poll' | 'stream';

export interface AutoReplyEstimateInput {
  username: string;
  tier: MonitoringTier;
  /** False when an admin paused the account (is_active and should_monitor both needed). */
  monitored: boolean;
  delayMinutes: number;
  /** The moment the estimate is for (epoch ms): its period decides the interval. */
  now: number;
  settings: PollingSettings;
  mode: WatchMode;
}

export type AutoReplyEstimate =
  | { kind: 'paused'; username: string; words: string }
  | {
      kind: 'polled' | 'streamed';
      username: string;
      tier: MonitoringTier;
      period: PollingPeriod;
      /** Minutes between two reads of the account now (the stream's fallback when streamed). */
      intervalMinutes: number;
      delayMinutes: number;
      /** The reply goes out between these many minutes after the post (plus the scheduler's tick). */
      fromMinutes: number;
      toMinutes: number;
      words: string;
    };

/** The screens' words for an account an admin paused. */
export const pausedTargetWords = (username: string): string => `@${username} is paused by the admin: auto replies will not fire`;

const lower = (s: string) => s.toLowerCase();

export const autoReplyEstimate = (input: AutoReplyEstimateInput): AutoReplyEstimate => {
  const { username, tier, delayMinutes: delay } = input;
  if (!input.monitored) return { kind: 'paused', username, words: pausedTargetWords(username) };
  const local = utcLocalTime(input.now);
  const period = pollingPeriodAt(local, input.settings);
  const interval = watchIntervalMinutes({ tier, used: true, streamed: false, local, settings: input.settings });
  const where = `${lower(TIER_LABELS[tier])} tier, ${lower(PERIOD_LABELS[period])}`;
  const at = `@${username}`;
  if (input.mode === 'stream') {
    const seen = `X's filtered stream sees the post within seconds; if the stream drops, within ~${interval} min (${where})`;
    const words = delay === 0 ? `Fires within seconds of ${at} posting: ${seen}` : `Fires ${delay} min after ${at} posts (your delay): ${seen}`;
    return { kind: 'streamed', username, tier, period, intervalMinutes: interval, delayMinutes: delay, fromMinutes: delay, toMinutes: delay, words };
  }
  const words =
    delay === 0
      ? `Fires within ~${interval} min of ${at} posting (${where}: read every ${interval} min)`
      : delay < interval
        ? `Fires ${delay}–${interval} min after ${at} posts: your ${delay} min delay, or when ${at} is next read (${where}: every ${interval} min)`
        : `Fires ${delay} min after ${at} posts (your delay; ${where}: read every ${interval} min, so the post is seen by then)`;
  return { kind: 'polled', username, tier, period, intervalMinutes: interval, delayMinutes: delay, fromMinutes: delay, toMinutes: Math.max(delay, interval), words };
};

/** GET /api/accounts/:id/auto-estimate?delayMinutes=N (the delay as the schedule calls take it). */
export const autoEstimateQuerySchema = z.object(autoShape);

export const autoReplyEstimateSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('paused'), username: z.string(), words: z.string() }),
  z.object({
    kind: z.enum(['polled', 'streamed']),
    username: z.string(),
    tier: z.enum(MONITORING_TIERS),
    period: z.enum(POLLING_PERIODS),
    intervalMinutes: z.number(),
    delayMinutes: z.number().int().min(0).max(AUTO_DELAY_MAX_MINUTES, SCHEDULE_MESSAGES.delayRange),
    fromMinutes: z.number(),
    toMinutes: z.number(),
    words: z.string(),
  }),
]);
