/**
 * bench:ai — the AI writers on a fixed corpus (tests/text/ai-corpus.ts: 240 post, user text and
 * style cases), side by side in one run:
 *  - the offline writer as it was before ADR 0050 (bench/ai/peer-offline, the peer);
 *  - today's offline writer (adapters/ai-offline);
 *  - the OpenAI-compatible path (adapters/ai-openai, the real client library) against the AI
 *    emulator on loopback (adapters/ai-emulator; no latency added).
 * Per writer: share of distinct texts, share that repeat the post's words back (four in a row the
 * user did not write), share over the 280-character limit, share with a mention, time per reply.
 * Each case is written twice: once as a rewrite of the user's text (seen the post), once as a
 * reply to the post alone.
 */
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { createOfflineWriter } from '@adapters/ai-offline';
import { createOpenAiWriter } from '@adapters/ai-openai';
import { EMULATOR_MODEL, startAiEmulator } from '@adapters/ai-emulator/server';
import type { AiWriter } from '@core/ai';
import { hasMentions } from '@core/text/mentions';
import { countCharacters } from '@core/text/length';
import { AI_CORPUS, quotesPost } from '../../tests/text/ai-corpus';
import { composeOffline as peerCompose } from './peer-offline/compose';

const LIMIT = 280;

type Write = (c: (typeof AI_CORPUS)[number], kind: 'rewrite' | 'reply', seed: number) => Promise<string>;

const viaWriter =
  (w: AiWriter): Write =>
  async (c, kind, seed) =>
    kind === 'rewrite'
      ? (await w.rewrite({ text: c.text, style: c.style, maxLength: LIMIT, seed, target: { username: 'author', postText: c.post } })).text
      : (await w.replyTo({ postText: c.post, accountName: '@author', style: c.style, maxLength: LIMIT, seed })).text;

const peer: Write = async (c, kind, seed) =>
  kind === 'rewrite' ? peerCompose({ kind, style: c.style, text: c.text, seed, context: c.post, maxLength: LIMIT }) : peerCompose({ kind, style: c.style, text: c.post, seed, maxLength: LIMIT });

const measure = async (name: string, write: Write) => {
  const rows: { kind: string; text: string; own: string; post: string }[] = [];
  const t0 = performance.now();
  for (const [i, c] of AI_CORPUS.entries()) {
    for (const kind of ['rewrite', 'reply'] as const) rows.push({ kind, text: await write(c, kind, i + 1), own: kind === 'rewrite' ? c.text : '', post: c.post });
  }
  const ms = (performance.now() - t0) / rows.length;
  const share = (f: (r: (typeof rows)[number]) => boolean, of = rows) => `${((100 * of.filter(f).length) / of.length).toFixed(1)}%`;
  const distinct = (of: typeof rows) => `${((100 * new Set(of.map((r) => r.text)).size) / of.length).toFixed(1)}%`;
  const rewrites = rows.filter((r) => r.kind === 'rewrite');
  const replies = rows.filter((r) => r.kind === 'reply');
  return {
    writer: name,
    'distinct (rewrite / reply)': `${distinct(rewrites)} / ${distinct(replies)}`,
    'quotes the post': `${share((r) => quotesPost(r.text, r.post, r.own), rewrites)} / ${share((r) => quotesPost(r.text, r.post, r.own), replies)}`,
    'over 280': share((r) => countCharacters(r.text) > LIMIT),
    'with a mention': share((r) => hasMentions(r.text)),
    'ms per reply': ms.toFixed(3),
  };
};

const emulator = await startAiEmulator({ apiKey: 'bench-key' });
try {
  const openai = createOpenAiWriter({ baseURL: emulator.baseUrl, apiKey: 'bench-key', model: EMULATOR_MODEL, timeoutMs: 10_000, maxRetries: 0 });
  const results = [await measure('peer: offline writer before ADR 0050', peer), await measure('offline writer (today)', viaWriter(createOfflineWriter())), await measure('OpenAI-compatible, AI emulator', viaWriter(openai))];
  console.log(`bench:ai — ${AI_CORPUS.length} cases, each a rewrite and a reply (${AI_CORPUS.length * 2} texts per writer); load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.table(results);
} finally {
  await emulator.close();
}
