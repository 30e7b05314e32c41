/**
 * Grapheme cluster boundaries in time linear in the length of the text.
 *
 * `Intl.Segmenter` alone is quadratic on long strings in the V8 of Node 20: every segment it hands
 * out carries the whole input, rebuilt from ICU's copy each time (measured: 80,000 characters take
 * 2.4 s to walk). So the segmenter only ever sees short pieces, and the pieces are cut where the
 * Unicode rules (UAX #29) make the result independent of the cut:
 *
 * - Between two "simple" characters there is always a boundary, and neither side's context reaches
 *   across it: a simple character is not a control, not Prepend, Extend, ZWJ or SpacingMark, not a
 *   Hangul jamo, not a regional indicator, not Extended_Pictographic and not an Indic conjunct
 *   consonant. Most text (ASCII, Latin, Greek, Cyrillic, kana, CJK ideographs, Hangul syllables,
 *   fullwidth forms) is simple, and a simple character next to another is a cluster of its own.
 * - Inside a run of other characters (emoji sequences, flags, combining marks, Indic scripts), the
 *   run is walked in windows: every boundary the segmenter finds before a window's last cluster is
 *   final, because the rules look one code point ahead and, behind, never further than the
 *   cluster (or the run of regional indicators) they are in, which starts at a final boundary.
 *   The next window starts at that last cluster. A cluster longer than a window doubles the window.
 *   Short runs are gathered (with the simple characters between them, cut at a sure boundary) up to
 *   a window before the segmenter is called, as each call has a fixed cost of a few microseconds.
 */

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Code units per window; windows this short keep the segmenter's per-segment copy small. */
export const GRAPHEME_WINDOW = 128;

/** A character that forms a cluster of its own next to another simple one (see the file comment). */
const isSimple = (c: number): boolean =>
  (c >= 0x20 && c <= 0x7e) ||
  (c >= 0xa0 && c <= 0x24f && c !== 0xa9 && c !== 0xad && c !== 0xae) ||
  (c >= 0x391 && c <= 0x3c9) ||
  (c >= 0x400 && c <= 0x481) ||
  (c >= 0x48a && c <= 0x4ff) ||
  c === 0x3001 ||
  c === 0x3002 ||
  (c >= 0x3041 && c <= 0x3096) ||
  (c >= 0x30a1 && c <= 0x30fa) ||
  (c >= 0x4e00 && c <= 0x9fff) ||
  (c >= 0xac00 && c <= 0xd7a3) ||
  (c >= 0xff01 && c <= 0xff5e);

const isHighSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;

/** Cluster starts within text[from, to), a run that begins and ends on final boundaries. */
function* runStarts(text: string, from: number, to: number, window: number): Generator<number> {
  let start = from;
  let size = window;
  while (start < to) {
    let end = Math.min(to, start + size);
    // Never end a window inside a surrogate pair: the rules need the whole next code point.
    if (end < to && isHighSurrogate(text.charCodeAt(end - 1))) end += 1;
    let last = -1;
    for (const g of graphemes.segment(text.slice(start, end))) {
      if (last >= 0) yield start + last;
      last = g.index;
    }
    if (end === to) {
      yield start + last;
      return;
    }
    if (last === 0) {
      size *= 2; // one cluster fills the window: look further before deciding where it ends
      continue;
    }
    start += last;
    size = window;
  }
}

/**
 * The UTF-16 offset where each grapheme cluster of `text` starts, in order (nothing for '').
 * `window` is only for tests, which make it tiny to exercise the cuts.
 */
export function* graphemeStarts(text: string, window: number = GRAPHEME_WINDOW): Generator<number> {
  const n = text.length;
  let runStart = 0;
  let complex = false; // the run holds a pair that is not a sure boundary
  for (let i = 1; i <= n; i += 1) {
    if (i < n && !(isSimple(text.charCodeAt(i - 1)) && isSimple(text.charCodeAt(i)))) {
      complex = true;
      continue;
    }
    if (!complex) {
      yield runStart; // one simple character
      runStart = i;
      continue;
    }
    // Every call to the segmenter costs a few microseconds: let short runs gather up to a window.
    if (i < n && i - runStart < window) continue;
    yield* runStarts(text, runStart, i, window);
    runStart = i;
    complex = false;
  }
}
