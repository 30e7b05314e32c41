/**
 * The emulator's remote control for tests and demos: what a person or X itself would do between
 * calls (post, delete, suspend, revoke), limits and the summon rule, and fault injection.
 */
import type { DuplicateRule, DuplicateRuleSetting, DuplicateRuleState } from './duplicates';
import type { IncomingMessage } from 'node:http';
import type { XReplySettings } from '@core/x';
import type { EmuMetrics } from './metrics';
import type { AppStanding } from './routes-api';
import type { Endpoint, RateLimits } from './rate-limits';
import type { XEmulatorStreamControl } from './stream';
import type { EmuApp, EmuPost, EmuUser, World } from './world';

export type Fault =
  /** Wait, then answer normally. */
  | { kind: 'delay'; ms: number }
  /**
   * Answer this status (default body: X's problem for it). afterStore: the call took effect first.
   * A 429 storm: status 429 with headers { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset':
   * epoch seconds, 'retry-after': seconds } and `times` (or exhaustRateLimit, which sets them itself).
   */
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string>; afterStore?: boolean }
  /** Close the connection without an answer. */
  | { kind: 'drop'; afterStore?: boolean }
  /** Never answer (the client times out). */
  | { kind: 'hang'; afterStore?: boolean }
  /** Answer the status line, then a byte of body now and then, never finishing (idle timeouts never fire). */
  | { kind: 'trickle'; everyMs?: number; afterStore?: boolean };

export interface FaultTarget {
  /** How many matching requests it applies to (default 1). */
  times?: number;
  method?: string;
  /** The request path, exactly or by pattern (default: every path). */
  path?: string | RegExp;
}

export interface RecordedXRequest {
  method: string;
  path: string;
  /** The query string, '?' included ('' when none). */
  search: string;
  host: string | undefined;
  /** 'oauth1', 'bearer', 'basic' or 'none'. */
  auth: string;
  at: number;
}

export interface PostOptions {
  replySettings?: XReplySettings;
  inReplyTo?: string;
  quote?: string;
}

export interface XEmulatorControl {
  readonly requests: readonly RecordedXRequest[];
  /** Makes a post now, as if the user posted on X (creates a sandbox user when unknown). */
  post(username: string, text: string, options?: PostOptions): EmuPost;
  deletePost(id: string): void;
  setReplySettings(id: string, settings: XReplySettings): void;
  getPost(id: string): EmuPost | undefined;
  /** A user's stored posts, newest first (deleted ones included, marked). */
  postsBy(username: string): EmuPost[];
  /** The post's public metrics now, as GET /2/tweets answers them (metrics.ts). */
  metricsOf(id: string): EmuMetrics;
  /** Pins some of a post's figures (the others keep growing); an empty object unpins. */
  setMetrics(id: string, metrics: Partial<EmuMetrics>): void;
  /** Pins figures for every post of the user without figures of its own, made already or later. */
  setAuthorMetrics(username: string, metrics: Partial<EmuMetrics>): void;
  createUser(username: string, options?: { displayName?: string; premium?: boolean }): EmuUser;
  user(username: string): EmuUser | undefined;
  suspend(username: string, suspended?: boolean): void;
  /** Puts the user on X Premium (25,000-character posts, subscription_type 'Premium'), or back off it. */
  setPremium(username: string, premium?: boolean): void;
  /** Revokes every access token of the user (as when they remove the app on X); returns how many. */
  revokeTokens(username: string): number;
  addApp(app: EmuApp): void;
  /** Reads, or switches, X's 2026 reply rule for self-serve apps. */
  summonRule(on?: boolean): boolean;
  /** Reads, or changes, X's refusal of repeated posts (duplicates.ts), with the count of refusals so far. */
  duplicateRule(next?: Partial<DuplicateRule>): DuplicateRuleState;
  /**
   * Reads, or switches, how X stands with the app (routes-api AppStanding): credits used up (402
   * CreditsDepleted on every v2 call), not enrolled (403 client-not-enrolled), the summon rule's words.
   */
  standing(next?: Partial<AppStanding>): AppStanding;
  /** The callback URLs registered for the main app at X (request_token refuses others, in XML); null: any. */
  callbackUrls(urls?: readonly string[] | null): readonly string[] | null;
  /** Reads, or sets, the time every API call takes (XEmulatorOptions.latencyMs). */
  latency(next?: { ms: number; jitterMs?: number }): { ms: number; jitterMs: number };
  exhaustRateLimit(endpoint: Endpoint, untilMs?: number): void;
  resetRateLimits(): void;
  inject(fault: Fault, target?: FaultTarget): void;
  /** The filtered stream: drop its connections, read the rules, set the heartbeat (stream.ts). */
  readonly stream: XEmulatorStreamControl;
  clearFaults(): void;
  /** Internal: used by the server. */
  record(req: IncomingMessage, method: string, path: string, search?: string): void;
  takeFaults(method: string, path: string): Fault[];
}

export interface Setting<T, In = T> {
  get(): T;
  set(value: In): void;
}

export const createControl = (
  world: World,
  limits: RateLimits,
  rule: Setting<boolean>,
  latency: Setting<{ ms: number; jitterMs: number }, { ms: number; jitterMs?: number }>,
  stream: XEmulatorStreamControl,
  duplicates: DuplicateRuleSetting,
  standing: AppStanding,
  mainApp: EmuApp,
): XEmulatorControl => {
  const requests: RecordedXRequest[] = [];
  const faults: { fault: Fault; left: number; target: FaultTarget }[] = [];

  const userNamed = (username: string): EmuUser => {
    const user = world.userByName(username.replace(/^@/, ''));
    if (!user) throw new Error(`No emulated X user @${username}`);
    return user;
  };
  const postWithId = (id: string): EmuPost => {
    world.visiblePost(id);
    const post = world.posts.get(id);
    if (!post) throw new Error(`No emulated post ${id}`);
    return post;
  };
  const matches = (t: FaultTarget, method: string, path: string) =>
    (t.method === undefined || t.method.toUpperCase() === method) &&
    (t.path === undefined || (typeof t.path === 'string' ? t.path === path : t.path.test(path)));

  return {
    requests,
    post: (username, text, options = {}) => {
      const user = world.userByName(username.replace(/^@/, '')) ?? world.addUser({ username: username.replace(/^@/, '') });
      const parent = options.inReplyTo ? postWithId(options.inReplyTo) : undefined;
      return world.addPost(user.id, {
        text,
        replySettings: options.replySettings ?? 'everyone',
        mediaKeys: [],
        ...(parent ? { replyToId: parent.id, replyToUserId: parent.authorId } : {}),
        ...(options.quote ? { quotedId: postWithId(options.quote).id } : {}),
      });
    },
    deletePost: (id) => void (postWithId(id).deleted = true),
    setReplySettings: (id, settings) => void (postWithId(id).replySettings = settings),
    getPost: (id) => {
      world.visiblePost(id);
      return world.posts.get(id);
    },
    postsBy: (username) => world.postsBy(userNamed(username).id),
    metricsOf: (id) => world.metricsOf(postWithId(id)),
    setMetrics: (id, metrics) => void world.pinnedMetrics.set(postWithId(id).id, { ...metrics }),
    setAuthorMetrics: (username, metrics) => void world.pinnedAuthorMetrics.set(userNamed(username).id, { ...metrics }),
    createUser: (username, options = {}) =>
      world.addUser({ username, ...(options.displayName ? { displayName: options.displayName } : {}), premium: options.premium ?? false }),
    user: (username) => world.userByName(username.replace(/^@/, '')),
    suspend: (username, suspended = true) => void (userNamed(username).suspended = suspended),
    setPremium: (username, premium = true) => void (userNamed(username).premium = premium),
    revokeTokens: (username) => {
      const user = userNamed(username);
      let n = 0;
      for (const t of world.accessTokens.values()) {
        if (t.userId === user.id && !t.revoked) {
          t.revoked = true;
          n += 1;
        }
      }
      return n;
    },
    addApp: (app) => void world.apps.set(app.consumerKey, app),
    summonRule: (on) => {
      if (on !== undefined) rule.set(on);
      return rule.get();
    },
    duplicateRule: (next) => {
      if (next !== undefined) duplicates.set(next);
      return duplicates.get();
    },
    standing: (next) => {
      if (next !== undefined) Object.assign(standing, next);
      return { ...standing };
    },
    callbackUrls: (urls) => {
      if (urls === null) delete mainApp.callbackUrls;
      else if (urls !== undefined) mainApp.callbackUrls = [...urls];
      return mainApp.callbackUrls ?? null;
    },
    latency: (next) => {
      if (next !== undefined) latency.set(next);
      return latency.get();
    },
    exhaustRateLimit: (endpoint, untilMs) => limits.exhaust(endpoint, untilMs),
    resetRateLimits: () => limits.reset(),
    inject: (fault, target = {}) => void faults.push({ fault, left: target.times ?? 1, target }),
    stream,
    clearFaults: () => void faults.splice(0),
    record: (req, method, path, search = '') => {
      const authorization = req.headers.authorization ?? '';
      const auth = /^OAuth /i.test(authorization) ? 'oauth1' : /^Bearer /i.test(authorization) ? 'bearer' : /^Basic /i.test(authorization) ? 'basic' : 'none';
      requests.push({ method, path, search, host: req.headers.host, auth, at: world.now() });
      if (requests.length > 5000) requests.splice(0, requests.length - 5000);
    },
    takeFaults: (method, path) => {
      const taken: Fault[] = [];
      for (const entry of [...faults]) {
        if (!matches(entry.target, method, path)) continue;
        taken.push(entry.fault);
        entry.left -= 1;
        if (entry.left <= 0) faults.splice(faults.indexOf(entry), 1);
      }
      return taken;
    },
  };
};
