/**
 * X's 2026 reply rule, as a check Riposte can make before sending: on self-serve API access a
 * programmatic reply is accepted only where the post's author summoned the replier, by mentioning
 * it or quoting one of its posts (Enterprise access is not restricted). Replying in one's own
 * thread and answering a post that itself replies to you count as being engaged by the author.
 *
 * The same function decides in the X emulator whether to answer 403 not summoned, so the check and
 * the emulator cannot drift apart. X has the last word: a 403 at send time is still classified as
 * `not_summoned` (outcomes.ts).
 */
import type { XPost, XReplySettings } from './types';

export type XApiAccess = 'self_serve' | 'enterprise';

/**
 * How an installation delivers replies (RIPOSTE_X_DELIVERY): 'direct' through the API, 'assisted'
 * through X's web intent (the user presses Post in X's composer), 'auto' direct where X allows it.
 */
export type XDeliveryMode = 'auto' | 'direct' | 'assisted';

export interface XReplier {
  id: string;
  username: string;
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

const mentions = (post: Pick<XPost, 'mentions'>, replier: XReplier): boolean =>
  post.mentions.some((m) => m.userId === replier.id || sameName(m.username, replier.username));

/** True when the post's author mentioned or quoted the replier, or engaged it in a thread. */
export const isSummoned = (post: Pick<XPost, 'authorId' | 'mentions' | 'references' | 'inReplyToUserId'>, replier: XReplier): boolean =>
  post.authorId === replier.id ||
  mentions(post, replier) ||
  post.inReplyToUserId === replier.id ||
  post.references.some((r) => (r.type === 'quoted' || r.type === 'replied_to') && r.authorId === replier.id);

/**
 * Whether the author's reply settings let the replier answer. 'following', 'verified' and
 * 'subscribers' depend on facts Riposte does not read (who follows whom, who pays), so they answer
 * 'unknown' unless the replier was mentioned, which X always lets through.
 */
export const replySettingsAllow = (
  post: Pick<XPost, 'authorId' | 'mentions' | 'replySettings'>,
  replier: XReplier,
): boolean | 'unknown' => {
  const settings: XReplySettings = post.replySettings ?? 'everyone';
  if (settings === 'everyone' || post.authorId === replier.id || mentions(post, replier)) return true;
  return settings === 'mentionedUsers' ? false : 'unknown';
};

/**
 * Can this reply go through the API now? false means X will refuse it (use assisted delivery);
 * 'unknown' means only X can tell.
 */
export const canReplyDirectly = (post: XPost, replier: XReplier, access: XApiAccess): boolean | 'unknown' => {
  const settings = replySettingsAllow(post, replier);
  if (settings === false) return false;
  if (access === 'self_serve' && !isSummoned(post, replier)) return false;
  return settings;
};

/**
 * The way one reply goes out. 'auto' sends directly when X will accept it (enterprise access, or a
 * post that summoned the replier) and assists otherwise; 'unknown' reply settings are tried
 * directly, because X has the last word and a 403 'not summoned' falls back to assisted.
 */
export const deliveryFor = (mode: XDeliveryMode, post: XPost, replier: XReplier, access: XApiAccess): 'direct' | 'assisted' => {
  if (mode !== 'auto') return mode;
  return canReplyDirectly(post, replier, access) === false ? 'assisted' : 'direct';
};
