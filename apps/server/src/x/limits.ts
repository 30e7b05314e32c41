/**
 * Limits on the X calls a browser can make us make. Each OAuth start asks X for a request token and
 * keeps a pending request in memory; the test tweet posts at X in the user's name. Without limits
 * a script (the public sign-in start needs no account) spends the app's X quota and fills memory.
 *
 * - sign in with X, started by anyone: per client address;
 * - connect and reconnect starts: per user;
 * - the test tweet: per user.
 * Counted before X is asked, so parallel requests cannot slip past; over the limit: 429 with
 * Retry-After (RateLimitedError). Counts live in this process's memory, like the login limiter's.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimitedError } from '../http/rate-limit';

export interface XLimit {
  points: number;
  windowSeconds: number;
}

export interface XLimits {
  signInStartsPerAddress: XLimit;
  connectStartsPerUser: XLimit;
  testTweetsPerUser: XLimit;
}

export const DEFAULT_X_LIMITS: XLimits = {
  signInStartsPerAddress: { points: 20, windowSeconds: 10 * 60 },
  connectStartsPerUser: { points: 10, windowSeconds: 10 * 60 },
  testTweetsPerUser: { points: 5, windowSeconds: 15 * 60 },
};

const limiter = (keyPrefix: string, limit: XLimit) => {
  const counts = new RateLimiterMemory({ keyPrefix, points: limit.points, duration: limit.windowSeconds });
  return async (key: string, what: string, reason: string): Promise<void> => {
    try {
      await counts.consume(key);
    } catch (e) {
      if (e instanceof RateLimiterRes) throw new RateLimitedError(Math.max(1, Math.ceil(e.msBeforeNext / 1000)), what, reason);
      throw e;
    }
  };
};

export const createXLimits = (limits: XLimits = DEFAULT_X_LIMITS) => {
  const signIn = limiter('x-sign-in-address', limits.signInStartsPerAddress);
  const connect = limiter('x-connect-user', limits.connectStartsPerUser);
  const tweet = limiter('x-test-tweet-user', limits.testTweetsPerUser);
  return {
    signInStart: (address: string) => signIn(address, 'sign-in attempts with X from this address', 'X_START_RATE_LIMITED'),
    connectStart: (userId: string) => connect(userId, 'X connection attempts', 'X_START_RATE_LIMITED'),
    testTweet: (userId: string) => tweet(userId, 'test tweets', 'TEST_TWEET_RATE_LIMITED'),
  };
};

export type XLimiters = ReturnType<typeof createXLimits>;
