// The offline writer must read like a person: 50 samples per style (rewrites and replies of
// ordinary posts), each checked for the faults a reader notices first, and properties over texts
// built from English words.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { WRITING_STYLES, type WritingStyle } from '@core/styles';
import { countCharacters } from '@core/text/length';
import { composeOffline } from './index';

const POSTS = [
  'Small businesses are the backbone of the economy. They need simple tools, not more dashboards.',
  'We just shipped dark mode! It took three weeks and a lot of coffee.',
  'AI will not replace developers, but developers who use AI will replace those who do not.',
  'Remote work is here to stay',
  'Most meetings could be an email. The rest could be a short call.',
  'I think the best founders talk to customers every single week.',
  'Writing every day changed how I think about my work.',
  'Is TypeScript worth it for a small project?',
  'Our team cut the release cycle from a month to two days by testing earlier.',
  'Good design is invisible until it is missing.',
];

const samples = (style: WritingStyle, kind: 'rewrite' | 'reply'): { input: string; out: string }[] =>
  Array.from({ length: 50 }, (_, i) => {
    const input = POSTS[i % POSTS.length] ?? '';
    return { input, out: composeOffline({ kind, style, text: input, seed: Math.floor(i / POSTS.length), maxLength: 280 }) };
  });

const wordsOf = (text: string): string[] => text.match(/\p{L}[\p{L}'’-]*/gu) ?? [];
const I_WORDS = /^I(?:['’](?:m|ll|d|ve))?$/u;

/**
 * The capitals a reader would call random: a word in capitals, or capitalised mid-sentence, that
 * the author did not write that way. A capital may start the text, a sentence, a line, a list
 * point, a quote or what follows a colon.
 */
const randomCapitals = (out: string, input: string): string[] => {
  const authored = new Set(wordsOf(input));
  const found: string[] = [];
  for (const match of out.matchAll(/\p{L}[\p{L}'’-]*/gu)) {
    const word = match[0];
    if (!/\p{Lu}/u.test(word) || authored.has(word) || I_WORDS.test(word)) continue;
    const before = out.slice(0, match.index).trimEnd();
    const starts = before === '' || /[.!?:\n→"“]$/u.test(before);
    const shape = /^\p{Lu}[\p{Ll}'’-]*$/u.test(word);
    if (!(starts && shape)) found.push(word);
  }
  return found;
};

/** The same word twice in a row ('the the'), unless the author wrote it so. */
const doubled = (out: string, input: string): string[] => {
  const pairs = (t: string): string[] => {
    const tokens = t.split(/\s+/u);
    return tokens.flatMap((a, i) => {
      const b = /^\p{L}+/u.exec(tokens[i + 1] ?? '')?.[0];
      return /^\p{L}+$/u.test(a) && b !== undefined && a.toLowerCase() === b.toLowerCase() ? [a] : [];
    });
  };
  const authored = new Set(pairs(input).map((x) => x.toLowerCase()));
  return pairs(out).filter((x) => !authored.has(x.toLowerCase()));
};

const STOCK_TAILS = ['Stay mad.', "You're welcome.", 'Put differently:', 'Sit with that.', 'Next.'];

describe('the offline writer reads like a person (50 samples per style)', () => {
  for (const kind of ['rewrite', 'reply'] as const) {
    it(`${kind}: no random capitals, no doubled words, no stock tails, within the length`, () => {
      for (const style of WRITING_STYLES) {
        for (const { input, out } of samples(style, kind)) {
          const where = `${style} ${kind} of "${input}": ${out}`;
          expect(randomCapitals(out, input), where).toEqual([]);
          expect(doubled(out, input), where).toEqual([]);
          for (const tail of STOCK_TAILS) expect(out, where).not.toContain(tail);
          expect(countCharacters(out), where).toBeLessThanOrEqual(280);
          expect(out, where).not.toMatch(/ {2}|\s[.,!?:;]|\.\.(?!\.)|^\s|\s$/u);
        }
      }
    });
  }

  it('keeps the meaning: a rewrite carries the author\'s words, never a synonym for them', () => {
    for (const style of WRITING_STYLES)
      for (const seed of [0, 1, 2, 3, 4]) {
        const out = composeOffline({ kind: 'rewrite', style, text: POSTS[0] ?? '', seed, maxLength: 280 });
        expect(out.toLowerCase(), `${style}: ${out}`).toContain('small businesses are the backbone of the economy');
      }
  });

  it('styles differ meaningfully: the same post in two styles shares less than its own words', () => {
    for (const input of POSTS)
      for (const seed of [0, 1, 2]) {
        const outs = WRITING_STYLES.map((style) => composeOffline({ kind: 'rewrite', style, text: input, seed, maxLength: 280 }));
        expect(new Set(outs).size, input).toBe(WRITING_STYLES.length);
        // Beyond the author's own words, what each style adds is its own.
        const added = outs.map((out) => out.toLowerCase().replace(input.toLowerCase().replace(/[.!?]$/u, ''), '').replace(/\s+/gu, ' ').trim());
        expect(new Set(added).size, input).toBe(WRITING_STYLES.length);
      }
  });

  it('the classic Repurpose (unique_variation) changes more than the punctuation and never opens with "Put differently"', () => {
    const bare = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
    for (const input of POSTS)
      for (const seed of [0, 1, 2, 3]) {
        const out = composeOffline({ kind: 'rewrite', style: 'unique_variation', text: input, seed, maxLength: 280 });
        expect(bare(out), out).not.toBe(bare(input));
        expect(out).not.toMatch(/^Put differently/u);
      }
  });

  it('property: texts of English words come out without random capitals or doubled words, within any limit', () => {
    const word = fc.constantFrom('teams', 'ship', 'small', 'tools', 'every', 'week', 'the', 'market', 'users', 'want', 'simple', 'answers', 'growth', 'is', 'slow', 'but', 'steady', 'AI', 'NASA', 'TypeScript', 'I');
    const sentence = fc.array(word, { minLength: 2, maxLength: 12 }).map((ws) => {
      const s = ws.join(' ');
      return `${s.charAt(0).toUpperCase()}${s.slice(1)}.`;
    });
    const text = fc.array(sentence, { minLength: 1, maxLength: 4 }).map((ss) => ss.join(' '));
    fc.assert(
      fc.property(text, fc.constantFrom(...WRITING_STYLES), fc.constantFrom('rewrite' as const, 'reply' as const), fc.integer(), fc.integer({ min: 60, max: 400 }), (input, style, kind, seed, maxLength) => {
        const out = composeOffline({ kind, style, text: input, seed, maxLength });
        expect(randomCapitals(out, input)).toEqual([]);
        expect(doubled(out, input)).toEqual([]);
        expect(out.trim()).not.toBe('');
      }),
      { numRuns: 500 },
    );
  });
});
