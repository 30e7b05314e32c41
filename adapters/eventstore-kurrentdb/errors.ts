/**
 * KurrentDB client errors turned into the port's: a revision conflict is the typed
 * WrongExpectedRevisionError every caller already handles; the rest become coded AppErrors with the
 * client's error as the cause.
 */
import {
  DeadlineExceededError,
  MaxAppendSizeExceededError,
  NotLeaderError,
  StreamDeletedError,
  StreamNotFoundError,
  StreamTombstonedError,
  TimeoutError,
  UnavailableError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import { AppError } from '@core/shared/errors';
import { WrongExpectedRevisionError } from '@core/eventstore/errors';
import type { ExpectedRevision, StreamName } from '@core/eventstore/types';

/** The append may or may not have been written: retry only with the same event ids. */
export const OUTCOME_UNKNOWN = 'OUTCOME_UNKNOWN';

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

// gRPC status codes (grpc-js `status`): some calls fail before the client wraps the error, e.g. when
// no connection can be made at all, and surface the raw ServiceError.
const GRPC_DEADLINE_EXCEEDED = 4;
const GRPC_UNAVAILABLE = 14;
const grpcCode = (error: unknown): number | null =>
  error instanceof Error && 'code' in error && typeof error.code === 'number' ? error.code : null;

/** Errors every call can meet: the server is away, or answered too late. */
const mapTransportError = (error: unknown, what: string): unknown => {
  if (error instanceof UnavailableError || error instanceof NotLeaderError || grpcCode(error) === GRPC_UNAVAILABLE) {
    return new AppError('unavailable', `KurrentDB is unavailable (${what}): ${message(error)}`, { cause: error });
  }
  if (error instanceof DeadlineExceededError || error instanceof TimeoutError || grpcCode(error) === GRPC_DEADLINE_EXCEEDED) {
    return new AppError('unavailable', `KurrentDB did not answer in time (${what}): ${message(error)}`, {
      cause: error,
      reason: OUTCOME_UNKNOWN,
    });
  }
  return error;
};

export const mapAppendError = (stream: StreamName, expected: ExpectedRevision, error: unknown): unknown => {
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
  return mapTransportError(error, `append to '${stream}'`);
};

/** A read of a stream that does not exist (or no longer does) is an empty read, as on every store. */
export const isMissingStream = (error: unknown): boolean =>
  error instanceof StreamNotFoundError || error instanceof StreamDeletedError || error instanceof StreamTombstonedError;

export const mapReadError = (error: unknown, what: string): unknown => mapTransportError(error, what);
