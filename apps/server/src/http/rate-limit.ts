/**
 * Login brute-force protection (rate-limiter-flexible): failed attempts are counted per account
 * (the normalised username, existing or not, so the answer does not tell which exist) and per
 * address. Once either count is used up, attempts are refused with 429 before any password is
 * checked, until the window ends. A success clears the account's count.
 *
 * The AI calls have a per-user quota (createAiQuota): each one costs the installation money when a
 * model is configured, so one account cannot spend without bound.
 *
 * Counts live in this process's memory: a restart forgets them, and with several server processes
 * each counts on its own (docs/adr/0006-sessions-csrf-security.md).
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
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

export const createLoginLimiter = (limits: LoginLimits = DEFAULT_LOGIN_LIMITS): LoginLimiter => {
  const byAccount = new RateLimiterMemory({
    keyPrefix: 'login-account',
    points: limits.perAccount.attempts,
    duration: limits.perAccount.windowSeconds,
  });
  const byAddress = new RateLimiterMemory({
    keyPrefix: 'login-address',
    points: limits.perAddress.attempts,
    duration: limits.perAddress.windowSeconds,
  });

  /** consume() rejects with a RateLimiterRes once over the limit: answer how long to wait. */
  const take = (limiter: RateLimiterMemory, key: string): Promise<number | null> =>
    limiter.consume(key).then(
      () => null,
      (e: unknown) => {
        if (e instanceof RateLimiterRes) return Math.max(1, Math.ceil(e.msBeforeNext / 1000));
        throw e;
      },
    );

  return {
    attempt: async (username, address) => {
      const waits = await Promise.all([take(byAccount, accountKey(username)), take(byAddress, address)]);
      const wait = Math.max(...waits.map((w) => w ?? 0));
      if (wait > 0) throw new RateLimitedError(wait);
    },
    succeeded: async (username, address) => {
      await Promise.all([byAccount.delete(accountKey(username)), byAddress.reward(address, 1)]);
    },
  };
};

/** A user's AI calls in a rolling window; `points` 0 turns the quota off. */
export interface AiQuotaLimits {
  points: number;
  windowSeconds: number;
}

export const AI_QUOTA_WINDOW_SECONDS = 10 * 60;

export const createAiQuota = (limits: AiQuotaLimits) => {
  const limiter = limits.points > 0 ? new RateLimiterMemory({ keyPrefix: 'ai-user', points: limits.points, duration: limits.windowSeconds }) : null;
  return {
    /** Spends one call of the user's quota; RateLimitedError (429) once it is used up. */
    take: async (userId: string): Promise<void> => {
      if (limiter === null) return;
      try {
        await limiter.consume(userId);
      } catch (e) {
        if (e instanceof RateLimiterRes) throw new RateLimitedError(Math.max(1, Math.ceil(e.msBeforeNext / 1000)), 'AI requests', 'AI_QUOTA');
        throw e;
      }
    },
  };
};
