/**
 * Chat prompts for model-backed writers, built from the styles catalogue. Pure, so every
 * OpenAI-compatible adapter asks the same way, and the emulator (adapters/ai-emulator) can read
 * back what was asked: the style line and the quoted block are its contract with this file.
 */
import { styleDefinition } from '@core/styles';
import type { ReplyRequest, RewriteRequest } from './port';

export interface ChatPrompt {
  system: string;
  user: string;
}

export const QUOTE_FENCE = '"""';

// Names are given without their @ so a model is less tempted to write a mention.
const plainName = (name: string): string => name.trim().replace(/^[@＠]+/u, '');

const fenced = (text: string): string => `${QUOTE_FENCE}\n${text}\n${QUOTE_FENCE}`;

const systemPrompt = (style: RewriteRequest['style'], maxLength: number): string => {
  const def = styleDefinition(style);
  return [
    'You write posts and replies for the social network X.',
    `Style: ${def.label} (${def.id}). ${def.guidance}`,
    'Rules:',
    `- At most ${maxLength} characters.`,
    '- Never write an @mention or tag anyone, and never start with a name followed by a comma.',
    '- Write in the language of the text you are given.',
    '- No hashtags unless the given text has them. No emoji spam.',
    '- Answer with the post text only: no quotes around it, no preamble, no explanation.',
  ].join('\n');
};

export const rewritePrompt = (request: RewriteRequest): ChatPrompt => {
  const lines = ['Rewrite the text below in the style described. Keep its meaning; use new wording.'];
  if (request.target) {
    lines.push(`It will be posted as a reply to ${plainName(request.target.username)}.`);
    if (request.target.postText) lines.push(`Their post, for context only:\n${fenced(request.target.postText)}`);
  }
  lines.push(`Text:\n${fenced(request.text)}`);
  return { system: systemPrompt(request.style, request.maxLength), user: lines.join('\n') };
};

export const replyPrompt = (request: ReplyRequest): ChatPrompt => ({
  system: systemPrompt(request.style, request.maxLength),
  user: [`Write a reply to this post by ${plainName(request.accountName)}.`, `Post:\n${fenced(request.postText)}`].join('\n'),
});

/** A token budget that leaves room for the text in any script; the answer is cut to length anyway. */
export const maxTokensFor = (maxLength: number): number => Math.min(4096, Math.ceil(maxLength * 0.75) + 32);
