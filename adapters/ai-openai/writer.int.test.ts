// The real openai adapter's error paths and request shape, over HTTP against the emulator's
// injected faults: what is retried (429, 5xx, dropped connections), what is not (401, 400, 404,
// timeouts, empty answers), and what the caller gets.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AiError, type AiWriter } from '@core/ai';
import { countCharacters } from '@core/text/length';
import { findMentions } from '@core/text/mentions';
import { EMULATOR_MODEL, startAiEmulator, type AiEmulator } from '@adapters/ai-emulator';
import { createAiWriterFromEnv, createOpenAiWriter, retryAfterMs, type OpenAiWriterConfig } from './index';

let emulator: AiEmulator;
beforeAll(async () => {
  emulator = await startAiEmulator({ apiKey: 'right-key' });
});
afterAll(async () => {
  await emulator.close();
});
afterEach(() => {
  emulator.clearFaults();
  emulator.requests.length = 0;
});

const writer = (over: Partial<OpenAiWriterConfig> = {}): AiWriter =>
  createOpenAiWriter({
    baseURL: emulator.baseUrl,
    apiKey: 'right-key',
    model: EMULATOR_MODEL,
    // Long enough that a loaded machine's slow answer is not taken for a hang (and retried): the
    // timeout's own test sets a short one against a server that never answers.
    timeoutMs: 15_000,
    maxRetries: 2,
    retryBaseDelayMs: 10,
    ...over,
  });

const ask = (w: AiWriter = writer(), signal?: AbortSignal) =>
  w.replyTo({ postText: 'Shipping daily beats shipping perfect.', accountName: '@Example', style: 'hot_take', maxLength: 280, seed: 1 }, { signal });

const failure = async (promise: Promise<unknown>): Promise<AiError> => {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AiError);
    return error as AiError;
  }
  throw new Error('expected the call to fail');
};

const chatCalls = () => emulator.requests.filter((r) => r.path === '/v1/chat/completions').length;

describe('request', () => {
  it('sends the model, a system and a user message, a token budget, the seed and the key', async () => {
    const answer = await ask();
    expect(answer).toMatchObject({ offline: false, model: EMULATOR_MODEL });
    const [request] = emulator.requests;
    expect(request?.authorization).toBe('Bearer right-key');
    expect(request?.body).toMatchObject({
      model: EMULATOR_MODEL,
      max_tokens: 242,
      seed: 1,
      n: 1,
      messages: [
        { role: 'system', content: expect.stringContaining('Style: Hot Take (hot_take).') },
        { role: 'user', content: expect.stringContaining('Shipping daily beats shipping perfect.') },
      ],
    });
  });
});

describe('not retried', () => {
  it('401: auth error mapped to 503 unavailable, one request, no key in the message', async () => {
    emulator.inject({ kind: 'status', status: 401, message: 'Incorrect API key provided: righ****-key.' });
    const error = await failure(ask());
    expect(error).toMatchObject({ kind: 'auth', code: 'unavailable', reason: 'AI_AUTH', status: 401 });
    expect(error.message).not.toContain('righ');
    expect(chatCalls()).toBe(1);
  });

  it('a wrong key is refused by the server the same way', async () => {
    const error = await failure(ask(writer({ apiKey: 'wrong-key' })));
    expect(error.kind).toBe('auth');
    expect(chatCalls()).toBe(1);
  });

  it('400 and an unknown model (404): bad_request with the server reason, one request', async () => {
    emulator.inject({ kind: 'status', status: 400, message: 'max_tokens is too large' });
    const bad = await failure(ask());
    expect(bad).toMatchObject({ kind: 'bad_request', code: 'internal', status: 400 });
    expect(bad.message).toContain('max_tokens is too large');
    const unknown = await failure(ask(writer({ model: 'gpt-nonexistent' })));
    expect(unknown).toMatchObject({ kind: 'bad_request', status: 404 });
    expect(unknown.message).toContain('gpt-nonexistent');
    expect(chatCalls()).toBe(2);
  });

  it('a hung server: timeout after the configured time, one request', async () => {
    emulator.inject({ kind: 'hang' });
    const started = Date.now();
    const error = await failure(ask(writer({ timeoutMs: 300 })));
    expect(error).toMatchObject({ kind: 'timeout', code: 'unavailable', reason: 'AI_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(chatCalls()).toBe(1);
  });

  it('an empty answer: empty, one request', async () => {
    emulator.inject({ kind: 'empty' });
    const error = await failure(ask());
    expect(error).toMatchObject({ kind: 'empty', reason: 'AI_EMPTY' });
    expect(chatCalls()).toBe(1);
  });

  it('an answer of nothing but mentions is empty once made safe', async () => {
    emulator.inject({ kind: 'reply', content: '@elon @sama' });
    expect((await failure(ask())).kind).toBe('empty');
  });

  it('429 for an exhausted quota: waiting does not help, so no retry', async () => {
    emulator.inject({ kind: 'status', status: 429, code: 'insufficient_quota', message: 'You exceeded your current quota.' });
    const error = await failure(ask());
    expect(error).toMatchObject({ kind: 'unavailable', reason: 'AI_NO_QUOTA' });
    expect(chatCalls()).toBe(1);
  });

  it('429 asking to wait longer than we allow: rate_limited at once, with the wait', async () => {
    emulator.inject({ kind: 'status', status: 429, retryAfterSeconds: 120 });
    const started = Date.now();
    const error = await failure(ask());
    expect(error).toMatchObject({ kind: 'rate_limited', code: 'rate_limited', retryAfterMs: 120_000 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(chatCalls()).toBe(1);
  });

  it('a cancelled call stops at once', async () => {
    emulator.inject({ kind: 'hang' });
    const controller = new AbortController();
    // Cancelled once the request is at the server (a state, not a moment: on a loaded machine 50 ms
    // may pass before it is even sent).
    const pending = ask(writer({ timeoutMs: 15_000 }), controller.signal);
    while (chatCalls() === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    const error = await failure(pending);
    expect(error).toMatchObject({ reason: 'AI_CANCELLED' });
    expect(chatCalls()).toBe(1);
  });
});

describe('retried (bounded)', () => {
  it('429 with retry-after-ms: waits that long, then succeeds', async () => {
    emulator.inject({ kind: 'status', status: 429, retryAfterMs: 80 });
    const started = Date.now();
    const answer = await ask();
    expect(answer.text).not.toBe('');
    expect(Date.now() - started).toBeGreaterThanOrEqual(75);
    expect(chatCalls()).toBe(2);
  });

  it('429 every time: gives up after 1 + maxRetries attempts as rate_limited', async () => {
    emulator.inject({ kind: 'status', status: 429, retryAfterSeconds: 0 }, Infinity);
    const error = await failure(ask());
    expect(error.kind).toBe('rate_limited');
    expect(chatCalls()).toBe(3);
  });

  it('500 once: retried and answered', async () => {
    emulator.inject({ kind: 'status', status: 500 });
    expect((await ask()).text).not.toBe('');
    expect(chatCalls()).toBe(2);
  });

  it('500 every time: unavailable (503) after 1 + maxRetries attempts', async () => {
    emulator.inject({ kind: 'status', status: 500 }, Infinity);
    const error = await failure(ask(writer({ maxRetries: 1 })));
    expect(error).toMatchObject({ kind: 'unavailable', code: 'unavailable', status: 500 });
    expect(chatCalls()).toBe(2);
  });

  it('a dropped connection: retried and answered', async () => {
    emulator.inject({ kind: 'drop' });
    expect((await ask()).text).not.toBe('');
    expect(chatCalls()).toBe(2);
  });

  it('no retries when maxRetries is 0', async () => {
    emulator.inject({ kind: 'status', status: 503 });
    expect((await failure(ask(writer({ maxRetries: 0 })))).kind).toBe('unavailable');
    expect(chatCalls()).toBe(1);
  });
});

describe('safety of what the model says', () => {
  it('strips mentions and cuts to maxLength whatever the server returns', async () => {
    emulator.inject({ kind: 'reply', content: `"@elon Totally wrong. ${'More words here. '.repeat(40)} cc @sama"` });
    const answer = await writer().rewrite({ text: 'Draft', style: 'savage_comeback', maxLength: 100 });
    expect(findMentions(answer.text)).toEqual([]);
    expect(countCharacters(answer.text)).toBeLessThanOrEqual(100);
    expect(answer.text.startsWith('Totally wrong.')).toBe(true);
  });
});

describe('configuration from the environment', () => {
  it('is offline without a key or a base URL', () => {
    const { writer: w, description } = createAiWriterFromEnv({});
    expect(w.offline).toBe(true);
    expect(description).toContain('offline');
  });

  it('uses the OpenAI-compatible server when configured, and never logs the key', async () => {
    const { writer: w, description } = createAiWriterFromEnv({
      RIPOSTE_AI_BASE_URL: emulator.baseUrl,
      RIPOSTE_AI_API_KEY: 'right-key',
      RIPOSTE_AI_MODEL: EMULATOR_MODEL,
    });
    expect(w.offline).toBe(false);
    expect(description).not.toContain('right-key');
    expect((await ask(w)).model).toBe(EMULATOR_MODEL);
  });

  it('refuses a malformed variable, naming it', () => {
    expect(() => createAiWriterFromEnv({ RIPOSTE_AI_BASE_URL: 'ftp://nope' })).toThrow(/RIPOSTE_AI_BASE_URL/);
    expect(() => createAiWriterFromEnv({ RIPOSTE_AI_API_KEY: 'k', RIPOSTE_AI_TIMEOUT_MS: '5' })).toThrow(/RIPOSTE_AI_TIMEOUT_MS/);
  });

  it('reads retry-after in milliseconds, seconds or as a date', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '1500' }))).toBe(1500);
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }))).toBe(2000);
    expect(retryAfterMs(new Headers({ 'retry-after': new Date(10_000).toUTCString() }), 4000)).toBe(6000);
    expect(retryAfterMs(new Headers())).toBeUndefined();
  });
});
