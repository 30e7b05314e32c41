/**
 * The one place AI text is made safe to post. `withSafety` wraps a writer so that every request is
 * checked and every answer goes through `finalizeAiText`: mentions stripped (spec: all @mentions
 * are stripped from replies), cut to maxLength at a word boundary, never empty. Adapter factories
 * return their writer already wrapped; wrapping twice is harmless and does nothing.
 */
import { limitLength } from '@core/text/length';
import { stripMentions } from '@core/text/mentions';
import { parseOrThrow } from '@core/shared/parse';
import { AiError } from './errors';
import type { AiCallOptions, AiText, AiWriter, ReplyRequest, RewriteRequest } from './port';
import { replyRequestSchema, rewriteRequestSchema } from './schemas';

export interface FinalText {
  text: string;
  mentionsRemoved: string[];
  truncated: boolean;
}

// Models like to wrap their answer in quotes or label it; neither belongs in the post.
const WRAPPING_QUOTES = /^\s*(["“”'‘’«»])([\s\S]*)(["“”'‘’«»])\s*$/u;
const LABEL = /^\s*(?:reply|response|rewritten(?: text)?|answer|tweet|post)\s*:\s*/iu;

const unwrap = (raw: string): string => {
  let text = raw.replace(LABEL, '').trim();
  const quoted = WRAPPING_QUOTES.exec(text);
  if (quoted && !(quoted[2] ?? '').includes(quoted[1] ?? '')) text = (quoted[2] ?? '').trim();
  return text;
};

/**
 * Makes a writer's raw answer postable: unwrap, strip mentions, limit, and strip again (a cut can
 * turn an e-mail into something X would link, e.g. `a-@b.com` cut to `a-@b…`). Throws
 * AiError('empty') when nothing is left.
 */
export const finalizeAiText = (raw: string, maxLength: number): FinalText => {
  const first = stripMentions(unwrap(raw));
  const limited = limitLength(first.text, maxLength);
  const second = stripMentions(limited.text);
  if (second.text === '') {
    throw new AiError('empty', first.removed.length > 0 ? 'The AI answer held nothing but @mentions; try again' : undefined);
  }
  return { text: second.text, mentionsRemoved: [...new Set([...first.removed, ...second.removed])], truncated: limited.truncated };
};

const safeWriters = new WeakSet<AiWriter>();

export const withSafety = (writer: AiWriter): AiWriter => {
  if (safeWriters.has(writer)) return writer;
  const finish = (answer: AiText, maxLength: number): AiText => ({ ...answer, text: finalizeAiText(answer.text, maxLength).text });
  const safe: AiWriter = {
    offline: writer.offline,
    model: writer.model,
    async rewrite(request: RewriteRequest, options?: AiCallOptions) {
      const checked = parseOrThrow(rewriteRequestSchema, request);
      return finish(await writer.rewrite(checked, options), checked.maxLength);
    },
    async replyTo(request: ReplyRequest, options?: AiCallOptions) {
      const checked = parseOrThrow(replyRequestSchema, request);
      return finish(await writer.replyTo(checked, options), checked.maxLength);
    },
  };
  safeWriters.add(safe);
  return safe;
};

/** True for a writer that went through withSafety (contract tests check every factory's). */
export const isSafeWriter = (writer: AiWriter): boolean => safeWriters.has(writer);
