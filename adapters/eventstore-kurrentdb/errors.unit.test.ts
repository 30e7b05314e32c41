import {
  AccessDeniedError,
  CancelledError,
  DeadlineExceededError,
  UnknownError,
  MaxAppendSizeExceededError,
  StreamDeletedError,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import { describe, expect, it } from 'vitest';
import { WrongExpectedRevisionError } from '@core/eventstore/errors';
import { AppError } from '@core/shared/errors';
import { isMissingStream, mapAppendError, mapReadError, OUTCOME_UNKNOWN, STORE_ACCESS_DENIED, STORE_UNAVAILABLE } from './errors';

const wrongVersion = (current: bigint | 'no_stream') =>
  new WrongExpectedVersionError(undefined, { streamName: 'orders-1', expected: 1n, current });

/** A raw gRPC failure as the client surfaces it when no connection can be made at all. */
const grpcFailure = (code: number, details: string) => Object.assign(new Error(`${code} ${details}`), { code, details });

describe('append errors', () => {
  it('a revision conflict becomes the typed WrongExpectedRevisionError with the actual revision', () => {
    const mapped = mapAppendError('orders-1', 1n, wrongVersion(4n));
    expect(mapped).toBeInstanceOf(WrongExpectedRevisionError);
    expect(mapped).toMatchObject({ stream: 'orders-1', expected: 1n, actual: 4n });
  });

  it("a missing stream (no revision, or the server's negative marker) is reported as 'no_stream'", () => {
    expect(mapAppendError('s', 'stream_exists', wrongVersion('no_stream'))).toMatchObject({ expected: 'stream_exists', actual: 'no_stream' });
    expect(mapAppendError('s', 0n, wrongVersion(-1n))).toMatchObject({ actual: 'no_stream' });
  });

  it('the port keeps the expectation the caller gave, not the one echoed by the server', () => {
    expect(mapAppendError('s', 'no_stream', wrongVersion(0n))).toMatchObject({ expected: 'no_stream', actual: 0n });
  });

  it('a deleted stream and an oversized append become coded AppErrors', () => {
    expect(mapAppendError('s', 'any', StreamDeletedError.fromStreamName('s'))).toMatchObject({ code: 'conflict', reason: 'STREAM_DELETED' });
    expect(mapAppendError('s', 'any', MaxAppendSizeExceededError.fromMaxAppendSize(1_048_576))).toMatchObject({
      code: 'validation',
      reason: 'APPEND_TOO_LARGE',
      message: expect.stringContaining('1048576'),
    });
  });

  it('an unreachable or unready server is unavailable with nothing written; a timeout or cancellation may have written', () => {
    expect(mapAppendError('s', 'any', grpcFailure(14, 'No connection established'))).toMatchObject({ code: 'unavailable', reason: STORE_UNAVAILABLE });
    expect(mapAppendError('s', 'any', new UnavailableError(grpcFailure(14, 'Server Is Not Ready') as never))).toMatchObject({ reason: STORE_UNAVAILABLE });
    expect(mapAppendError('s', 'any', new DeadlineExceededError())).toMatchObject({ code: 'unavailable', reason: OUTCOME_UNKNOWN });
    expect(mapAppendError('s', 'any', grpcFailure(4, 'Deadline exceeded after 0.3s,name resolution: 0.03s'))).toMatchObject({ reason: OUTCOME_UNKNOWN });
    expect(mapAppendError('s', 'any', new CancelledError())).toMatchObject({ reason: OUTCOME_UNKNOWN });
    expect(mapAppendError('s', 'any', new AccessDeniedError())).toMatchObject({ code: 'unavailable', reason: STORE_ACCESS_DENIED });
  });

  it('anything else from an append may have been written: 503 with OUTCOME_UNKNOWN, never a plain 500', () => {
    const odd = new Error('something new');
    expect(mapAppendError('s', 'any', odd)).toMatchObject({ code: 'unavailable', reason: OUTCOME_UNKNOWN, cause: odd });
    expect(mapAppendError('s', 'any', new UnknownError())).toMatchObject({ code: 'unavailable', reason: OUTCOME_UNKNOWN });
    // The user sees what happened to their action, not the library's words.
    expect(mapAppendError('s', 'any', odd)).toMatchObject({ message: expect.not.stringContaining('something new') });
  });

  it("the port's own errors pass unchanged", () => {
    const own = new AppError('validation', 'bad');
    expect(mapAppendError('s', 'any', own)).toBe(own);
  });
});

describe('read errors', () => {
  it('a stream that does not exist, or was deleted, reads as empty', () => {
    expect(isMissingStream(new StreamNotFoundError(undefined, 'x'))).toBe(true);
    expect(isMissingStream(StreamDeletedError.fromStreamName('x'))).toBe(true);
    expect(isMissingStream(new UnavailableError())).toBe(false);
  });

  it('say what was being read when the server is away', () => {
    expect(mapReadError(new UnavailableError(), "read of 'x'")).toMatchObject({ code: 'unavailable', message: expect.stringContaining("read of 'x'") });
  });

  it('every other read failure is unavailable too (a read changes nothing)', () => {
    expect(mapReadError(new Error('bridge broke'), 'read of $all')).toMatchObject({ code: 'unavailable', reason: STORE_UNAVAILABLE });
    expect(mapReadError(new AccessDeniedError(), 'read of $all')).toMatchObject({ code: 'unavailable', reason: STORE_ACCESS_DENIED });
  });
});
