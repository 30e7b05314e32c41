/**
 * Which post a run answers: the latest original post (not a reply, not a repost) of the target
 * account, posted inside the freshness window, that this connected account has not answered yet.
 */
import { toMs, type Instant } from '@core/scheduling/time';
import type { XPost } from '@core/x';
import { REPLY_MESSAGES } from '../messages';
import { DEFAULT_FRESHNESS_MS } from './timing';

export interface TargetOptions {
  now: Instant | number;
  freshnessMs?: number;
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
  const oldest = now - (options.freshnessMs ?? DEFAULT_FRESHNESS_MS);
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
