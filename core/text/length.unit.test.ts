import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countCharacters, limitLength } from './length';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const clusters = (s: string) => [...segmenter.segment(s)].map((g) => g.segment);

describe('countCharacters', () => {
  it('counts what a reader sees as one character', () => {
    expect(countCharacters('abc')).toBe(3);
    expect(countCharacters('👨‍👩‍👧‍👦')).toBe(1);
    expect(countCharacters('🇫🇷🇩🇪')).toBe(2);
    expect(countCharacters('e\u0301')).toBe(1);
    expect(countCharacters('你好')).toBe(2);
    expect(countCharacters('')).toBe(0);
  });
});

describe('limitLength: examples', () => {
  it('returns a text that fits unchanged', () => {
    expect(limitLength('short text', 280)).toEqual({ text: 'short text', truncated: false });
    expect(limitLength('exactly', 7)).toEqual({ text: 'exactly', truncated: false });
  });

  it('cuts at a word boundary and adds an ellipsis', () => {
    expect(limitLength('The quick brown fox jumps over the lazy dog', 20)).toEqual({ text: 'The quick brown fox…', truncated: true });
    expect(limitLength('one, two, three, four', 12)).toEqual({ text: 'one, two…', truncated: true });
  });

  it('prefers the end of a sentence when it keeps most of the allowance', () => {
    expect(limitLength('This is the first sentence. And here comes another one.', 40)).toEqual({
      text: 'This is the first sentence.',
      truncated: true,
    });
    // A sentence end too early is not used: the word cut keeps more.
    expect(limitLength('Hi. This goes on and on without stopping', 30).text).toBe('Hi. This goes on and on…');
  });

  it('never splits an emoji sequence, a flag or an accented letter', () => {
    expect(limitLength('👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦', 3)).toEqual({ text: '👨‍👩‍👧‍👦👨‍👩‍👧‍👦…', truncated: true });
    expect(limitLength('e\u0301e\u0301e\u0301e\u0301', 2).text).toBe('e\u0301…');
  });

  it('cuts between words of scripts without spaces', () => {
    const text = '私はガラスを食べられます。それは私を傷つけません。';
    const { text: out } = limitLength(text, 10);
    expect(countCharacters(out)).toBeLessThanOrEqual(10);
    expect(out.endsWith('…')).toBe(true);
    expect(text.startsWith(out.slice(0, -1))).toBe(true);
  });

  it('hard-cuts one giant word', () => {
    expect(limitLength('a'.repeat(50), 10)).toEqual({ text: `${'a'.repeat(9)}…`, truncated: true });
  });

  it('handles tiny limits and a custom ellipsis', () => {
    expect(limitLength('hello world', 1)).toEqual({ text: 'h', truncated: true });
    expect(limitLength('hello world', 0)).toEqual({ text: '', truncated: true });
    expect(limitLength('hello wonderful world', 18, { ellipsis: '' })).toEqual({ text: 'hello wonderful', truncated: true });
  });
});

const anyText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 120 }),
  fc.array(fc.constantFrom('word', 'naïve', '你好', '👨‍👩‍👧', '🇫🇷', 'end.', 'stop!', ',', ' ', '  ', '\n'), { maxLength: 60 }).map((a) => a.join(' ')),
);

describe('limitLength: properties', () => {
  it('always fits, never splits a character, and keeps a prefix of the text', () => {
    fc.assert(
      fc.property(anyText, fc.integer({ min: 0, max: 80 }), (text, max) => {
        const { text: out, truncated } = limitLength(text, max);
        expect(countCharacters(out)).toBeLessThanOrEqual(max);
        expect(truncated).toBe(countCharacters(text) > max);
        const body = truncated && out.endsWith('…') && !text.startsWith(out) ? out.slice(0, -1) : out;
        const kept = clusters(body);
        expect(clusters(text).slice(0, kept.length)).toEqual(kept);
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(anyText, fc.integer({ min: 0, max: 80 }), (text, max) => {
        const once = limitLength(text, max).text;
        expect(limitLength(once, max)).toEqual({ text: once, truncated: false });
      }),
    );
  });
});
