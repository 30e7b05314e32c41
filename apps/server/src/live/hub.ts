/**
 * Live updates for open pages: one follower per server process watches the replies read model
 * (`replies_by_change`) about once a second while anybody listens, and tells each listening user's
 * pages which of their replies changed, so the ready queue, the history and the dashboard reload
 * without a reload button. It reads the read model, not the event log, so a change made by another
 * process (the standalone scheduler, another server on KurrentDB) arrives once this process has
 * projected it. Listeners are bounded per user and in all: an open stream holds a socket.
 */
import type { ReadDb } from '@adapters/projections-sqlite';
import { latestReplyChange, repliesChangedSince } from '@adapters/read-models/replies';

export interface LiveListener {
  userId: string;
  send(event: string, data: unknown): void;
}

export const LIVE_LIMITS = { perUser: 5, total: 2_000, tickMs: 1_000, keepAliveMs: 25_000 } as const;

export interface LiveHub {
  /** Adds a listener; false when the limits are reached (the caller answers 429). */
  add(listener: LiveListener): boolean;
  remove(listener: LiveListener): void;
  size(): number;
  /** One look at the read model now (the timer calls it; tests may too). */
  tick(): void;
  close(): void;
}

export const createLiveHub = (deps: { db: () => ReadDb; position: () => unknown }, options: { tickMs?: number } = {}): LiveHub => {
  const byUser = new Map<string, Set<LiveListener>>();
  let total = 0;
  let timer: NodeJS.Timeout | null = null;
  let since: string | null = null;
  let lastPosition: unknown;

  const tick = () => {
    const position = deps.position();
    if (since !== null && position === lastPosition) return;
    lastPosition = position;
    const db = deps.db();
    if (since === null) {
      since = latestReplyChange(db) ?? new Date(0).toISOString();
      return;
    }
    const changed = repliesChangedSince(db, since, 1_000).filter((r) => r.updatedAt > (since as string));
    if (changed.length === 0) return;
    since = changed.reduce((max, r) => (r.updatedAt > max ? r.updatedAt : max), since);
    const ids = new Map<string, string[]>();
    for (const r of changed) if (byUser.has(r.userId)) ids.set(r.userId, [...(ids.get(r.userId) ?? []), r.id]);
    for (const [userId, replyIds] of ids) for (const listener of byUser.get(userId) ?? []) listener.send('replies', { ids: replyIds });
  };

  const ensureTimer = () => {
    if (timer !== null) return;
    timer = setInterval(() => {
      try {
        tick();
      } catch {
        // A read model being rebuilt: the next tick reads again.
      }
    }, options.tickMs ?? LIVE_LIMITS.tickMs);
    timer.unref();
  };

  return {
    add(listener) {
      const mine = byUser.get(listener.userId) ?? new Set();
      if (mine.size >= LIVE_LIMITS.perUser || total >= LIVE_LIMITS.total) return false;
      mine.add(listener);
      byUser.set(listener.userId, mine);
      total += 1;
      if (since === null) tick();
      ensureTimer();
      return true;
    },
    remove(listener) {
      const mine = byUser.get(listener.userId);
      if (mine?.delete(listener) !== true) return;
      total -= 1;
      if (mine.size === 0) byUser.delete(listener.userId);
      if (total === 0 && timer !== null) {
        clearInterval(timer);
        timer = null;
        since = null;
      }
    },
    size: () => total,
    tick,
    close() {
      if (timer !== null) clearInterval(timer);
      timer = null;
      byUser.clear();
      total = 0;
    },
  };
};
