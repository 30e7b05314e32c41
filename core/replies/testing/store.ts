/**
 * A model of the event store for race properties: streams with revisions, an append that refuses a
 * stale expected revision, and a command handler split in its two phases (read and decide; append
 * or, on a stale revision, decide again on fresh state, up to a bound), as
 * core/eventstore/command-handler.ts does. Tests interleave the phases of many workers.
 */
import { fold, type Decider } from '@core/shared/decider';

export class ModelStore {
  private readonly streams = new Map<string, unknown[]>();

  read<E>(stream: string): E[] {
    return [...((this.streams.get(stream) as E[] | undefined) ?? [])];
  }

  revision(stream: string): number {
    return this.streams.get(stream)?.length ?? 0;
  }

  /** False when the stream moved since `expected` (WrongExpectedRevision). */
  append(stream: string, events: readonly unknown[], expected: number): boolean {
    if (this.revision(stream) !== expected) return false;
    this.streams.set(stream, [...(this.streams.get(stream) ?? []), ...events]);
    return true;
  }

  all<E>(prefix: string): E[] {
    return [...this.streams.entries()].filter(([name]) => name.startsWith(prefix)).flatMap(([, events]) => events as E[]);
  }
}

export type Decision<E> = { events: E[] } | { error: unknown };

/** Phase one of a command: the state read and what was decided on it. */
export interface Pending<C, E, S> {
  stream: string;
  decider: Decider<C, E, S>;
  command: C;
  revision: number;
  decision: Decision<E>;
}

const decideOn = <C, E, S>(store: ModelStore, stream: string, decider: Decider<C, E, S>, command: C): { revision: number; decision: Decision<E> } => {
  const revision = store.revision(stream);
  const state = fold(decider, store.read<E>(stream));
  try {
    return { revision, decision: { events: decider.decide(command, state) } };
  } catch (error) {
    return { revision, decision: { error } };
  }
};

export const readAndDecide = <C, E, S>(store: ModelStore, stream: string, decider: Decider<C, E, S>, command: C): Pending<C, E, S> => ({
  stream,
  decider,
  command,
  ...decideOn(store, stream, decider, command),
});

/** Phase two: append at the revision read; on a conflict decide again on fresh state (at most `maxRetries` times). */
export const appendOrRetry = <C, E, S>(store: ModelStore, pending: Pending<C, E, S>, maxRetries = 3): Decision<E> & { gaveUp?: true } => {
  let { revision, decision } = pending;
  for (let attempt = 0; ; attempt += 1) {
    if ('error' in decision || decision.events.length === 0) return decision;
    if (store.append(pending.stream, decision.events, revision)) return decision;
    if (attempt >= maxRetries) return { error: new Error('gave up after conflicts'), gaveUp: true };
    ({ revision, decision } = decideOn(store, pending.stream, pending.decider, pending.command));
  }
};
