/**
 * Audit and replay over the event store, shared by the CLI (on a data directory) and the admin
 * API: a person's or a schedule's history as plain-words entries (core/audit/wording.ts), a
 * stream's state as of a moment folded by its decider (core/eventstore/load-state.ts
 * `replayState`), and the record of every look (core/audit/events.ts).
 */
import { randomUUID } from 'node:crypto';
import type { ReadDb } from '@adapters/projections-sqlite';
import { historyStreamsOf } from '@adapters/read-models/audit';
import { usernamesByIds } from '@adapters/read-models/users';
import { auditViewed, auditViewsStream, type AuditSubjectKind } from '@core/audit/events';
import { redactSecrets, secretsOf } from '@core/audit/redaction';
import { diffStates, plainState, streamKindOf, type StateChange } from '@core/audit/replay';
import { auditLine } from '@core/audit/wording';
import type { AuditEntry, StateAsOf } from '@core/audit/views';
import { replayState, type ReplayCut } from '@core/eventstore/load-state';
import { reservationHolder } from '@core/eventstore/reservation';
import { comparePositions, type EventStore, type Position, type RecordedEvent } from '@core/eventstore/types';
import { replyStream } from '@core/replies/model';
import { scheduleStream } from '@core/scheduling/schedule';
import { AppError } from '@core/shared/errors';
import { USERNAME_RESERVATION, usernameReservationKey } from '@core/users';
import { userStream } from '@core/users/streams';

export type { AuditEntry, StateAsOf } from '@core/audit/views';

export interface AuditFilter {
  /** Inclusive ISO instants. */
  from?: string;
  to?: string;
  /** Event types to keep (all when absent or empty). */
  types?: readonly string[];
  /**
   * Only events before this store position (exclusive): the next page of a history after the
   * page whose oldest event was here. Events appended meanwhile are all after it, so paging on
   * from it neither repeats nor skips one.
   */
  before?: Position;
}

export interface AuditDeps {
  store: EventStore;
  db: ReadDb;
}

/** Names for user ids, read once per answer from the users read model. */
const namer = (db: ReadDb, events: readonly RecordedEvent[]) => {
  const ids = new Set<string>();
  for (const e of events) {
    if (e.metadata.actor !== null) ids.add(e.metadata.actor);
    const data = e.data as { userId?: unknown; viewerId?: unknown; ownerId?: unknown } | null;
    for (const v of [data?.userId, data?.viewerId, data?.ownerId]) if (typeof v === 'string') ids.add(v);
  }
  const names = usernamesByIds(db, [...ids]);
  return (id: string): string | null => names.get(id) ?? null;
};

export const toEntries = (db: ReadDb, events: readonly RecordedEvent[]): AuditEntry[] => {
  const nameOf = namer(db, events);
  return events.map((e) => ({
    position: e.position,
    stream: e.streamName,
    revision: e.revision.toString(),
    type: e.type,
    time: e.metadata.time,
    actor: e.metadata.actor,
    actorName: e.metadata.actor === null ? 'someone not signed in' : (nameOf(e.metadata.actor) ?? e.metadata.actor),
    requestId: e.metadata.correlationId,
    line: auditLine({ type: e.type, data: redactSecrets(e.data, secretsOf([e])), actor: e.metadata.actor }, nameOf),
    replayable: streamKindOf(e.streamName) !== null,
  }));
};

export const matchesFilter = (e: RecordedEvent, filter: AuditFilter): boolean => {
  const t = Date.parse(e.metadata.time);
  if (filter.from !== undefined && t < Date.parse(filter.from)) return false;
  if (filter.to !== undefined && t > Date.parse(filter.to)) return false;
  if (filter.before !== undefined && comparePositions(e.position, filter.before) >= 0) return false;
  return filter.types === undefined || filter.types.length === 0 || filter.types.includes(e.type);
};

const byPosition = (a: RecordedEvent, b: RecordedEvent) => comparePositions(a.position, b.position);

export const userIdOf = async (store: EventStore, username: string): Promise<string> => {
  const holder = username.trim() === '' ? null : await reservationHolder(store, USERNAME_RESERVATION, usernameReservationKey(username));
  if (holder === null) throw new AppError('not_found', `No user named '${username}'`, { field: 'username', reason: 'USER_NOT_FOUND' });
  return holder.ownerId;
};

/** Every event of a person's history: their streams, and their own acts in others' streams. */
export const userHistory = async (deps: AuditDeps, userId: string, filter: AuditFilter = {}): Promise<RecordedEvent[]> => {
  const { owned, actedIn } = historyStreamsOf(deps.db, userId);
  const streams = owned.includes(userStream(userId)) ? owned : [userStream(userId), ...owned];
  const events: RecordedEvent[] = [];
  for (const stream of streams) for (const e of await deps.store.readStream(stream)) if (matchesFilter(e, filter)) events.push(e);
  for (const stream of actedIn) for (const e of await deps.store.readStream(stream)) if (e.metadata.actor === userId && matchesFilter(e, filter)) events.push(e);
  return events.sort(byPosition);
};

/** A schedule's history: its stream, the replies its runs made, and the looks at it. */
export const scheduleHistory = async (deps: AuditDeps, scheduleId: string, filter: AuditFilter = {}): Promise<RecordedEvent[]> => {
  const own = await deps.store.readStream(scheduleStream(scheduleId));
  if (own.length === 0) throw new AppError('not_found', `No schedule ${scheduleId}`, { field: 'scheduleId', reason: 'SCHEDULE_NOT_FOUND' });
  const replyIds = new Set(own.flatMap((e) => (e.type === 'ScheduleRunClaimed' ? [(e.data as { replyId: string }).replyId] : [])));
  const events = [...own];
  for (const replyId of replyIds) events.push(...(await deps.store.readStream(replyStream(replyId))));
  const owner = (own[0]?.data as { userId?: string } | undefined)?.userId;
  if (owner !== undefined) {
    const looks = await deps.store.readStream(auditViewsStream(owner));
    events.push(...looks.filter((e) => (e.data as { subjectKind: string; subject: string }).subjectKind === 'schedule' && (e.data as { subject: string }).subject === scheduleId));
  }
  return events.filter((e) => matchesFilter(e, filter)).sort(byPosition);
};

/** One stream read from its end: what is kept of it, and where the next page starts. */
interface BackwardSource {
  stream: string;
  keep: (e: RecordedEvent) => boolean;
  /** Read, not yet merged, newest first. */
  buffer: RecordedEvent[];
  /** The revision the next page starts at (inclusive); null: nothing older is left. */
  next: bigint | null | 'end';
  page: number;
}

const FIRST_PAGE = 1;
const LAST_PAGE = 1024;

/** Takes a page read from the source's `next` (newest first): buffers it, and moves `next` and the page size on. */
const took = (source: BackwardSource, events: readonly RecordedEvent[]): void => {
  source.buffer.push(...events);
  const oldest = events.at(-1);
  source.next = events.length < source.page || oldest === undefined || oldest.revision === 0n ? null : oldest.revision - 1n;
  source.page = Math.min(LAST_PAGE, source.page * 2);
};

const refill = async (store: EventStore, source: BackwardSource): Promise<void> => {
  if (source.next === null) return;
  took(source, await store.readStream(source.stream, { backwards: true, maxCount: source.page, ...(source.next === 'end' ? {} : { fromRevision: source.next }) }));
};

/**
 * The first page of every source not yet read: each stream's last FIRST_PAGE events, all in ONE
 * store call (`readStreams`), however many streams (a schedule's thousands of replies, a person's
 * templates). Calls to the store then grow with the events merged, never with the streams.
 */
const readHeads = async (store: EventStore, sources: readonly BackwardSource[]): Promise<void> => {
  const unread = sources.filter((s) => s.next === 'end');
  if (unread.length === 0) return;
  const heads = await store.readStreams(unread.map((s) => s.stream), { backwards: true, maxCount: FIRST_PAGE });
  unread.forEach((source, i) => took(source, heads[i] ?? []));
};

/** A binary heap of sources, the one whose first buffered event is the newest (highest position) on top. */
const newestFirst = (initial: readonly BackwardSource[]) => {
  const items: BackwardSource[] = [];
  const above = (i: number, j: number) => comparePositions(items[i]!.buffer[0]!.position, items[j]!.buffer[0]!.position) > 0;
  const swap = (i: number, j: number) => ([items[i], items[j]] = [items[j]!, items[i]!]);
  const up = (i: number) => {
    for (let parent = (i - 1) >> 1; i > 0 && above(i, parent); i = parent, parent = (i - 1) >> 1) swap(i, parent);
  };
  const down = (i: number) => {
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let top = i;
      if (left < items.length && above(left, top)) top = left;
      if (right < items.length && above(right, top)) top = right;
      if (top === i) return;
      swap(i, top);
      i = top;
    }
  };
  const push = (source: BackwardSource) => {
    items.push(source);
    up(items.length - 1);
  };
  for (const source of initial) push(source);
  return {
    push,
    pop: (): BackwardSource | undefined => {
      const top = items[0];
      const last = items.pop();
      if (top !== undefined && last !== undefined && items.length > 0) {
        items[0] = last;
        down(0);
      }
      return top;
    },
  };
};

/**
 * The latest `limit` events of several streams together (position order, oldest first) that
 * `keep` and the filter accept, read from the streams' ends backwards in growing pages (1, 2, 4 ...
 * 1,024 events) and merged by position: a history of a million events answers its last 500 after
 * reading about that many, not the million. `truncated` says whether an older matching event
 * exists (one more is looked for). Events already in memory (`read`) join the merge as they are.
 * The streams' first pages are read in one store call (readHeads); a stream is read again only
 * when the merge has taken everything read of it.
 */
const latestOf = async (
  store: EventStore,
  streams: readonly { stream: string; keep: (e: RecordedEvent) => boolean; read?: readonly RecordedEvent[] }[],
  filter: AuditFilter,
  limit: number,
): Promise<HistoryPage> => {
  const sources: BackwardSource[] = streams.map(({ stream, keep, read }) =>
    read === undefined ? { stream, keep, buffer: [], next: 'end', page: FIRST_PAGE } : { stream, keep, buffer: [...read].reverse(), next: null, page: FIRST_PAGE },
  );
  await readHeads(store, sources);
  // The sources with something read, as a heap by their newest unmerged event: a schedule merges
  // thousands of reply streams, so each step costs log(streams), not a scan of them all.
  const heap = newestFirst(sources.filter((s) => s.buffer.length > 0));
  const found: RecordedEvent[] = [];
  while (found.length <= limit) {
    const newest = heap.pop();
    if (newest === undefined) break;
    const event = newest.buffer.shift()!;
    if (newest.buffer.length === 0) await refill(store, newest);
    if (newest.buffer.length > 0) heap.push(newest);
    if (newest.keep(event) && matchesFilter(event, filter)) found.push(event);
  }
  const truncated = found.length > limit;
  const events = found.slice(0, limit).reverse();
  return { events, truncated, total: truncated ? null : events.length };
};

/** The latest entries of a history (`latestUserHistory`, `latestScheduleHistory`). */
export interface HistoryPage {
  /** Oldest first. */
  events: RecordedEvent[];
  /** Whether older matching events exist beyond the limit. */
  truncated: boolean;
  /** How many matched in all: known when nothing was left out, null when the history was truncated (it is not read to the start). */
  total: number | null;
}

const everything = () => true;

/** The latest `limit` events of `userHistory`, without reading the older ones. */
export const latestUserHistory = async (deps: AuditDeps, userId: string, filter: AuditFilter, limit: number): Promise<HistoryPage> => {
  const { owned, actedIn } = historyStreamsOf(deps.db, userId);
  const streams = owned.includes(userStream(userId)) ? owned : [userStream(userId), ...owned];
  const byUser = (e: RecordedEvent) => e.metadata.actor === userId;
  return latestOf(deps.store, [...streams.map((stream) => ({ stream, keep: everything })), ...actedIn.map((stream) => ({ stream, keep: byUser }))], filter, limit);
};

/**
 * The latest `limit` events of `scheduleHistory`. The schedule's own stream is read whole (its
 * runs name the replies); the replies' streams and the looks are read from their ends.
 */
export const latestScheduleHistory = async (deps: AuditDeps, scheduleId: string, filter: AuditFilter, limit: number): Promise<HistoryPage> => {
  const own = await deps.store.readStream(scheduleStream(scheduleId));
  if (own.length === 0) throw new AppError('not_found', `No schedule ${scheduleId}`, { field: 'scheduleId', reason: 'SCHEDULE_NOT_FOUND' });
  const replyIds = new Set(own.flatMap((e) => (e.type === 'ScheduleRunClaimed' ? [(e.data as { replyId: string }).replyId] : [])));
  const owner = (own[0]?.data as { userId?: string } | undefined)?.userId;
  const lookAtThis = (e: RecordedEvent) => (e.data as { subjectKind: string }).subjectKind === 'schedule' && (e.data as { subject: string }).subject === scheduleId;
  return latestOf(
    deps.store,
    [
      { stream: scheduleStream(scheduleId), keep: everything, read: own },
      ...[...replyIds].map((replyId) => ({ stream: replyStream(replyId), keep: everything })),
      ...(owner === undefined ? [] : [{ stream: auditViewsStream(owner), keep: lookAtThis }]),
    ],
    filter,
    limit,
  );
};

/** Parses `--until` / a query's cut: an ISO instant, a store position (digits), or 'latest'. */
export const parseCut = (value: string | undefined, field = 'until'): ReplayCut => {
  if (value === undefined || value === '' || value === 'latest') return { latest: true };
  if (/^\d+$/.test(value)) return { position: value.padStart(20, '0') as Position };
  if (/^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value))) return { time: new Date(Date.parse(value)).toISOString() };
  throw new AppError('validation', `'${value}' is neither a time (ISO-8601, e.g. 2026-11-27T09:00:00Z) nor a store position (digits)`, { field });
};

/** A stream's state as of a cut, unredacted, with the secrets of the events folded into it. */
const replayedAsOf = async (store: EventStore, stream: string, cut: ReplayCut): Promise<{ answer: StateAsOf; secrets: Set<string> }> => {
  const kind = streamKindOf(stream);
  if (kind === null) throw new AppError('validation', `'${stream}' is not a stream with a state to replay (a user, schedule, template, billing account ...)`, { field: 'stream' });
  const replayed = await replayState(store, stream, kind.decider, cut);
  const last = replayed.last;
  const answer = {
    stream,
    kind: kind.kind,
    asOf: last === null ? null : { position: last.position, revision: last.revision.toString(), type: last.type, time: last.metadata.time },
    events: replayed.folded,
    state: plainState(replayed.state),
  };
  return { answer, secrets: secretsOf(replayed.events) };
};

/** A stream's state as of a cut, its secrets redacted (core/audit/redaction.ts). */
export const stateAsOf = async (store: EventStore, stream: string, cut: ReplayCut): Promise<StateAsOf> => {
  const { answer, secrets } = await replayedAsOf(store, stream, cut);
  return redactSecrets(answer, secrets);
};

export interface StateDiff {
  stream: string;
  before: StateAsOf;
  after: StateAsOf;
  changes: StateChange[];
}

/** What changed between two cuts: compared before redaction (a new password hash is a change), shown after it. */
export const diffAsOf = async (store: EventStore, stream: string, a: ReplayCut, b: ReplayCut): Promise<StateDiff> => {
  const before = await replayedAsOf(store, stream, a);
  const after = await replayedAsOf(store, stream, b);
  const secrets = new Set([...before.secrets, ...after.secrets]);
  return redactSecrets({ stream, before: before.answer, after: after.answer, changes: diffStates(before.answer.state, after.answer.state) }, secrets);
};

export interface LookRecord {
  viewerId: string;
  subjectKind: AuditSubjectKind;
  subject: string;
  subjectUserId: string | null;
  requestId: string;
  time: string;
}

/** Records one look at someone's history, on that person's audit-views stream. */
export const recordLook = async (store: EventStore, look: LookRecord): Promise<Position> => {
  const event = auditViewed({ viewerId: look.viewerId, subjectKind: look.subjectKind, subject: look.subject, subjectUserId: look.subjectUserId, at: look.time });
  const stream = auditViewsStream(look.subjectUserId ?? 'nobody');
  const appended = await store.append(stream, [{ id: randomUUID(), type: event.type, data: event.data, metadata: { actor: look.viewerId, correlationId: look.requestId, causationId: null, time: look.time } }], 'any');
  return appended.position;
};
