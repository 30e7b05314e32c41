/**
 * Reading ReplyPrepared events as they were first written (ADR 0017): the first shape did not carry
 * the target post's text. It cannot be recovered from the other facts, so it reads as null (not
 * recorded); evolve and the projection pass every ReplyPrepared through `upcastReplyPrepared`.
 */
import type { ReplyPreparedData } from './events';

/** A ReplyPrepared payload as stored, in any shape written so far. */
export type StoredReplyPreparedData = Omit<ReplyPreparedData, 'postText'> & { postText?: string | null };

export const upcastReplyPrepared = (data: StoredReplyPreparedData): ReplyPreparedData => ({ ...data, postText: data.postText ?? null });
