/**
 * AI failures as typed errors. AiError is an AppError, so the HTTP layer's one error mapping
 * applies; `kind` says what went wrong for logs, retries and tests.
 *
 * A rejected API key is the server's configuration problem, not the signed-in user's: it maps to
 * 503 'unavailable', never to 401 (which would make the web app think its session ended).
 */
import { AppError, type ErrorCode } from '@core/shared/errors';

export type AiErrorKind = 'auth' | 'rate_limited' | 'unavailable' | 'timeout' | 'empty' | 'bad_request';

export const AI_ERROR_CODES: Readonly<Record<AiErrorKind, ErrorCode>> = {
  auth: 'unavailable',
  rate_limited: 'rate_limited',
  unavailable: 'unavailable',
  timeout: 'unavailable',
  empty: 'unavailable',
  bad_request: 'internal',
};

export const AI_ERROR_MESSAGES: Readonly<Record<AiErrorKind, string>> = {
  auth: 'The AI service refused our credentials; an administrator must check the AI API key',
  rate_limited: 'The AI service is busy (rate limited); try again in a moment',
  unavailable: 'The AI service is unavailable; try again later',
  timeout: 'The AI service did not answer in time; try again',
  empty: 'The AI service returned no usable text; try again',
  bad_request: 'The AI service rejected the request',
};

export class AiError extends AppError {
  readonly kind: AiErrorKind;
  /** For rate_limited: how long the service asked us to wait, when it said. */
  readonly retryAfterMs: number | undefined;
  /** The HTTP status the service answered with, when there was one. */
  readonly status: number | undefined;

  constructor(
    kind: AiErrorKind,
    message: string = AI_ERROR_MESSAGES[kind],
    /** `reason` defaults to AI_<KIND>; a finer one (AI_NO_QUOTA, AI_CANCELLED) may replace it. */
    opts: { retryAfterMs?: number; status?: number; reason?: string; cause?: unknown } = {},
  ) {
    super(AI_ERROR_CODES[kind], message, { reason: opts.reason ?? `AI_${kind.toUpperCase()}`, cause: opts.cause });
    this.name = 'AiError';
    this.kind = kind;
    this.retryAfterMs = opts.retryAfterMs;
    this.status = opts.status;
  }
}

export const isAiError = (e: unknown): e is AiError => e instanceof AiError;
