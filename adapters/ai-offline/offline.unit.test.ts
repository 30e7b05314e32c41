import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isSafeWriter } from '@core/ai';
import { WRITING_STYLES } from '@core/styles';
import { countCharacters } from '@core/text/length';
import { findMentions } from '@core/text/mentions';
import { composeOffline, createOfflineWriter, OFFLINE_MODEL } from './index';

const writer = createOfflineWriter();
const text = 'Great products are built by small teams that ship every week. Big companies need fewer meetings, not more people.';
const post = 'AI will replace most junior developers within two years, and companies should stop hiring them now.';

describe('offline writer', () => {
  it('is labelled offline, with its model, and goes through withSafety', async () => {
    expect(writer).toMatchObject({ offline: true, model: OFFLINE_MODEL });
    expect(isSafeWriter(writer)).toBe(true);
    expect(await writer.rewrite({ text, style: 'hot_take', maxLength: 280 })).toMatchObject({ offline: true, model: OFFLINE_MODEL });
  });

  it('answers the same request with the same text', async () => {
    for (const style of WRITING_STYLES) {
      const a = await writer.rewrite({ text, style, maxLength: 280, seed: 7 });
      const b = await writer.rewrite({ text, style, maxLength: 280, seed: 7 });
      expect(a.text).toBe(b.text);
      const c = await writer.replyTo({ postText: post, accountName: '@Example', style, maxLength: 280, seed: 7 });
      const d = await writer.replyTo({ postText: post, accountName: '@Example', style, maxLength: 280, seed: 7 });
      expect(c.text).toBe(d.text);
    }
  });

  it('writes a different text for every style (same input, same seed)', async () => {
    for (const seed of [1, 2, 3]) {
      const rewrites = await Promise.all(WRITING_STYLES.map((style) => writer.rewrite({ text, style, maxLength: 280, seed })));
      expect(new Set(rewrites.map((r) => r.text)).size).toBe(WRITING_STYLES.length);
      const replies = await Promise.all(WRITING_STYLES.map((style) => writer.replyTo({ postText: post, accountName: 'x', style, maxLength: 280, seed })));
      expect(new Set(replies.map((r) => r.text)).size).toBeGreaterThanOrEqual(WRITING_STYLES.length - 1);
    }
  });

  it('writes different texts for different seeds, and never a copy of the input', async () => {
    for (const style of WRITING_STYLES) {
      const seeds = [1, 2, 3, 4, 5, 6, 7, 8];
      const rewrites = await Promise.all(seeds.map((seed) => writer.rewrite({ text, style, maxLength: 280, seed })));
      expect(new Set(rewrites.map((r) => r.text)).size, style).toBeGreaterThanOrEqual(3);
      for (const r of rewrites) expect(r.text).not.toBe(text);
      const replies = await Promise.all(seeds.map((seed) => writer.replyTo({ postText: post, accountName: 'x', style, maxLength: 280, seed })));
      expect(new Set(replies.map((r) => r.text)).size, style).toBeGreaterThanOrEqual(2);
      for (const r of replies) expect(r.text).not.toBe(post);
    }
  });

  it('follows the style: shapes and voices show in the text', () => {
    const of = (style: Parameters<typeof composeOffline>[0]['style']) => composeOffline({ kind: 'rewrite', style, text, seed: 1 });
    expect(of('insight_bomb')).toMatch(/\n→ /u);
    expect(of('enthusiastic_fan')).toMatch(/!/u);
    expect(of('thoughtful_question')).toMatch(/\?/u);
    expect(of('hot_take')).not.toMatch(/\p{Lu}{5,}/u);
    expect(of('dark_humor')).not.toMatch(/!/u);
  });

  it('keeps non-Latin text and never writes a mention, whatever it is given', async () => {
    const jp = await writer.rewrite({ text: '私たちは毎週リリースします。会議は少ない方がいい。', style: 'hot_take', maxLength: 280 });
    expect(jp.text).toContain('毎週リリースします');
    const tagged = await writer.replyTo({ postText: '@elon @ann thoughts on https://x.com/a?', accountName: '@elon', style: 'savage_comeback', maxLength: 280 });
    expect(findMentions(tagged.text)).toEqual([]);
    expect(tagged.text).not.toContain('x.com');
  });

  it('always answers within maxLength, with text, without mentions (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 400 }).filter((s) => s.trim() !== ''),
        fc.constantFrom(...WRITING_STYLES),
        fc.integer({ min: 50, max: 400 }),
        fc.integer(),
        fc.boolean(),
        async (input, style, maxLength, seed, asReply) => {
          const answer = asReply
            ? await writer.replyTo({ postText: input, accountName: 'someone', style, maxLength, seed })
            : await writer.rewrite({ text: input, style, maxLength, seed });
          expect(answer.text.trim()).not.toBe('');
          expect(countCharacters(answer.text)).toBeLessThanOrEqual(maxLength);
          expect(findMentions(answer.text)).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('offline writer details', () => {
  it('keeps the case of names like TypeScript or NASA when it continues a sentence with them', () => {
    const outs = [1, 2, 3, 4, 5, 6].map((seed) =>
      composeOffline({ kind: 'reply', style: 'hot_take', text: 'TypeScript makes large codebases easier to change.', seed }),
    );
    for (const out of outs) expect(out).not.toContain('typeScript');
    expect(outs.some((out) => out.includes('TypeScript'))).toBe(true);
    expect(composeOffline({ kind: 'rewrite', style: 'call_out_hypocrisy', text: 'NASA ships on time.', seed: 1 })).toContain('NASA');
  });
});
