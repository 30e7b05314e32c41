/**
 * The AI writer for an installation: the OpenAI-compatible adapter when the environment configures
 * one, else the offline writer (design: "default on a fresh machine").
 */
import type { AiWriter } from '@core/ai';
import { createOfflineWriter } from '@adapters/ai-offline';
import { aiEnvSchema, openAiConfigFrom, wantsOpenAi } from './config';
import { createOpenAiWriter } from './writer';

export { aiEnvSchema, openAiConfigFrom, wantsOpenAi, DEFAULT_AI_BASE_URL, DEFAULT_AI_MODEL } from './config';
export type { AiEnv, OpenAiWriterConfig } from './config';
export { createOpenAiWriter } from './writer';
export { toAiError, retryAfterMs, isRetryable } from './errors';

// A base URL may carry user:password; the description goes to logs.
const withoutCredentials = (url: string): string => {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return '(invalid URL)';
  }
};

/**
 * Reads RIPOSTE_AI_* from `env` (throws a ZodError naming the variable when one is malformed).
 * Returns the writer and what was chosen, for the start-up log (never the key).
 */
export const createAiWriterFromEnv = (env: Record<string, string | undefined>): { writer: AiWriter; description: string } => {
  const parsed = aiEnvSchema.parse(env);
  if (!wantsOpenAi(parsed)) return { writer: createOfflineWriter(), description: 'offline writer (no RIPOSTE_AI_API_KEY or RIPOSTE_AI_BASE_URL set)' };
  const config = openAiConfigFrom(parsed);
  return { writer: createOpenAiWriter(config), description: `OpenAI-compatible writer: ${config.model} at ${withoutCredentials(config.baseURL ?? '')}` };
};
