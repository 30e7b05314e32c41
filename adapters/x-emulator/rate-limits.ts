/**
 * X's rate limits as the emulator applies them: a 15-minute window per endpoint and caller, with
 * x-rate-limit-limit / -remaining / -reset on every answer, and for posting a 24-hour limit per
 * user (x-user-limit-24hour-*) and per app (x-app-limit-24hour-*, shared by all the app's users).
 * A call over a limit gets 429 Too Many Requests.
 */
export const ENDPOINTS = [
  'GET /2/users/me',
  'GET /2/users/by/username',
  'GET /2/users/:id/tweets',
  'GET /2/tweets/:id',
  'GET /2/tweets',
  'GET /2/tweets/search/recent',
  'POST /2/tweets',
  'POST /2/media/upload',
  'GET /2/tweets/search/stream',
  'GET /2/tweets/search/stream/rules',
  'POST /2/tweets/search/stream/rules',
] as const;
export type Endpoint = (typeof ENDPOINTS)[number];

/** Per 15 minutes per caller; generous defaults so tests only hit them on purpose. */
export const DEFAULT_LIMITS: Readonly<Record<Endpoint, number>> = {
  'GET /2/users/me': 75,
  'GET /2/users/by/username': 300,
  'GET /2/users/:id/tweets': 900,
  'GET /2/tweets/:id': 900,
  'GET /2/tweets': 900,
  'GET /2/tweets/search/recent': 450,
  'POST /2/tweets': 300,
  'POST /2/media/upload': 500,
  // X: 50 connection attempts, 450 rule reads and 100 rule changes per 15 minutes per app.
  'GET /2/tweets/search/stream': 50,
  'GET /2/tweets/search/stream/rules': 450,
  'POST /2/tweets/search/stream/rules': 100,
};
export const DEFAULT_POSTS_PER_DAY = 2400;
/** X's app-level cap on posts per 24 hours (self-serve). */
export const DEFAULT_APP_POSTS_PER_DAY = 10_000;

const WINDOW_MS = 15 * 60_000;
const DAY_MS = 86_400_000;

interface Window {
  limit: number;
  used: number;
  resetMs: number;
}

export interface LimitCheck {
  ok: boolean;
  headers: Record<string, string>;
}

export const createRateLimits = (
  now: () => number,
  limits: Partial<Record<Endpoint, number>> = {},
  postsPerDay = DEFAULT_POSTS_PER_DAY,
  appPostsPerDay = DEFAULT_APP_POSTS_PER_DAY,
) => {
  const windows = new Map<string, Window>();
  /** Endpoint -> until when every caller is refused (control.exhaustRateLimit). */
  const exhausted = new Map<Endpoint, number>();

  const windowOf = (key: string, limit: number, length: number): Window => {
    const existing = windows.get(key);
    if (existing && existing.resetMs > now()) return existing;
    const fresh = { limit, used: 0, resetMs: now() + length };
    windows.set(key, fresh);
    return fresh;
  };
  const seconds = (ms: number) => String(Math.ceil(ms / 1000));

  /** `post`: a user's post through an app, which also counts against both 24-hour limits. */
  const take = (endpoint: Endpoint, caller: string, post?: { userId: string; appKey: string }): LimitCheck => {
    const w = windowOf(`${endpoint}|${caller}`, limits[endpoint] ?? DEFAULT_LIMITS[endpoint], WINDOW_MS);
    const forcedUntil = exhausted.get(endpoint);
    const forced = forcedUntil !== undefined && forcedUntil > now();
    const headers: Record<string, string> = { 'x-rate-limit-limit': String(w.limit) };
    let ok = !forced && w.used < w.limit;
    if (ok) w.used += 1;
    headers['x-rate-limit-remaining'] = String(forced ? 0 : w.limit - w.used);
    headers['x-rate-limit-reset'] = seconds(forced ? forcedUntil : w.resetMs);
    if (endpoint === 'POST /2/tweets' && post !== undefined) {
      const day = windowOf(`24h|${post.userId}`, postsPerDay, DAY_MS);
      const appDay = windowOf(`24h-app|${post.appKey}`, appPostsPerDay, DAY_MS);
      if (ok && (day.used >= day.limit || appDay.used >= appDay.limit)) {
        ok = false;
        w.used -= 1;
        headers['x-rate-limit-remaining'] = String(w.limit - w.used);
      } else if (ok) {
        day.used += 1;
        appDay.used += 1;
      }
      headers['x-user-limit-24hour-limit'] = String(day.limit);
      headers['x-user-limit-24hour-remaining'] = String(day.limit - day.used);
      headers['x-user-limit-24hour-reset'] = seconds(day.resetMs);
      headers['x-app-limit-24hour-limit'] = String(appDay.limit);
      headers['x-app-limit-24hour-remaining'] = String(appDay.limit - appDay.used);
      headers['x-app-limit-24hour-reset'] = seconds(appDay.resetMs);
    }
    return { ok, headers };
  };

  return {
    take,
    /** Every caller of `endpoint` gets 429 until `untilMs` (default: 15 minutes from now). */
    exhaust: (endpoint: Endpoint, untilMs = now() + WINDOW_MS) => void exhausted.set(endpoint, untilMs),
    reset: () => {
      windows.clear();
      exhausted.clear();
    },
  };
};
export type RateLimits = ReturnType<typeof createRateLimits>;
