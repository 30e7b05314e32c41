/**
 * Allowances (rate-limiter-flexible): every limit of the server is a count per key in a rolling
 * window, made by `createAllowance` and answered 429 with Retry-After (RateLimitedError).
 *
 * Login brute-force protection: failed attempts are counted per account
 * (the normalised username, existing or not, so the answer does not tell which exist) and per
 * address. Once either count is used up, attempts are refused with 429 before any password is
 * checked, until the window ends. A success clears the account's count.
 *
 * The AI calls have a per-user quota (createAiQuota): each one costs the installation money when a
 * model is configured, so one account cannot spend without bound.
 *
 * Counts live in this process's memory by default (a restart forgets them); servers that share
 * state (RIPOSTE_SHARED_URL) count in PostgreSQL instead, so a limit holds across all of them
 * (`Counters`, made by the composition root; docs/adr/0031-shared-state-for-several-processes.md).
 */
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '@core/shared/errors';

export interface LoginLimits {
  perAccount: { attempts: number; windowSeconds: number };
  perAddress: { attempts: number; windowSeconds: number };
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perAccount: { attempts: 10, windowSeconds: 15 * 60 },
  perAddress: { attempts: 50, windowSeconds: 15 * 60 },
};

const inMinutes = (seconds: number): string => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/** 429 with Retry-After (the error middleware sets it from `retryAfterSeconds`). */
export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number, what = 'login attempts', reason = 'RATE_LIMITED') {
    super('rate_limited', `Too many ${what}. Please try again in ${inMinutes(retryAfterSeconds)}.`, { reason });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

const inSeconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

/** A number of points per key in a rolling window; `points` 0 means no limit. */
export interface AllowanceLimit {
  points: number;
  windowSeconds: number;
}

export interface Allowance {
  /** Spends one point of `key`; answers the seconds to wait once the allowance is used up, else 0. */
  take(key: string): Promise<number>;
  /** Spends one point of `key`; RateLimitedError (429, `Too many <what>`) once it is used up. */
  spend(key: string, what: string, reason: string): Promise<void>;
  /** Gives `key` one point back (a right PIN, a successful sign-in). */
  reward(key: string): Promise<void>;
  /** Forgets `key`'s count altogether. */
  forget(key: string): Promise<void>;
}

/** Where an allowance keeps its counts: this process's memory, or a store every server shares. */
export type Counters = (options: { keyPrefix: string; points: number; duration: number }) => RateLimiterAbstract;

export const memoryCounters: Counters = (options) => new RateLimiterMemory(options);

export const createAllowance = (keyPrefix: string, limit: AllowanceLimit, counters: Counters = memoryCounters): Allowance => {
  const counts = limit.points > 0 ? counters({ keyPrefix, points: limit.points, duration: limit.windowSeconds }) : null;
  const take = async (key: string): Promise<number> => {
    if (counts === null) return 0;
    try {
      await counts.consume(key);
      return 0;
    } catch (e) {
      // consume() rejects with a RateLimiterRes once over the limit; anything else is a real fault.
      if (e instanceof RateLimiterRes) return inSeconds(e.msBeforeNext);
      throw e;
    }
  };
  return {
    take,
    spend: async (key, what, reason) => {
      const wait = await take(key);
      if (wait > 0) throw new RateLimitedError(wait, what, reason);
    },
    reward: async (key) => {
      await counts?.reward(key, 1);
    },
    forget: async (key) => {
      await counts?.delete(key);
    },
  };
};

export interface LoginLimiter {
  /**
   * Counts one attempt for the account and the address BEFORE the password is checked, so that
   * parallel attempts cannot all slip past a check; throws RateLimitedError once over the limit.
   */
  attempt(username: string, address: string): Promise<void>;
  /** The password was right: the account's count restarts and the address gets its point back. */
  succeeded(username: string, address: string): Promise<void>;
}

const accountKey = (username: string) => username.trim().toLowerCase();

export const createLoginLimiter = (limits: LoginLimits = DEFAULT_LOGIN_LIMITS, counters: Counters = memoryCounters): LoginLimiter => {
  const byAccount = createAllowance('login-account', { points: limits.perAccount.attempts, windowSeconds: limits.perAccount.windowSeconds }, counters);
  const byAddress = createAllowance('login-address', { points: limits.perAddress.attempts, windowSeconds: limits.perAddress.windowSeconds }, counters);
  return {
    attempt: async (username, address) => {
      const wait = Math.max(...(await Promise.all([byAccount.take(accountKey(username)), byAddress.take(address)])));
      if (wait > 0) throw new RateLimitedError(wait);
    },
    succeeded: async (username, address) => {
      await Promise.all([byAccount.forget(accountKey(username)), byAddress.reward(address)]);
    },
  };
};

/** A user's AI calls in a rolling window; `points` 0 turns the quota off. */
export interface AiQuotaLimits {
  points: number;
  windowSeconds: number;
}

export const AI_QUOTA_WINDOW_SECONDS = 10 * 60;

export const createAiQuota = (limits: AiQuotaLimits, counters: Counters = memoryCounters) => {
  const calls = createAllowance('ai-user', limits, counters);
  return {
    /** Spends one call of the user's quota; RateLimitedError (429) once it is used up. */
    take: (userId: string): Promise<void> => calls.spend(userId, 'AI requests', 'AI_QUOTA'),
  };
};
