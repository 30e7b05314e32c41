/**
 * A cap on argon2 work in flight. Each hash or verification takes 19 MiB and a thread for tens of
 * milliseconds; without a cap, a flood of sign-ups or sign-ins (from many addresses, so the
 * per-address limits do not bite) queues unbounded work and memory. At most `concurrency` run at
 * once, at most `queue` wait; past that the request is refused at once with 429 and Retry-After,
 * before any work is done.
 */
import type { PasswordHasher } from '@adapters/password';
import { AppError } from '@core/shared/errors';

export interface HashLimits {
  /** Hashes or verifications running at once. */
  concurrency: number;
  /** Requests allowed to wait for a turn; more are refused. */
  queue: number;
}

/** Waiting turns per running slot when only the concurrency is configured. */
export const QUEUE_PER_SLOT = 8;

export const hashLimitsFor = (concurrency: number): HashLimits => ({ concurrency, queue: concurrency * QUEUE_PER_SLOT });

const BUSY_RETRY_SECONDS = 5;

/** 429 with Retry-After (the error middleware reads `retryAfterSeconds`). */
export class PasswordChecksBusyError extends AppError {
  readonly retryAfterSeconds = BUSY_RETRY_SECONDS;

  constructor() {
    super('rate_limited', `Too many sign-ins and sign-ups at once. Please try again in ${BUSY_RETRY_SECONDS} seconds.`, { reason: 'BUSY' });
  }
}

export const limitHashing = (hasher: PasswordHasher, limits: HashLimits): PasswordHasher => {
  let running = 0;
  const waiting: (() => void)[] = [];

  const acquire = async (): Promise<void> => {
    if (running < limits.concurrency) {
      running += 1;
      return;
    }
    if (waiting.length >= limits.queue) throw new PasswordChecksBusyError();
    // The slot is handed over by `release`, so `running` already counts this turn.
    await new Promise<void>((resolve) => waiting.push(resolve));
  };

  const release = (): void => {
    const next = waiting.shift();
    if (next === undefined) running -= 1;
    else next();
  };

  const gated = async <T>(work: () => Promise<T>): Promise<T> => {
    await acquire();
    try {
      return await work();
    } finally {
      release();
    }
  };

  return {
    hash: (password) => gated(() => hasher.hash(password)),
    verify: (passwordHash, password) => gated(() => hasher.verify(passwordHash, password)),
    verifyNobody: (password) => gated(() => hasher.verifyNobody(password)),
  };
};
