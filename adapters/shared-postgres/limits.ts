/**
 * Rate-limit counts in PostgreSQL (rate-limiter-flexible's RateLimiterPostgres on the shared
 * pool), so a limit holds across every server instead of multiplying by their number.
 */
import type pg from 'pg';
import { RateLimiterPostgres, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface CounterOptions {
  keyPrefix: string;
  points: number;
  /** The window, in seconds. */
  duration: number;
}

export const pgCounters =
  (pool: pg.Pool) =>
  (options: CounterOptions): RateLimiterAbstract =>
    new RateLimiterPostgres({ ...options, storeClient: pool, storeType: 'pool', tableName: 'riposte_limits', tableCreated: true, clearExpiredByTimeout: true });
