/**
 * OAuth requests in flight (sign in with X, connect, reconnect), never in the read database: the
 * request token secret must not leave the server, and a request is worth nothing after a restart
 * (the user simply starts again). One process keeps them in memory (`createPendingRequests`);
 * servers behind a load balancer share them in PostgreSQL (adapters/shared-postgres/pending.ts),
 * so a flow started on one finishes on another. Both answer the same promises. Each request is known to the browser by a random token (256
 * bits) and to X by its request token; both find it. A request expires after `ttlMs`, is used at
 * most once, and then keeps its outcome for the status poll (GET /api/x/auth/status/:token) until
 * it expires too.
 *
 * Each request carries the binding of the browser that started it (binding.ts) and the address
 * range it came from (`addressRange`: /24 for IPv4, /56 for IPv6, a household's or a hoster's
 * allocation). A new request always gets a slot, and makes room by age, always among the
 * flooder's own first:
 * - one browser keeps at most `perBinding` requests: a new one replaces that browser's oldest;
 * - one range keeps at most `perRange`: a new one replaces the range's oldest;
 * - with `max` requests in all, the oldest request of the range holding the most goes.
 * A flood from many addresses thus fills its own ranges and then evicts from them; a visitor
 * mid-way, alone in a range, is pushed out only once every range holds one request (10,000 ranges
 * at the default bounds), and even then a new start still succeeds.
 */
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';

export type PendingPurpose =
  | { kind: 'sign_in' }
  | { kind: 'connect'; userId: string }
  | { kind: 'reconnect'; userId: string; accountId: string };

export type PendingStatus =
  | { status: 'pending' }
  | { status: 'success'; username: string; message: string }
  | { status: 'error'; message: string };

export interface PendingRequest {
  token: string;
  /** Who may finish it: a hash of the starting session or browser nonce (binding.ts). */
  binding: string;
  /** The address range that started it (`addressRange`). */
  range: string;
  requestToken: string;
  requestTokenSecret: string;
  purpose: PendingPurpose;
  mode: 'pin' | 'callback';
  createdAt: number;
  outcome: PendingStatus;
  /** True once the PIN or verifier was spent (a second use is refused). */
  used: boolean;
  /** PINs X refused for this request so far (a typo is not the end of it: see `release`). */
  wrongPins: number;
}

export const PENDING_TTL_MS = 15 * 60_000;
export interface PendingLimits {
  perBinding: number;
  perRange: number;
  max: number;
}
export const PENDING_LIMITS: PendingLimits = { perBinding: 5, perRange: 100, max: 10_000 };
/** PINs X may refuse for one request before it is given up: a typo or two, never a guessing run (7 digits). */
export const MAX_WRONG_PINS = 5;

/** The 16 bits of each IPv6 group, '::' expanded; null when not an IPv6 address. */
const ipv6Groups = (address: string): number[] | null => {
  const [head = '', tail] = address.split('::');
  const part = (text: string) => (text === '' ? [] : text.split(':'));
  let left = part(head);
  let right = tail === undefined ? [] : part(tail);
  // An embedded IPv4 tail (::ffff:1.2.3.4) is two groups.
  const fixV4 = (groups: string[]) => {
    const last = groups[groups.length - 1] ?? '';
    if (isIP(last) !== 4) return groups;
    const b = last.split('.').map(Number);
    return [...groups.slice(0, -1), (((b[0] ?? 0) << 8) | (b[1] ?? 0)).toString(16), (((b[2] ?? 0) << 8) | (b[3] ?? 0)).toString(16)];
  };
  if (tail === undefined) left = fixV4(left);
  else right = fixV4(right);
  const zeros = tail === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(Math.max(0, zeros)).fill('0'), ...right].map((g) => Number.parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
};

/**
 * The range an address belongs to for the bounds above: IPv4 /24; IPv6 /56 (what a provider hands
 * one customer, so a /64's 2^64 addresses count as one). An IPv4-mapped IPv6 address counts as its
 * IPv4 address. Anything else (no address) is a range of its own name.
 */
export const addressRange = (address: string): string => {
  const bare = address.replace(/%.*$/, '');
  if (isIP(bare) === 4) return `${bare.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIP(bare) === 6) {
    const g = ipv6Groups(bare.toLowerCase());
    if (g === null) return bare;
    if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return addressRange(`${(g[6] ?? 0) >> 8}.${(g[6] ?? 0) & 255}.${(g[7] ?? 0) >> 8}.${(g[7] ?? 0) & 255}`);
    const hex = (x: number | undefined) => (x ?? 0).toString(16);
    return `${hex(g[0])}:${hex(g[1])}:${hex(g[2])}:${hex((g[3] ?? 0) & 0xff00)}::/56`;
  }
  return bare;
};


/** The requests in flight; every call may reach a shared database, so each answers a promise. */
export interface PendingRequests {
  /** Keeps a new request, making room by the bounds above (never refuses). */
  add(entry: Omit<PendingRequest, 'token' | 'createdAt' | 'outcome' | 'used' | 'wrongPins'>): Promise<PendingRequest>;
  get(token: string): Promise<PendingRequest | null>;
  byRequestToken(requestToken: string): Promise<PendingRequest | null>;
  latestReconnectOf(userId: string, accountId: string): Promise<PendingRequest | null>;
  /** Marks the request used; false when it was already used (the caller refuses). Atomic across processes. */
  take(request: PendingRequest): Promise<boolean>;
  /**
   * X refused the PIN but still holds its request token (a wrong PIN does not spend it): the
   * request may be finished with the right PIN, until MAX_WRONG_PINS. False: given up.
   */
  release(request: PendingRequest): Promise<boolean>;
  settle(request: PendingRequest, outcome: PendingStatus): Promise<void>;
}

export const newPendingToken = (): string => randomBytes(32).toString('base64url');

export const createPendingRequests = (now: () => number = Date.now, ttlMs = PENDING_TTL_MS, limits = PENDING_LIMITS): PendingRequests => {
  const byToken = new Map<string, PendingRequest>();
  const byRequestToken = new Map<string, string>();
  /** Tokens of each binding and of each range, oldest first. */
  const byBinding = new Map<string, string[]>();
  const byRange = new Map<string, string[]>();
  // POST /api/x/auth/reconnect-pin names the account, not the request: the latest one is used.
  const latestReconnect = new Map<string, string>();
  const reconnectKey = (userId: string, accountId: string) => `${userId}\u0000${accountId}`;

  const unlist = (index: Map<string, string[]>, key: string, token: string) => {
    const rest = index.get(key)?.filter((t) => t !== token) ?? [];
    if (rest.length === 0) index.delete(key);
    else index.set(key, rest);
  };

  const remove = (token: string) => {
    const p = byToken.get(token);
    if (p === undefined) return;
    byToken.delete(token);
    byRequestToken.delete(p.requestToken);
    unlist(byBinding, p.binding, token);
    unlist(byRange, p.range, token);
  };

  /** Removes the oldest of `index[key]` until `keep` are left. */
  const trim = (index: Map<string, string[]>, key: string, keep: number) => {
    const mine = index.get(key) ?? [];
    for (const oldest of mine.slice(0, Math.max(0, mine.length - keep))) remove(oldest);
  };

  const sweep = () => {
    const limit = now() - ttlMs;
    for (const [token, p] of byToken) if (p.createdAt < limit) remove(token);
    for (const [key, token] of latestReconnect) if (!byToken.has(token)) latestReconnect.delete(key);
  };

  /** The oldest request of the fullest range (the oldest first among equally full ones). */
  const evictOne = () => {
    let victim: PendingRequest | undefined;
    let most = 0;
    for (const tokens of byRange.values()) {
      const oldest = byToken.get(tokens[0] ?? '');
      if (oldest === undefined) continue;
      if (tokens.length > most || (tokens.length === most && victim !== undefined && oldest.createdAt < victim.createdAt)) {
        most = tokens.length;
        victim = oldest;
      }
    }
    if (victim !== undefined) remove(victim.token);
  };

  const live = (p: PendingRequest | undefined): PendingRequest | null => (p === undefined || p.createdAt < now() - ttlMs ? null : p);

  return {
    async add(entry) {
      sweep();
      trim(byBinding, entry.binding, limits.perBinding - 1);
      trim(byRange, entry.range, limits.perRange - 1);
      while (byToken.size >= limits.max && byToken.size > 0) evictOne();
      const request: PendingRequest = { ...entry, token: newPendingToken(), createdAt: now(), outcome: { status: 'pending' }, used: false, wrongPins: 0 };
      byToken.set(request.token, request);
      byRequestToken.set(request.requestToken, request.token);
      byBinding.set(entry.binding, [...(byBinding.get(entry.binding) ?? []), request.token]);
      byRange.set(entry.range, [...(byRange.get(entry.range) ?? []), request.token]);
      if (request.purpose.kind === 'reconnect') latestReconnect.set(reconnectKey(request.purpose.userId, request.purpose.accountId), request.token);
      return request;
    },
    get: async (token) => live(byToken.get(token)),
    byRequestToken: async (requestToken) => {
      const token = byRequestToken.get(requestToken);
      return token === undefined ? null : live(byToken.get(token));
    },
    latestReconnectOf: async (userId, accountId) => {
      const token = latestReconnect.get(reconnectKey(userId, accountId));
      return token === undefined ? null : live(byToken.get(token));
    },
    async take(request) {
      if (request.used) return false;
      request.used = true;
      return true;
    },
    async release(request) {
      request.wrongPins += 1;
      if (request.wrongPins >= MAX_WRONG_PINS) return false;
      request.used = false;
      return true;
    },
    async settle(request, outcome) {
      request.outcome = outcome;
    },
  };
};

