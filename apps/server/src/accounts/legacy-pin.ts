/**
 * Legacy mode's PIN, checked on the server (the spec compared it in the browser): the configured
 * RIPOSTE_LEGACY_PIN, compared in constant time; no PIN configured means legacy mode is off.
 * Wrong PINs are limited per user (5 per 15 minutes, in this process's memory like the login
 * limits): every attempt takes a point BEFORE the comparison, so parallel guesses cannot slip past
 * the limit, and a right PIN gives its point back.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ACCOUNT_MESSAGES } from '@core/monitoring';
import { AppError } from '@core/shared/errors';

export interface PinLimits {
  attempts: number;
  windowSeconds: number;
}

export const DEFAULT_PIN_LIMITS: PinLimits = { attempts: 5, windowSeconds: 15 * 60 };

export interface LegacyPinChecker {
  readonly enabled: boolean;
  /** Throws: 403 LEGACY_MODE_OFF, 429 PIN_RATE_LIMITED, 403 PIN_INCORRECT (field pin). */
  check(userId: string, pin: string): Promise<void>;
}

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

export const createLegacyPinChecker = (configured: string | undefined, limits: PinLimits = DEFAULT_PIN_LIMITS): LegacyPinChecker => {
  const expected = configured === undefined || configured.trim() === '' ? null : digest(configured.trim());
  const wrong = new RateLimiterMemory({ keyPrefix: 'legacy-pin', points: limits.attempts, duration: limits.windowSeconds });

  return {
    enabled: expected !== null,
    check: async (userId, pin) => {
      if (expected === null) throw new AppError('forbidden', ACCOUNT_MESSAGES.legacyModeOff, { reason: 'LEGACY_MODE_OFF' });
      const allowed = await wrong.consume(userId).then(
        () => true,
        (e: unknown) => {
          if (e instanceof RateLimiterRes) return false;
          throw e;
        },
      );
      if (!allowed) throw new AppError('rate_limited', ACCOUNT_MESSAGES.pinTooManyAttempts, { reason: 'PIN_RATE_LIMITED', field: 'pin' });
      if (timingSafeEqual(digest(pin.trim()), expected)) {
        // A right PIN gives its point back: only wrong ones use the allowance up.
        await wrong.reward(userId, 1);
        return;
      }
      throw new AppError('forbidden', ACCOUNT_MESSAGES.pinIncorrect, { reason: 'PIN_INCORRECT', field: 'pin' });
    },
  };
};
