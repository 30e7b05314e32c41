/**
 * The order of the ready queue: the reply worth most first. A reply is worth most under a post of
 * an account with a wide reach while the post is fresh, so the queue goes by the target's tier
 * (the admins' measure of reach: high, standard, low), then by the post's age, newest first. The
 * user working down the queue spends their taps where they count, and "Open next in X" always
 * means the top of this order.
 */
import type { MonitoringTier } from '@core/monitoring/tiers';

const TIER_RANK: Readonly<Record<MonitoringTier, number>> = { high: 0, standard: 1, low: 2 };

export interface Queued {
  id: string;
  accountId: string;
  /** When the answered post was made; the reply's own time when that is not known. */
  postCreatedAt: string | null;
  createdAt: string;
}

export const readyOrder = <T extends Queued>(items: readonly T[], tierOf: (accountId: string) => MonitoringTier | null): T[] => {
  const rank = (item: T) => {
    const tier = tierOf(item.accountId);
    return tier === null ? 3 : TIER_RANK[tier];
  };
  const postedAt = (item: T) => Date.parse(item.postCreatedAt ?? item.createdAt);
  return [...items].sort((a, b) => rank(a) - rank(b) || postedAt(b) - postedAt(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
};
