/**
 * Given/when/then for deciders (house style: three cases per command: it emits, it refuses, it
 * stays quiet). Framework-free on purpose so core stays free of test libraries: a failed check
 * throws an error carrying `actual` and `expected`, which Vitest shows as a diff.
 *
 *   const spec = deciderSpec(templateDecider);
 *   spec.given(created).when(update).then([updated]);
 *   spec.given().when(update).thenRefuses('not_found');
 *   spec.given(created, deleted).when(remove).thenNothing();
 */
import type { Decider } from '@core/shared/decider';
import { AppError, type ErrorCode } from '@core/shared/errors';

export class SpecificationFailure extends Error {
  readonly showDiff = true;
  constructor(
    message: string,
    readonly actual: unknown,
    readonly expected: unknown,
  ) {
    super(message);
    this.name = 'SpecificationFailure';
  }
}

/** Structural equality for plain data (what events and states are). */
export const deepEqual = (a: unknown, b: unknown): boolean => {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ka.length === kb.length &&
    ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
};

export interface Then<Event, State> {
  /** decide emits exactly these events; returns the state after them. */
  then(expected: Event[]): State;
  /** decide emits nothing. */
  thenNothing(): void;
  /** decide throws an AppError with this code (and message, when given); returns it. */
  thenRefuses(code: ErrorCode, message?: string | RegExp): AppError;
}

export const deciderSpec = <Command, Event, State>(decider: Decider<Command, Event, State>) => ({
  given: (...history: Event[]) => ({
    when: (command: Command): Then<Event, State> => {
      const state = history.reduce(decider.evolve, decider.initialState());
      const decide = () => decider.decide(command, state);
      return {
        then(expected) {
          const actual = decide();
          if (!deepEqual(actual, expected)) throw new SpecificationFailure('decide emitted other events', actual, expected);
          return actual.reduce(decider.evolve, state);
        },
        thenNothing() {
          const actual = decide();
          if (actual.length !== 0) throw new SpecificationFailure('decide should have emitted nothing', actual, []);
        },
        thenRefuses(code, message) {
          let events: Event[];
          try {
            events = decide();
          } catch (error) {
            if (!(error instanceof AppError)) throw new SpecificationFailure('decide threw something other than an AppError', error, code);
            if (error.code !== code) throw new SpecificationFailure('decide refused with another code', error.code, code);
            const ok = message === undefined || (typeof message === 'string' ? error.message === message : message.test(error.message));
            if (!ok) throw new SpecificationFailure('decide refused with another message', error.message, message);
            return error;
          }
          throw new SpecificationFailure('decide should have refused', events, { code, message });
        },
      };
    },
  }),
});
