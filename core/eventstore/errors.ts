import { AppError, isAppError } from '@core/shared/errors';
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

/**
 * Event ids are unique in a store. Re-sending exactly the same append (same ids, same stream, same
 * order) answers with the first result; any other reuse of an id (a partly overlapping re-send, an
 * id already used in another stream, an id twice in one append) is refused with this reason and
 * writes nothing.
 */
export const DUPLICATE_EVENT_ID = 'DUPLICATE_EVENT_ID';

export const duplicateEventIdError = (stream: StreamName, eventId: string, detail: string): AppError =>
  new AppError('conflict', `Event id ${eventId} cannot be appended to '${stream}': ${detail}`, {
    reason: DUPLICATE_EVENT_ID,
  });

export const isDuplicateEventId = (e: unknown): e is AppError => isAppError(e) && e.reason === DUPLICATE_EVENT_ID;
