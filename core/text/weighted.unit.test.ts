import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countCharacters } from './length';
import { limitWeightedLength, weightedLength, X_STANDARD_MAX } from './weighted';

describe('weightedLength (X counts)', () => {
  it('weighs Latin 1, CJK 2, an emoji sequence 2 and a URL 23', () => {
    expect(weightedLength('hello')).toBe(5);
    expect(weightedLength('日本')).toBe(4);
    expect(weightedLength('👨‍👩‍👧‍👦')).toBe(2);
    expect(weightedLength('🇫🇷')).toBe(2);
    expect(weightedLength('see https://example.com/a/very/long/path?x=1 now')).toBe(4 + 23 + 4);
  });
});

describe('limitWeightedLength', () => {
  it('leaves a text that fits alone and cuts a longer one under the limit', () => {
    expect(limitWeightedLength('short', X_STANDARD_MAX)).toEqual({ text: 'short', truncated: false });
    const cut = limitWeightedLength('日本語のテキスト。'.repeat(40), X_STANDARD_MAX);
    expect(cut.truncated).toBe(true);
    expect(weightedLength(cut.text)).toBeLessThanOrEqual(X_STANDARD_MAX);
    expect(weightedLength(cut.text)).toBeGreaterThan(X_STANDARD_MAX / 2);
  });

  it('property: the result always fits, is a cut of the text (plus an ellipsis), and fitting texts are unchanged', () => {
    const piece = fc.constantFrom('word ', '語', '🇫🇷', '👍🏽', 'é', '. ', 'https://x.com/a ', '\n');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 200 }), fc.integer({ min: 1, max: 300 }), (parts, max) => {
        const text = parts.join('');
        const out = limitWeightedLength(text, max);
        expect(weightedLength(out.text)).toBeLessThanOrEqual(max);
        if (weightedLength(text) <= max) expect(out).toEqual({ text, truncated: false });
        else expect(text.startsWith(out.text.replace(/…$/u, ''))).toBe(true);
        expect(countCharacters(out.text)).toBeLessThanOrEqual(countCharacters(text) + 1);
      }),
      { numRuns: 200 },
    );
  });
});
