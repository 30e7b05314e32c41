/**
 * X's own count of a post's length ("weighted" characters, twitter-text configuration v3), against
 * 280 for a standard account and 25,000 for Premium. Code points in the ranges below weigh 1 (Latin,
 * Greek, Cyrillic, most punctuation), others weigh 2 (CJK, most other scripts); an emoji (one
 * grapheme cluster with a pictographic character or a flag) weighs 2 whatever it is made of; every
 * URL weighs 23 (X shortens it to a t.co link).
 */
import { graphemeStarts } from './graphemes';
import { limitLength, type LimitedText } from './length';

export const X_STANDARD_MAX = 280;
export const X_PREMIUM_MAX = 25_000;
export const URL_WEIGHT = 23;

const LIGHT_RANGES: readonly (readonly [number, number])[] = [
  [0, 4351],
  [8192, 8205],
  [8208, 8223],
  [8242, 8247],
];

const weightOfCodePoint = (c: number): number => (LIGHT_RANGES.some(([lo, hi]) => c >= lo && c <= hi) ? 1 : 2);

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
const URL = /\bhttps?:\/\/[^\s]+|\bwww\.[^\s]+/giu;

const weightOfPlainText = (text: string): number => {
  let total = 0;
  let previous = -1;
  const cluster = (start: number, end: number) => {
    const piece = text.slice(start, end);
    if (EMOJI.test(piece)) {
      total += 2;
      return;
    }
    for (const ch of piece) total += weightOfCodePoint(ch.codePointAt(0) ?? 0);
  };
  for (const start of graphemeStarts(text)) {
    if (previous >= 0) cluster(previous, start);
    previous = start;
  }
  if (previous >= 0) cluster(previous, text.length);
  return total;
};

/** X's weighted length of a text. */
export const weightedLength = (text: string): number => {
  let total = 0;
  let from = 0;
  for (const m of text.matchAll(URL)) {
    total += weightOfPlainText(text.slice(from, m.index)) + URL_WEIGHT;
    from = m.index + m[0].length;
  }
  return total + weightOfPlainText(text.slice(from));
};

/**
 * Cuts `text` so that its weighted length is at most `maxWeighted`, the way limitLength cuts
 * (sentence end, else word boundary plus '…', never inside a grapheme cluster): the longest such
 * cut that fits, found by bisection over the number of characters kept.
 */
export const limitWeightedLength = (text: string, maxWeighted: number): LimitedText => {
  if (weightedLength(text) <= maxWeighted) return { text, truncated: false };
  let lo = 0;
  let hi = maxWeighted; // every character weighs at least 1, so more never fits
  let best: LimitedText = { text: '', truncated: true };
  while (lo <= hi) {
    const mid = Math.floor((lo + hi) / 2);
    const cut = limitLength(text, mid);
    if (weightedLength(cut.text) <= maxWeighted) {
      best = cut;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return { text: best.text, truncated: true };
};
