/**
 * The one error policy (docs/architecture.md): expected business outcomes are events or typed
 * rejections; bad input and broken invariants throw an AppError with a code. The HTTP layer maps
 * codes to statuses and renders `{ message, error?, field? }`.
 */
export type ErrorCode =
  | 'validation' // 400: bad input, usually with a field
  | 'unauthenticated' // 401
  | 'forbidden' // 403
  | 'not_found' // 404
  | 'conflict' // 409: uniqueness, stale revision after retries, state that forbids the action
  | 'payment_required' // 402: trial over / plan limit
  | 'rate_limited' // 429
  | 'unavailable' // 503: an outside system is down
  | 'internal'; // 500

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  /** A short machine-readable reason, e.g. ACCOUNT_IN_USE. */
  readonly reason: string | undefined;

  constructor(code: ErrorCode, message: string, opts: { field?: string; reason?: string; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'AppError';
    this.code = code;
    this.field = opts.field;
    this.reason = opts.reason;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
