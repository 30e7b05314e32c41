import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AppError } from '@core/shared/errors';
import { countCharacters } from '@core/text/length';
import { findMentions } from '@core/text/mentions';
import {
  AiError,
  finalizeAiText,
  generateAiReplyBodySchema,
  isSafeWriter,
  maxTokensFor,
  replyPrompt,
  rewritePrompt,
  withSafety,
  type AiText,
  type AiWriter,
} from './index';

/** A writer that answers with a fixed text: stands for a model that ignores its instructions. */
const saying = (answer: string): AiWriter => ({
  offline: false,
  model: 'scripted',
  rewrite: async (): Promise<AiText> => ({ text: answer, offline: false, model: 'scripted' }),
  replyTo: async (): Promise<AiText> => ({ text: answer, offline: false, model: 'scripted' }),
});

describe('finalizeAiText', () => {
  it('strips mentions, unwraps quotes and labels, and cuts to length', () => {
    expect(finalizeAiText('"@elon this is wrong, @ann agrees"', 280)).toEqual({
      text: 'this is wrong, agrees',
      mentionsRemoved: ['@elon', '@ann'],
      truncated: false,
    });
    expect(finalizeAiText('Reply: Bold move.', 280).text).toBe('Bold move.');
    expect(finalizeAiText('one two three four five six seven', 15)).toEqual({ text: 'one two three…', mentionsRemoved: [], truncated: true });
  });

  it('keeps inner quotes that are part of the text', () => {
    expect(finalizeAiText('"Ship it" they said. "Later" I said.', 280).text).toBe('"Ship it" they said. "Later" I said.');
  });

  it('refuses an answer with nothing left as AiError empty (503)', () => {
    for (const raw of ['', '   ', '@a @b', '""']) {
      const error = (() => {
        try {
          finalizeAiText(raw, 280);
        } catch (e) {
          return e;
        }
        return null;
      })();
      expect(error).toBeInstanceOf(AiError);
      expect(error).toMatchObject({ kind: 'empty', code: 'unavailable', reason: 'AI_EMPTY' });
    }
  });

  it('always yields text within the limit and without mentions', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.integer({ min: 1, max: 200 }), (raw, max) => {
        try {
          const { text } = finalizeAiText(raw, max);
          expect(countCharacters(text)).toBeLessThanOrEqual(max);
          expect(findMentions(text)).toEqual([]);
          expect(text).not.toBe('');
        } catch (e) {
          expect(e).toBeInstanceOf(AiError);
        }
      }),
    );
  });
});

describe('withSafety', () => {
  it("makes any writer's answers safe and keeps its labels", async () => {
    const safe = withSafety(saying(`@bob ${'word '.repeat(100)}`));
    const answer = await safe.replyTo({ postText: 'A post', accountName: '@Example', style: 'hot_take', maxLength: 60 });
    expect(answer.model).toBe('scripted');
    expect(answer.offline).toBe(false);
    expect(countCharacters(answer.text)).toBeLessThanOrEqual(60);
    expect(answer.text.startsWith('word')).toBe(true);
    expect(isSafeWriter(safe)).toBe(true);
    expect(withSafety(safe)).toBe(safe);
  });

  it('checks requests: empty text, unknown style; clamps the length into 50-4000', async () => {
    const safe = withSafety(saying('x '.repeat(3000)));
    await expect(safe.rewrite({ text: ' ', style: 'hot_take', maxLength: 280 })).rejects.toMatchObject({ code: 'validation', field: 'text' });
    await expect(safe.rewrite({ text: 'hi', style: 'nope' as never, maxLength: 280 })).rejects.toMatchObject({ code: 'validation', field: 'style' });
    const long = await safe.rewrite({ text: 'hi', style: 'hot_take', maxLength: 100_000 });
    expect(countCharacters(long.text)).toBeLessThanOrEqual(4000);
    const short = await safe.rewrite({ text: 'hi', style: 'hot_take', maxLength: 1 });
    expect(countCharacters(short.text)).toBeLessThanOrEqual(50);
  });
});

describe('AiError', () => {
  it('maps each kind to an AppError code, never 401 for a bad AI key', () => {
    expect(new AiError('auth')).toMatchObject({ code: 'unavailable', reason: 'AI_AUTH' });
    expect(new AiError('rate_limited', undefined, { retryAfterMs: 2000 })).toMatchObject({ code: 'rate_limited', retryAfterMs: 2000 });
    expect(new AiError('timeout').code).toBe('unavailable');
    expect(new AiError('bad_request').code).toBe('internal');
    expect(new AiError('unavailable')).toBeInstanceOf(AppError);
  });
});

describe('prompts', () => {
  it('carry the style guidance, the limit and the text, and no @ names', () => {
    const p = rewritePrompt({ text: 'Ship fast.', style: 'insight_bomb', maxLength: 280, target: { username: '@naval', postText: 'Build things.' } });
    expect(p.system).toContain('Style: Insight Bomb (insight_bomb)');
    expect(p.system).toContain('At most 280 characters');
    expect(JSON.parse(p.user)).toEqual({ task: 'rewrite', text: 'Ship fast.', replyTo: { account: 'naval', post: 'Build things.' } });
    const r = replyPrompt({ postText: 'Hello', accountName: '@Example', style: 'witty_response', maxLength: 100 });
    expect(JSON.parse(r.user)).toEqual({ task: 'reply', post: 'Hello', account: 'Example' });
    expect(r.system).toContain('(witty_response)');
    expect(maxTokensFor(280)).toBe(242);
    expect(maxTokensFor(25_000)).toBe(4096);
  });
});

describe('call schemas', () => {
  it('fill the tester defaults', () => {
    expect(generateAiReplyBodySchema.parse({ tweetText: 'hi' })).toEqual({
      tweetText: 'hi',
      accountName: '@Example',
      viralStyle: 'savage_comeback',
      maxLength: 280,
    });
    const refused = generateAiReplyBodySchema.safeParse({ tweetText: '' });
    expect(refused.success).toBe(false);
    if (!refused.success) expect(refused.error.issues[0]?.message).toBe('Please enter some text to reply to');
  });
});
