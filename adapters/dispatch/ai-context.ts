/**
 * What the AI writer is given besides the post and the text, gathered for the plan of the
 * schedule's owner (core/ai/context.ts): nothing more for the trial; for Premium the thread the
 * post is in (its first post and the one it answers, or the post it quotes, through the X port), the author's recent
 * posts (the timeline read the runs share) and the user's latest replies on X (the read model).
 * Context is a help, never a reason to fail: what X cannot give now is left out.
 */
import { aiContextFor, aiPlanOf, AI_CONTEXT_LIMITS, seesContext, type AiContext } from '@core/ai';
import { userDecider } from '@core/users/decider';
import { userStream } from '@core/users/streams';
import { deriveTier } from '@core/users/tier';
import { isXError, type XPost, type XReader } from '@core/x';
import { recentSentTexts } from '@adapters/read-models/replies';
import type { ReplyRun } from '@core/replies';
import type { Context } from './context';

/**
 * The posts `post` follows on from, oldest first: for a reply, its conversation's first post and
 * the post it answers; for a quote, the post it quotes. Empty for a post that stands alone.
 */
export const threadOf = async (x: Pick<XReader, 'getPost'>, post: XPost): Promise<string[]> => {
  const parentId = post.references.find((r) => r.type === 'replied_to')?.postId;
  const quotedId = post.references.find((r) => r.type === 'quoted')?.postId;
  const rootId = parentId !== undefined && post.conversationId !== undefined && post.conversationId !== post.id && post.conversationId !== parentId ? post.conversationId : undefined;
  const ids = [rootId, parentId, quotedId].filter((id): id is string => id !== undefined);
  const posts = await Promise.all(ids.map((id) => x.getPost(id)));
  return posts.filter((p): p is XPost => p !== null).map((p) => p.text);
};

const toneOf = async (ctx: Context, post: XPost): Promise<string[]> =>
  (await ctx.recentPostsOf(post.authorId))
    .filter((p) => p.id !== post.id && !p.references.some((r) => r.type === 'retweeted'))
    .slice(0, AI_CONTEXT_LIMITS.authorTone)
    .map((p) => p.text);

/** The context the run's writer sees, or undefined (the trial, or nothing found). */
export const aiContextOf = async (ctx: Context, run: ReplyRun, post: XPost): Promise<AiContext | undefined> => {
  // The offline writer reads none of it: no X read for nothing.
  if (ctx.ai.offline) return undefined;
  const state = await ctx.load(userStream(run.userId), userDecider);
  if (state.status !== 'registered') return undefined;
  const plan = aiPlanOf(deriveTier(state.user, ctx.clock(), { legacyUsernames: ctx.legacyUsernames }));
  if (!seesContext(plan, 'thread') && !seesContext(plan, 'authorTone') && !seesContext(plan, 'userVoice')) return undefined;
  const guarded = async (read: () => Promise<string[]>): Promise<string[]> => {
    try {
      return await read();
    } catch (error) {
      if (!isXError(error)) throw error;
      ctx.logger.warn({ err: error, replyId: run.replyId }, 'X could not give the context of the post; the writer does without it');
      return [];
    }
  };
  const [thread, authorRecentPosts] = await Promise.all([
    seesContext(plan, 'thread') && ctx.x !== null ? guarded(() => threadOf(ctx.x as XReader, post)) : [],
    seesContext(plan, 'authorTone') ? guarded(() => toneOf(ctx, post)) : [],
  ]);
  const yourRecentReplies = seesContext(plan, 'userVoice') ? recentSentTexts(ctx.db(), run.userId, AI_CONTEXT_LIMITS.userVoice) : [];
  return aiContextFor(plan, { thread, authorRecentPosts, yourRecentReplies });
};
