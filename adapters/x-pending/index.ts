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
 * Each request carries the binding of the browser that started it (binding.ts). One browser keeps
 * at most `perBinding` requests: a new one replaces that browser's oldest, so a flood of starts
 * only ever pushes out the flooder's own requests. Beyond `max` requests in all, new starts are
 * refused (`hasRoom`) rather than evicting anybody's.
 */
import { randomBytes } from 'node:crypto';

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
export const PENDING_LIMITS = { perBinding: 5, max: 10_000 };
/** PINs X may refuse for one request before it is given up: a typo or two, never a guessing run (7 digits). */
export const MAX_WRONG_PINS = 5;


/** The requests in flight; every call may reach a shared database, so each answers a promise. */
export interface PendingRequests {
  /** False when a new request for this binding would exceed the bound on requests in all (asked before calling X). */
  hasRoom(binding: string): Promise<boolean>;
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
  /** Tokens of each binding, oldest first. */
  const byBinding = new Map<string, string[]>();
  // POST /api/x/auth/reconnect-pin names the account, not the request: the latest one is used.
  const latestReconnect = new Map<string, string>();
  const reconnectKey = (userId: string, accountId: string) => `${userId}\u0000${accountId}`;

  const remove = (token: string) => {
    const p = byToken.get(token);
    if (p === undefined) return;
    byToken.delete(token);
    byRequestToken.delete(p.requestToken);
    const mine = byBinding.get(p.binding)?.filter((t) => t !== token) ?? [];
    if (mine.length === 0) byBinding.delete(p.binding);
    else byBinding.set(p.binding, mine);
  };

  const sweep = () => {
    const limit = now() - ttlMs;
    for (const [token, p] of byToken) if (p.createdAt < limit) remove(token);
    for (const [key, token] of latestReconnect) if (!byToken.has(token)) latestReconnect.delete(key);
  };

  const live = (p: PendingRequest | undefined): PendingRequest | null => (p === undefined || p.createdAt < now() - ttlMs ? null : p);

  return {
    async hasRoom(binding) {
      sweep();
      return byToken.size < limits.max || (byBinding.get(binding)?.length ?? 0) >= limits.perBinding;
    },
    async add(entry) {
      sweep();
      const mine = byBinding.get(entry.binding) ?? [];
      for (const oldest of mine.slice(0, Math.max(0, mine.length - limits.perBinding + 1))) remove(oldest);
      const request: PendingRequest = { ...entry, token: newPendingToken(), createdAt: now(), outcome: { status: 'pending' }, used: false, wrongPins: 0 };
      byToken.set(request.token, request);
      byRequestToken.set(request.requestToken, request.token);
      byBinding.set(entry.binding, [...(byBinding.get(entry.binding) ?? []), request.token]);
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

