/**
 * Configuration of the AI writer from the environment, validated at start-up. With neither a key
 * nor a base URL, Riposte uses the offline writer. Two variables are enough for any
 * OpenAI-compatible server: RIPOSTE_AI_BASE_URL (or the OpenAI default) and RIPOSTE_AI_API_KEY
 * (local servers such as llama.cpp or vLLM usually need none), plus RIPOSTE_AI_MODEL when the
 * server's model is not the default.
 */
import { z } from 'zod';

export const DEFAULT_AI_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_AI_MODEL = 'gpt-4o-mini';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const aiEnvSchema = z.object({
  RIPOSTE_AI_BASE_URL: z.preprocess(
    blankToUndefined,
    z.url({ protocol: /^https?$/, error: 'RIPOSTE_AI_BASE_URL must be an http(s) URL such as https://api.openai.com/v1' }).optional(),
  ),
  RIPOSTE_AI_API_KEY: z.preprocess(blankToUndefined, z.string().trim().min(1).optional()),
  RIPOSTE_AI_MODEL: z.preprocess(blankToUndefined, z.string().trim().min(1).default(DEFAULT_AI_MODEL)),
  RIPOSTE_AI_TIMEOUT_MS: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1000, 'RIPOSTE_AI_TIMEOUT_MS must be at least 1000').max(120_000, 'RIPOSTE_AI_TIMEOUT_MS must be at most 120000').default(20_000),
  ),
  RIPOSTE_AI_MAX_RETRIES: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(0).max(5, 'RIPOSTE_AI_MAX_RETRIES must be between 0 and 5').default(2),
  ),
});
export type AiEnv = z.output<typeof aiEnvSchema>;

export interface OpenAiWriterConfig {
  baseURL?: string;
  apiKey?: string;
  model: string;
  /** Per attempt (default 20 s). */
  timeoutMs?: number;
  /** Retries after the first attempt, only for 429, 5xx and connection failures (default 2). */
  maxRetries?: number;
  /** First backoff step; doubles per retry, with jitter (default 500 ms). */
  retryBaseDelayMs?: number;
  /** A server asking to wait longer than this is not retried: the caller gets rate_limited (default 10 s). */
  maxRetryWaitMs?: number;
  temperature?: number;
}

/** True when the environment asks for a model-backed writer rather than the offline one. */
export const wantsOpenAi = (env: AiEnv): boolean => env.RIPOSTE_AI_API_KEY !== undefined || env.RIPOSTE_AI_BASE_URL !== undefined;

export const openAiConfigFrom = (env: AiEnv): OpenAiWriterConfig => ({
  baseURL: env.RIPOSTE_AI_BASE_URL ?? DEFAULT_AI_BASE_URL,
  apiKey: env.RIPOSTE_AI_API_KEY,
  model: env.RIPOSTE_AI_MODEL,
  timeoutMs: env.RIPOSTE_AI_TIMEOUT_MS,
  maxRetries: env.RIPOSTE_AI_MAX_RETRIES,
});
