/**
 * The offline writer's engine: a deterministic function of (kind, style, seed, text). It has no
 * model, so it never invents a point (voices.ts says why): a rewrite keeps every sentence of the
 * author whole, in order, and varies the register, the voice's punctuation, a list for several
 * points and one closing sentence of the style; a reply to a post alone is one of the style's
 * standalone reactions, never a quote of the post. Used by the offline writer and the AI emulator.
 */
import type { WritingStyle } from '@core/styles';
import { countCharacters } from '@core/text/length';
import { cleanText, endsSentence, lowerFirst, sentencesOf, upperFirst, withoutEnd } from './analyse';
import { hash32, mulberry32, type Rng } from './prng';
import { reword } from './reword';
import { VOICES, type Voice } from './voices';

export interface ComposeRequest {
  kind: 'rewrite' | 'reply';
  style: WritingStyle;
  /** rewrite: the text to rewrite; reply: the post to answer (varies the choice, never quoted). */
  text: string;
  seed?: number;
  /** rewrite: the post it will answer, if known (varies the choices, never quoted). */
  context?: string;
  /** A soft target: a shorter choice is taken when the first would push the text over. */
  maxLength?: number;
}

const bare = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
const terminated = (s: string): string => (endsSentence(s) ? s : `${s}.`);
const fits = (text: string, maxLength: number | undefined) => maxLength === undefined || countCharacters(text) <= maxLength;

/** The voice's punctuation: a deadpan or formal voice never exclaims; a fan always does. */
const voiced = (voice: Voice, sentence: string): string => {
  if (voice.shape === 'exclaim') return /\?$/u.test(sentence) ? sentence : `${withoutEnd(sentence)}!`;
  if (voice.shape === 'deadpan' || voice.shape === 'formal') return terminated(sentence.replace(/!+/gu, '.'));
  return terminated(sentence);
};

/** Seeded order of a list, every item once. */
const rotated = <T>(items: readonly T[], rng: Rng): T[] => {
  const start = Math.floor(rng() * Math.max(1, items.length));
  return items.map((_, i) => items[(start + i) % items.length] as T);
};

/** unique_variation's one change of form: two sentences joined with 'and' (both kept whole). */
const joined = (sentences: string[], rng: Rng): string[] => {
  const [a, b, ...more] = sentences;
  if (a !== undefined && b !== undefined && /\.$/u.test(a) && !/^I\b/u.test(b) && rng() < 0.6) return [`${withoutEnd(a)}, and ${lowerFirst(b)}`, ...more];
  return sentences;
};

const rewrite = (req: ComposeRequest, rng: Rng): string => {
  const voice = VOICES[req.style];
  const cleaned = cleanText(req.text);
  if (cleaned === '') return reply({ ...req, text: '' }, rng);
  const register = req.style === 'unique_variation' ? (/n['’]t\b|['’](?:m|re|ve|ll)\b/u.test(cleaned) ? 'formal' : 'casual') : voice.register;
  let sentences = sentencesOf(cleaned).map((s) => reword(s, rng, register));
  if (req.style === 'unique_variation') sentences = joined(sentences, rng);
  const body =
    voice.shape === 'bullets' && sentences.length >= 2
      ? `${voice.lead}\n${sentences.map((s) => `→ ${upperFirst(withoutEnd(s))}`).join('\n')}`
      : sentences.map((s) => voiced(voice, s)).join(' ');
  // The text alone is one of the choices unless it is the text as written (a full stop is no
  // variation); a tail that repeats how the text ends is not.
  const tails = voice.tails.filter((t) => !cleaned.toLowerCase().includes(withoutEnd(t).toLowerCase()));
  const withTails = tails.map((t) => `${body}${body.includes('\n') ? '\n' : ' '}${t}`);
  const candidates = rotated(withTails.length > 0 && bare(body) === bare(cleaned) ? withTails : [...withTails, body], rng);
  return candidates.find((t) => fits(t, req.maxLength)) ?? body;
};

const reply = (req: ComposeRequest, rng: Rng): string => {
  const voice = VOICES[req.style];
  const texts = rotated(voice.replies, rng);
  return texts.find((t) => fits(t, req.maxLength)) ?? texts[0] ?? 'Well said.';
};

/** The same request always composes the same text; another seed or style composes another. */
export const composeOffline = (req: ComposeRequest): string => {
  const rng = mulberry32(hash32([req.kind, req.style, String(req.seed ?? 0), req.context ?? '', req.text].join('\u0000')));
  return req.kind === 'rewrite' ? rewrite(req, rng) : reply(req, rng);
};
