/**
 * What the watcher saw of one monitored account, on its own stream (`watch-<accountId>`), so that
 * restarts and several scheduler processes agree: each new original post is recorded once
 * (WatchedPostSeen), and every poll leaves its time and the newest id read (AccountPolled, the
 * next poll's `since_id`). Two pollers that read the same post race on the stream's revision; the
 * loser decides again on the new state and records only the poll.
 */
import { AppError } from '@core/shared/errors';
import { assertNever, type Decider } from '@core/shared/decider';
import { toInstant, toMs, type Instant } from '@core/scheduling/time';
import { newerId } from './ids';

export const watchStream = (accountId: string): string => `watch-${accountId}`;

/** How many post ids the state keeps to recognise a repeat (far above one page of 100). */
const SEEN_KEPT = 500;

export interface SeenPost {
  postId: string;
  postedAt: Instant;
}

export type WatchEvent =
  | { type: 'WatchedPostSeen'; data: { accountId: string; postId: string; postedAt: Instant; seenAt: Instant } }
  | { type: 'AccountPolled'; data: { accountId: string; at: Instant; newestId: string | null; newPosts: number } };

export const WATCH_EVENT_TYPES = ['WatchedPostSeen', 'AccountPolled'] as const;

/**
 * `posts`: the new original posts read; `newestId`: the newest id read of any kind (the next `since_id`).
 * `via: 'stream'`: the posts came down the filtered stream, not from a read of the timeline: each
 * new one is recorded as from a poll, but the poll itself is not (no AccountPolled: the next read's
 * `since_id` and time stay those of the last read, so a read fills any gap the stream left).
 */
export type WatchCommand = { type: 'RecordPoll'; accountId: string; at: string; posts: readonly SeenPost[]; newestId?: string; via?: 'poll' | 'stream' };

export interface WatchState {
  newestId: string | null;
  lastPolledAt: Instant | null;
  /** The last ids seen, oldest first (bounded). */
  seen: readonly string[];
}

export const decideWatch = (command: WatchCommand, state: WatchState): WatchEvent[] => {
  switch (command.type) {
    case 'RecordPoll': {
      if (command.accountId.trim() === '') throw new AppError('internal', 'A poll needs an account');
      const at = toInstant(toMs(command.at, 'at'));
      const known = new Set(state.seen);
      const fresh = new Map<string, SeenPost>();
      for (const p of command.posts) if (!known.has(p.postId) && !fresh.has(p.postId)) fresh.set(p.postId, { postId: p.postId, postedAt: toInstant(toMs(p.postedAt, 'postedAt')) });
      const ordered = [...fresh.values()].sort((a, b) => (a.postId === b.postId ? 0 : newerId(a.postId, b.postId) ? 1 : -1));
      const sightings = ordered.map((p): WatchEvent => ({ type: 'WatchedPostSeen', data: { accountId: command.accountId, postId: p.postId, postedAt: p.postedAt, seenAt: at } }));
      if (command.via === 'stream') return sightings;
      // A poll older than the last one recorded, with nothing new, adds nothing (a slow twin).
      if (fresh.size === 0 && (command.newestId === undefined || (state.newestId !== null && !newerId(command.newestId, state.newestId))) && state.lastPolledAt !== null && toMs(state.lastPolledAt) >= toMs(at)) return [];
      let newestId = state.newestId;
      if (command.newestId !== undefined && (newestId === null || newerId(command.newestId, newestId))) newestId = command.newestId;
      for (const p of command.posts) if (newestId === null || newerId(p.postId, newestId)) newestId = p.postId;
      return [
        ...sightings,
        { type: 'AccountPolled', data: { accountId: command.accountId, at, newestId, newPosts: ordered.length } },
      ];
    }
    default:
      return assertNever(command.type, 'watch command');
  }
};

export const evolveWatch = (state: WatchState, event: WatchEvent): WatchState => {
  switch (event.type) {
    case 'WatchedPostSeen':
      return { ...state, seen: [...state.seen, event.data.postId].slice(-SEEN_KEPT) };
    case 'AccountPolled': {
      const later = state.lastPolledAt === null || toMs(event.data.at) > toMs(state.lastPolledAt);
      const newestId = event.data.newestId !== null && (state.newestId === null || newerId(event.data.newestId, state.newestId)) ? event.data.newestId : state.newestId;
      return { ...state, newestId, lastPolledAt: later ? event.data.at : state.lastPolledAt };
    }
    default:
      return state;
  }
};

export const watchDecider: Decider<WatchCommand, WatchEvent, WatchState> = {
  decide: decideWatch,
  evolve: evolveWatch,
  initialState: () => ({ newestId: null, lastPolledAt: null, seen: [] }),
  // Every read appends to the account's stream (one event per interval): a load starts from a
  // snapshot and folds at most about this many events (ADR 0015).
  snapshot: { version: 'watch-1', every: 100 },
};
