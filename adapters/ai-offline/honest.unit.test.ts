// The offline writer is honest: on a corpus of real-looking posts and user texts (tests/text/
// ai-corpus.ts), every rewrite keeps each of the user's sentences whole and in order, never quotes
// the post back, reads grammatically (no doubled words, no stray capitals, a sentence end), stays
// within the length; replies to a post alone are standalone reactions, never a quote of it; and
// seeds give different texts, so a run that needs a fresh writing gets one.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { WRITING_STYLES } from '@core/styles';
import { countCharacters } from '@core/text/length';
import { AI_CORPUS, POSTS, quotesPost, USER_TEXTS, wordsOf } from '../../tests/text/ai-corpus';
import { composeOffline } from './index';
import { VOICES } from './voices';

/** The words the writer may change (register and the few safe synonyms of reword.ts). */
const FLEXIBLE = new Set(["do", "not", "don't", 'does', "doesn't", 'is', "isn't", 'are', "aren't", 'cannot', "can't", 'will', "won't", 'am', "i'm", 'have', "i've", 'did', "didn't", 'you', "you're", 'we', "we're", 'they', "they're", 'i', 'really', 'very', 'maybe', 'often', 'important', 'usually', 'genuinely', 'truly', 'seriously', 'remarkably', 'perhaps', 'possibly', 'frequently', 'regularly', 'crucial', 'essential', 'typically', 'generally', 'and']);
const kept = (text: string) => wordsOf(text).filter((w) => !FLEXIBLE.has(w));

/** True when the words of `inner` appear in `outer` in order, each run unbroken (what "not broken" means). */
const keepsWhole = (outer: string, inner: string): boolean => ` ${kept(outer).join(' ')} `.includes(` ${kept(inner).join(' ')} `);

const DOUBLED = /\b(\p{L}+)\s+\1\b/iu;
const endsWell = (t: string) => /[.!?…)😊]$/u.test(t.trim());

describe('the offline writer on the corpus (240 cases, 3 seeds each)', () => {
  const outs = AI_CORPUS.flatMap((c) => [1, 2, 3].map((seed) => ({ ...c, seed, out: composeOffline({ kind: 'rewrite', style: c.style, text: c.text, context: c.post, seed, maxLength: 280 }) })));

  it("keeps the user's point: every sentence whole, in order", () => {
    const broken = outs.filter((o) => !keepsWhole(o.out, o.text));
    expect(broken.map((o) => `${o.style}: ${o.text} -> ${o.out}`)).toEqual([]);
  });

  it('never quotes the post back (no four words in a row from it that the user did not write)', () => {
    const quoting = outs.filter((o) => quotesPost(o.out, o.post, o.text));
    expect(quoting.map((o) => `${o.post} -> ${o.out}`)).toEqual([]);
  });

  it('reads grammatically: no doubled words, no mention, ends a sentence, within the limit', () => {
    for (const o of outs) {
      expect(DOUBLED.test(o.out.replace(/\n→/gu, ' ')) && !DOUBLED.test(o.text), o.out).toBe(false);
      expect(o.out).not.toMatch(/@\w/u);
      expect(endsWell(o.out), o.out).toBe(true);
      expect(countCharacters(o.out)).toBeLessThanOrEqual(280);
    }
  });

  it('only adds sentences of its style, each whole: what is not the user’s text is a tail of the voice', () => {
    for (const o of outs.slice(0, 120)) {
      const voice = VOICES[o.style];
      const extra = kept(o.out).join(' ').replace(kept(o.text).join(' '), '').trim();
      if (extra === '') continue;
      const allowed = [...voice.tails, voice.lead].map((t) => kept(t).join(' '));
      expect(allowed.some((a) => extra.includes(a)) || o.out.includes(voice.lead), `${o.style}: ${o.out}`).toBe(true);
    }
  });

  it('seeds give different texts: at least 2 distinct of 8 seeds for every style with tails', () => {
    for (const style of WRITING_STYLES) {
      if (VOICES[style].tails.length === 0) continue;
      const texts = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((seed) => composeOffline({ kind: 'rewrite', style, text: USER_TEXTS[0], seed, maxLength: 280 })));
      expect(texts.size, style).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('replies to a post alone', () => {
  it('are standalone reactions of the style: never a quote of the post, never a word lifted from it', () => {
    for (const [i, post] of POSTS.entries()) {
      for (const style of WRITING_STYLES) {
        const out = composeOffline({ kind: 'reply', style, text: post, seed: i, maxLength: 280 });
        expect(VOICES[style].replies).toContain(out);
        expect(quotesPost(out, post), `${style}: ${out}`).toBe(false);
      }
    }
  });
});

describe('the same request', () => {
  it('always writes the same text, and keeps the length asked for whenever a choice fits', () => {
    const req = { kind: 'rewrite' as const, style: 'hot_take' as const, text: USER_TEXTS[2], seed: 4, maxLength: 280 };
    expect(composeOffline(req)).toBe(composeOffline(req));
    expect(countCharacters(composeOffline({ ...req, maxLength: 60 }))).toBeLessThanOrEqual(60);
  });

  it('property: any English words in, their sentence comes out whole', () => {
    const word = fc.constantFrom('teams', 'ship', 'faster', 'customers', 'pricing', 'matters', 'every', 'week', 'data', 'wins', 'simple', 'tools', 'help');
    fc.assert(
      fc.property(fc.array(word, { minLength: 2, maxLength: 12 }), fc.constantFrom(...WRITING_STYLES), fc.nat(20), (ws, style, seed) => {
        const text = `${ws.join(' ')}.`;
        const out = composeOffline({ kind: 'rewrite', style, text: text.charAt(0).toUpperCase() + text.slice(1), seed, maxLength: 280 });
        expect(keepsWhole(out, text)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
