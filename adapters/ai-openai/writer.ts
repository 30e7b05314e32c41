/**
 * The real AI writer on the `openai` client: any OpenAI-compatible chat-completions server
 * (OpenAI, llama.cpp, vLLM, the bundled emulator).
 *
 * Retries are ours, not the client's (its maxRetries is 0), so the policy is explicit: writing a
 * text changes nothing on the server, so repeating the call is safe; we repeat only what another
 * attempt can fix (429, 5xx, a refused or reset connection), a bounded number of times, honouring
 * retry-after, and never 401/403/400/404 (the same request fails the same way) nor a timeout (a
 * hung model usually stays hung, and the user would wait twice as long).
 */
import OpenAI from 'openai';
import { AiError, maxTokensFor, replyPrompt, rewritePrompt, withSafety, type AiCallOptions, type AiText, type AiWriter, type ChatPrompt } from '@core/ai';
import { DEFAULT_AI_BASE_URL, type OpenAiWriterConfig } from './config';
import { isRetryable, toAiError } from './errors';

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export const createOpenAiWriter = (config: OpenAiWriterConfig): AiWriter => {
  const timeoutMs = config.timeoutMs ?? 20_000;
  const maxRetries = config.maxRetries ?? 2;
  const baseDelayMs = config.retryBaseDelayMs ?? 500;
  const maxRetryWaitMs = config.maxRetryWaitMs ?? 10_000;
  const client = new OpenAI({
    // Explicit values so the client never picks up OPENAI_* variables behind our back.
    apiKey: config.apiKey ?? 'no-key',
    baseURL: config.baseURL ?? DEFAULT_AI_BASE_URL,
    organization: null,
    project: null,
    timeout: timeoutMs,
    maxRetries: 0,
    logLevel: 'off',
  });

  /** The wait before retry number `attempt` (0-based), or null when we should not wait that long. */
  const delayBefore = (error: AiError, attempt: number): number | null => {
    if (error.retryAfterMs !== undefined) return error.retryAfterMs <= maxRetryWaitMs ? error.retryAfterMs : null;
    const jitter = 0.75 + Math.random() * 0.5;
    return Math.min(maxRetryWaitMs, baseDelayMs * 2 ** attempt * jitter);
  };

  const complete = async (prompt: ChatPrompt, maxLength: number, seed: number | undefined, options?: AiCallOptions): Promise<AiText> => {
    const completion = await client.chat.completions.create(
      {
        model: config.model,
        messages: [
          { role: 'system', content: prompt.system },
          { role: 'user', content: prompt.user },
        ],
        temperature: config.temperature ?? 0.9,
        // max_tokens rather than max_completion_tokens: the one every compatible server knows.
        max_tokens: maxTokensFor(maxLength),
        n: 1,
        ...(seed === undefined ? {} : { seed }),
      },
      { signal: options?.signal },
    );
    const choice = completion.choices[0];
    if (choice?.finish_reason === 'content_filter') throw new AiError('empty', 'The AI service withheld its answer (content filter); try another text');
    const text = choice?.message?.content ?? '';
    if (text.trim() === '') throw new AiError('empty');
    return { text, offline: false, model: completion.model || config.model };
  };

  const withRetries = async (call: () => Promise<AiText>, signal?: AbortSignal): Promise<AiText> => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await call();
      } catch (raw) {
        const error = toAiError(raw);
        if (signal?.aborted || !isRetryable(error) || attempt >= maxRetries) throw error;
        const wait = delayBefore(error, attempt);
        if (wait === null) throw error;
        await sleep(wait, signal).catch(() => {
          throw error;
        });
      }
    }
  };

  return withSafety({
    offline: false,
    model: config.model,
    rewrite: (request, options) =>
      withRetries(() => complete(rewritePrompt(request), request.maxLength, request.seed, options), options?.signal),
    replyTo: (request, options) =>
      withRetries(() => complete(replyPrompt(request), request.maxLength, request.seed, options), options?.signal),
  });
};
