/**
 * XError: a read or an authorization step that X refused or that failed on the way. It is an
 * AppError, so the HTTP layer's one mapping applies; `outcome` carries the classification.
 *
 * An X auth failure is the connected account's problem, not the Riposte session's: it maps to 403
 * with reason X_AUTH_FAILED, never to 401 (which would make the web app think its session ended).
 */
import { AppError, type ErrorCode } from '@core/shared/errors';
import type { XOutcome, XOutcomeKind } from './outcomes';

export const X_ERROR_CODES: Readonly<Record<XOutcomeKind, ErrorCode>> = {
  sent: 'internal',
  ok: 'internal',
  auth_failed: 'forbidden',
  rate_limited: 'rate_limited',
  duplicate: 'conflict',
  invalid_content: 'validation',
  account_suspended: 'forbidden',
  post_unavailable: 'not_found',
  insufficient_permissions: 'forbidden',
  not_summoned: 'forbidden',
  rejected: 'forbidden',
  credits_depleted: 'unavailable',
  client_not_enrolled: 'unavailable',
  failed: 'unavailable',
  transient: 'unavailable',
  unknown: 'unavailable',
};

export class XError extends AppError {
  readonly outcome: XOutcome;

  constructor(outcome: XOutcome, message: string = outcome.message, opts: { cause?: unknown } = {}) {
    super(X_ERROR_CODES[outcome.kind], message, { reason: `X_${outcome.kind.toUpperCase()}`, cause: opts.cause });
    this.name = 'XError';
    this.outcome = outcome;
  }
}

export const isXError = (e: unknown): e is XError => e instanceof XError;

/** A post's outcome as an error, for callers (the test tweet) that want a throw on anything but sent. */
export const throwUnlessSent = (outcome: XOutcome): string => {
  if (outcome.kind === 'sent') return outcome.postId;
  throw new XError(outcome);
};
