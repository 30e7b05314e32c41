/**
 * KurrentDB client errors turned into the port's, so that no server error reaches a user as a
 * plain 500 (docs/adr/0004-kurrentdb-client.md, "Errors"):
 *
 * - a revision conflict is the typed WrongExpectedRevisionError every caller already handles;
 * - a deleted stream is a conflict, an oversized append a validation error;
 * - an append the server refused before writing (not ready, too busy, not the leader, no
 *   connection, access denied) is `unavailable`: nothing was written, try again later;
 * - any other failure of an append (deadline, a restart cancelling it in flight, a dropped
 *   connection, an error this code does not know) is `unavailable` with reason OUTCOME_UNKNOWN:
 *   it may have been written, and only a re-send with the same event ids is safe;
 * - any failure of a read is `unavailable` (a read changes nothing).
 *
 * Messages are for users: what happened to their action, never the library's text (that stays in
 * `cause`, which the logs carry).
 */
import {
  AccessDeniedError,
  AppendRecordSizeExceededError,
  CancelledError,
  DeadlineExceededError,
  MaxAppendSizeExceededError,
  NotLeaderError,
  StreamDeletedError,
  StreamNotFoundError,
  StreamTombstonedError,
  TimeoutError,
  TransactionMaxSizeExceededError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import { AppError, isAppError } from '@core/shared/errors';
import { WrongExpectedRevisionError } from '@core/eventstore/errors';
import type { ExpectedRevision, StreamName } from '@core/eventstore/types';

/** The append may or may not have been written: retry only with the same event ids. */
export const OUTCOME_UNKNOWN = 'OUTCOME_UNKNOWN';
/** The store refused or could not be reached; nothing was written. */
export const STORE_UNAVAILABLE = 'STORE_UNAVAILABLE';
/** The configured KurrentDB user may not do this (docs/adr/0004: least privilege). */
export const STORE_ACCESS_DENIED = 'STORE_ACCESS_DENIED';

const text = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  const details = 'details' in error && typeof error.details === 'string' ? error.details : '';
  return `${error.message} ${details}`;
};

// gRPC status codes (grpc-js `status`): some calls fail before the client wraps the error and
// surface the raw ServiceError.
const GRPC_DEADLINE_EXCEEDED = 4;
const GRPC_UNAVAILABLE = 14;
const grpcCode = (error: unknown): number | null =>
  error instanceof Error && 'code' in error && typeof error.code === 'number' ? error.code : null;

/**
 * Answers that mean the server turned the request away before writing anything: KurrentDB's own
 * "Server Is Not Ready" / "Server Is Too Busy" (start-up, leader election, overload), no
 * connection at all, and discovery that found no node.
 */
const REFUSED_BEFORE_WRITING = /server is not ready|server is (too )?busy|no connection established|failed to connect|connection refused|ECONNREFUSED|name resolution failed|failed to discover/i;

const unavailable = (message: string, error: unknown, reason: string): AppError => new AppError('unavailable', message, { cause: error, reason });

const NOT_WRITTEN = 'The event store is not available right now and nothing was saved. Try again in a few seconds.';
const MAY_BE_WRITTEN = 'The event store did not confirm the change: it may have been saved. Reload before trying again.';
const ACCESS_DENIED = 'The event store refused this server access; nothing was saved. An administrator must check its KurrentDB user.';

export const mapAppendError = (stream: StreamName, expected: ExpectedRevision, error: unknown): Error => {
  if (error instanceof WrongExpectedRevisionError || isAppError(error)) return error;
  if (error instanceof WrongExpectedVersionError) {
    const actual = error.actualState;
    // The server reports a missing (or deleted) stream as no revision or a negative one.
    return new WrongExpectedRevisionError(stream, expected, typeof actual === 'bigint' && actual >= 0n ? actual : 'no_stream');
  }
  if (error instanceof StreamDeletedError || error instanceof StreamTombstonedError) {
    return new AppError('conflict', `Stream '${stream}' was deleted on KurrentDB and takes no more events`, {
      cause: error,
      reason: 'STREAM_DELETED',
    });
  }
  if (error instanceof MaxAppendSizeExceededError) {
    return new AppError(
      'validation',
      `The append to '${stream}' is larger than KurrentDB accepts in one append (${error.maxAppendSize} bytes); split it`,
      { cause: error, reason: 'APPEND_TOO_LARGE' },
    );
  }
  if (error instanceof AppendRecordSizeExceededError || error instanceof TransactionMaxSizeExceededError) {
    return new AppError('validation', `The append to '${stream}' is larger than KurrentDB accepts; split it`, { cause: error, reason: 'APPEND_TOO_LARGE' });
  }
  if (error instanceof AccessDeniedError) return unavailable(ACCESS_DENIED, error, STORE_ACCESS_DENIED);
  // A follower refuses the write before doing anything; the client reconnects to the leader.
  if (error instanceof NotLeaderError) return unavailable(NOT_WRITTEN, error, STORE_UNAVAILABLE);
  // Out of time or cancelled (a restarting server cancels calls in flight): the server may have it.
  const late = error instanceof DeadlineExceededError || error instanceof TimeoutError || grpcCode(error) === GRPC_DEADLINE_EXCEEDED;
  if (late || error instanceof CancelledError) return unavailable(MAY_BE_WRITTEN, error, OUTCOME_UNKNOWN);
  if (REFUSED_BEFORE_WRITING.test(text(error))) return unavailable(NOT_WRITTEN, error, STORE_UNAVAILABLE);
  // Deadline, cancellation by a restarting server, a dropped connection, anything unknown.
  return unavailable(MAY_BE_WRITTEN, error, OUTCOME_UNKNOWN);
};

/** A read of a stream that does not exist (or no longer does) is an empty read, as on every store. */
export const isMissingStream = (error: unknown): boolean =>
  error instanceof StreamNotFoundError || error instanceof StreamDeletedError || error instanceof StreamTombstonedError;

/** Errors of the transport itself: the read client that met one is suspect (./read-client.ts). */
export const isTransportError = (error: unknown): boolean =>
  !isAppError(error) && !isMissingStream(error) && !(error instanceof AccessDeniedError);

/** Every failed read is `unavailable` (our own AppErrors, e.g. a missing position, pass as they are). */
export const mapReadError = (error: unknown, what: string): Error => {
  if (isAppError(error)) return error;
  if (error instanceof AccessDeniedError) return unavailable(`The event store refused a ${what}: check the KurrentDB user's rights`, error, STORE_ACCESS_DENIED);
  const late = error instanceof DeadlineExceededError || grpcCode(error) === GRPC_DEADLINE_EXCEEDED;
  const away = grpcCode(error) === GRPC_UNAVAILABLE;
  const how = late ? 'did not answer in time' : away ? 'cannot be reached' : 'failed';
  return unavailable(`The event store is not available right now (${what} ${how}). Try again in a few seconds.`, error, STORE_UNAVAILABLE);
};
