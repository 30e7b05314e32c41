/**
 * The AiWriter contract: what every implementation promises (house style: one contract suite per
 * port, run against every implementation). Runs: ai-writer.offline.unit.test.ts (the offline
 * writer) and ai-writer.openai.int.test.ts (the real openai adapter over HTTP to the emulator).
 *
 * Options describe real differences: a model is not bound to answer the same text for the same
 * seed, so `deterministic` says whether the implementation is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSafeWriter, type AiWriter } from '@core/ai';
import { WRITING_STYLES } from '@core/styles';
import { countCharacters } from '@core/text/length';
import { findMentions } from '@core/text/mentions';

export interface AiWriterSubject {
  writer: AiWriter;
  offline: boolean;
  deterministic: boolean;
  /** How many calls reached the implementation's outside system so far (null: none exists). */
  calls?: () => number;
  teardown?: () => Promise<void>;
}

const TEXT = 'Consistency beats intensity. Ship something small every day and the results will surprise you.';
const POST = 'Remote work is killing company culture, and managers should bring everyone back to the office.';

export const aiWriterContract = (name: string, setup: () => Promise<AiWriterSubject>) => {
  describe(`AiWriter contract: ${name}`, () => {
    let subject: AiWriterSubject;
    let writer: AiWriter;
    beforeAll(async () => {
      subject = await setup();
      writer = subject.writer;
    });
    afterAll(async () => {
      await subject?.teardown?.();
    });

    it('is wrapped by withSafety and says up front whether it is offline', () => {
      expect(isSafeWriter(writer)).toBe(true);
      expect(writer.offline).toBe(subject.offline);
      expect(writer.model).not.toBe('');
    });

    it('rewrites a text into a new, non-empty text within maxLength, labelled', async () => {
      const answer = await writer.rewrite({ text: TEXT, style: 'insight_bomb', maxLength: 280, seed: 1 });
      expect(answer.offline).toBe(subject.offline);
      expect(answer.model).not.toBe('');
      expect(answer.text.trim()).not.toBe('');
      expect(answer.text).not.toBe(TEXT);
      expect(countCharacters(answer.text)).toBeLessThanOrEqual(280);
    });

    it('writes a reply to a post, not a copy of it', async () => {
      const answer = await writer.replyTo({ postText: POST, accountName: '@Example', style: 'witty_response', maxLength: 280, seed: 1 });
      expect(answer.text.trim()).not.toBe('');
      expect(answer.text).not.toBe(POST);
      expect(answer.offline).toBe(subject.offline);
    });

    it('answers in every style of every list, within a tight limit', async () => {
      // WRITING_STYLES is the union of the classic, V2, direct-reply and repurpose lists.
      for (const style of WRITING_STYLES) {
        const rewrite = await writer.rewrite({ text: TEXT, style, maxLength: 60, seed: 3 });
        expect(countCharacters(rewrite.text), style).toBeLessThanOrEqual(60);
        const reply = await writer.replyTo({ postText: POST, accountName: 'someone', style, maxLength: 60, seed: 3 });
        expect(countCharacters(reply.text), style).toBeLessThanOrEqual(60);
        expect(reply.text.trim()).not.toBe('');
      }
    });

    it('writes different texts for different styles', async () => {
      const a = await writer.rewrite({ text: TEXT, style: 'hot_take', maxLength: 280, seed: 5 });
      const b = await writer.rewrite({ text: TEXT, style: 'professional', maxLength: 280, seed: 5 });
      expect(a.text).not.toBe(b.text);
    });

    it('never answers with a mention, whatever the input, the target or the account', async () => {
      const rewrite = await writer.rewrite({
        text: '@elon @sama Consistency beats intensity, right @naval?',
        style: 'savage_comeback',
        maxLength: 280,
        target: { username: '@elon', postText: '@everyone what do you think?' },
      });
      expect(findMentions(rewrite.text)).toEqual([]);
      const reply = await writer.replyTo({ postText: '@ann @bob hello there', accountName: '@ann', style: 'friendly_engagement', maxLength: 280 });
      expect(findMentions(reply.text)).toEqual([]);
    });

    it('handles text in other scripts and with emoji', async () => {
      const answer = await writer.rewrite({ text: '毎日少しずつ出荷しよう 🚀 Ça marche très bien.', style: 'unique_variation', maxLength: 100, seed: 2 });
      expect(answer.text.trim()).not.toBe('');
      expect(countCharacters(answer.text)).toBeLessThanOrEqual(100);
    });

    it('refuses bad requests as validation errors without calling out', async () => {
      const before = subject.calls?.() ?? 0;
      await expect(writer.rewrite({ text: '   ', style: 'hot_take', maxLength: 280 })).rejects.toMatchObject({ code: 'validation', field: 'text' });
      await expect(writer.replyTo({ postText: 'hi', accountName: 'x', style: 'shouting' as never, maxLength: 280 })).rejects.toMatchObject({
        code: 'validation',
        field: 'style',
      });
      expect(subject.calls?.() ?? 0).toBe(before);
    });

    it('answers the same text for the same seed when it is deterministic', async (ctx) => {
      if (!subject.deterministic) ctx.skip();
      const a = await writer.rewrite({ text: TEXT, style: 'hot_take', maxLength: 280, seed: 42 });
      const b = await writer.rewrite({ text: TEXT, style: 'hot_take', maxLength: 280, seed: 42 });
      expect(a.text).toBe(b.text);
    });
  });
};
