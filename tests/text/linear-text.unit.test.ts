// The linear text rules against the straightforward ones they replaced (kept in bench/text as the
// benchmark's peer): same answers on short texts, where the old ones are quick enough to serve as
// the oracle. The texts are drawn from the pieces the Unicode rules treat specially.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { graphemeStarts } from '@core/text/graphemes';
import { countCharacters, limitLength } from '@core/text/length';
import { findMentions, stripMentions } from '@core/text/mentions';
import * as oldLength from '../../bench/text/peer-length';
import * as oldMentions from '../../bench/text/peer-mentions';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const reference = (s: string) => [...segmenter.segment(s)].map((g) => g.index);

const piece = fc.constantFrom(
  'a', 'Z', '1', ' ', '.', '!', '\n', '\r', '\r\n', '\t', '\u0000', '\u0085', '\u00ad', 'é', 'ß', 'Ж', 'λ', '你', 'ガ', '한',
  'e\u0301', '\u0301', '\u0308', '\u200d', '\u200c', '\ufe0f', '\u20e3', '\u0600', '\u06dd', '\u0d4e',
  '\u1100', '\u1161', '\u11a8', '\uac00', '\uac01',
  '\u0915', '\u094d', '\u0937', '\u093f', '\u0e01', '\u0e33',
  '🇫', '🇷', '🇫🇷', '👨', '👩', '👧', '👨‍👩‍👧‍👦', '🏳️‍🌈', '👍🏽', '©', '®', '\u3030', '#️⃣',
  '\ud83d', '\ude00', '\u3099', '\uff9e', '＠', '@', '(', ')', "'s", 'RT', 'www.', 'http://',
);
const tricky = fc.array(piece, { maxLength: 40 }).map((a) => a.join(''));
const anyText = fc.oneof(tricky, fc.string({ unit: 'grapheme', maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 60 }));

describe('grapheme boundaries in linear time', () => {
  it('are the segmenter’s own, whatever the window', () => {
    fc.assert(
      fc.property(anyText, fc.integer({ min: 1, max: 12 }), (text, window) => {
        expect([...graphemeStarts(text, window)]).toEqual(reference(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('count and cut as the old rules did', () => {
    fc.assert(
      fc.property(anyText, fc.integer({ min: 0, max: 60 }), (text, max) => {
        expect(countCharacters(text)).toBe(oldLength.countCharacters(text));
        expect(limitLength(text, max)).toEqual(oldLength.limitLength(text, max));
      }),
      { numRuns: 1000 },
    );
  });
});

const mentionPiece = fc.constantFrom(
  '@', '＠', 'a', 'b', 'RT', 'rt:', '_', '.', ',', ')', '(', '[', ']', "'s", '’s', ' ', '  ', '\n', '\r\n', '\t', '/',
  'list', '-', 'x.co', 'mail@x.com', 'https://', 'www.', '://', 'é', '你', '🔥', '!', '#', ':', '+', '%',
);
const mentionText = fc.oneof(
  fc.array(mentionPiece, { maxLength: 40 }).map((a) => a.join('')),
  fc.string({ unit: fc.constantFrom(...'@a b(.)RT\n_'), maxLength: 40 }),
);

describe('mention stripping in linear time', () => {
  it('finds and strips as the old rules did', () => {
    fc.assert(
      fc.property(mentionText, (text) => {
        expect(findMentions(text)).toEqual(oldMentions.findMentions(text));
        expect(stripMentions(text)).toEqual(oldMentions.stripMentions(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('strips nested mentions, each pass at a time, as the old rules did', () => {
    const nested = fc.integer({ min: 0, max: 12 }).chain((depth) =>
      fc.array(fc.constantFrom('(@', '@RT', 'c)', ' ', '@x', 'a', '.@', "'s", ', '), { minLength: depth, maxLength: depth * 3 }),
    );
    fc.assert(
      fc.property(nested, (parts) => {
        const text = parts.join('');
        expect(stripMentions(text)).toEqual(oldMentions.stripMentions(text));
      }),
      { numRuns: 3000 },
    );
  });
});
