import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameTextForm } from './same-text';
import { hasVariations, MAX_COUNTED_VARIATIONS, summariseVariations, variation, variationCount } from './spintax';

describe('spintax', () => {
  it('writes each variation of a choice, the first alternative first', () => {
    const t = '{Great|Sharp|Fair} point';
    expect(variationCount(t)).toBe(3);
    expect([0, 1, 2, 3].map((i) => variation(t, i))).toEqual(['Great point', 'Sharp point', 'Fair point', 'Great point']);
  });

  it('multiplies choices out and nests them', () => {
    const t = '{Good {point|take}|Fair enough}, {truly|really}';
    expect(variationCount(t)).toBe(6);
    const all = Array.from({ length: 6 }, (_, i) => variation(t, i));
    expect(new Set(all)).toEqual(new Set(['Good point, truly', 'Good take, truly', 'Fair enough, truly', 'Good point, really', 'Good take, really', 'Fair enough, really']));
  });

  it('leaves braces without a choice, unbalanced braces and escapes as written', () => {
    for (const t of ['Hello {name}', 'a { b', 'a } b', 'x | y', '{a|b', 'plain text']) {
      expect(variationCount(t)).toBe(1);
      expect(variation(t, 0)).toBe(t);
      expect(hasVariations(t)).toBe(false);
    }
    expect(variation('\\{a\\|b\\}', 0)).toBe('{a|b}');
    expect(variationCount('{name} says {hi|hello}')).toBe(2);
    expect(variation('{name} says {hi|hello}', 1)).toBe('{name} says hello');
  });

  it('an empty alternative leaves no double space or space before punctuation', () => {
    expect(variation('Well {really |}said.', 1)).toBe('Well said.');
    expect(variation('Nice {indeed|} .', 1)).toBe('Nice.');
  });

  it('counts distinct texts as X compares them, with a preview', () => {
    expect(summariseVariations('{Great|great|GREAT!} point')).toEqual({ distinct: 1, exact: true, preview: ['Great point'] });
    const s = summariseVariations('{Great|Sharp|Fair} point, {truly|really}');
    expect(s).toMatchObject({ distinct: 6, exact: true });
    expect(s.preview).toHaveLength(5);
    const huge = Array.from({ length: 12 }, (_, i) => `{a${i}|b${i}|c${i}}`).join(' ');
    expect(variationCount(huge)).toBe(3 ** 12);
    expect(summariseVariations(huge)).toMatchObject({ distinct: 3 ** 12, exact: false });
    const enormous = Array.from({ length: 40 }, (_, i) => `{a${i}|b${i}|c${i}}`).join(' ');
    expect(variationCount(enormous)).toBe(MAX_COUNTED_VARIATIONS);
  });

  it('property: for a sequence of flat choices, the count is the product and every index writes a different text', () => {
    const choice = fc.uniqueArray(fc.stringMatching(/^[a-z]{1,6}$/), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(fc.array(choice, { minLength: 1, maxLength: 4 }), (choices) => {
        const text = choices.map((c) => (c.length === 1 ? (c[0] as string) : `{${c.join('|')}}`)).join(' ');
        const n = choices.reduce((p, c) => p * c.length, 1);
        expect(variationCount(text)).toBe(n);
        const forms = new Set(Array.from({ length: n }, (_, i) => sameTextForm(variation(text, i))));
        expect(forms.size).toBe(n);
        expect(summariseVariations(text)).toMatchObject({ distinct: n, exact: true });
        // Indices wrap around.
        expect(variation(text, n)).toBe(variation(text, 0));
      }),
      { numRuns: 300 },
    );
  });

  it('property: any text parses; a variation never holds an unescaped choice', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.nat(1000), (text, i) => {
        const n = variationCount(text);
        expect(n).toBeGreaterThanOrEqual(1);
        const v = variation(text, i);
        if (!hasVariations(text)) expect(v).toBe(text.replace(/\\([{}|\\])/g, '$1'));
      }),
      { numRuns: 500 },
    );
  });
});
