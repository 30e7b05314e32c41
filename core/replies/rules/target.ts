/**
 * Which post a run answers: the latest original post (not a reply, not a repost) of the target
 * account that this connected account has not answered yet, and that the schedule's rule allows
 * (core/scheduling/post-rule.ts): made after the schedule (its next post), or inside the freshness
 * window before now (the freshest post).
 */
import { toInstant, toMs, type Instant } from '@core/scheduling/time';
import { postRuleMinutesWords, type PostRule } from '@core/scheduling/post-rule';
import type { XPost } from '@core/x';
import { REPLY_MESSAGES } from '../messages';
import { DEFAULT_FRESHNESS_MS } from './timing';

export interface TargetOptions {
  now: Instant | number;
  freshnessMs?: number;
  /** Only posts made strictly after this instant (a "next post" rule: after the schedule was made). */
  after?: Instant | number;
  /** Posts this connected account already answered (or is answering). */
  repliedPostIds?: ReadonlySet<string> | readonly string[];
  /** The target account's X id: posts by anybody else (a timeline can hold them) are ignored. */
  authorId?: string;
  /** For the skip reason. */
  targetUsername?: string | null;
}

export type TargetPick = { post: XPost } | { skip: string };

/** A reply, a repost or an old-style "RT @" copy is not an original post. */
export const isOriginalPost = (post: Pick<XPost, 'references' | 'inReplyToUserId' | 'text'>): boolean =>
  !post.references.some((r) => r.type === 'replied_to' || r.type === 'retweeted') && post.inReplyToUserId === undefined && !/^RT @/.test(post.text);

/** X ids are snowflakes: a longer decimal string is a larger number. */
const compareIds = (a: string, b: string): number => (a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0);

export const pickTargetPost = (posts: readonly XPost[], options: TargetOptions): TargetPick => {
  const now = toMs(options.now, 'now');
  const oldest = options.after !== undefined ? toMs(options.after, 'after') + 1 : now - (options.freshnessMs ?? DEFAULT_FRESHNESS_MS);
  const replied = new Set(options.repliedPostIds ?? []);
  let best: { post: XPost; at: number } | null = null;
  for (const post of posts) {
    if (post.createdAt === undefined) continue;
    const at = Date.parse(post.createdAt);
    if (!Number.isFinite(at) || at < oldest || at > now) continue;
    if (options.authorId !== undefined && post.authorId !== options.authorId) continue;
    if (!isOriginalPost(post) || replied.has(post.id)) continue;
    if (best === null || at > best.at || (at === best.at && compareIds(post.id, best.post.id) > 0)) best = { post, at };
  }
  return best === null ? { skip: REPLY_MESSAGES.noRecentPost(options.targetUsername ?? null) } : { post: best.post };
};

/** What a run does about its post: answers it, waits for one (until the instant), or ends skipped. */
export type TargetDecision = { post: XPost } | { wait: Instant } | { skip: string };

const MINUTE = 60_000;

/**
 * The schedule's rule applied at `now` to the target's recent posts. `dueAt`: the run's time (a
 * "next post" run waits for its post up to the rule's wait past it). `rule` undefined: a schedule
 * made before schedules chose their post, answered as it always was (`legacyFreshnessMs`).
 */
export const targetForRule = (
  posts: readonly XPost[],
  rule: PostRule | null | undefined,
  options: Omit<TargetOptions, 'freshnessMs' | 'after'> & { dueAt: Instant | number; legacyFreshnessMs?: number },
): TargetDecision => {
  if (rule === undefined || rule === null) return pickTargetPost(posts, { ...options, ...(options.legacyFreshnessMs === undefined ? {} : { freshnessMs: options.legacyFreshnessMs }) });
  if (rule.kind === 'freshest') {
    const pick = pickTargetPost(posts, { ...options, freshnessMs: rule.freshnessMinutes * MINUTE });
    return 'post' in pick ? pick : { skip: REPLY_MESSAGES.noFreshPost(options.targetUsername ?? null, postRuleMinutesWords(rule.freshnessMinutes)) };
  }
  const pick = pickTargetPost(posts, { ...options, after: rule.after });
  if ('post' in pick) return pick;
  const until = toMs(options.dueAt, 'dueAt') + rule.waitMinutes * MINUTE;
  if (toMs(options.now, 'now') < until) return { wait: toInstant(until) };
  return { skip: REPLY_MESSAGES.noNextPost(options.targetUsername ?? null, postRuleMinutesWords(rule.waitMinutes)) };
};

/** How much later than its time a run may still start: a "next post" run waits up to its rule's wait. */
export const startWindowMs = (rule: PostRule | null | undefined): number => (rule?.kind === 'next' ? rule.waitMinutes * MINUTE : 0);
