/**
 * Variation syntax (spintax) in templates and fixed texts: `{Great|Sharp|Fair} point` is three
 * texts. Choices nest (`{Good {point|take}|Fair}`). Only braces that hold a `|` at their own level
 * are a choice: `{name}`, a lone `{` or `}` and unbalanced braces stay as written, so a text written
 * before the syntax existed keeps meaning what it said. `\{`, `\}` and `\|` write the character.
 *
 * The variations of a text are numbered 0..count-1 (the first alternative of every choice is
 * variation 0, the text read "as first written"); `variation(text, i)` is computed directly from
 * `i`, so a text with millions of variations is never listed whole.
 */
import { sameTextForm } from './same-text';

type Part = { kind: 'text'; value: string } | { kind: 'choice'; options: Sequence[] };
type Sequence = Part[];

/** Variation counts stop growing here: a text's variations are "more than" this many. */
export const MAX_COUNTED_VARIATIONS = 1_000_000_000;

const cap = (n: number): number => Math.min(n, MAX_COUNTED_VARIATIONS);

/** Where the braces of `text` close, for the choices that hold a '|' at their own level. */
const parseAt = (text: string, from: number, inside: boolean): { seq: Sequence; options: Sequence[]; end: number; closed: boolean } => {
  const options: Sequence[] = [];
  let seq: Sequence = [];
  let literal = '';
  const flush = () => {
    if (literal !== '') seq.push({ kind: 'text', value: literal });
    literal = '';
  };
  let i = from;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === '\\' && i + 1 < text.length && '{}|\\'.includes(text[i + 1] as string)) {
      literal += text[i + 1];
      i += 2;
      continue;
    }
    if (ch === '{') {
      const inner = parseAt(text, i + 1, true);
      if (inner.closed && inner.options.length >= 2) {
        flush();
        seq.push({ kind: 'choice', options: inner.options });
      } else if (inner.closed) {
        // Braces without a choice are text: `{name}` stays `{name}` (its inside may hold choices).
        flush();
        seq.push({ kind: 'text', value: '{' }, ...(inner.options[0] ?? []), { kind: 'text', value: '}' });
      } else {
        literal += '{';
        i += 1;
        continue;
      }
      i = inner.end + 1;
      continue;
    }
    if (inside && ch === '|') {
      flush();
      options.push(seq);
      seq = [];
      i += 1;
      continue;
    }
    if (inside && ch === '}') {
      flush();
      options.push(seq);
      return { seq, options, end: i, closed: true };
    }
    literal += ch;
    i += 1;
  }
  flush();
  options.push(seq);
  return { seq, options, end: i, closed: false };
};

// At the top level a '|' is text, so there is one option: the whole text.
const parse = (text: string): Sequence => parseAt(text, 0, false).options[0] ?? [];

const countSeq = (seq: Sequence): number => seq.reduce((n, part) => cap(n * (part.kind === 'text' ? 1 : countChoice(part.options))), 1);
const countChoice = (options: Sequence[]): number => options.reduce((n, o) => cap(n + countSeq(o)), 0);

/** Reads variation `i` of a sequence: each choice takes a digit of `i` in its own base. */
const renderSeq = (seq: Sequence, index: number): string => {
  let rest = index;
  let out = '';
  for (const part of seq) {
    if (part.kind === 'text') {
      out += part.value;
      continue;
    }
    const n = countChoice(part.options);
    let digit = rest % n;
    rest = Math.floor(rest / n);
    for (const option of part.options) {
      const c = countSeq(option);
      if (digit < c) {
        out += renderSeq(option, digit);
        break;
      }
      digit -= c;
    }
  }
  return out;
};

/** How many texts the syntax writes (choices multiplied out; capped at MAX_COUNTED_VARIATIONS). */
export const variationCount = (text: string): number => countSeq(parse(text));

/** True when the text holds at least one choice. */
export const hasVariations = (text: string): boolean => parse(text).some((p) => p.kind === 'choice');

/** Variation `index` (taken modulo the count) of the text, with runs of spaces a choice left behind made one. */
export const variation = (text: string, index: number): string => variationOf(parse(text), index);

const variationOf = (seq: Sequence, index: number): string => {
  const n = countSeq(seq);
  const i = ((Math.trunc(Number.isFinite(index) ? index : 0) % n) + n) % n;
  const raw = renderSeq(seq, i);
  return hasChoice(seq) ? raw.replace(/[ \t]{2,}/g, ' ').replace(/ +([,.;:!?])/g, '$1').trim() : raw;
};

const hasChoice = (seq: Sequence): boolean => seq.some((p) => p.kind === 'choice');

/** Variations listed whole up to this many when counting the distinct ones. */
export const DISTINCT_SCAN_LIMIT = 20_000;

export interface VariationSummary {
  /** Texts X takes for different posts (core/text/same-text), or the count of variations when `exact` is false. */
  distinct: number;
  /** False when there were too many variations to compare them all (`distinct` is then an upper bound). */
  exact: boolean;
  /** The first few distinct texts, in order. */
  preview: string[];
}

/** How many different texts (for X's duplicate rule) the syntax makes, and a preview of them. */
export const summariseVariations = (text: string, previewSize = 5): VariationSummary => {
  const seq = parse(text);
  const n = countSeq(seq);
  const seen = new Set<string>();
  const preview: string[] = [];
  const scan = Math.min(n, DISTINCT_SCAN_LIMIT);
  for (let i = 0; i < scan; i += 1) {
    const v = variationOf(seq, i);
    const form = sameTextForm(v);
    if (seen.has(form)) continue;
    seen.add(form);
    if (preview.length < previewSize) preview.push(v);
    if (n > DISTINCT_SCAN_LIMIT && preview.length >= previewSize) break;
  }
  return n > DISTINCT_SCAN_LIMIT ? { distinct: n, exact: false, preview } : { distinct: seen.size, exact: true, preview };
};
