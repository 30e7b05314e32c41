/**
 * X's weighted length (twitter-text v3 configuration), as the emulator checks posts: a URL counts
 * 23, an emoji 2, characters of the Latin ranges 1 and everything else (CJK...) 2. Standard
 * accounts may post 280, Premium 25,000. Close enough to X's own parser for the emulator's purpose:
 * telling "fits" from "too long".
 */
const URL_RE = /https?:\/\/[^\s]+/giu;
const EMOJI = /\p{Extended_Pictographic}/u;
const LIGHT_RANGES: readonly (readonly [number, number])[] = [
  [0, 4351],
  [8192, 8205],
  [8208, 8223],
  [8242, 8247],
];
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export const STANDARD_LIMIT = 280;
export const PREMIUM_LIMIT = 25_000;

export const weightedLength = (text: string): number => {
  let urls = 0;
  const rest = text.normalize('NFC').replace(URL_RE, () => {
    urls += 1;
    return '';
  });
  let total = urls * 23;
  for (const { segment } of segmenter.segment(rest)) {
    if (EMOJI.test(segment)) {
      total += 2;
      continue;
    }
    for (const ch of segment) {
      const cp = ch.codePointAt(0) ?? 0;
      total += LIGHT_RANGES.some(([a, b]) => cp >= a && cp <= b) ? 1 : 2;
    }
  }
  return total;
};
