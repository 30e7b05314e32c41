/**
 * Mention stripping: the ONE function that removes @mentions from anything Riposte may post
 * (templates on save, schedule texts, AI output). Spec part 2 §1: "All @mentions are stripped from
 * replies, as a platform-policy safeguard."
 *
 * What counts as a mention is what X itself would link (the twitter-text rules), because the point
 * is that X must not tag anybody:
 * - `@` or the fullwidth `＠`, followed by letters, digits or underscores;
 * - not preceded by a letter, digit, `_`, `!#$%&*` or another `@` (then it is part of a word,
 *   an e-mail or a cashtag-like token), except after "RT" / "RT:" which X treats as a retweet prefix;
 * - not followed by `@`, `://` or an accented Latin letter ("@josé" is not linked by X);
 * - not inside an e-mail address or a URL (X links neither as a mention).
 *
 * X usernames are 1-15 characters. A longer run of name characters after `@` is removed WHOLE: X's
 * parser would link a prefix of it (twitter-text accepts up to 20), and removing only 15 characters
 * would leave a meaningless tail. A list reference (`@user/list`) is removed with its slug.
 *
 * Around a removed mention: a possessive (`@ann's`) goes with it, brackets that held only the
 * mention (`(@ann)`) go with it, the "dot-mention" prefix (`.@ann` at the start of a word) goes with
 * it; of the spaces on both sides one is kept, none at the start or end of a line or before closing
 * punctuation; a line left empty by the removal is dropped; the result is trimmed. Nothing else in
 * the text changes (other spaces, line breaks, emoji, any script), so non-mention text keeps its order.
 */

import { AppError } from '@core/shared/errors';

export interface StrippedText {
  text: string;
  /** The removed tokens as written (with their @), unique, in order of first appearance. */
  removed: string[];
}

export interface MentionMatch {
  start: number;
  end: number;
  token: string;
}

// twitter-text's "latin accent" characters: a mention followed by one of them is not linked.
const LATIN_ACCENTS =
  '\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u00ff\\u0100-\\u024f\\u0253\\u0254\\u0256\\u0257\\u0259\\u025b' +
  '\\u0263\\u0268\\u026f\\u0272\\u0289\\u028b\\u02bb\\u0300-\\u036f\\u1e00-\\u1eff';

// The class holds combining marks on purpose (U+0300-036F: "@jose\u0301" is not linked by X).
/* eslint-disable no-misleading-character-class */
const MENTION = new RegExp(
  // Allowed before the @: start, a non-word character, or an "RT" / "RT:" prefix.
  '(?<=^|[^A-Za-z0-9_!#$%&*@\\uff20]|(?:^|[^A-Za-z0-9_+~.\\-])[rR][tT]:?)' +
    '[@\\uff20][A-Za-z0-9_]+(?:\\/[A-Za-z][A-Za-z0-9_\\-]{0,24})?' +
    // The whole name run is taken (no backtracking into a shorter name) and must not continue.
    `(?![A-Za-z0-9_@\\uff20${LATIN_ACCENTS}]|:\\/\\/)`,
  'gu',
);
/* eslint-enable no-misleading-character-class */

// Practical e-mail shape (RFC 6531 allows non-ASCII local parts); a domain needs a dot and a
// letter TLD, so "a@b" is not an e-mail (and X would not link it as a mention either).
const EMAIL =
  /(?<![\p{L}\p{N}._%+\-@\uff20])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?)*\.\p{L}{2,}/gu;
const URL = /\b(?:https?:\/\/|www\.)[^\s]+/giu;

interface Span {
  start: number;
  end: number;
}

const spansOf = (re: RegExp, text: string): Span[] =>
  [...text.matchAll(re)].map((m) => ({ start: m.index, end: m.index + m[0].length }));

/** The mentions X would link in `text`, left to right (e-mails and URLs excluded). */
export const findMentions = (text: string): MentionMatch[] => {
  if (!text.includes('@') && !text.includes('\uff20')) return [];
  const shields = [...spansOf(EMAIL, text), ...spansOf(URL, text)].sort((x, y) => x.start - y.start);
  const found: MentionMatch[] = [];
  // One sweep: mentions come in order and do not overlap, so the shields that start before a
  // mention's end only grow; the mention is shielded when the furthest of them reaches into it.
  let next = 0;
  let reach = -1;
  for (const m of text.matchAll(MENTION)) {
    const match = { start: m.index, end: m.index + m[0].length, token: m[0] };
    for (let shield = shields[next]; shield !== undefined && shield.start < match.end; shield = shields[++next]) reach = Math.max(reach, shield.end);
    if (reach <= match.start) found.push(match);
  }
  return found;
};

/** True when `text` holds at least one mention (the UI's "@Mentions Detected" banner). */
export const hasMentions = (text: string): boolean => findMentions(text).length > 0;

const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
const CLOSING_PUNCTUATION = /^[,.;:!?)\]}…]/u;
const POSSESSIVE = /^['’][sS](?![\p{L}\p{N}_])/u;

/** Widens a mention to what must go with it: a possessive, its own brackets, a leading dot. */
const widen = (line: string, m: MentionMatch): Span => {
  let { start, end } = m;
  const possessive = POSSESSIVE.exec(line.slice(end));
  if (possessive) end += possessive[0].length;
  const before = line[start - 1];
  if (before !== undefined && OPENERS[before] !== undefined && line[end] === OPENERS[before]) {
    start -= 1;
    end += 1;
  } else if (before === '.' && (start === 1 || /\s/u.test(line[start - 2] ?? ''))) {
    start -= 1;
  }
  return { start, end };
};

const isHorizontalSpace = (c: string | undefined): boolean => c !== undefined && c !== '\r' && c !== '\n' && /\s/u.test(c);

/**
 * One pass over one line: every mention found is removed with what goes with it. The kept text is
 * a list of slices of the line, and the spaces at its end are counted as slices are added, so the
 * pass is linear in the length of the line however many mentions it holds.
 */
const stripLine = (line: string, removed: string[]): string => {
  const mentions = findMentions(line);
  if (mentions.length === 0) return line;
  const kept: string[] = [];
  let keptLength = 0;
  let trailingSpace = 0; // horizontal spaces at the end of the kept text
  const keep = (from: number, to: number) => {
    if (to <= from) return;
    kept.push(line.slice(from, to));
    keptLength += to - from;
    let i = to;
    while (i > from && isHorizontalSpace(line[i - 1])) i -= 1;
    trailingSpace = i === from ? trailingSpace + (to - from) : to - i;
  };
  const dropTrailingSpace = () => {
    let n = trailingSpace;
    while (n > 0) {
      const last = kept.pop() ?? '';
      if (last.length > n) {
        kept.push(last.slice(0, last.length - n));
        keptLength -= n;
        n = 0;
      } else {
        keptLength -= last.length;
        n -= last.length;
      }
    }
    trailingSpace = 0;
  };
  let cursor = 0;
  for (const mention of mentions) {
    if (mention.start < cursor) continue; // already swallowed by the previous mention's brackets
    const { start, end } = widen(line, mention);
    removed.push(mention.token);
    keep(cursor, start);
    let restStart = end;
    while (isHorizontalSpace(line[restStart])) restStart += 1;
    const rightSpace = restStart - end;
    const restCore = line.slice(restStart, restStart + 1);
    if (restCore === '' || CLOSING_PUNCTUATION.test(restCore)) {
      // Nothing or closing punctuation follows: no space on either side ("Hey @ann, hi" -> "Hey, hi").
      dropTrailingSpace();
      cursor = end + rightSpace;
    } else if (trailingSpace > 0 || keptLength === 0) {
      // Keep the left space (or the line's indentation), drop the right one.
      cursor = end + rightSpace;
    } else {
      // Glued on the left ("café@bar is"): the right space is the one that separates the words.
      cursor = end;
    }
  }
  keep(cursor, line.length);
  return kept.join('');
};

/** One pass over every line; lines emptied by a removal are dropped. */
const stripOnce = (text: string, removed: string[]): string => {
  const parts = text.split(/(\r?\n)/u);
  const kept: string[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const line = parts[i] ?? '';
    const separator = parts[i + 1] ?? '';
    const stripped = stripLine(line, removed);
    if (stripped !== line && stripped.trim() === '') continue;
    kept.push(stripped, separator);
  }
  return kept.join('');
};

// Each pass is linear, and a pass can only find new mentions where the previous one removed
// something, so ordinary text takes one or two passes. Only mentions nested into each other
// ("(@(@(@b)c)d)", "@RT@RT@x") need a pass per level; past this much work in all (UTF-16 units
// walked, counted over the passes) the text is refused rather than walked again and again.
const PASS_WORK_FACTOR = 8;
const PASS_WORK_MIN = 200_000;

export const MENTIONS_TOO_NESTED = 'Too many nested @mentions to remove';

/**
 * Removes every mention from `text` (see the file comment for the rules). Idempotent: a removal can
 * bring two pieces of text together into a new mention (`a @b@c` gives `a @c`), so passes repeat
 * until nothing changes; each pass that changes something shortens the text, so this ends. A text
 * that would need more work than PASS_WORK_FACTOR times its length (at least PASS_WORK_MIN) is
 * refused with AppError('validation', MENTIONS_TOO_NESTED) on `options.field`.
 */
export const stripMentions = (text: string, options: { field?: string } = {}): StrippedText => {
  const removed: string[] = [];
  const budget = Math.max(PASS_WORK_MIN, PASS_WORK_FACTOR * text.length);
  let work = 0;
  let current = text;
  for (;;) {
    work += current.length;
    if (work > budget) throw new AppError('validation', MENTIONS_TOO_NESTED, { reason: 'MENTIONS_TOO_NESTED', ...options });
    const next = stripOnce(current, removed);
    if (next === current) break;
    current = next;
  }
  return { text: current.trim(), removed: [...new Set(removed)] };
};
