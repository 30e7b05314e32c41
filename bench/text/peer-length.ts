// The rules as they were before they were made linear: the peer of bench/text/run.ts and the
// oracle of tests/text/linear-text.unit.test.ts. Quadratic on long texts; never used by the app.
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

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const words = new Intl.Segmenter(undefined, { granularity: 'word' });

/** Number of user-perceived characters (grapheme clusters). */
export const countCharacters = (text: string): number => {
  let n = 0;
  for (const _ of graphemes.segment(text)) n += 1;
  return n;
};

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
  for (const g of graphemes.segment(text)) {
    if (i === n) return g.index;
    i += 1;
  }
  return text.length;
};

/** The last sentence end within `window` that keeps enough of it, as a UTF-16 offset, or -1. */
const sentenceCut = (window: string, fullText: string, max: number): number => {
  const minimum = Math.ceil(max * SENTENCE_CUT_MIN_SHARE);
  let best = -1;
  let count = 0;
  for (const g of graphemes.segment(window)) {
    count += 1;
    const end = g.index + g.segment.length;
    const next = fullText[end];
    if (count >= minimum && SENTENCE_END.test(g.segment) && (next === undefined || /\s/u.test(next))) best = end;
  }
  return best;
};

/** The last word boundary at or before `limit` (UTF-16 offset) that leaves some text, or -1. */
const wordCut = (text: string, limit: number): number => {
  let best = -1;
  for (const w of words.segment(text)) {
    if (w.index > limit) break;
    if (w.index > 0 && text.slice(0, w.index).trim() !== '') best = w.index;
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
  const bySentence = sentenceCut(text.slice(0, windowEnd), text, limit);
  if (bySentence > 0) return { text: text.slice(0, bySentence).trimEnd(), truncated: true };

  const ellipsisLength = countCharacters(ellipsis);
  if (limit <= ellipsisLength) return { text: text.slice(0, windowEnd), truncated: true };
  const budgetEnd = offsetOfGrapheme(text, limit - ellipsisLength);
  const byWord = wordCut(text, budgetEnd);
  const kept = (byWord > 0 ? text.slice(0, byWord) : text.slice(0, budgetEnd)).replace(DANGLING, '');
  return { text: (kept === '' ? text.slice(0, budgetEnd) : kept) + ellipsis, truncated: true };
};
