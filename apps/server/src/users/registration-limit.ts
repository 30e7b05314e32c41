/**
 * Sign-ups per address (rate-limiter-flexible, in memory like the login limits, see
 * http/rate-limit.ts). Every registration that passes the form's checks takes a point before the
 * username is looked up or the password hashed, so a flood neither burns CPU nor creates accounts
 * without bound (each account has its own quotas), and the "taken" answer cannot be used to list
 * usernames quickly.
 */
import { createAllowance, type Counters } from '../http/rate-limit';

export interface RegistrationLimits {
  /** Registrations per address per window; 0 turns the limit off. */
  perAddress: number;
  windowSeconds: number;
}

export const REGISTRATION_WINDOW_SECONDS = 60 * 60;

export interface RegistrationLimiter {
  /** Counts one registration for the address; RateLimitedError (429) once over the limit. */
  attempt(address: string): Promise<void>;
}

export const createRegistrationLimiter = (limits: RegistrationLimits, counters?: Counters): RegistrationLimiter => {
  const byAddress = createAllowance('register-address', { points: limits.perAddress, windowSeconds: limits.windowSeconds }, counters);
  return { attempt: (address) => byAddress.spend(address, 'sign-ups from this address', 'REGISTRATION_RATE_LIMITED') };
};
