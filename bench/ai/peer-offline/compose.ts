// The offline writer as it was before ADR 0050, kept unchanged as bench:ai's peer (bench/ai/run.ts).
/**
 * The offline writer's engine: a deterministic function of (kind, style, seed, text). A seeded
 * generator picks the voice's frame and the few words it may vary; the author's own sentences
 * carry the meaning (voices.ts says why). Used by the offline writer and the AI emulator.
 */
import type { WritingStyle } from '@core/styles';
import { countCharacters } from '@core/text/length';
import { cleanText, endsSentence, keywordOf, lowerFirst, sentencesOf, subjectOf, upperFirst, withoutEnd } from '@adapters/ai-offline/analyse';
import { hash32, mulberry32, type Rng } from '@adapters/ai-offline/prng';
import { reword } from '@adapters/ai-offline/reword';
import { VOICES, type Voice } from './voices';

export interface ComposeRequest {
  kind: 'rewrite' | 'reply';
  style: WritingStyle;
  /** rewrite: the text to rewrite; reply: the post to answer. */
  text: string;
  seed?: number;
  /** rewrite: the post it will answer, if known (varies the choices, never quoted). */
  context?: string;
  /** A soft target: a shorter frame is chosen when the first would push the text over. */
  maxLength?: number;
}

const terminated = (s: string): string => (endsSentence(s) ? s : `${s}.`);
const fits = (text: string, maxLength: number | undefined) => maxLength === undefined || countCharacters(text) <= maxLength;
const wordCount = (s: string) => s.split(/\s+/u).filter((w) => w !== '').length;

/** Spaces a removed placeholder leaves, a space before punctuation, a doubled full stop. */
const tidy = (text: string): string =>
  text
    .split('\n')
    .map((line) =>
      line
        .replace(/[ \t]{2,}/gu, ' ')
        .replace(/ +([.,!?;:])/gu, '$1')
        .replace(/([!?])\.(?=\s|$)/gu, '$1')
        .replace(/\.{2}(?=\s|$)/gu, '.')
        .trim(),
    )
    .join('\n')
    .trim();

const ADJACENT_TWICE = /\b(\p{L}+)(?:\s+\1\b)+/giu;

/** A frame that ends where the text starts ('but' + 'But ...') must not write a word twice. */
const noRepeats = (text: string, source: string): string => (ADJACENT_TWICE.test(source) ? text : text.replace(ADJACENT_TWICE, '$1'));

const bare = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

const fill = (frame: string, values: Record<string, string>): string => frame.replace(/\{(\w+)\}/gu, (_, key: string) => values[key] ?? '');

/** The voice's punctuation: a deadpan or formal voice never exclaims; a fan always does. */
const voiced = (voice: Voice, sentence: string): string => {
  if (voice.shape === 'exclaim') return `${withoutEnd(sentence)}!`;
  if (voice.shape === 'deadpan' || voice.shape === 'formal') return terminated(sentence.replace(/!+/gu, '.'));
  return terminated(sentence);
};

const restOf = (voice: Voice, rest: string[]): string =>
  voice.shape === 'punchy' || voice.shape === 'question' ? '' : rest.map((s) => voiced(voice, s)).join(' ');

const bullets = (voice: Voice, frame: string, sentences: string[]): string | null => {
  const [first = ''] = sentences;
  const points = sentences.length >= 2 ? sentences : withoutEnd(first).split(/\s*[,;]\s*/u).filter((c) => wordCount(c) >= 2);
  if (points.length < 2) return null;
  return `${frame}\n${points
    .slice(0, 5)
    .map((p) => `→ ${upperFirst(withoutEnd(p))}`)
    .join('\n')}`;
};

/** The classic Repurpose: two sentences joined into one, or split apart; the register turned. */
const variation = (sentences: string[], rng: Rng): string[] => {
  const [a, b, ...more] = sentences;
  if (a !== undefined && b !== undefined && /\.$/u.test(a) && rng() < 0.6) return [`${withoutEnd(a)}, and ${lowerFirst(b)}`, ...more];
  return sentences;
};

const rewrite = (req: ComposeRequest, rng: Rng): string => {
  const voice = VOICES[req.style];
  const cleaned = cleanText(req.text);
  if (cleaned === '') return reply({ ...req, text: '' }, rng);
  const register = req.style === 'unique_variation' ? (/n['’]t\b|['’](?:m|re|ve|ll)\b/u.test(cleaned) ? 'formal' : 'casual') : voice.register;
  let sentences = sentencesOf(cleaned).map((s) => reword(s, rng, register));
  if (req.style === 'unique_variation') sentences = variation(sentences, rng);
  const [first = cleaned, ...rest] = sentences;

  const candidates: string[] = [];
  const start = Math.floor(rng() * voice.frames.length);
  const frames = voice.frames.map((_, i) => voice.frames[(start + i) % voice.frames.length] ?? '');
  if (/\?$/u.test(first)) {
    // A question keeps its question mark: the voice's lead goes before it.
    const tail = restOf(voice, rest);
    candidates.push(`${voice.lead} ${lowerFirst(first)} ${tail}`, `${voice.lead} ${lowerFirst(first)}`);
  } else if (voice.shape === 'bullets') {
    for (const frame of frames) {
      const list = bullets(voice, frame, sentences);
      candidates.push(list ?? `${frame} ${lowerFirst(terminated(first))}`);
    }
    candidates.push(`${voice.lead} ${lowerFirst(terminated(first))}`);
  } else {
    const claim = withoutEnd(first);
    const values = { claim: lowerFirst(claim), Claim: upperFirst(claim), rest: restOf(voice, rest) };
    // 'Controversial, but' before a claim that has its own 'but' reads twice.
    const usable = /\bbut\b/iu.test(claim) ? frames.filter((f) => !/\bbut \{claim\}/u.test(f)) : frames;
    for (const frame of usable) candidates.push(fill(frame, values), fill(frame, { ...values, rest: '' }));
  }
  const texts = candidates.map((c) => noRepeats(tidy(voice.shape === 'deadpan' || voice.shape === 'formal' ? c.replace(/!+/gu, '.') : c), cleaned));
  // A variation that only adds a full stop is no variation.
  const fresh = texts.filter((t) => bare(t) !== bare(cleaned));
  const pool = fresh.length > 0 ? fresh : texts;
  return pool.find((t) => fits(t, req.maxLength)) ?? pool[pool.length - 1] ?? cleaned;
};

/** What a reply may quote: the post's first sentence, or its first clause when that is long. */
const quoteOf = (text: string): string => {
  const first = withoutEnd(sentencesOf(text)[0] ?? text);
  if (wordCount(first) <= 12) return first;
  const clause = subjectOf(text, 8);
  return `${withoutEnd(clause)}…`;
};

const reply = (req: ComposeRequest, rng: Rng): string => {
  const voice = VOICES[req.style];
  const cleaned = cleanText(req.text);
  const values = cleaned === '' ? { quote: 'this', word: 'this' } : { quote: quoteOf(cleaned), word: keywordOf(cleaned, rng) };
  const start = Math.floor(rng() * voice.replies.length);
  const texts = voice.replies.map((_, i) => noRepeats(tidy(fill(voice.replies[(start + i) % voice.replies.length] ?? '', values)), cleaned));
  return texts.find((t) => fits(t, req.maxLength)) ?? texts[0] ?? cleaned;
};

/** The same request always composes the same text; another seed or style composes another. */
export const composeOffline = (req: ComposeRequest): string => {
  const rng = mulberry32(hash32([req.kind, req.style, String(req.seed ?? 0), req.context ?? '', req.text].join('\u0000')));
  return req.kind === 'rewrite' ? rewrite(req, rng) : reply(req, rng);
};

