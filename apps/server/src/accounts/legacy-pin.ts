/**
 * Legacy mode's PIN, checked on the server (the spec compared it in the browser): the configured
 * RIPOSTE_LEGACY_PIN, compared in constant time; no PIN configured means legacy mode is off.
 *
 * One PIN guards every account, so guesses are limited three ways (in this process's memory, like
 * the login limits): per user, per address, and overall. Per user alone let anyone with many
 * accounts (or many addresses) guess on; the overall count caps the guessing rate of the whole
 * installation, at the price that a guessing attacker can shut legacy mode for everyone until the
 * window ends. Every attempt takes a point from all three BEFORE the comparison, so parallel
 * guesses cannot slip past, and a right PIN gives its points back.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { ACCOUNT_MESSAGES } from '@core/monitoring';
import { AppError } from '@core/shared/errors';
import { createAllowance, type Counters } from '../http/rate-limit';

export interface PinLimit {
  attempts: number;
  windowSeconds: number;
}

export interface PinLimits {
  perUser: PinLimit;
  perAddress: PinLimit;
  overall: PinLimit;
}

export const DEFAULT_PIN_LIMITS: PinLimits = {
  perUser: { attempts: 5, windowSeconds: 15 * 60 },
  perAddress: { attempts: 20, windowSeconds: 60 * 60 },
  overall: { attempts: 50, windowSeconds: 60 * 60 },
};

/** Who is guessing. */
export interface PinAttempt {
  userId: string;
  address: string;
}

export interface LegacyPinChecker {
  readonly enabled: boolean;
  /** True when the configured PIN is short enough to be guessed within weeks at the overall limit. */
  readonly weak: boolean;
  /** Throws: 403 LEGACY_MODE_OFF, 429 PIN_RATE_LIMITED (Retry-After), 403 PIN_INCORRECT (field pin). */
  check(attempt: PinAttempt, pin: string): Promise<void>;
}

/** 429 on the PIN field, with Retry-After (the error middleware reads `retryAfterSeconds`). */
export class PinRateLimitedError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super('rate_limited', ACCOUNT_MESSAGES.pinTooManyAttempts(Math.max(1, Math.ceil(retryAfterSeconds / 60))), {
      reason: 'PIN_RATE_LIMITED',
      field: 'pin',
    });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

const OVERALL_KEY = 'all';

export const createLegacyPinChecker = (configured: string | undefined, limits: PinLimits = DEFAULT_PIN_LIMITS, counters?: Counters): LegacyPinChecker => {
  const pin = configured === undefined || configured.trim() === '' ? null : configured.trim();
  const expected = pin === null ? null : digest(pin);
  const limiter = (name: string, limit: PinLimit) =>
    createAllowance(`legacy-pin-${name}`, { points: limit.attempts, windowSeconds: limit.windowSeconds }, counters);
  const byUser = limiter('user', limits.perUser);
  const byAddress = limiter('address', limits.perAddress);
  const overall = limiter('overall', limits.overall);

  return {
    enabled: expected !== null,
    weak: pin !== null && pin.length < 8,
    check: async ({ userId, address }, given) => {
      if (expected === null) throw new AppError('forbidden', ACCOUNT_MESSAGES.legacyModeOff, { reason: 'LEGACY_MODE_OFF' });
      const waits = await Promise.all([byUser.take(userId), byAddress.take(address), overall.take(OVERALL_KEY)]);
      const wait = Math.max(...waits);
      if (wait > 0) throw new PinRateLimitedError(wait);
      if (timingSafeEqual(digest(given.trim()), expected)) {
        // A right PIN gives its points back: only wrong ones use the allowances up.
        await Promise.all([byUser.reward(userId), byAddress.reward(address), overall.reward(OVERALL_KEY)]);
        return;
      }
      throw new AppError('forbidden', ACCOUNT_MESSAGES.pinIncorrect, { reason: 'PIN_INCORRECT', field: 'pin' });
    },
  };
};
