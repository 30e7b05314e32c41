import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isAppError } from '@core/shared/errors';
import { findMentions, hasMentions, MENTIONS_TOO_NESTED, stripMentions } from './mentions';

const strip = (s: string) => stripMentions(s).text;

describe('stripMentions: examples', () => {
  it.each([
    ['@john great point', 'great point'],
    ['great point @john', 'great point'],
    ['Hey @john, nice post', 'Hey, nice post'],
    ['Hey @john , nice post', 'Hey, nice post'],
    ['Thanks @ann and @bob!', 'Thanks and!'],
    ['a @b @c d', 'a d'],
    ['Loved it (@john)', 'Loved it'],
    ['Loved it (via @john) really', 'Loved it (via) really'],
    ["I love @john's work", 'I love work'],
    ['I love @john’s work', 'I love work'],
    ['.@john you are wrong', 'you are wrong'],
    ['wow.@john', 'wow.'],
    ['RT @john: big news', 'RT: big news'],
    ['RT@john big news', 'RT big news'],
    ['＠john fullwidth', 'fullwidth'],
    ['see @user/my-list now', 'see now'],
    ['@averyveryverylongusername123 hi', 'hi'],
    ['こんにちは@tanaka さん', 'こんにちは さん'],
    ['🔥 @john 🔥', '🔥 🔥'],
    ['Привет @ivan, как дела?', 'Привет, как дела?'],
    ['café@bar is nice', 'café is nice'],
  ])('%j -> %j', (input, expected) => {
    expect(strip(input)).toBe(expected);
  });

  it.each([
    'mail me at john.doe@example.com today',
    'write to josé@correo.es',
    'a-@example.org and a+tag@example.co.uk',
    'see https://mastodon.social/@user and www.example.com/@me',
    'meet me @ 5pm',
    'price is 5$@ea',
    '@josé is not linked by X',
    '@jose\u0301 with a combining accent',
    'email@domain',
    'no mentions here at all',
    '#hashtag and $CASH',
  ])('leaves %j alone', (input) => {
    expect(stripMentions(input)).toEqual({ text: input, removed: [] });
  });

  it('drops lines that held only mentions, keeps other line breaks and blank lines', () => {
    expect(strip('Hi there\n@ann @bob\nSee you\n\nBye @ann')).toBe('Hi there\nSee you\n\nBye');
    expect(strip('line one\r\n@ann\r\nline two')).toBe('line one\r\nline two');
  });

  it('keeps indentation and other spacing it did not touch', () => {
    expect(strip('x\n  @ann hi  there')).toBe('x\n  hi  there');
  });

  it('lists removed tokens once each, in order, with their @', () => {
    expect(stripMentions('@bob hi @ann and @bob ＠cat').removed).toEqual(['@bob', '@ann', '＠cat']);
  });

  it('repeats until nothing is left to strip (removal can form a new mention)', () => {
    const first = stripMentions('a @b@c d');
    // "@b@c" is not linked by X as written; stripping nothing is what X would do.
    expect(first.text).toBe('a @b@c d');
    expect(strip('x @b'.concat(' @c'))).toBe('x');
    expect(strip('@b(@c)')).toBe('');
  });

  it('strips mentions nested a few levels deep, one level per pass', () => {
    expect(strip('(@(@(@b)c)d) ok')).toBe('ok');
    expect(strip(`${'@RT'.repeat(20)}@x hi`)).toBe('hi');
  });

  it('refuses mentions nested thousands deep rather than walking the text thousands of times', () => {
    const nested = `${'@RT'.repeat(5000)}@x`;
    let caught: unknown;
    try {
      stripMentions(nested, { field: 'content' });
    } catch (e) {
      caught = e;
    }
    expect(isAppError(caught) && caught.code === 'validation' && caught.field === 'content' && caught.message === MENTIONS_TOO_NESTED).toBe(true);
  });

  it('returns an empty text when there was nothing but mentions', () => {
    expect(stripMentions('@a @b\n@c')).toEqual({ text: '', removed: ['@a', '@b', '@c'] });
  });

  it('finds mentions with their positions and tells whether there are any', () => {
    expect(findMentions('hi @ann, mail a@b.co')).toEqual([{ start: 3, end: 7, token: '@ann' }]);
    expect(hasMentions('hi @ann')).toBe(true);
    expect(hasMentions('mail a@b.co')).toBe(false);
  });
});

// ---- properties ---------------------------------------------------------------------------------

const nameChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCXYZ0123456789_');
const mention = fc
  .tuple(fc.constantFrom('@', '＠'), fc.array(nameChar, { minLength: 1, maxLength: 22 }))
  .map(([at, cs]) => at + cs.join(''));
const email = fc
  .tuple(
    fc.constantFrom('john', 'j.doe', 'a+b', 'ann_1', 'zoë', 'x-y'),
    fc.constantFrom('example.com', 'mail.co.uk', 'exämple.de', 'b.io'),
  )
  .map(([local, domain]) => `${local}@${domain}`);
const word = fc.oneof(
  fc.constantFrom('hello', 'World', 'naïve', 'café', 'Привет', 'こんにちは', '你好', 'مرحبا', '🔥', '👨‍👩‍👧', '🇫🇷', 'e\u0301'),
  fc.string({ unit: fc.constantFrom(...'abcXYZ019'), minLength: 1, maxLength: 8 }),
  fc.constantFrom('#tag', '$BTC', '5pm', '100%', 'a.b', 'x-y'),
);
// Fragments are always separated, so a fragment's meaning does not depend on its neighbours
// (a mention glued to a word is a different token, tested by the examples above).
const separator = fc.constantFrom(' ', ' ', ' ', ', ', '. ', '! ', '\n', ' (', ') ', ': ', '  ', '\t');
type Fragment = { kind: 'word' | 'mention' | 'email'; text: string };
const fragment: fc.Arbitrary<Fragment> = fc.oneof(
  { weight: 4, arbitrary: word.map((text) => ({ kind: 'word' as const, text })) },
  { weight: 2, arbitrary: mention.map((text) => ({ kind: 'mention' as const, text })) },
  { weight: 1, arbitrary: email.map((text) => ({ kind: 'email' as const, text })) },
);
const document = fc
  .array(fc.tuple(fragment, separator), { maxLength: 30 })
  .map((pairs) => ({ fragments: pairs.map(([f]) => f), text: pairs.map(([f, s]) => f.text + s).join('') }));

const isSubsequence = (small: string, big: string): boolean => {
  let i = 0;
  for (let j = 0; j < big.length && i < small.length; j += 1) if (small[i] === big[j]) i += 1;
  return i === small.length;
};

describe('stripMentions: properties', () => {
  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.oneof(document.map((d) => d.text), fc.string({ unit: 'grapheme' })), (text) => {
        const once = stripMentions(text);
        expect(stripMentions(once.text)).toEqual({ text: once.text, removed: [] });
      }),
    );
  });

  it('leaves no mention, by its own detector and by a plain pattern', () => {
    fc.assert(
      fc.property(document, ({ text }) => {
        const out = strip(text);
        expect(findMentions(out)).toEqual([]);
        expect(out).not.toMatch(/(?:^|[\s(,.!:])[@＠][A-Za-z0-9_]/u);
      }),
    );
  });

  it('keeps every e-mail address', () => {
    fc.assert(
      fc.property(document, ({ text, fragments }) => {
        const out = strip(text);
        for (const f of fragments) if (f.kind === 'email') expect(out).toContain(f.text);
      }),
    );
  });

  it('keeps the other text, in order, deleting characters only', () => {
    fc.assert(
      fc.property(document, ({ text, fragments }) => {
        const out = strip(text);
        expect(isSubsequence(out, text)).toBe(true);
        let from = 0;
        for (const f of fragments) {
          if (f.kind === 'mention') continue;
          const at = out.indexOf(f.text, from);
          expect(at, `${JSON.stringify(f.text)} in ${JSON.stringify(out)}`).toBeGreaterThanOrEqual(0);
          from = at + f.text.length;
        }
      }),
    );
  });

  it('introduces no double spaces', () => {
    fc.assert(
      fc.property(document, ({ text }) => {
        fc.pre(!/[^\S\r\n]{2}/u.test(text));
        expect(strip(text)).not.toMatch(/[^\S\r\n]{2}/u);
      }),
    );
  });

  it('reports exactly the mention fragments it removed', () => {
    fc.assert(
      fc.property(document, ({ text, fragments }) => {
        const expected = [...new Set(fragments.filter((f) => f.kind === 'mention').map((f) => f.text))];
        expect(stripMentions(text).removed).toEqual(expected);
      }),
    );
  });
});
