/**
 * Sentence-level rewording for the offline writer: seeded synonym swaps for common English words
 * and a register (contract for casual voices, expand for formal ones). Text in other languages
 * passes through; the voice's opener, shape and closer still make it a new text.
 */
import { pick, type Rng } from './prng';
import type { Voice } from './voices';

// Only adverbs and a few adjectives whose swap keeps the meaning in every position: adjectives
// such as 'small' or 'great' live in set phrases ('small businesses', 'great depression') that a
// synonym breaks, and verbs take particles ("think about", "make sense").
const SYNONYMS: Record<string, readonly string[]> = {
  really: ['genuinely', 'truly'],
  very: ['seriously', 'remarkably'],
  maybe: ['perhaps', 'possibly'],
  often: ['frequently', 'regularly'],
  important: ['crucial', 'essential'],
  usually: ['typically', 'generally'],
};

const CONTRACTIONS: readonly [string, string][] = [
  ['do not', "don't"],
  ['does not', "doesn't"],
  ['did not', "didn't"],
  ['is not', "isn't"],
  ['are not', "aren't"],
  ['cannot', "can't"],
  ['will not', "won't"],
  ['I am', "I'm"],
  ['you are', "you're"],
  ['we are', "we're"],
  ['they are', "they're"],
  ['I have', "I've"],
];

const matchCase = (original: string, replacement: string): string =>
  /^\p{Lu}/u.test(original) ? replacement.charAt(0).toUpperCase() + replacement.slice(1) : replacement;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const applyRegister = (text: string, register: Voice['register']): string => {
  if (register === 'neutral') return text;
  let out = text;
  for (const [long, short] of CONTRACTIONS) {
    const [from, to] = register === 'casual' ? [long, short] : [short.replace("'", "['’]"), long];
    out = out.replace(new RegExp(`\\b${register === 'casual' ? escape(from) : from}\\b`, 'giu'), (m) => matchCase(m, to));
  }
  return out;
};

/**
 * Swaps up to `budget` common words for a seeded synonym (each word at most once, so the meaning
 * stays recognisable), then applies the voice's register.
 */
export const reword = (sentence: string, rng: Rng, register: Voice['register'], budget = 3): string => {
  let swaps = 0;
  const swapped = sentence.replace(/\b[A-Za-z]+\b/g, (word) => {
    const options = SYNONYMS[word.toLowerCase()];
    if (options === undefined || swaps >= budget || rng() < 0.25) return word;
    swaps += 1;
    return matchCase(word, pick(rng, options));
  });
  return applyRegister(swapped, register);
};
