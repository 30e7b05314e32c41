/**
 * Callers waiting for the projections to pass a position (read-your-writes): each is checked
 * again after every committed batch and every projection failure.
 */
import type { Position } from '@core/eventstore/types';
import { AppError } from '@core/shared/errors';

/** 'reached', 'pending', or the error that makes the position unreachable for now. */
export type WaitVerdict = 'reached' | 'pending' | Error;

interface Waiter {
  target: Position;
  resolve(): void;
  reject(error: unknown): void;
  timer: NodeJS.Timeout;
}

export const createWaiters = (check: (target: Position) => WaitVerdict, current: () => Position | null) => {
  const waiting = new Set<Waiter>();

  const finish = (waiter: Waiter, verdict: WaitVerdict): boolean => {
    if (verdict === 'pending') return false;
    clearTimeout(waiter.timer);
    waiting.delete(waiter);
    if (verdict === 'reached') waiter.resolve();
    else waiter.reject(verdict);
    return true;
  };

  const waitFor = (target: Position, timeoutMs: number): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const verdict = check(target);
      if (verdict === 'reached') return resolve();
      if (verdict !== 'pending') return reject(verdict);
      const waiter: Waiter = {
        target,
        resolve,
        reject,
        timer: setTimeout(() => {
          waiting.delete(waiter);
          reject(
            new AppError(
              'unavailable',
              `The read model did not reach position ${target} within ${timeoutMs} ms (it is at ${current() ?? 'the start'})`,
              { reason: 'PROJECTION_TIMEOUT' },
            ),
          );
        }, timeoutMs),
      };
      waiting.add(waiter);
    });

  return {
    waitFor,
    /** Re-checks every waiter; call after each commit and failure. */
    settle: () => {
      for (const waiter of waiting) finish(waiter, check(waiter.target));
    },
    rejectAll: (error: Error) => {
      for (const waiter of waiting) finish(waiter, error);
    },
  };
};
