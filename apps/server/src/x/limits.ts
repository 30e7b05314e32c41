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
import { createAllowance, type AllowanceLimit, type Counters } from '../http/rate-limit';

export interface XLimits {
  signInStartsPerAddress: AllowanceLimit;
  connectStartsPerUser: AllowanceLimit;
  testTweetsPerUser: AllowanceLimit;
}

export const DEFAULT_X_LIMITS: XLimits = {
  signInStartsPerAddress: { points: 20, windowSeconds: 10 * 60 },
  connectStartsPerUser: { points: 10, windowSeconds: 10 * 60 },
  testTweetsPerUser: { points: 5, windowSeconds: 15 * 60 },
};

export const createXLimits = (limits: XLimits = DEFAULT_X_LIMITS, counters?: Counters) => {
  const signIn = createAllowance('x-sign-in-address', limits.signInStartsPerAddress, counters);
  const connect = createAllowance('x-connect-user', limits.connectStartsPerUser, counters);
  const tweet = createAllowance('x-test-tweet-user', limits.testTweetsPerUser, counters);
  return {
    signInStart: (address: string) => signIn.spend(address, 'sign-in attempts with X from this address', 'X_START_RATE_LIMITED'),
    connectStart: (userId: string) => connect.spend(userId, 'X connection attempts', 'X_START_RATE_LIMITED'),
    testTweet: (userId: string) => tweet.spend(userId, 'test tweets', 'TEST_TWEET_RATE_LIMITED'),
  };
};

export type XLimiters = ReturnType<typeof createXLimits>;
