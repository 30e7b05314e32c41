/**
 * A clock a test moves on instead of waiting for a time to come: it runs with the real clock from
 * an offset, and `moveTo`/`advance` jump it forward (never back, as a server's clock never goes
 * back). Give `date` to the server (StartOptions.clock) and `now` to the emulators that must agree
 * with it, so a post made after a move is dated after it.
 */
export interface TestClock {
  now(): number;
  date(): Date;
  /** Jumps to `at` (epoch ms) unless the clock is already past it. */
  moveTo(at: number): void;
  advance(ms: number): void;
}

export const createTestClock = (startOffsetMs = 0): TestClock => {
  let offsetMs = startOffsetMs;
  const now = () => Date.now() + offsetMs;
  return {
    now,
    date: () => new Date(now()),
    moveTo: (at) => {
      offsetMs = Math.max(offsetMs, at - Date.now());
    },
    advance: (ms) => {
      if (!(ms >= 0)) throw new Error(`a test clock only moves forward (asked ${ms} ms)`);
      offsetMs += ms;
    },
  };
};
