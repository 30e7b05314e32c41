/**
 * Loading a stream's state: the one place that folds `evolve` over a stream. A decider with a
 * snapshot policy on a store that keeps snapshots starts from the latest snapshot and folds only
 * the events after it, and keeps a new snapshot once it has folded `every` events, so the cost of
 * a load stays bounded however long the stream grows. Snapshots are a cache: one that cannot be
 * read, is of another version, or cannot be saved is simply not used, and the events decide.
 * See docs/adr/0015-bounded-work-per-request.md.
 */
import type { Decider } from '@core/shared/decider';
import type { EventStore, RecordedEvent, StreamName } from './types';

export interface LoadedState<State> {
  state: State;
  /** Revision of the stream's last event, or 'no_stream' when it has none. */
  revision: bigint | 'no_stream';
  /** Events folded by this load (after the snapshot, when one was used). */
  folded: number;
}

const toDomain = <Event>(e: RecordedEvent): Event => ({ type: e.type, data: e.data }) as Event;

export const loadState = async <Event, State>(
  store: EventStore,
  stream: StreamName,
  decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState' | 'snapshot'>,
): Promise<LoadedState<State>> => {
  const policy = decider.snapshot;
  const snapshots = policy === undefined ? undefined : store.snapshots;
  const kept = snapshots === undefined ? null : await snapshots.load(stream).catch(() => null);
  const snapshot = kept !== null && kept.version === policy?.version ? kept : null;

  const recorded = await store.readStream(stream, snapshot === null ? {} : { fromRevision: snapshot.revision + 1n });
  let state = snapshot === null ? decider.initialState() : (snapshot.state as State);
  for (const event of recorded) state = decider.evolve(state, toDomain<Event>(event));
  const revision = recorded.at(-1)?.revision ?? snapshot?.revision ?? 'no_stream';

  if (snapshots !== undefined && policy !== undefined && revision !== 'no_stream' && recorded.length >= policy.every) {
    await snapshots.save(stream, { revision, version: policy.version, state }).catch(() => undefined);
  }
  return { state, revision, folded: recorded.length };
};
