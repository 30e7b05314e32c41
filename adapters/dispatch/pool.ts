/**
 * A small pool: at most `size` tasks run at once, the rest wait in order. Runs due together start
 * side by side (each mostly waits on X and the store), without opening a thousand requests at once.
 */
export interface Pool {
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly waiting: number;
  /** Resolves once nothing runs or waits. */
  idle(): Promise<void>;
}

export const createPool = (size: number): Pool => {
  if (!Number.isInteger(size) || size < 1) throw new Error(`A pool needs a positive size, got ${size}`);
  let active = 0;
  const queue: (() => void)[] = [];
  let idleWaiters: (() => void)[] = [];
  const release = () => {
    active -= 1;
    const next = queue.shift();
    if (next !== undefined) next();
    else if (active === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const w of waiters) w();
    }
  };
  return {
    run: <T>(task: () => Promise<T>) =>
      new Promise<T>((resolve, reject) => {
        const start = () => {
          active += 1;
          task().then(resolve, reject).finally(release);
        };
        if (active < size) start();
        else queue.push(start);
      }),
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    idle: () => (active === 0 && queue.length === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve))),
  };
};
