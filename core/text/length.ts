/**
 * Counting and limiting the length of a text to post.
 *
 * We count grapheme clusters (what a reader sees as one character): a flag, a family emoji or a
 * letter with a combining accent is one character, and a cut never splits one. Code points would
 * count a family emoji as 7 and could cut it into pieces; UTF-16 units (String.length) are worse.
 *
 * X itself counts "weighted" characters: most scripts (CJK, emoji) weigh 2, Latin and common
 * punctuation weigh 1, and every URL counts as 23, against 280 for a standard account (Premium
 * accounts may post up to 25,000). Riposte's limits (AI length 50-4000, content 25,000) are product
 * limits in readable characters, not X's weighted count; a 280-character CJK reply can therefore
 * be over X's standard limit, which X reports at send time.
 */

import { graphemeStarts } from './graphemes';

const words = new Intl.Segmenter(undefined, { granularity: 'word' });

/** Number of user-perceived characters (grapheme clusters), in time linear in the length. */
export const countCharacters = (text: string): number => {
  let n = 0;
  for (const _ of graphemeStarts(text)) n += 1;
  return n;
};

/**
 * UTF-16 code units a text may take per allowed character before its characters are counted. Two
 * cover every character of the Basic Multilingual Plane (one unit) and every single emoji (two);
 * only texts made mostly of multi-code-point clusters (flags, emoji sequences, stacked accents)
 * reach the cap before the character limit. A request body cannot carry many more units anyway.
 */
export const UNITS_PER_CHARACTER = 2;

/**
 * The length in UTF-16 units (String.length, free to read) above which a text is refused before
 * any rule that walks it runs: `maxCharacters` times UNITS_PER_CHARACTER.
 */
export const unitCapFor = (maxCharacters: number): number => maxCharacters * UNITS_PER_CHARACTER;

export interface LimitedText {
  text: string;
  truncated: boolean;
}

export interface LimitOptions {
  /** Appended when the cut is not at the end of a sentence; counted in the limit. Default '…'. */
  ellipsis?: string;
}

// A sentence cut is preferred only when it keeps most of the allowed length.
const SENTENCE_CUT_MIN_SHARE = 0.6;
const SENTENCE_END = /[.!?…。！？]$/u;
const DANGLING = /[\s,;:\-–—([{"'“‘]+$/u;

/** UTF-16 offset where grapheme number `n` starts (text.length when there are fewer). */
const offsetOfGrapheme = (text: string, n: number): number => {
  let i = 0;
  for (const start of graphemeStarts(text)) {
    if (i === n) return start;
    i += 1;
  }
  return text.length;
};

/** The last sentence end within text[0, windowEnd) that keeps enough of it, as a UTF-16 offset, or -1. */
const sentenceCut = (text: string, windowEnd: number, max: number): number => {
  const minimum = Math.ceil(max * SENTENCE_CUT_MIN_SHARE);
  let best = -1;
  let count = 0;
  const check = (end: number) => {
    count += 1;
    const next = text[end];
    if (count >= minimum && SENTENCE_END.test(text[end - 1] ?? '') && (next === undefined || /\s/u.test(next))) best = end;
  };
  let previous = -1;
  for (const start of graphemeStarts(text.slice(0, windowEnd))) {
    if (previous >= 0) check(start);
    previous = start;
  }
  if (previous >= 0) check(windowEnd);
  return best;
};

// Word boundaries past the cut are not needed; this much text after it is enough context for them.
const WORD_CONTEXT = 256;
// After a space or a line break and before a visible ASCII character there is always a word
// boundary, and no rule looks across it: segmenting from there gives the same words.
const WORD_SAFE_CUT = /(?<=[ \n])[!-~]/gu;

/** The last word boundary at or before `limit` (UTF-16 offset) that leaves some text, or -1. */
const wordCut = (text: string, limit: number): number => {
  const firstVisible = text.search(/\S/u);
  if (firstVisible < 0) return -1;
  const scope = text.slice(0, Math.min(text.length, limit + WORD_CONTEXT));
  let best = -1;
  let from = 0;
  while (from <= limit && from < scope.length) {
    WORD_SAFE_CUT.lastIndex = from + WORD_CONTEXT;
    const cut = WORD_SAFE_CUT.exec(scope)?.index ?? scope.length;
    for (const w of words.segment(scope.slice(from, cut))) {
      const at = from + w.index;
      if (at > limit) return best;
      if (at > firstVisible) best = at;
    }
    from = cut;
  }
  return best;
};

/**
 * Cuts `text` to at most `max` characters (grapheme clusters): at the end of a sentence when one
 * keeps at least 60% of the allowance, else at a word boundary (Unicode word segmentation, so CJK
 * and Thai text is cut between words too) followed by the ellipsis, else (one giant word) at a
 * character boundary followed by the ellipsis. Text that already fits is returned unchanged.
 */
export const limitLength = (text: string, max: number, options: LimitOptions = {}): LimitedText => {
  const ellipsis = options.ellipsis ?? '…';
  const limit = Math.max(0, Math.floor(max));
  if (countCharacters(text) <= limit) return { text, truncated: false };

  const windowEnd = offsetOfGrapheme(text, limit);
  const bySentence = sentenceCut(text, windowEnd, limit);
  if (bySentence > 0) return { text: text.slice(0, bySentence).trimEnd(), truncated: true };

  const ellipsisLength = countCharacters(ellipsis);
  if (limit <= ellipsisLength) return { text: text.slice(0, windowEnd), truncated: true };
  const budgetEnd = offsetOfGrapheme(text, limit - ellipsisLength);
  const byWord = wordCut(text, budgetEnd);
  const kept = (byWord > 0 ? text.slice(0, byWord) : text.slice(0, budgetEnd)).replace(DANGLING, '');
  return { text: (kept === '' ? text.slice(0, budgetEnd) : kept) + ellipsis, truncated: true };
};
