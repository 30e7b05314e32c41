import {
  DeadlineExceededError,
  MaxAppendSizeExceededError,
  StreamDeletedError,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import { describe, expect, it } from 'vitest';
import { WrongExpectedRevisionError } from '@core/eventstore/errors';
import { isAppError } from '@core/shared/errors';
import { isMissingStream, mapAppendError, mapReadError, OUTCOME_UNKNOWN } from './errors';

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

  it('an unreachable server is unavailable; a timeout says the outcome is unknown', () => {
    expect(mapAppendError('s', 'any', grpcFailure(14, 'No connection established'))).toMatchObject({ code: 'unavailable', reason: undefined });
    expect(mapAppendError('s', 'any', new UnavailableError())).toMatchObject({ code: 'unavailable' });
    expect(mapAppendError('s', 'any', new DeadlineExceededError())).toMatchObject({ code: 'unavailable', reason: OUTCOME_UNKNOWN });
    expect(mapAppendError('s', 'any', grpcFailure(4, 'Deadline exceeded'))).toMatchObject({ reason: OUTCOME_UNKNOWN });
  });

  it('anything else is passed on unchanged, not disguised', () => {
    const odd = new Error('something new');
    expect(mapAppendError('s', 'any', odd)).toBe(odd);
    expect(isAppError(mapAppendError('s', 'any', grpcFailure(3, 'invalid argument')))).toBe(false);
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
});
