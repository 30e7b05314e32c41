/**
 * A decider is three pure functions: what a command produces given the state, how an event
 * changes the state, and where a stream's state starts.
 */
export interface Decider<Command, Event, State> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
  /**
   * For streams that grow without bound (a user's: one event per sign-in and per reply sent):
   * keep a snapshot of the state every `every` events so a load folds at most about that many
   * (core/eventstore/load-state.ts). The state must survive a JSON round trip. Change `version`
   * whenever `evolve` or the state's shape changes: older snapshots are then ignored.
   */
  snapshot?: SnapshotPolicy;
}

export interface SnapshotPolicy {
  version: string;
  every: number;
}

export const fold = <Event, State>(
  decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState'>,
  events: readonly Event[],
): State => events.reduce(decider.evolve, decider.initialState());

/** Exhaustiveness check for discriminated unions. */
export const assertNever = (value: never, what = 'value'): never => {
  throw new Error(`Unexpected ${what}: ${JSON.stringify(value)}`);
};
