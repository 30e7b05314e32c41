/**
 * Start-up against an outside store that is not there yet (KurrentDB starting, electing a leader,
 * "Server Is Not Ready"): try again with a growing pause instead of exiting, while /healthz says
 * "starting". Only `unavailable` errors are retried; anything else (bad configuration, a broken
 * read database) still stops the start at once.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { isAppError } from '@core/shared/errors';

export interface RetryOptions {
  what: string;
  logger: { warn(obj: Record<string, unknown>, msg: string): void };
  initialMs?: number;
  maxMs?: number;
  /** Stops retrying (the server is being closed). */
  signal?: AbortSignal;
  wait?: (ms: number) => Promise<unknown>;
}

export const retryWhileUnavailable = async <T>(work: () => Promise<T>, options: RetryOptions): Promise<T> => {
  const { initialMs = 1_000, maxMs = 30_000, wait = sleep } = options;
  let delay = initialMs;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isAppError(error) || error.code !== 'unavailable' || options.signal?.aborted === true) throw error;
      options.logger.warn({ err: error, attempt, retryInMs: delay }, `${options.what}: the event store is unavailable; trying again`);
      await wait(delay);
      delay = Math.min(delay * 2, maxMs);
    }
  }
};
