/**
 * Loading a stream's state: the one place that folds `evolve` over a stream. A decider with a
 * snapshot policy on a store that keeps snapshots starts from the latest snapshot and folds only
 * the events after it, and keeps a new snapshot once it has folded `every` events, so the cost of
 * a load stays bounded however long the stream grows. Snapshots are a cache: one that cannot be
 * read, is of another version, or cannot be saved is simply not used, and the events decide.
 * A store with a state cache (this process's memory) starts from the state last folded or decided
 * here and reads only from that event on, or nothing at all while the store's change mark says
 * nothing was written since that state was found current. See docs/adr/0015-bounded-work-per-request.md and 0038.
 */
import type { Decider } from '@core/shared/decider';
import { comparePositions, type EventStore, type Position, type RecordedEvent, type StreamName } from './types';

export interface LoadedState<State> {
  state: State;
  /** Revision of the stream's last event, or 'no_stream' when it has none. */
  revision: bigint | 'no_stream';
  /** Events folded by this load (after the snapshot, when one was used). */
  folded: number;
}

const toDomain = <Event>(e: RecordedEvent): Event => ({ type: e.type, data: e.data }) as Event;

/** The one fold of recorded events into a state: loads and replays both go through it. */
export const foldRecorded = <Event, State>(
  decider: Pick<Decider<unknown, Event, State>, 'evolve'>,
  state: State,
  recorded: readonly RecordedEvent[],
): State => {
  let folded = state;
  for (const event of recorded) folded = decider.evolve(folded, toDomain<Event>(event));
  return folded;
};

/**
 * A state this process folded before, brought up to date: the events from the one it was folded
 * up to (which must still be there, with the same id) onwards. Null when there is none, or the
 * stream was rewritten or renamed since (then the whole load runs).
 */
const fromCache = async <Event, State>(
  store: EventStore,
  stream: StreamName,
  decider: Pick<Decider<unknown, Event, State>, 'evolve'>,
): Promise<(LoadedState<State> & { lastEventId: string; mark: string | undefined }) | null> => {
  const cached = store.states?.get(stream, decider.evolve);
  if (cached === undefined) return null;
  // Taken before the read: a write after it changes the mark, and the next load reads again.
  const mark = store.changeMark?.();
  if (mark !== undefined && cached.checkedAt === mark) {
    return { state: cached.state as State, revision: cached.revision, folded: 0, lastEventId: cached.lastEventId, mark };
  }
  const recorded = await store.readStream(stream, { fromRevision: cached.revision });
  const first = recorded[0];
  const last = recorded.at(-1);
  if (first === undefined || last === undefined || first.revision !== cached.revision || first.id !== cached.lastEventId) return null;
  const after = recorded.slice(1);
  return { state: foldRecorded(decider, cached.state as State, after), revision: last.revision, folded: after.length, lastEventId: last.id, mark };
};

/** Keeps a state this process folded or decided, for its next load (./types.ts StateCache). */
export const rememberState = <State>(
  store: EventStore,
  stream: StreamName,
  decider: Pick<Decider<unknown, unknown, State>, 'evolve'>,
  loaded: { state: State; revision: bigint | 'no_stream'; lastEventId: string | undefined; checkedAt?: string | undefined },
): void => {
  if (store.states === undefined || loaded.revision === 'no_stream' || loaded.lastEventId === undefined) return;
  const { checkedAt } = loaded;
  store.states.set(stream, decider.evolve, { revision: loaded.revision, lastEventId: loaded.lastEventId, state: loaded.state, ...(checkedAt === undefined ? {} : { checkedAt }) });
};

export const loadState = async <Event, State>(
  store: EventStore,
  stream: StreamName,
  decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState' | 'snapshot'>,
): Promise<LoadedState<State>> => {
  const cached = await fromCache(store, stream, decider);
  if (cached !== null) {
    const { lastEventId, mark, ...loaded } = cached;
    if (loaded.folded > 0) rememberState(store, stream, decider, { ...loaded, lastEventId, checkedAt: mark });
    else if (mark !== undefined) store.states?.confirm(stream, decider.evolve, mark);
    return loaded;
  }
  const mark = store.changeMark?.();
  const policy = decider.snapshot;
  const snapshots = policy === undefined ? undefined : store.snapshots;
  const kept = snapshots === undefined ? null : await snapshots.load(stream).catch(() => null);
  const snapshot = kept !== null && kept.version === policy?.version ? kept : null;

  const recorded = await store.readStream(stream, snapshot === null ? {} : { fromRevision: snapshot.revision + 1n });
  const state = foldRecorded(decider, snapshot === null ? decider.initialState() : (snapshot.state as State), recorded);
  const revision = recorded.at(-1)?.revision ?? snapshot?.revision ?? 'no_stream';

  if (snapshots !== undefined && policy !== undefined && revision !== 'no_stream' && recorded.length >= policy.every) {
    await snapshots.save(stream, { revision, version: policy.version, state }).catch(() => undefined);
  }
  rememberState(store, stream, decider, { state, revision, lastEventId: recorded.at(-1)?.id, checkedAt: mark });
  return { state, revision, folded: recorded.length };
};

/** Up to which event a replay folds: a global position, an instant (metadata time) or a revision, inclusive. */
export type ReplayCut = { position: Position } | { time: string } | { revision: bigint } | { latest: true };

export const isBeforeCut = (event: RecordedEvent, cut: ReplayCut): boolean => {
  if ('position' in cut) return comparePositions(event.position, cut.position) <= 0;
  if ('time' in cut) return Date.parse(event.metadata.time) <= Date.parse(cut.time);
  if ('revision' in cut) return event.revision <= cut.revision;
  return true;
};

export interface ReplayedState<State> extends LoadedState<State> {
  /** The last event folded (null when none was). */
  last: RecordedEvent | null;
  /** The events folded, in order. */
  events: readonly RecordedEvent[];
}

/**
 * A stream's state as of a past moment, for audits: the same fold as `loadState`, from the
 * decider's initial state (never a snapshot, which may be later than the cut) up to the cut.
 */
export const replayState = async <Event, State>(
  store: EventStore,
  stream: StreamName,
  decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState'>,
  cut: ReplayCut,
): Promise<ReplayedState<State>> => {
  const recorded = await store.readStream(stream);
  const end = recorded.findIndex((event) => !isBeforeCut(event, cut));
  const upTo = end === -1 ? recorded : recorded.slice(0, end);
  const last = upTo.at(-1) ?? null;
  return { state: foldRecorded(decider, decider.initialState(), upTo), revision: last?.revision ?? 'no_stream', folded: upTo.length, last, events: upTo };
};
