/**
 * The reads counter: how many requests the watcher made to X, and how many posts X returned (what X
 * bills: $0.005 per post returned, nothing for an empty answer), per UTC day. Each scheduler
 * process tallies its reads in memory (`tallyRead`) and records the tally on the day's stream
 * `x-reads-<YYYY-MM-DD>` about once a minute (`CountReads` -> `XReadsCounted`); the read model sums
 * the events per day (ADR 0023 addendum).
 */
import { AppError } from '@core/shared/errors';
import { assertNever, type Decider } from '@core/shared/decider';
import { toInstant, toMs, type Instant } from '@core/scheduling/time';

/** X's price of one post read (pay-per-use, 2026): empty answers are free. */
export const X_READ_USD_PER_POST = 0.005;

export const estimatedReadSpendUsd = (posts: number): number => posts * X_READ_USD_PER_POST;

export const readsStream = (day: string): string => `x-reads-${day}`;

/** The UTC day (YYYY-MM-DD) of an instant. */
export const utcDay = (at: string | number): string => new Date(typeof at === 'number' ? at : toMs(at, 'at')).toISOString().slice(0, 10);

export interface ReadTally {
  day: string;
  /** First and last read counted. */
  from: Instant;
  to: Instant;
  timelineRequests: number;
  searchRequests: number;
  posts: number;
}

export interface CountedRead {
  endpoint: 'timeline' | 'search';
  at: string;
  posts: number;
}

/** Adds one read to the tallies (one per UTC day: a tally never spans midnight). */
export const tallyRead = (tallies: ReadonlyMap<string, ReadTally>, read: CountedRead): Map<string, ReadTally> => {
  const at = toInstant(toMs(read.at, 'at'));
  const day = utcDay(at);
  const before = tallies.get(day) ?? { day, from: at, to: at, timelineRequests: 0, searchRequests: 0, posts: 0 };
  const next = new Map(tallies);
  next.set(day, {
    day,
    from: toMs(at) < toMs(before.from) ? at : before.from,
    to: toMs(at) > toMs(before.to) ? at : before.to,
    timelineRequests: before.timelineRequests + (read.endpoint === 'timeline' ? 1 : 0),
    searchRequests: before.searchRequests + (read.endpoint === 'search' ? 1 : 0),
    posts: before.posts + Math.max(0, Math.floor(read.posts)),
  });
  return next;
};

export type ReadsEvent = { type: 'XReadsCounted'; data: ReadTally };
export const READS_EVENT_TYPES = ['XReadsCounted'] as const;
export type ReadsCommand = { type: 'CountReads'; tally: ReadTally };

export interface ReadsState {
  requests: number;
  posts: number;
}

const count = (n: number, field: string): number => {
  if (!Number.isInteger(n) || n < 0) throw new AppError('internal', `A reads tally needs a whole ${field} of at least 0`);
  return n;
};

export const decideReads = (command: ReadsCommand, _state: ReadsState): ReadsEvent[] => {
  switch (command.type) {
    case 'CountReads': {
      const t = command.tally;
      const from = toInstant(toMs(t.from, 'from'));
      const to = toInstant(toMs(t.to, 'to'));
      if (utcDay(from) !== t.day || utcDay(to) !== t.day || toMs(from) > toMs(to)) throw new AppError('internal', 'A reads tally covers one UTC day, from before to');
      const tally = { day: t.day, from, to, timelineRequests: count(t.timelineRequests, 'timelineRequests'), searchRequests: count(t.searchRequests, 'searchRequests'), posts: count(t.posts, 'posts') };
      return tally.timelineRequests + tally.searchRequests === 0 ? [] : [{ type: 'XReadsCounted', data: tally }];
    }
    default:
      return assertNever(command.type, 'reads command');
  }
};

export const evolveReads = (state: ReadsState, event: ReadsEvent): ReadsState => {
  switch (event.type) {
    case 'XReadsCounted':
      return { requests: state.requests + event.data.timelineRequests + event.data.searchRequests, posts: state.posts + event.data.posts };
    default:
      return state;
  }
};

export const readsDecider: Decider<ReadsCommand, ReadsEvent, ReadsState> = {
  decide: decideReads,
  evolve: evolveReads,
  initialState: () => ({ requests: 0, posts: 0 }),
  // A day's stream gets a tally a minute per process: loads start from a snapshot.
  snapshot: { version: 'reads-1', every: 100 },
};

/** One day's figures as admins see them. */
export interface ReadDayView {
  day: string;
  requests: number;
  timelineRequests: number;
  searchRequests: number;
  posts: number;
  estimatedUsd: number;
}

export const readDayView = (day: string, row: { timelineRequests: number; searchRequests: number; posts: number } | undefined): ReadDayView => {
  const r = row ?? { timelineRequests: 0, searchRequests: 0, posts: 0 };
  return { day, requests: r.timelineRequests + r.searchRequests, timelineRequests: r.timelineRequests, searchRequests: r.searchRequests, posts: r.posts, estimatedUsd: Math.round(estimatedReadSpendUsd(r.posts) * 1e6) / 1e6 };
};

/** The last `days` UTC days up to `today`, newest first. */
export const lastDays = (today: string, days: number): string[] => {
  const end = toMs(`${today}T00:00:00.000Z`, 'today');
  return Array.from({ length: days }, (_, i) => utcDay(end - i * 86_400_000));
};
