import { describe, expect, it } from 'vitest';
import {
  BEST_USE_LABELS,
  CLASSIC_STYLES,
  DEFAULT_CLASSIC_STYLE,
  DIRECT_REPLY_STYLES,
  REPURPOSE_STYLES,
  STYLE_DEFINITIONS,
  V2_STYLES,
  WRITING_STYLES,
  classicStyleSchema,
  definitionsOf,
  directReplyStyleSchema,
  parseRepurposeAnswer,
  repurposeStyleSchema,
  v2StyleSchema,
  writingStyleSchema,
} from './index';

describe('styles catalogue', () => {
  it('holds the spec lists in the spec order', () => {
    expect(CLASSIC_STYLES).toEqual([
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
    ]);
    expect(V2_STYLES).toEqual(['savage_comeback', 'witty_response', 'expert_analysis', 'enthusiastic_fan', 'thoughtful_question']);
    expect(DIRECT_REPLY_STYLES).toEqual(['savage_comeback', 'thought_leader', 'friendly_engagement', 'helpful_explainer', 'hot_take', 'trend_connector']);
    expect(REPURPOSE_STYLES).toEqual(['friendly', 'professional', 'humorous', 'analytical', 'contrarian', 'savage_comeback']);
    expect(DEFAULT_CLASSIC_STYLE).toBe('savage_comeback');
  });

  it('labels every classic style with one of the four best uses, and only those', () => {
    for (const def of definitionsOf(CLASSIC_STYLES)) expect(Object.keys(BEST_USE_LABELS)).toContain(def.bestUse);
    const used = new Set(definitionsOf(CLASSIC_STYLES).map((d) => d.bestUse));
    expect(used.size).toBe(4);
    for (const id of WRITING_STYLES.filter((s) => !(CLASSIC_STYLES as readonly string[]).includes(s))) {
      expect(STYLE_DEFINITIONS[id].bestUse).toBeUndefined();
    }
  });

  it('defines every style once, under its own id, with text for people and for writers', () => {
    expect(new Set(WRITING_STYLES).size).toBe(WRITING_STYLES.length);
    expect(Object.keys(STYLE_DEFINITIONS).sort()).toEqual([...WRITING_STYLES].sort());
    for (const id of WRITING_STYLES) {
      const def = STYLE_DEFINITIONS[id];
      expect(def.id).toBe(id);
      expect(def.label.length).toBeGreaterThan(2);
      expect(def.description.length).toBeGreaterThan(10);
      expect(def.guidance.length).toBeGreaterThan(30);
      expect(def.guidance).not.toMatch(/@\w/);
    }
  });

  it('has a zod enum per list that accepts its own styles and refuses others with a message', () => {
    expect(classicStyleSchema.parse('dark_humor')).toBe('dark_humor');
    expect(classicStyleSchema.safeParse('witty_response').success).toBe(false);
    expect(v2StyleSchema.safeParse('witty_response').success).toBe(true);
    expect(directReplyStyleSchema.safeParse('trend_connector').success).toBe(true);
    expect(repurposeStyleSchema.safeParse('hot_take').success).toBe(false);
    expect(writingStyleSchema.safeParse('unique_variation').success).toBe(true);
    const refused = v2StyleSchema.safeParse('nope');
    expect(refused.success).toBe(false);
    if (!refused.success) expect(refused.error.issues[0]?.message).toBe(`Choose one of: ${V2_STYLES.join(', ')}`);
  });

  it('reads the V2 repurpose prompt answer, ignoring anything else', () => {
    expect(parseRepurposeAnswer(' Humorous ')).toBe('humorous');
    expect(parseRepurposeAnswer('savage_comeback')).toBe('savage_comeback');
    expect(parseRepurposeAnswer('sarcastic')).toBeNull();
    expect(parseRepurposeAnswer(null)).toBeNull();
  });
});
