/**
 * The one error middleware (docs/api.md "Errors"): AppError codes map to statuses, zod errors
 * become 400 with the first issue's message and field, malformed JSON becomes 400, anything else
 * is logged with its stack and answered 500 with a fixed message and the request id, nothing more
 * (but a write that found the disk full: 507 INSUFFICIENT_STORAGE, saying so):
 * a library's message, a SQL statement or a file path says more about the server than a client
 * needs. The request id finds the logged cause. An `internal` AppError is answered the same way.
 *
 * Body: { message, error, field?, code }. `error` repeats the message because the spec's clients
 * read either (the email dialog reads `error`, everything else `message`).
 */
import type { Middleware } from 'koa';
import { z, ZodError } from 'zod';
import { isAppError, type ErrorCode } from '@core/shared/errors';
import { assertNever } from '@core/shared/decider';
import { firstIssue } from '@core/shared/parse';
import { isDiskFull } from '@adapters/sqlite-faults';
import { redactTokens } from '@adapters/logging';

export const statusOf = (code: ErrorCode): number => {
  switch (code) {
    case 'validation':
      return 400;
    case 'unauthenticated':
      return 401;
    case 'payment_required':
      return 402;
    case 'forbidden':
      return 403;
    case 'not_found':
      return 404;
    case 'conflict':
      return 409;
    case 'rate_limited':
      return 429;
    case 'internal':
      return 500;
    case 'unavailable':
      return 503;
    default:
      return assertNever(code, 'error code');
  }
};

/** Every error answer's body; also the `Error` component of the API document (http/openapi.ts). */
export const errorBodySchema = z
  .object({
    message: z.string().describe('What went wrong, in words a person can act on'),
    error: z.string().describe('The same message (some clients read this name)'),
    field: z.string().optional().describe("The offending input's dotted path ('entries.2.accountId', 'Idempotency-Key'), where there is one"),
    code: z.string().describe("A stable reason code ('validation', 'TEMPLATE_NOT_FOUND', 'CSRF_HEADER_MISSING', ...)"),
    requestId: z.string().optional().describe('On a 500 only: the id the log line carries (also in the X-Request-Id header)'),
  })
  .meta({ title: 'Error' });

export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * The answer's body. A message can quote its input (zod names an unknown key as sent) or an outside
 * system's words, so anything shaped like a token in it is replaced (@adapters/logging redactTokens,
 * the log's own rule): an answer never hands back a secret, nor puts one in a proxy's or a browser's log.
 */
const body = (raw: string, code: string, rawField?: string): ErrorBody => {
  const message = redactTokens(raw);
  const field = rawField === undefined ? undefined : redactTokens(rawField);
  return field === undefined ? { message, error: message, code } : { message, error: message, field, code };
};

/** Errors thrown by koa/co-body with an http status meant for the client (413, 415, ...). */
const exposedHttpError = (e: unknown): { status: number; message: string } | null => {
  if (typeof e !== 'object' || e === null) return null;
  const { status, expose, message } = e as { status?: unknown; expose?: unknown; message?: unknown };
  if (typeof status !== 'number' || status < 400 || status >= 500 || expose !== true) return null;
  return { status, message: typeof message === 'string' ? message : 'Bad request' };
};

const internal = (requestId: string): ErrorBody => {
  const message = `Internal server error (request id ${requestId})`;
  return { message, error: message, code: 'internal', requestId };
};

/** A write that found no room on the disk (SQLITE_FULL, ENOSPC), anywhere in the cause chain. */
const outOfSpace = (error: unknown): boolean => {
  for (let e: unknown = error, depth = 0; e !== undefined && e !== null && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    if (isDiskFull(e)) return true;
  }
  return false;
};

export const STORAGE_FULL_MESSAGE = 'The server has run out of storage space, so this could not be saved. Nothing was changed; please try again later.';

/** Retry-After on a 503 whose error does not say (seconds). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export const errorHandler = (): Middleware => async (ctx, next) => {
  try {
    await next();
  } catch (error) {
    if (isAppError(error) && error.code === 'internal') {
      ctx.state.log.error({ err: error }, 'internal error');
      ctx.status = 500;
      ctx.body = internal(ctx.state.requestId);
      return;
    }
    if (isAppError(error)) {
      ctx.status = statusOf(error.code);
      ctx.body = body(error.message, error.reason ?? error.code, error.field);
      if (error.code === 'rate_limited' && 'retryAfterSeconds' in error) {
        ctx.set('Retry-After', String((error as { retryAfterSeconds: number }).retryAfterSeconds));
      }
      if (error.code === 'unavailable') {
        // An outside system (the event store, X, PayPal) is away: say when to come back, and keep
        // its own words (the cause) in the log, not in the answer.
        if (!ctx.response.get('Retry-After')) {
          ctx.set('Retry-After', String('retryAfterSeconds' in error ? (error as { retryAfterSeconds: number }).retryAfterSeconds : UNAVAILABLE_RETRY_AFTER_SECONDS));
        }
        ctx.state.log.warn({ err: error }, 'unavailable');
      }
      return;
    }
    if (error instanceof ZodError) {
      const { message, field } = firstIssue(error);
      ctx.status = 400;
      ctx.body = body(message, 'validation', field);
      return;
    }
    const http = exposedHttpError(error);
    if (http !== null) {
      ctx.status = http.status;
      ctx.body = body(http.message, 'bad_request');
      return;
    }
    if (outOfSpace(error)) {
      // 507 as uploads answer on a full disk: the client's request was fine, the server cannot store it.
      ctx.state.log.error({ err: error }, 'a write found no storage space');
      ctx.status = 507;
      ctx.body = body(STORAGE_FULL_MESSAGE, 'INSUFFICIENT_STORAGE');
      return;
    }
    ctx.state.log.error({ err: error }, 'unhandled error');
    ctx.status = 500;
    ctx.body = internal(ctx.state.requestId);
  }
};
