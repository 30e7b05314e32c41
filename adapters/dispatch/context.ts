/**
 * What the dispatch jobs work with, and the small helpers every step uses: running a command on a
 * stream (events dated by the clock, acting as the system), the X client of a connected account
 * (its sealed tokens opened by the token vault), and the image of a reply.
 */
import { randomUUID } from 'node:crypto';
import type { TokenVault } from '@adapters/crypto-tokens';
import { openXTokens } from '@adapters/crypto-tokens';
import type { ReadDb } from '@adapters/projections-sqlite';
import type { AiWriter } from '@core/ai';
import { handleCommand } from '@core/eventstore/command-handler';
import { loadState } from '@core/eventstore/load-state';
import { SCHEDULER_ACTOR, type EventStore, type Position } from '@core/eventstore/types';
import type { ImageStore } from '@core/images';
import { uploadFileNameOf } from '@core/images';
import { DEFAULT_CLAIM_LEASE_MS, DEFAULT_FRESHNESS_MS, DEFAULT_GRACE_MS, DEFAULT_HOURLY_CAP, X_POST_BUDGETS, type PostBudgets, type PostWindow } from '@core/replies';
import type { Decider } from '@core/shared/decider';
import type { XAppClient, XMedia, XPost, XUserClient } from '@core/x';
import { xAccountDecider, xAccountStream, type ConnectedXAccount } from '@core/x-accounts';
import type { CrashHook } from './crash';
import { createPostLedger, type PostLedger } from './post-ledger';
import { createSendingGate, type SendingGate } from './sending';
import { X_SENDING_PROBE_EVERY_MS } from '@core/x-sending';

export interface DispatchSettings {
  /** How long a claim holds without its claimant finishing (core DEFAULT_CLAIM_LEASE_MS). */
  leaseMs: number;
  /** How late a run may still go out (core DEFAULT_GRACE_MS). */
  graceMs: number;
  /** How recent a target post must be, and how long a ready reply waits. */
  freshnessMs: number;
  hourlyCap: number;
  /** X's posting limits for one account and for the whole app (X_POST_BUDGETS: X's published ones). */
  postBudgets: PostBudgets;
  /**
   * Runs in flight at once in this process. Each mostly waits on X and the store: 300 runs due
   * together against an emulator answering in 300 ms took 16 s with 64 and 10 s with 256 (SQLite,
   * synchronous FULL, shared 2-core machine); the store's commits are what remains.
   */
  concurrency: number;
  /**
   * How long before its time a run is claimed and its reply prepared (target post, text, AI), so
   * that at the time itself only the post is left; 0: nothing before the time.
   */
  leadMs: number;
  /** Due runs taken per tick; follow-ups looked at per tick. */
  batch: number;
  /** At most one read of a connected account's own posts per this interval (detection, reconcile). */
  detectEveryMs: number;
  /**
   * An unconfirmed reply not found on X after this long is settled as not posted, and never while
   * its POST may still be under way (`postWindow`, core/replies notFoundSettlesFrom).
   */
  reconcileAfterMs: number;
  /** How long the X client may take over one post (adapters/x-twitter xPostWindow of RIPOSTE_X_TIMEOUT_MS). */
  postWindow: PostWindow;
  /** A run whose start could not reach X is tried again after this. */
  retryStartMs: number;
  /**
   * A run waiting for its target's next post (core/scheduling/post-rule.ts) reads the target's
   * recent posts again after this: one timeline read per waiting run and interval, shared by the
   * runs that answer the same account at the same moment.
   */
  postWaitPollMs: number;
  /** While X refuses the app (credits used up, keys not enrolled): how often it is asked again (core/x-sending). */
  probeEveryMs: number;
}

export const DEFAULT_DISPATCH_SETTINGS: DispatchSettings = {
  leaseMs: DEFAULT_CLAIM_LEASE_MS,
  graceMs: DEFAULT_GRACE_MS,
  freshnessMs: DEFAULT_FRESHNESS_MS,
  hourlyCap: DEFAULT_HOURLY_CAP,
  postBudgets: X_POST_BUDGETS,
  concurrency: 256,
  leadMs: 30_000,
  batch: 1_000,
  detectEveryMs: 30_000,
  reconcileAfterMs: 60_000,
  postWindow: { callDeadlineMs: 30_000, uploadSteps: 4 },
  retryStartMs: 30_000,
  postWaitPollMs: 60_000,
  probeEveryMs: X_SENDING_PROBE_EVERY_MS,
};

export interface DispatchLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface DispatchDeps {
  store: EventStore;
  db: () => ReadDb;
  /** Null when X is not configured: runs wait (their lateness still applies when X comes back). */
  x: XAppClient | null;
  /** Opens connected accounts' sealed tokens (the TokenVault; `prepare` loads a shared data key). */
  tokens: Pick<TokenVault, 'decrypt' | 'prepare'>;
  ai: AiWriter;
  /** Uploaded images, for replies that carry one. */
  images?: Pick<ImageStore, 'open'>;
  clock: () => Date;
  logger: DispatchLogger;
  /** RIPOSTE_LEGACY_USERNAMES: legacy users are unlimited. */
  legacyUsernames: readonly string[];
  /** Who claims runs: unique per process. */
  claimant: string;
  /**
   * This process's id as its heartbeat records it (adapters/scheduler/heartbeat): written on each
   * send, so that others settle its sends as soon as its heartbeat is known gone.
   */
  processId?: string;
  settings?: Partial<DispatchSettings>;
  crash?: CrashHook;
}

export interface Context extends Omit<DispatchDeps, 'settings' | 'crash'> {
  settings: DispatchSettings;
  crash: CrashHook;
  exec<C, E extends { type: string; data: unknown }, S>(stream: string, decider: Decider<C, E, S>, command: C, correlationId: string): Promise<{ events: E[]; state: S }>;
  load<C, E extends { type: string; data: unknown }, S>(stream: string, decider: Decider<C, E, S>): Promise<S>;
  nowIso(): string;
  /** The last position written for a correlation id (a reply's), taken once: routes wait for it. */
  takePosition(correlationId: string): Position | null;
  /** Keep the positions written for this correlation id until taken. */
  watch(correlationId: string): void;
  /**
   * A target account's recent posts: runs that ask while a read of the same account is under way
   * share its answer (runs due in the same second often answer the same account, and X's read
   * limits are per app); a run that asks after it ends reads afresh, so no post is missed.
   */
  recentPostsOf(xUserId: string): Promise<XPost[]>;
  /** When a prepared reply's target post was made (its ready link expires a freshness window later). */
  postTimes: Map<string, string>;
  /**
   * Replies whose trial reply this process has already taken (while the run waited for its time),
   * so that at its time only the send's own record stands before the POST. Only a shortcut: taking
   * it again is a no-op (ConsumeReply is idempotent by reply id), so a process that takes a run
   * over without this memory just takes it again.
   */
  trialTaken: Set<string>;
  /**
   * X clients opened for replies while they waited for their time (the account's tokens unsealed
   * ahead), by reply id, with the sealed tokens they were opened from. At the time the account's
   * stream is still read, and a client is used only if the account is connected with those same
   * tokens; only a shortcut, like `trialTaken`.
   */
  userClients: Map<string, { tokens: ConnectedXAccount['tokens']; client: XUserClient }>;
  /** X's posting budgets as this process sees them. */
  postLedger: PostLedger;
  /** Whether the installation may send to X now (paused while X refuses the app itself). */
  sending: SendingGate;
}


export const createContext = (deps: DispatchDeps): Context => {
  const { settings, crash, ...rest } = deps;
  const nowIso = () => deps.clock().toISOString();
  // Only the positions someone asked to keep (the admin's calls): the jobs' writes leave none behind.
  const positions = new Map<string, Position>();
  const watched = new Set<string>();
  const targetPosts = new Map<string, Promise<XPost[]>>();
  const ctx: Omit<Context, 'sending'> & { sending?: SendingGate } = {
    postTimes: new Map(),
    trialTaken: new Set(),
    userClients: new Map(),
    postLedger: createPostLedger(),
    recentPostsOf: (xUserId) => {
      const x = deps.x;
      if (x === null) return Promise.resolve([]);
      const pending = targetPosts.get(xUserId);
      if (pending !== undefined) return pending;
      const posts = x.recentPosts({ userId: xUserId, maxResults: 20 });
      targetPosts.set(xUserId, posts);
      const done = () => void targetPosts.delete(xUserId);
      posts.then(done, done);
      return posts;
    },
    ...rest,
    settings: { ...DEFAULT_DISPATCH_SETTINGS, ...settings },
    crash: crash ?? (() => undefined),
    nowIso,
    exec: async (stream, decider, command, correlationId) => {
      const result = await handleCommand(deps.store, stream, decider, command, {
        metadata: { actor: SCHEDULER_ACTOR, correlationId, causationId: null, time: nowIso() },
        newId: randomUUID,
      });
      if (result.position !== null && watched.has(correlationId)) {
        const before = positions.get(correlationId);
        if (before === undefined || result.position > before) positions.set(correlationId, result.position);
      }
      return { events: result.events, state: result.state };
    },
    watch: (correlationId: string) => void watched.add(correlationId),
    load: async (stream, decider) => (await loadState(deps.store, stream, decider)).state,
    takePosition: (correlationId) => {
      const position = positions.get(correlationId) ?? null;
      positions.delete(correlationId);
      watched.delete(correlationId);
      return position;
    },
  };
  ctx.sending = createSendingGate(ctx as Context, { probeEveryMs: ctx.settings.probeEveryMs });
  return ctx as Context;
};

/** The connected account as its stream has it (null when gone). */
export const connectedAccount = async (ctx: Context, accountId: string): Promise<ConnectedXAccount | null> => {
  const state = await ctx.load(xAccountStream(accountId), xAccountDecider);
  if (state.status !== 'connected') return null;
  // userClientOf opens the tokens next: their data key must be at hand (a shared store reads it here).
  await ctx.tokens.prepare(accountId, false);
  return state.account;
};

/** The X client acting as the account, or null when its tokens cannot be opened (disconnected). */
export const userClientOf = (ctx: Context, account: ConnectedXAccount): XUserClient | null => {
  if (ctx.x === null) return null;
  try {
    return ctx.x.asUser(openXTokens(ctx.tokens, account.userId, account.accountId, account.tokens));
  } catch (err) {
    ctx.logger.warn({ err, accountId: account.accountId }, 'the tokens of a connected X account could not be opened');
    return null;
  }
};

const sameTokens = (a: ConnectedXAccount['tokens'], b: ConnectedXAccount['tokens']): boolean =>
  a.accessToken === b.accessToken && a.accessSecret === b.accessSecret;

/** The reply's X client: the one opened while it waited when the account still has those tokens, else opened now (and kept). */
export const userClientFor = (ctx: Context, replyId: string, account: ConnectedXAccount): XUserClient | null => {
  const kept = ctx.userClients.get(replyId);
  if (kept !== undefined && sameTokens(kept.tokens, account.tokens)) return kept.client;
  const client = userClientOf(ctx, account);
  if (client === null) ctx.userClients.delete(replyId);
  else ctx.userClients.set(replyId, { tokens: account.tokens, client });
  return client;
};

/** The uploaded image a reply carries, read whole (null when none, or gone). */
export const mediaOf = async (ctx: Context, imageUrl: string | null): Promise<XMedia | null> => {
  if (imageUrl === null || ctx.images === undefined) return null;
  const fileName = uploadFileNameOf(imageUrl);
  if (fileName === null) return null;
  const opened = await ctx.images.open(fileName);
  if (opened === null) return null;
  const chunks: Uint8Array[] = [];
  for await (const chunk of opened.data) chunks.push(chunk);
  return { data: Buffer.concat(chunks), mimeType: opened.image.contentType };
};
