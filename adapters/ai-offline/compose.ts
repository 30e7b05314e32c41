/**
 * The offline writer's engine: a deterministic function of (kind, style, seed, text). A seeded
 * generator picks the voice's opener, closer, reply frame, keyword and synonyms; the style's shape
 * transforms the sentences. Used by the offline writer and by the AI emulator's replies.
 */
import type { WritingStyle } from '@core/styles';
import { countCharacters } from '@core/text/length';
import { cleanText, endsSentence, keywordOf, lowerFirst, sentencesOf, subjectOf, upperFirst, withoutEnd } from './analyse';
import { hash32, mulberry32, pick, type Rng } from './prng';
import { reword } from './reword';
import { VOICES, type Shape } from './voices';

export interface ComposeRequest {
  kind: 'rewrite' | 'reply';
  style: WritingStyle;
  /** rewrite: the text to rewrite; reply: the post to answer. */
  text: string;
  seed?: number;
  /** rewrite: the post it will answer, if known (varies the choices, never quoted). */
  context?: string;
  /** A soft target: the closer is dropped when it would push the text over. */
  maxLength?: number;
}

const terminated = (s: string): string => (endsSentence(s) ? s : `${s}.`);

const clausesOf = (sentence: string): string[] =>
  withoutEnd(sentence)
    .split(/\s*[,;]\s*/u)
    .filter((c) => c.trim() !== '');

const shout = (text: string, keyword: string): string => {
  if (keyword.length < 4) return text;
  const at = text.toLowerCase().indexOf(keyword.toLowerCase());
  return at < 0 ? text : text.slice(0, at) + keyword.toUpperCase() + text.slice(at + keyword.length);
};

const shapeBody = (shape: Shape, sentences: string[], keyword: string): string => {
  const all = sentences.join(' ');
  switch (shape) {
    case 'plain':
      return all;
    case 'punchy': {
      const candidates = sentences.filter((s) => s.split(/\s+/u).length >= 3);
      const shortest = [...(candidates.length > 0 ? candidates : sentences)].sort((a, b) => a.length - b.length)[0] ?? all;
      return terminated(shortest);
    }
    case 'question': {
      const kept = sentences.slice(-2);
      const last = kept.pop() ?? all;
      return [...kept, `${withoutEnd(last)}?`].join(' ');
    }
    case 'bullets': {
      const points = sentences.length >= 2 ? sentences : clausesOf(sentences[0] ?? all);
      return points
        .slice(0, 5)
        .map((p) => `→ ${upperFirst(withoutEnd(p))}`)
        .join('\n');
    }
    case 'caps':
      return shout(all, keyword);
    case 'deadpan':
      return lowerFirst(all.replace(/!+/gu, '.'));
    case 'exclaim':
      return sentences.map((s) => `${withoutEnd(s)}!`).join(' ');
    case 'contrast':
      return `${withoutEnd(lowerFirst(all))}.`;
    case 'analysis': {
      const [first, second, ...rest] = sentences;
      return [first, second === undefined ? undefined : `That means ${lowerFirst(second)}`, ...rest].filter(Boolean).join(' ');
    }
    case 'formal':
      return all.replace(/!+/gu, '.');
    default: {
      const _never: never = shape;
      return all;
    }
  }
};

/** Joins opener and body: after a comma or a bare word the body continues the sentence. */
const lead = (opener: string, body: string): string => (/[,\p{L}]$/u.test(opener) ? `${opener} ${lowerFirst(body)}` : `${opener} ${body}`);

const fits = (text: string, maxLength: number | undefined) => maxLength === undefined || countCharacters(text) <= maxLength;

const rewrite = (req: ComposeRequest, rng: Rng): string => {
  const voice = VOICES[req.style];
  const cleaned = cleanText(req.text);
  if (cleaned === '') return reply({ ...req, text: 'this' }, rng);
  const keyword = keywordOf(cleaned, rng);
  const sentences = sentencesOf(cleaned).map((s) => terminated(reword(s, rng, voice.register)));
  const body = shapeBody(voice.shape, sentences, keyword);
  const opener = pick(rng, voice.openers);
  const closer = pick(rng, voice.closers);
  const separator = voice.shape === 'bullets' ? '\n' : ' ';
  const head = voice.shape === 'bullets' ? `${opener}\n${body}` : lead(opener, body);
  const full = closer === '' ? head : `${head}${separator}${voice.shape === 'bullets' ? '\n' : ''}${closer}`;
  return fits(full, req.maxLength) ? full : head;
};

const reply = (req: ComposeRequest, rng: Rng): string => {
  const voice = VOICES[req.style];
  const cleaned = cleanText(req.text);
  const keyword = cleaned === '' ? 'this' : keywordOf(cleaned, rng);
  const subject = (cleaned === '' ? '' : subjectOf(cleaned)) || keyword;
  const frame = pick(rng, voice.replies);
  const text = frame
    .replaceAll('{Subject}', upperFirst(subject))
    .replaceAll('{subject}', subject)
    .replaceAll('{Keyword}', upperFirst(keyword))
    .replaceAll('{keyword}', keyword);
  const closer = pick(rng, voice.closers);
  const withCloser = closer !== '' && rng() < 0.5 ? `${text} ${closer}` : text;
  return fits(withCloser, req.maxLength) ? withCloser : text;
};

/** The same request always composes the same text; another seed or style composes another. */
export const composeOffline = (req: ComposeRequest): string => {
  const rng = mulberry32(hash32([req.kind, req.style, String(req.seed ?? 0), req.context ?? '', req.text].join('\u0000')));
  return req.kind === 'rewrite' ? rewrite(req, rng) : reply(req, rng);
};
