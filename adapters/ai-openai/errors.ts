/**
 * The openai client's errors as AiErrors. Server messages are kept where they help (a model that
 * does not exist), but never for auth failures: OpenAI's 401 text quotes part of the key.
 */
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from 'openai';
import { AiError, AI_ERROR_MESSAGES } from '@core/ai';
import { redactTokens } from '@adapters/logging';

/** The provider's own words, shortened, with anything token-shaped replaced (a provider may quote the key or the prompt). */
const serverMessage = (error: APIError): string => {
  const text = (error.error as { message?: unknown } | undefined)?.message;
  const message = redactTokens(typeof text === 'string' && text.trim() !== '' ? text.trim() : error.message);
  return message.length > 200 ? `${message.slice(0, 200)}…` : message;
};

/** Milliseconds a 429/503 asked us to wait: retry-after-ms, then retry-after (seconds or a date). */
export const retryAfterMs = (headers: Headers | undefined, now = Date.now()): number | undefined => {
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return Math.ceil(ms);
  const raw = headers?.get('retry-after');
  if (raw == null || raw.trim() === '') return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
};

/** Whether another attempt may help: the call is read-like, so repeating it is safe. */
export const isRetryable = (error: AiError): boolean =>
  error.kind === 'rate_limited' || (error.kind === 'unavailable' && error.reason !== 'AI_NO_QUOTA' && error.reason !== 'AI_CANCELLED');

export const toAiError = (error: unknown): AiError => {
  if (error instanceof AiError) return error;
  if (error instanceof APIUserAbortError) {
    return new AiError('unavailable', 'The AI request was cancelled', { reason: 'AI_CANCELLED', cause: error });
  }
  if (error instanceof APIConnectionTimeoutError) return new AiError('timeout', undefined, { cause: error });
  if (error instanceof APIConnectionError) {
    return new AiError('unavailable', 'Could not reach the AI service; try again later', { cause: error });
  }
  if (error instanceof APIError) {
    const status = error.status;
    if (status === 401 || status === 403) return new AiError('auth', AI_ERROR_MESSAGES.auth, { status, cause: error });
    if (status === 429) {
      // OpenAI answers 429 for an exhausted quota too; waiting does not help with that one.
      if (error.code === 'insufficient_quota') {
        const message = 'The AI account has no quota left; an administrator must check its billing';
        return new AiError('unavailable', message, { status, reason: 'AI_NO_QUOTA', cause: error });
      }
      return new AiError('rate_limited', undefined, { status, retryAfterMs: retryAfterMs(error.headers), cause: error });
    }
    if (status === 408) return new AiError('timeout', undefined, { status, cause: error });
    if (status !== undefined && status >= 500) return new AiError('unavailable', undefined, { status, cause: error });
    if (status !== undefined && status >= 400) {
      return new AiError('bad_request', `The AI service rejected the request: ${serverMessage(error)}`, { status, cause: error });
    }
  }
  // Anything else is ours or a library's (a TypeError, a parse failure): its text describes the
  // server, not the request. The cause is kept for the log line, not the answer.
  return new AiError('unavailable', 'Unexpected AI failure; try again later', { cause: error });
};
