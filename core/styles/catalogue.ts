/**
 * The viral styles catalogue: one source for the web UI, the API, the CLI and the AI writer's
 * prompts. The spec (part 2 §9) has three lists, each used on its own screens, plus the V2
 * repurpose prompt's styles (§5); they share ids where they share a style (savage_comeback,
 * hot_take), so one definition serves every list that holds it.
 *
 * The spec says each classic style is labelled by its best use but does not say which label goes
 * with which style; the mapping below is ours (docs/adr/0007-ai-writer.md).
 */

export type BestUse = 'max_impressions' | 'audience_growth' | 'engagement_bait' | 'bookmark_bait';

export const BEST_USE_LABELS: Readonly<Record<BestUse, string>> = {
  max_impressions: 'Max impressions',
  audience_growth: 'Audience growth',
  engagement_bait: 'Engagement bait',
  bookmark_bait: 'Bookmark bait',
};

/** Classic, bulk and template styles, in the spec's order; savage_comeback is the default. */
export const CLASSIC_STYLES = [
  'savage_comeback',
  'hilarious_one_liner',
  'bold_unpopular_opinion',
  'insight_bomb',
  'brutally_honest_fact',
  'quote_tweet_bait',
  'hot_take',
  'dark_humor',
  'power_play',
  'call_out_hypocrisy',
] as const;

/** Schedule Replies (V2) styles. */
export const V2_STYLES = ['savage_comeback', 'witty_response', 'expert_analysis', 'enthusiastic_fan', 'thoughtful_question'] as const;

/** Admin direct-reply (scheduler test) styles. */
export const DIRECT_REPLY_STYLES = [
  'savage_comeback',
  'thought_leader',
  'friendly_engagement',
  'helpful_explainer',
  'hot_take',
  'trend_connector',
] as const;

/** Styles the V2 repurpose prompt accepts (spec part 2 §5); any other answer does nothing. */
export const REPURPOSE_STYLES = ['friendly', 'professional', 'humorous', 'analytical', 'contrarian', 'savage_comeback'] as const;

/**
 * Not in any list a user picks from: the classic Repurpose button (POST /api/repurpose-content)
 * asks for "a unique variation" of the text without naming a style.
 */
export const UNIQUE_VARIATION = 'unique_variation' as const;

export type ClassicStyle = (typeof CLASSIC_STYLES)[number];
export type V2Style = (typeof V2_STYLES)[number];
export type DirectReplyStyle = (typeof DIRECT_REPLY_STYLES)[number];
export type RepurposeStyle = (typeof REPURPOSE_STYLES)[number];
/** Every style the AI writer knows. */
export type WritingStyle = ClassicStyle | V2Style | DirectReplyStyle | RepurposeStyle | typeof UNIQUE_VARIATION;

export const DEFAULT_CLASSIC_STYLE: ClassicStyle = 'savage_comeback';
export const DEFAULT_V2_STYLE: V2Style = 'savage_comeback';
export const DEFAULT_DIRECT_REPLY_STYLE: DirectReplyStyle = 'savage_comeback';

export interface StyleDefinition {
  id: WritingStyle;
  label: string;
  /** One or two sentences for people (the admin Viral Response Styles page, pickers' hints). */
  description: string;
  /** Instructions for a writer (the AI's system prompt; the offline writer's shapes follow it). */
  guidance: string;
  /** Classic styles only. */
  bestUse?: BestUse;
}
