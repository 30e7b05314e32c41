/**
 * Reconciling an unknown outcome: after a timeout or a dropped connection the reply may exist.
 * The dispatcher reads the replying account's own recent posts (replies included) and looks for
 * its reply to the target post; found means sent, not found after X has had time means not sent.
 */
import type { XPost } from './types';

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The account's reply to `inReplyToPostId` among `ownPosts`: the one with the same text when there
 * are several (X may shorten links, so text is a preference, not a requirement).
 */
export const findOwnReply = (ownPosts: readonly XPost[], target: { inReplyToPostId: string; text?: string }): XPost | undefined => {
  const replies = ownPosts.filter((p) => p.references.some((r) => r.type === 'replied_to' && r.postId === target.inReplyToPostId));
  if (target.text === undefined) return replies[0];
  const wanted = normalise(target.text);
  return replies.find((p) => normalise(p.text) === wanted) ?? replies[0];
};
