/**
 * Public metrics of emulated posts: they grow with the post's age, quickly at first and hardly
 * after two days, like a reply's reach on X. Fully determined by the seed, the post id, the
 * author's followers and the age, so a test computes what a read at a given time answers
 * (`emulatedMetrics`). Tests may pin figures through control (per post or per author): pinned
 * figures are answered as they are, whatever the age.
 *
 * impressions(age) = floor(reach × (1 − e^(−age / 12 h))): 2 % of the reach after 15 minutes,
 * 63 % after 12 hours, 98 % after 48 hours. The reach is 200 plus 2 % of the author's followers,
 * times a seeded factor between 0.5 and 2. Each engagement is a seeded few per cent (likes) or
 * fractions of a per cent (the others) of the impressions, so they grow with them.
 */
import { hash32, mulberry32 } from '@adapters/ai-offline/prng';
import type { XPublicCounts } from '@core/x/types';

/** The counts the emulator shows for a post (X's public_metrics). */
export type EmuMetrics = XPublicCounts;

export const METRICS_TIME_CONSTANT_MS = 12 * 3_600_000;

export const ZERO_METRICS: EmuMetrics = { impressions: 0, likes: 0, reposts: 0, replies: 0, quotes: 0, bookmarks: 0 };

/** The figures of post `postId` at `ageMs` after it was made, for an author with `followers`. */
export const emulatedMetrics = (seed: number, postId: string, followers: number, ageMs: number): EmuMetrics => {
  const rng = mulberry32(hash32(`${seed}|metrics|${postId}`));
  const reach = (200 + 0.02 * followers) * (0.5 + 1.5 * rng());
  const rates = {
    likes: 0.01 + 0.03 * rng(),
    reposts: 0.001 + 0.004 * rng(),
    replies: 0.002 + 0.006 * rng(),
    quotes: 0.0005 + 0.0015 * rng(),
    bookmarks: 0.002 + 0.008 * rng(),
  };
  const impressions = ageMs <= 0 ? 0 : Math.floor(reach * (1 - Math.exp(-ageMs / METRICS_TIME_CONSTANT_MS)));
  return {
    impressions,
    likes: Math.floor(impressions * rates.likes),
    reposts: Math.floor(impressions * rates.reposts),
    replies: Math.floor(impressions * rates.replies),
    quotes: Math.floor(impressions * rates.quotes),
    bookmarks: Math.floor(impressions * rates.bookmarks),
  };
};

/** X API v2 `public_metrics` of a post. */
export const publicMetricsJson = (m: EmuMetrics) => ({
  retweet_count: m.reposts,
  reply_count: m.replies,
  like_count: m.likes,
  quote_count: m.quotes,
  bookmark_count: m.bookmarks,
  impression_count: m.impressions,
});
