/**
 * What the AI writer sees of a reply, per plan: the rule the scheduler follows when it asks a
 * model, and the words the plan pages say it with (one source, so a page cannot claim context the
 * writer does not get). The trial's basic AI sees the post it answers and the user's text;
 * Premium's context-aware AI also sees the thread the post belongs to, the author's recent posts
 * (their tone) and the user's own recent replies (their voice). Admins and legacy users have
 * Premium's plan.
 */
import { z } from 'zod';
import { isUnlimitedTier, type Tier } from '@core/users/tier';

export const AI_CONTEXT_PARTS = ['post', 'userText', 'thread', 'authorTone', 'userVoice'] as const;
export type AiContextPart = (typeof AI_CONTEXT_PARTS)[number];

export const AI_PLANS = ['trial', 'premium'] as const;
export type AiPlan = (typeof AI_PLANS)[number];

export const AI_CONTEXT_OF_PLAN: Readonly<Record<AiPlan, readonly AiContextPart[]>> = {
  trial: ['post', 'userText'],
  premium: ['post', 'userText', 'thread', 'authorTone', 'userVoice'],
};

export const aiPlanOf = (tier: Tier): AiPlan => (isUnlimitedTier(tier) ? 'premium' : 'trial');

export const seesContext = (plan: AiPlan, part: AiContextPart): boolean => AI_CONTEXT_OF_PLAN[plan].includes(part);

/** How many of each the writer is given at most: enough for a tone, little for a prompt. */
export const AI_CONTEXT_LIMITS = { thread: 3, authorTone: 3, userVoice: 3, charsEach: 500 } as const;

/** How the plan pages name each part. */
export const AI_CONTEXT_WORDS: Readonly<Record<AiContextPart, string>> = {
  post: 'the post it answers',
  userText: 'your text',
  thread: 'the thread the post is in',
  authorTone: "the author's recent posts (their tone)",
  userVoice: 'your own recent replies (your voice)',
};

/** The spec's names of the two writers (part 1 §1 plans table). */
export const AI_PLAN_NAMES: Readonly<Record<AiPlan, string>> = { trial: 'Basic AI', premium: 'Advanced context-aware AI' };

const listed = (words: readonly string[]): string =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1] ?? ''}`;

/** What the plan's writer sees, in words: 'the post it answers and your text'. */
export const aiPlanSees = (plan: AiPlan): string => listed(AI_CONTEXT_OF_PLAN[plan].map((p) => AI_CONTEXT_WORDS[p]));

/** True when the plan's writer sees more than the post and the user's text (what 'context-aware' claims). */
export const isContextAware = (plan: AiPlan): boolean => AI_CONTEXT_OF_PLAN[plan].some((p) => p !== 'post' && p !== 'userText');

/** The plan's AI line: 'Basic AI: the writer sees the post it answers and your text'. */
export const aiPlanLine = (plan: AiPlan): string => `${AI_PLAN_NAMES[plan]}: the writer sees ${aiPlanSees(plan)}`;

/** What a model is given besides the post and the text (empty lists are left out of the prompt). */
export interface AiContext {
  /** What the post follows on from, oldest first: a reply's first post of the conversation and its parent; the post a quote quotes. */
  thread?: string[];
  /** A few recent posts of the same author. */
  authorRecentPosts?: string[];
  /** A few replies the user sent lately. */
  yourRecentReplies?: string[];
}

const texts = (max: number) => z.array(z.string().max(AI_CONTEXT_LIMITS.charsEach * 4)).max(max).optional();

export const aiContextSchema = z.object({
  thread: texts(AI_CONTEXT_LIMITS.thread),
  authorRecentPosts: texts(AI_CONTEXT_LIMITS.authorTone),
  yourRecentReplies: texts(AI_CONTEXT_LIMITS.userVoice),
});

/** The context a plan lets through, each text cut to AI_CONTEXT_LIMITS.charsEach, empty parts dropped. */
export const aiContextFor = (plan: AiPlan, found: AiContext): AiContext | undefined => {
  const cut = (list: readonly string[] | undefined, part: AiContextPart, max: number): string[] | undefined => {
    if (!seesContext(plan, part) || list === undefined) return undefined;
    const kept = list
      .map((t) => Array.from(t.trim()).slice(0, AI_CONTEXT_LIMITS.charsEach).join(''))
      .filter((t) => t !== '')
      .slice(0, max);
    return kept.length === 0 ? undefined : kept;
  };
  const context: AiContext = {};
  const thread = cut(found.thread, 'thread', AI_CONTEXT_LIMITS.thread);
  const tone = cut(found.authorRecentPosts, 'authorTone', AI_CONTEXT_LIMITS.authorTone);
  const voice = cut(found.yourRecentReplies, 'userVoice', AI_CONTEXT_LIMITS.userVoice);
  if (thread) context.thread = thread;
  if (tone) context.authorRecentPosts = tone;
  if (voice) context.yourRecentReplies = voice;
  return Object.keys(context).length === 0 ? undefined : context;
};
