/** The text of every style: labels and descriptions for people, guidance for writers. */
import type { StyleDefinition, WritingStyle } from './catalogue';

type Definitions = { readonly [K in WritingStyle]: StyleDefinition & { id: K } };

export const STYLE_DEFINITIONS: Definitions = {
  // ---- classic (templates, classic and bulk scheduling) ----
  savage_comeback: {
    id: 'savage_comeback',
    label: 'Savage Comeback',
    bestUse: 'max_impressions',
    description: 'A sharp, confident retort that flips the point back with wit. Bold without being abusive.',
    guidance:
      'Answer with a sharp, confident comeback that turns the point around. Punchy and witty, one or two short sentences. Tease the idea, never insult a person; no slurs, no threats.',
  },
  hilarious_one_liner: {
    id: 'hilarious_one_liner',
    label: 'Hilarious One-Liner',
    bestUse: 'max_impressions',
    description: 'One short, funny line that people want to share.',
    guidance:
      'Write exactly one funny line: a twist, an absurd comparison or a deadpan observation about the subject. No explanation of the joke.',
  },
  bold_unpopular_opinion: {
    id: 'bold_unpopular_opinion',
    label: 'Bold Unpopular Opinion',
    bestUse: 'engagement_bait',
    description: 'A confident stance against the consensus that invites people to argue.',
    guidance:
      'State a bold opinion that goes against the common view on the subject, with one concrete reason. Confident, not hostile. It may open with "Unpopular opinion:".',
  },
  insight_bomb: {
    id: 'insight_bomb',
    label: 'Insight Bomb',
    bestUse: 'bookmark_bait',
    description: 'A dense, useful insight or mini-framework worth saving for later.',
    guidance:
      'Give one non-obvious, useful insight about the subject: a short principle, framework or 2-3 crisp points. Practical and specific; no fluff.',
  },
  brutally_honest_fact: {
    id: 'brutally_honest_fact',
    label: 'Brutally Honest Fact',
    bestUse: 'audience_growth',
    description: 'A blunt truth people quietly agree with, stated plainly.',
    guidance:
      'State a blunt, honest truth about the subject that people recognise but rarely say. Plain words, short sentences, no hedging and no invented statistics.',
  },
  quote_tweet_bait: {
    id: 'quote_tweet_bait',
    label: 'Quote Tweet Bait',
    bestUse: 'engagement_bait',
    description: 'A framing that makes people want to quote it with their own take.',
    guidance:
      'Write a short, open-ended claim or prompt about the subject that begs people to add their own take (a ranking, a fill-in-the-blank, a "wrong answers only"-style hook).',
  },
  hot_take: {
    id: 'hot_take',
    label: 'Hot Take',
    bestUse: 'engagement_bait',
    description: 'A spicy, provocative angle delivered with total confidence.',
    guidance:
      'Deliver a spicy, provocative take on the subject with total confidence, in one or two sentences. It may open with "Hot take:". Provocative about ideas, never about people.',
  },
  dark_humor: {
    id: 'dark_humor',
    label: 'Dark Humor',
    bestUse: 'max_impressions',
    description: 'Gallows humour about the situation, clever rather than cruel.',
    guidance:
      'Use dry, dark humour about the situation (deadlines, doom, irony of fate). Clever and bleak, never cruel about tragedies, groups or individuals.',
  },
  power_play: {
    id: 'power_play',
    label: 'Power Play',
    bestUse: 'audience_growth',
    description: 'A calm, high-status reply that shows expertise and authority.',
    guidance:
      'Reply with calm authority: show experience with the subject, add the missing piece or the next move, and sound like someone who has done it. Short, no bragging lists.',
  },
  call_out_hypocrisy: {
    id: 'call_out_hypocrisy',
    label: 'Call Out Hypocrisy',
    bestUse: 'audience_growth',
    description: 'Points out a double standard in the topic, with a wry tone.',
    guidance:
      'Point out a double standard or contradiction in how people treat the subject, with a wry tone. Aim at behaviour or ideas, not at a named person.',
  },

  // ---- V2 ----
  witty_response: {
    id: 'witty_response',
    label: 'Witty Response',
    description: 'Light, clever wordplay that makes the author smile.',
    guidance: 'Reply with light, clever wit or wordplay about the subject. Friendly, quick and smart.',
  },
  expert_analysis: {
    id: 'expert_analysis',
    label: 'Expert Analysis',
    description: 'A concise expert read of the post: what matters and why.',
    guidance:
      'Give a concise expert analysis: the key point, why it matters, and one implication. Precise vocabulary, no jargon for its own sake, no invented numbers.',
  },
  enthusiastic_fan: {
    id: 'enthusiastic_fan',
    label: 'Enthusiastic Fan',
    description: 'Genuine, energetic appreciation with a specific detail.',
    guidance:
      'Reply as a genuine, enthusiastic fan: warm energy, one specific detail you appreciate, and an exclamation or two. Not sycophantic.',
  },
  thoughtful_question: {
    id: 'thoughtful_question',
    label: 'Thoughtful Question',
    description: 'A curious, open question that moves the conversation forward.',
    guidance: 'Ask one thoughtful, open question that builds on the subject and invites the author to expand. Curious, respectful.',
  },

  // ---- admin direct reply ----
  thought_leader: {
    id: 'thought_leader',
    label: 'Thought Leader',
    description: 'A forward-looking perspective that frames the bigger picture.',
    guidance: 'Offer a forward-looking perspective on the subject: zoom out to the bigger picture and where it is heading. Confident and measured.',
  },
  friendly_engagement: {
    id: 'friendly_engagement',
    label: 'Friendly Engagement',
    description: 'Warm, conversational and supportive.',
    guidance: 'Reply warmly and conversationally, as a supportive peer: acknowledge the point and add a friendly thought.',
  },
  helpful_explainer: {
    id: 'helpful_explainer',
    label: 'Helpful Explainer',
    description: 'Clarifies the topic in simple words, adding useful context.',
    guidance: 'Explain the subject simply: one piece of useful context or a clear example that helps readers understand it.',
  },
  trend_connector: {
    id: 'trend_connector',
    label: 'Trend Connector',
    description: 'Links the post to a wider trend or pattern people are talking about.',
    guidance: 'Connect the subject to a wider trend or pattern and say what the connection means. Do not invent news events.',
  },

  // ---- V2 repurpose prompt ----
  friendly: {
    id: 'friendly',
    label: 'Friendly',
    description: 'Warm and approachable.',
    guidance: 'Rewrite in a warm, approachable and positive voice, keeping the message.',
  },
  professional: {
    id: 'professional',
    label: 'Professional',
    description: 'Polished and clear, for a business audience.',
    guidance: 'Rewrite in a polished, clear and professional voice, keeping the message. No slang.',
  },
  humorous: {
    id: 'humorous',
    label: 'Humorous',
    description: 'Playful and funny.',
    guidance: 'Rewrite with playful humour, keeping the message recognisable.',
  },
  analytical: {
    id: 'analytical',
    label: 'Analytical',
    description: 'Reasoned and structured.',
    guidance: 'Rewrite in a reasoned, structured voice: claim, reason, consequence. Keep the message.',
  },
  contrarian: {
    id: 'contrarian',
    label: 'Contrarian',
    description: 'Challenges the usual view.',
    guidance: 'Rewrite from a contrarian angle that challenges the usual view on the subject, with a reason.',
  },

  // ---- classic Repurpose button ----
  unique_variation: {
    id: 'unique_variation',
    label: 'Unique Variation',
    description: 'The same message in new words.',
    guidance: 'Rewrite the text as a fresh, natural variation with the same meaning and tone, in different words.',
  },
};
