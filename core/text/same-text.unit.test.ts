import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSameText, sameTextForm } from './same-text';

/** Texts of words with the spacing, case and punctuation a person varies without meaning to. */
const word = fc.stringMatching(/^[a-zà-ö0-9]{1,8}$/);
const words = fc.array(word, { minLength: 1, maxLength: 8 });
const dressing = fc.constantFrom('', '.', '!', '?!', ',', ' 🔥', ' 👍🏽', ' 🇫🇷', ' https://t.co/abc123', ' www.example.com/x', '…', ' :)', ' —');
const spacing = fc.constantFrom(' ', '  ', '\n', '\t', ' \u00a0');

describe('sameTextForm (when X takes two texts for the same post)', () => {
  it('property: case, spacing, punctuation, emoji and links around the words do not make a new text', () => {
    fc.assert(
      fc.property(words, fc.array(dressing, { minLength: 8, maxLength: 8 }), spacing, fc.boolean(), (ws, dress, gap, upper) => {
        const plain = ws.join(' ');
        const dressed = ws.map((w, i) => `${upper && i % 2 === 0 ? w.toUpperCase() : w}${dress[i] ?? ''}`).join(gap);
        expect(sameTextForm(dressed)).toBe(sameTextForm(plain));
        expect(isSameText(`  ${dressed}  `, plain)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('property: idempotent, and different words stay different texts', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        expect(sameTextForm(sameTextForm(text))).toBe(sameTextForm(text));
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(words, words, (a, b) => {
        fc.pre(a.join(' ') !== b.join(' '));
        expect(isSameText(a.join(' '), b.join(' '))).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('examples: the refusals X gave and the texts that are new', () => {
    expect(isSameText('Great point!', 'great point')).toBe(true);
    expect(isSameText('Great point 🔥🔥', 'Great   point.')).toBe(true);
    expect(isSameText('Great point https://t.co/a1', 'Great point https://t.co/b2')).toBe(true);
    expect(isSameText("Don't stop", 'Dont stop')).toBe(true);
    expect(isSameText('Great point', 'Sharp point')).toBe(false);
    // A text of nothing but emoji keeps them: two different emoji are two texts.
    expect(isSameText('🔥', '👍')).toBe(false);
    expect(isSameText('🔥', ' 🔥 ')).toBe(true);
  });
});
