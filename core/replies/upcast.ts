/**
 * Reading ReplyPrepared events as they were first written (ADR 0017): the first shapes did not carry
 * the target post's text, nor when the post was made. Neither can be recovered from the other
 * facts, so they read as null (not recorded); evolve and the projection pass every ReplyPrepared
 * through `upcastReplyPrepared`.
 */
import type { ReplyPreparedData } from './events';

/** A ReplyPrepared payload as stored, in any shape written so far. */
export type StoredReplyPreparedData = Omit<ReplyPreparedData, 'postText' | 'postCreatedAt'> & { postText?: string | null; postCreatedAt?: ReplyPreparedData['postCreatedAt'] };

export const upcastReplyPrepared = (data: StoredReplyPreparedData): ReplyPreparedData => ({ ...data, postText: data.postText ?? null, postCreatedAt: data.postCreatedAt ?? null });
