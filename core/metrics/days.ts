/**
 * Days of the dashboard's figures: UTC calendar days ('YYYY-MM-DD'), the same for every user and
 * every process (docs/metrics.md says why not the user's zone).
 */
const DAY_MS = 86_400_000;

export const utcDay = (ms: number): string => new Date(Math.floor(ms / DAY_MS) * DAY_MS).toISOString().slice(0, 10);

/** Midnight UTC starting the day of `ms`. */
export const utcMidnight = (ms: number): number => Math.floor(ms / DAY_MS) * DAY_MS;

/** The `count` UTC days ending with the day of `nowMs`, oldest first. */
export const lastUtcDays = (nowMs: number, count: number): string[] =>
  Array.from({ length: count }, (_, i) => utcDay(utcMidnight(nowMs) - (count - 1 - i) * DAY_MS));

/** Engagements per impression, in per cent with one decimal; 0 without impressions. */
export const engagementRate = (engagements: number, impressions: number): number =>
  impressions <= 0 ? 0 : Math.round((engagements / impressions) * 1000) / 10;
