import type { ExpectedRevision, StreamName } from './types';

/** The stream was not at the revision the writer expected. Nothing was written. */
export class WrongExpectedRevisionError extends Error {
  readonly stream: StreamName;
  readonly expected: ExpectedRevision;
  /** The actual last revision, or 'no_stream'. */
  readonly actual: bigint | 'no_stream';

  constructor(stream: StreamName, expected: ExpectedRevision, actual: bigint | 'no_stream') {
    super(`Stream '${stream}' is at ${String(actual)}, expected ${String(expected)}`);
    this.name = 'WrongExpectedRevisionError';
    this.stream = stream;
    this.expected = expected;
    this.actual = actual;
  }
}

export const isWrongExpectedRevision = (e: unknown): e is WrongExpectedRevisionError =>
  e instanceof WrongExpectedRevisionError;
