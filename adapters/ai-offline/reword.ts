/**
 * Sentence-level rewording for the offline writer: seeded synonym swaps for common English words
 * and a register (contract for casual voices, expand for formal ones). Text in other languages
 * passes through; the voice's opener, shape and closer still make it a new text.
 */
import { pick, type Rng } from './prng';
import type { Voice } from './voices';

// Only words whose swap reads right in (nearly) every position: no verbs that take particles
// ("think about", "make sense", "need to"), no words that are also prepositions ("like").
const SYNONYMS: Record<string, readonly string[]> = {
  great: ['brilliant', 'excellent', 'superb'],
  good: ['solid', 'strong', 'decent'],
  bad: ['weak', 'poor', 'rough'],
  big: ['huge', 'massive', 'major'],
  small: ['tiny', 'modest', 'compact'],
  important: ['crucial', 'essential', 'key'],
  easy: ['simple', 'effortless', 'straightforward'],
  hard: ['tough', 'difficult', 'demanding'],
  fast: ['quick', 'rapid', 'swift'],
  new: ['fresh', 'brand-new', 'novel'],
  really: ['genuinely', 'truly', 'honestly'],
  very: ['seriously', 'incredibly', 'remarkably'],
  love: ['adore', 'appreciate', 'enjoy'],
  build: ['create', 'craft', 'make'],
  problem: ['issue', 'challenge', 'headache'],
  idea: ['concept', 'notion', 'thought'],
  amazing: ['incredible', 'stunning', 'fantastic'],
  awesome: ['fantastic', 'terrific', 'outstanding'],
  maybe: ['perhaps', 'possibly', 'arguably'],
  huge: ['massive', 'enormous', 'giant'],
  tiny: ['minuscule', 'little', 'small'],
  simple: ['plain', 'easy', 'straightforward'],
  smart: ['clever', 'sharp', 'bright'],
  often: ['frequently', 'regularly', 'commonly'],
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
