/** Reading a text for the offline writer: its sentences, a subject phrase and a keyword. */
import { stripMentions } from '@core/text/mentions';
import { pick, type Rng } from './prng';

const URLS = /\b(?:https?:\/\/|www\.)\S+/giu;
const STOPWORDS = new Set(
  (
    'about above after again against also because been before being below between both could does doing down during each ' +
    'every from further have having here into just more most much never only other over same should since some such than ' +
    'that their them then there these they this those through under until very what when where which while will with ' +
    'would your yours just really think thing things people today tomorrow yesterday always ' +
    // Verbs and time words that name no topic: 'what made you rethink "stay"?' says nothing.
    'stay stays replace need needs take takes took make makes made give gave keep kept ship shipped going want wants ' +
    'said says tell told know knew feel feels look looks seem seems become became remote week weeks year years month ' +
    'months hour hours minute minutes days'
  ).split(' '),
);

/** The text without mentions and links, on one line. */
export const cleanText = (text: string): string => stripMentions(text.replace(URLS, ' ')).text.replace(/\s+/gu, ' ').trim();

export const sentencesOf = (text: string): string[] =>
  text
    .split(/(?<=[.!?…。！？])\s+/u)
    .map((s) => s.trim())
    .filter((s) => s !== '');

const words = (text: string): string[] => text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];

export const endsSentence = (s: string): boolean => /[.!?…。！？]$/u.test(s);
export const withoutEnd = (s: string): string => s.replace(/[\s.!?…。！？,;:]+$/u, '');

/** Lower-cases the first letter unless the first word looks like a name (TypeScript, iPhone), an acronym or "I". */
export const lowerFirst = (s: string): string => {
  const first = s.split(/\s/u)[0] ?? '';
  if (first === 'I' || /^I['’]/u.test(first) || /\p{Lu}/u.test(first.slice(1))) return s;
  return s.charAt(0).toLowerCase() + s.slice(1);
};

export const upperFirst = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** A short phrase naming what the text is about: its first clause, at most `maxWords` words. */
export const subjectOf = (text: string, maxWords = 10): string => {
  const first = sentencesOf(text)[0] ?? text;
  const clauses = withoutEnd(first)
    .split(/\s*[,;:—–]\s*|\s+-\s+/u)
    .filter((c) => words(c).length > 0);
  const clause = clauses.find((c) => words(c).length >= 3) ?? clauses[0] ?? '';
  const tokens = clause.split(/\s+/u).filter((t) => t !== '');
  return lowerFirst(withoutEnd(tokens.slice(0, maxWords).join(' ')));
};

// Nouns make better keywords than verbs ("what made you rethink developers?" reads, "... rethink
// replace?" does not); without a tagger, suffixes and capitals are the hint.
const nounish = (word: string, atSentenceStart: boolean): number => {
  let score = word.length;
  if (/(?:tion|sion|ment|ness|ity|ism|ship|ers|ors|ies|ists)$/iu.test(word)) score += 4;
  else if (/[^s]s$/iu.test(word)) score += 2;
  if (/(?:ing|ed|ly|ize|ise)$/iu.test(word)) score -= 4;
  if (/^\p{Lu}/u.test(word) && !atSentenceStart) score += 3;
  return score;
};

/** A meaningful, noun-like word of the text (seeded choice between the two best). */
export const keywordOf = (text: string, rng: Rng): string => {
  const scored = new Map<string, number>();
  for (const sentence of sentencesOf(text)) {
    words(sentence).forEach((w, i) => {
      if (w.length < 4 || STOPWORDS.has(w.toLowerCase())) return;
      // A capital at the start of a sentence says nothing; elsewhere it marks a name: keep it.
      const key = i === 0 && w.slice(1) === w.slice(1).toLowerCase() ? w.toLowerCase() : w;
      scored.set(key, Math.max(scored.get(key) ?? -Infinity, nounish(w, i === 0)));
    });
  }
  if (scored.size === 0) return words(text)[0] ?? 'this';
  const top = [...scored.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 2).map(([w]) => w);
  return pick(rng, top);
};
