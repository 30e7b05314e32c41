/**
 * The emulator's world: apps, users, tokens, posts and uploaded media, held in memory. Simulated
 * accounts' posts are generated on demand (schedule.ts) and then kept like any other post, so a
 * deleted simulated post stays deleted.
 */
import { randomBytes } from 'node:crypto';
import { findMentions } from '@core/text/mentions';
import type { XApiAccess, XPost, XReplySettings } from '@core/x';
import { compareIds, decodeSnowflake, LIVE_WORKER, snowflake } from './ids';
import { emulatedMetrics, type EmuMetrics } from './metrics';
import { localDatesBetween, postsOfDay, type SimulatedAccount } from './schedule';

export interface EmuApp {
  name: string;
  consumerKey: string;
  consumerSecret: string;
  /** 'self_serve' apps are bound by the 2026 summon rule (when it is on); 'enterprise' apps are not. */
  access: XApiAccess;
  /** The app-only token /oauth2/token hands out (also accepted when configured as a bearer). */
  bearerToken: string;
  /** When set, request_token accepts only these callbacks (and 'oob'), like X's app settings. */
  callbackUrls?: readonly string[];
}

export interface EmuUser {
  id: string;
  username: string;
  displayName: string;
  description: string;
  profileImageUrl: string;
  verified: boolean;
  followers: number;
  createdAt: number;
  suspended: boolean;
  /** May post up to 25,000 weighted characters (X Premium) instead of 280. */
  premium: boolean;
  simulated?: SimulatedAccount;
}

export interface EmuPost {
  id: string;
  authorId: string;
  text: string;
  createdAt: number;
  conversationId: string;
  replyToId?: string;
  replyToUserId?: string;
  quotedId?: string;
  repostOfId?: string;
  replySettings: XReplySettings;
  mediaKeys: string[];
  deleted: boolean;
}

export interface RequestToken {
  token: string;
  secret: string;
  consumerKey: string;
  callback: string;
  createdAt: number;
  userId?: string;
  verifier?: string;
}

export interface AccessToken {
  token: string;
  secret: string;
  consumerKey: string;
  userId: string;
  revoked: boolean;
}

export interface EmuMedia {
  id: string;
  ownerId: string;
  mediaType: string;
  totalBytes: number;
  chunks: Map<number, Buffer>;
  finalized: boolean;
}

/** How far back timelines reach (the simulated past is generated on demand within it). */
export const TIMELINE_DAYS = 7;
const DAY_MS = 86_400_000;

export const newSecret = (bytes = 24) => randomBytes(bytes).toString('base64url');

/** Where the ids of new users start, by default: the first new user is this + 1. */
export const DEFAULT_USER_ID_BASE = 1_700_000_000_000_000_000n;

/**
 * `userIdBase`: new users get ids from userIdBase + 1 on. A test on an event store that outlives the
 * emulator (a KurrentDB kept between runs) starts each run elsewhere, so the X accounts connected by
 * an earlier run (reserved by X user id) do not collide with this run's.
 */
export const createWorld = (seed: number, now: () => number, userIdBase: bigint = DEFAULT_USER_ID_BASE, simulatedPosts = true) => {
  const apps = new Map<string, EmuApp>();
  const users = new Map<string, EmuUser>();
  const byName = new Map<string, string>();
  const byWorker = new Map<number, string>();
  const posts = new Map<string, EmuPost>();
  const generated = new Set<string>();
  const requestTokens = new Map<string, RequestToken>();
  const accessTokens = new Map<string, AccessToken>();
  const media = new Map<string, EmuMedia>();
  /** Figures pinned by control: per post, and per author (for posts not made yet). */
  const pinnedMetrics = new Map<string, Partial<EmuMetrics>>();
  const pinnedAuthorMetrics = new Map<string, Partial<EmuMetrics>>();
  let liveSequence = 0;
  /** Told of every post made live (the filtered stream pushes them). */
  const newPostListeners = new Set<(post: EmuPost) => void>();
  let userCounter = 0;

  const userByName = (username: string) => {
    const id = byName.get(username.toLowerCase());
    return id === undefined ? undefined : users.get(id);
  };

  const addUser = (input: Partial<EmuUser> & { username: string }): EmuUser => {
    const existing = userByName(input.username);
    if (existing) return existing;
    const nextId = () => {
      // Users restored from a saved world keep their ids; a new one never takes an existing id.
      do userCounter += 1;
      while (users.has(String(userIdBase + BigInt(userCounter))));
      return String(userIdBase + BigInt(userCounter));
    };
    const id = input.id ?? (input.simulated ? String(10_000_000 + input.simulated.worker * 7919) : nextId());
    const user: EmuUser = {
      id,
      username: input.username,
      displayName: input.displayName ?? input.username,
      description: input.description ?? '',
      profileImageUrl: input.profileImageUrl ?? `https://pbs.twimg.com/profile_images/emulator/${input.username.toLowerCase()}_normal.png`,
      verified: input.verified ?? false,
      followers: input.followers ?? 0,
      createdAt: input.createdAt ?? now(),
      suspended: input.suspended ?? false,
      premium: input.premium ?? false,
      ...(input.simulated ? { simulated: input.simulated } : {}),
    };
    users.set(id, user);
    byName.set(user.username.toLowerCase(), id);
    if (user.simulated) byWorker.set(user.simulated.worker, id);
    return user;
  };

  const mentionable = () => [...users.values()].filter((u) => u.simulated).map((u) => u.username);

  const generateDay = (user: EmuUser, isoDate: string) => {
    const key = `${user.id}|${isoDate}`;
    if (!user.simulated || generated.has(key)) return;
    generated.add(key);
    for (const p of postsOfDay(seed, user.simulated, isoDate, mentionable())) {
      const referenced = p.referencedId === undefined ? undefined : posts.get(p.referencedId);
      posts.set(p.id, {
        id: p.id,
        authorId: user.id,
        text: p.text,
        createdAt: p.createdAt,
        conversationId: p.kind === 'reply' && referenced ? referenced.conversationId : p.id,
        ...(p.kind === 'reply' && p.referencedId ? { replyToId: p.referencedId, replyToUserId: user.id } : {}),
        ...(p.kind === 'repost' && p.referencedId ? { repostOfId: p.referencedId } : {}),
        replySettings: 'everyone',
        mediaKeys: [],
        deleted: false,
      });
    }
  };

  const ensureRange = (user: EmuUser, fromMs: number, toMs: number) => {
    if (!user.simulated || !simulatedPosts) return;
    for (const date of localDatesBetween(user.simulated.timeZone, fromMs, toMs)) generateDay(user, date);
  };

  /** A post that exists now (not deleted, not in the simulated future, author not suspended). */
  const visiblePost = (id: string): EmuPost | undefined => {
    const decoded = decodeSnowflake(id);
    if (decoded === null) return undefined;
    const authorId = byWorker.get(decoded.worker);
    const author = authorId === undefined ? undefined : users.get(authorId);
    if (author && decoded.ms <= now()) ensureRange(author, decoded.ms, decoded.ms);
    const post = posts.get(id);
    if (!post || post.deleted || post.createdAt > now()) return undefined;
    return users.get(post.authorId)?.suspended ? undefined : post;
  };

  const addPost = (authorId: string, input: Omit<EmuPost, 'id' | 'authorId' | 'createdAt' | 'conversationId' | 'deleted'>): EmuPost => {
    liveSequence += 1;
    const id = snowflake(now(), LIVE_WORKER, liveSequence);
    const parent = input.replyToId === undefined ? undefined : posts.get(input.replyToId);
    const post: EmuPost = { ...input, id, authorId, createdAt: now(), conversationId: parent?.conversationId ?? id, deleted: false };
    posts.set(id, post);
    for (const listener of newPostListeners) listener(post);
    return post;
  };

  const mentionsOf = (post: EmuPost) =>
    findMentions(post.text).map((m) => {
      const username = m.token.replace(/^[@\uff20]/, '');
      return { start: m.start, end: m.end, username, userId: userByName(username)?.id };
    });

  /** The post as core/x sees it, for the summon rule. */
  const asXPost = (post: EmuPost): XPost => {
    const authorOf = (id: string | undefined) => (id === undefined ? undefined : posts.get(id)?.authorId);
    const references: XPost['references'] = [];
    if (post.replyToId) references.push({ type: 'replied_to', postId: post.replyToId, ...withAuthor(authorOf(post.replyToId)) });
    if (post.quotedId) references.push({ type: 'quoted', postId: post.quotedId, ...withAuthor(authorOf(post.quotedId)) });
    if (post.repostOfId) references.push({ type: 'retweeted', postId: post.repostOfId, ...withAuthor(authorOf(post.repostOfId)) });
    return {
      id: post.id,
      text: post.text,
      authorId: post.authorId,
      references,
      mentions: mentionsOf(post).map((m) => ({ username: m.username, ...(m.userId ? { userId: m.userId } : {}) })),
      replySettings: post.replySettings,
      ...(post.replyToUserId ? { inReplyToUserId: post.replyToUserId } : {}),
    };
  };

  interface TimelineQuery {
    sinceId?: string;
    untilId?: string;
    max: number;
    excludeReplies: boolean;
    excludeReposts: boolean;
  }

  const timeline = (user: EmuUser, q: TimelineQuery): { page: EmuPost[]; more: boolean } => {
    const to = now();
    const sinceMs = q.sinceId ? (decodeSnowflake(q.sinceId)?.ms ?? 0) : 0;
    ensureRange(user, Math.max(sinceMs, to - TIMELINE_DAYS * DAY_MS), to);
    const list = [...posts.values()]
      .filter((p) => p.authorId === user.id && !p.deleted && p.createdAt <= to && p.createdAt >= to - TIMELINE_DAYS * DAY_MS)
      .filter((p) => !(q.excludeReplies && p.replyToId) && !(q.excludeReposts && p.repostOfId))
      .filter((p) => (q.sinceId ? compareIds(p.id, q.sinceId) > 0 : true) && (q.untilId ? compareIds(p.id, q.untilId) < 0 : true))
      .sort((a, b) => compareIds(b.id, a.id));
    return { page: list.slice(0, q.max), more: list.length > q.max };
  };

  /** A post's public metrics now (metrics.ts), pinned figures first. */
  const metricsOf = (post: EmuPost): EmuMetrics => ({
    ...emulatedMetrics(seed, post.id, users.get(post.authorId)?.followers ?? 0, now() - post.createdAt),
    ...pinnedAuthorMetrics.get(post.authorId),
    ...pinnedMetrics.get(post.id),
  });

  return {
    seed,
    now,
    pinnedMetrics,
    pinnedAuthorMetrics,
    metricsOf,
    apps,
    users,
    posts,
    requestTokens,
    accessTokens,
    media,
    userByName,
    addUser,
    visiblePost,
    addPost,
    onNewPost: (listener: (post: EmuPost) => void) => void newPostListeners.add(listener),
    mentionsOf,
    asXPost,
    timeline,
    /** True for a simulated account's post (regenerated from the seed), false for one made live. */
    isGenerated: (id: string) => {
      const decoded = decodeSnowflake(id);
      return decoded !== null && decoded.worker !== LIVE_WORKER;
    },
    /** Posts of a user as stored (tests and control): newest first, deleted ones included. */
    postsBy: (userId: string) => [...posts.values()].filter((p) => p.authorId === userId).sort((a, b) => compareIds(b.id, a.id)),
  };
};

const withAuthor = (authorId: string | undefined) => (authorId === undefined ? {} : { authorId });

export type World = ReturnType<typeof createWorld>;
