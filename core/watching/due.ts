/**
 * Which monitored accounts are read now, and which auto runs are due: the watcher's decisions,
 * with time as an argument.
 *
 * One read per account for everybody: accounts are keyed by id, however many schedules (of however
 * many users) watch them. An account no active auto schedule targets is read only when the
 * 'limits' setting says so (pollUnusedAccounts), at the low tier's interval.
 */
import type { MonitoringTier } from '@core/monitoring/tiers';
import { pollIntervalFor, type LocalTime, type PollingSettings } from '@core/polling/interval';
import { toInstant, toMs, type Instant } from '@core/scheduling/time';
import { autoDueAt } from '@core/scheduling/plan';

export interface WatchableAccount {
  accountId: string;
  /** Null until X's id is known (nothing to read yet). */
  xUserId: string | null;
  tier: MonitoringTier;
  active: boolean;
}

export interface AutoScheduleRef {
  scheduleId: string;
  targetAccountId: string;
  delayMinutes: number;
  /** Posts from before the schedule existed are not answered. */
  createdAt: string;
}

export interface PollChoice {
  accountId: string;
  xUserId: string;
  intervalMinutes: number;
}

/** UTC wall time of an instant: the period rules read it when the installation keeps UTC. */
export const utcLocalTime = (at: string | number): LocalTime => {
  const ms = typeof at === 'number' ? at : toMs(at, 'at');
  const day = Math.floor(ms / 86_400_000);
  return { isoWeekday: (((day + 3) % 7) + 7) % 7 + 1, hour: Math.floor((ms - day * 86_400_000) / 3_600_000) };
};

/**
 * Minutes between two reads of an account, as the watcher reads it: its tier's interval for the
 * period `local` falls in while an auto schedule uses it and no filtered stream covers it, else the
 * low tier's (an unused account, or a streamed one read only as the stream's fallback).
 */
export const watchIntervalMinutes = (input: { tier: MonitoringTier; used: boolean; streamed: boolean; local: LocalTime; settings: PollingSettings }): number =>
  pollIntervalFor(input.used && !input.streamed ? input.tier : 'low', input.local, input.settings);

/**
 * The accounts to read at `now`: targeted by an active auto schedule (or any active account when
 * unused ones are polled), with an X id, whose interval has passed since the last read, and not
 * held back by X's rate limit. Each at most once.
 */
export const accountsToPoll = (input: {
  accounts: readonly WatchableAccount[];
  autoSchedules: readonly AutoScheduleRef[];
  /** ISO instants or epoch milliseconds. */
  lastPolledAt: ReadonlyMap<string, string | number>;
  /** Until when an account (or '*': every account) is not read: X said 429. */
  backoffUntil: ReadonlyMap<string, number>;
  now: string | number;
  local: LocalTime;
  settings: PollingSettings;
  /**
   * Since when a connected filtered stream has delivered an account's posts without a break
   * (epoch ms). Once a read came after that moment, the stream covers everything newer and the
   * account is read only as its fallback, at the low tier's interval; until then (just connected,
   * reconnected after a drop) it is read at its tier's, and that read fills the gap.
   */
  streamedSince?: ReadonlyMap<string, number>;
  /**
   * How much before its interval is up an account is read: the watcher's heartbeat and the time a
   * read takes, so that the next read has answered within the interval (a post made just after a
   * read is then found within its tier's interval). At most a quarter of the interval.
   */
  aheadMs?: number;
}): PollChoice[] => {
  const nowMs = typeof input.now === 'number' ? input.now : toMs(input.now, 'now');
  if ((input.backoffUntil.get('*') ?? 0) > nowMs) return [];
  const targeted = new Set(input.autoSchedules.map((s) => s.targetAccountId));
  const chosen = new Map<string, PollChoice>();
  for (const account of input.accounts) {
    if (!account.active || account.xUserId === null || chosen.has(account.accountId)) continue;
    const used = targeted.has(account.accountId);
    if (!used && !input.settings.pollUnusedAccounts) continue;
    const last = input.lastPolledAt.get(account.accountId);
    const lastMs = last === undefined ? undefined : typeof last === 'number' ? last : toMs(last, 'lastPolledAt');
    const since = input.streamedSince?.get(account.accountId);
    const streamed = since !== undefined && lastMs !== undefined && lastMs >= since;
    const intervalMinutes = watchIntervalMinutes({ tier: account.tier, used, streamed, local: input.local, settings: input.settings });
    const intervalMs = intervalMinutes * 60_000;
    const ahead = Math.min(Math.max(0, input.aheadMs ?? 0), intervalMs / 4);
    if (lastMs !== undefined && lastMs + intervalMs > nowMs + ahead) continue;
    if ((input.backoffUntil.get(account.accountId) ?? 0) > nowMs) continue;
    chosen.set(account.accountId, { accountId: account.accountId, xUserId: account.xUserId, intervalMinutes });
  }
  return [...chosen.values()];
};

export interface WatchedPost {
  accountId: string;
  postId: string;
  postedAt: string;
  /** When the watcher first recorded it (once, on the account's watch stream). */
  seenAt: string;
}

export interface AutoRun {
  scheduleId: string;
  /** The post's time plus the schedule's delay: the run's slot (ClaimRun takes slots after the last recorded). */
  slot: Instant;
  /**
   * When the run is due: its slot, or when the post was first seen if that is later (an account
   * read every half hour overnight is not answered as a missed run). The same for every process:
   * the sighting is recorded once.
   */
  dueAt: Instant;
  postId: string;
}

/**
 * The auto runs due by `until` (now plus the dispatch lead), oldest slot first: one per active
 * auto schedule and new post of its target made after the schedule was created. Runs due before
 * `oldest` (past the run's grace: the scheduler was down) are left out: they would only be
 * skipped as missed.
 */
export const autoRunsDue = (schedules: readonly AutoScheduleRef[], posts: readonly WatchedPost[], until: number, oldest: number): AutoRun[] => {
  const byAccount = new Map<string, WatchedPost[]>();
  for (const p of posts) byAccount.set(p.accountId, [...(byAccount.get(p.accountId) ?? []), p]);
  const runs: AutoRun[] = [];
  for (const s of schedules) {
    const created = toMs(s.createdAt, 'createdAt');
    for (const p of byAccount.get(s.targetAccountId) ?? []) {
      if (toMs(p.postedAt, 'postedAt') < created) continue;
      const slot = autoDueAt({ kind: 'auto', delayMinutes: s.delayMinutes }, p.postedAt);
      const dueMs = Math.max(toMs(slot), toMs(p.seenAt, 'seenAt'));
      if (dueMs > until || dueMs < oldest) continue;
      runs.push({ scheduleId: s.scheduleId, slot, dueAt: toInstant(dueMs), postId: p.postId });
    }
  }
  return runs.sort((a, b) => toMs(a.slot) - toMs(b.slot) || (a.scheduleId < b.scheduleId ? -1 : a.scheduleId > b.scheduleId ? 1 : 0));
};
