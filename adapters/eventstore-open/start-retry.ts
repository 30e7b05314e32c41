/**
 * Start-up against an outside store that is not there yet (KurrentDB starting, electing a leader,
 * "Server Is Not Ready"): try again with a growing pause instead of exiting. One rule for the
 * server (whose /healthz says "starting" meanwhile) and `npm run scheduler`. Only `unavailable`
 * errors are retried; anything else (bad configuration, a broken read database) still stops the
 * start at once. A process stopped while it waits simply ends (its signal handlers are installed
 * once it has started), so there is nothing to cancel here.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { isAppError } from '@core/shared/errors';

export interface RetryOptions {
  what: string;
  logger: { warn(obj: Record<string, unknown>, msg: string): void };
  initialMs?: number;
  maxMs?: number;
  wait?: (ms: number) => Promise<unknown>;
}

export const retryWhileUnavailable = async <T>(work: () => Promise<T>, options: RetryOptions): Promise<T> => {
  const { initialMs = 1_000, maxMs = 30_000, wait = sleep } = options;
  let delay = initialMs;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isAppError(error) || error.code !== 'unavailable') throw error;
      options.logger.warn({ err: error, attempt, retryInMs: delay }, `${options.what}: the event store is unavailable; trying again`);
      await wait(delay);
      delay = Math.min(delay * 2, maxMs);
    }
  }
};
