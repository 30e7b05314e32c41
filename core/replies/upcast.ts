/**
 * Reading ReplyPrepared events as they were first written (ADR 0017): the first shapes did not carry
 * the target post's text, nor when the post was made, nor whether the offline writer stood in for the AI provider. None can be recovered from the other
 * facts, so they read as null (not recorded); evolve and the projection pass every ReplyPrepared
 * through `upcastReplyPrepared`.
 */
import type { ReplyPreparedData } from './events';

/** A ReplyPrepared payload as stored, in any shape written so far. */
export type StoredReplyPreparedData = Omit<ReplyPreparedData, 'postText' | 'postCreatedAt' | 'aiFallback'> & {
  postText?: string | null;
  postCreatedAt?: ReplyPreparedData['postCreatedAt'];
  aiFallback?: string | null;
};

export const upcastReplyPrepared = (data: StoredReplyPreparedData): ReplyPreparedData => ({
  ...data,
  postText: data.postText ?? null,
  postCreatedAt: data.postCreatedAt ?? null,
  aiFallback: data.aiFallback ?? null,
});
