/**
 * Pure translations between the port's shapes and the KurrentDB client's. Kept apart from the
 * network code so they are unit-tested without a server.
 */
import {
  ANY,
  NO_STREAM,
  STREAM_EXISTS,
  type AppendStreamState,
  type EventData,
  type RecordedEvent as KurrentRecordedEvent,
} from '@kurrent/kurrentdb-client';
import { assertNever } from '@core/shared/decider';
import { AppError } from '@core/shared/errors';
import { duplicateEventIdError } from '@core/eventstore/errors';
import type { EventMetadata, ExpectedRevision, NewEvent, Position, RecordedEvent, StreamName } from '@core/eventstore/types';

/** KurrentDB takes the port's four kinds of expectation as they are (both count revisions from 0). */
export const toStreamState = (expected: ExpectedRevision): AppendStreamState => {
  if (typeof expected === 'bigint') {
    if (expected < 0n) throw new AppError('validation', `Not an expected revision: ${expected}`, { field: 'expectedRevision' });
    return expected;
  }
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return assertNever(expected, 'expected revision');
  }
};

/**
 * The metadata document stored with each event. Correlation and causation use KurrentDB's own
 * `$correlationId` / `$causationId` names, so its `$by_correlation_id` projection works on our
 * events; the port's names are restored on read. Kept compact: it counts towards the 1 MiB limit
 * of one append.
 */
export type StoredMetadata = {
  actor: string | null;
  $correlationId: string;
  $causationId?: string;
  time: string;
  /** Only on an erasure's redacted copy (core/eventstore/erasure-copies.ts): the id of the event copied. */
  erasureCopyOf?: string;
};

export const encodeMetadata = (metadata: EventMetadata): StoredMetadata => ({
  actor: metadata.actor,
  $correlationId: metadata.correlationId,
  ...(metadata.causationId === null ? {} : { $causationId: metadata.causationId }),
  time: metadata.time,
  ...(typeof metadata.erasureCopyOf === 'string' ? { erasureCopyOf: metadata.erasureCopyOf } : {}),
});

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * Lenient on purpose: $all on a shared server can hold events other programs wrote, with other
 * metadata or none; reading them must not fail.
 */
export const decodeMetadata = (raw: unknown, created: Date): EventMetadata => {
  const doc = raw !== null && typeof raw === 'object' && !(raw instanceof Uint8Array) ? (raw as Record<string, unknown>) : {};
  const copyOf = text(doc.erasureCopyOf);
  return {
    actor: text(doc.actor),
    correlationId: text(doc.$correlationId) ?? text(doc.correlationId) ?? '',
    causationId: text(doc.$causationId) ?? text(doc.causationId),
    time: text(doc.time) ?? created.toISOString(),
    ...(copyOf === null ? {} : { erasureCopyOf: copyOf }),
  };
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const jsonData = (value: unknown, stream: StreamName): unknown => {
  try {
    // undefined has no JSON form; the other stores record it as null too.
    return JSON.stringify(value) === undefined ? null : value;
  } catch (cause) {
    throw new AppError('validation', `The data of an event for '${stream}' is not JSON-serialisable`, { cause });
  }
};

/**
 * The events of one append, checked before anything is sent: KurrentDB needs UUID ids, and an id
 * twice in one append would be stored twice (the port refuses it, so we do it here).
 */
export const toEventData = (stream: StreamName, events: readonly NewEvent[]): EventData[] => {
  const seen = new Set<string>();
  return events.map((event) => {
    if (typeof event.id !== 'string' || !UUID.test(event.id)) {
      throw new AppError('validation', `Event ids must be UUIDs on KurrentDB, got '${String(event.id)}'`, { field: 'id' });
    }
    if (typeof event.type !== 'string' || event.type === '') throw new AppError('validation', 'An event needs a type', { field: 'type' });
    const key = event.id.toLowerCase();
    if (seen.has(key)) throw duplicateEventIdError(stream, event.id, 'the id appears twice in one append');
    seen.add(key);
    return {
      id: event.id,
      contentType: 'application/json',
      type: event.type,
      // The client JSON-encodes data itself; its types only admit objects, arrays and strings.
      data: jsonData(event.data, stream) as Record<string, unknown>,
      metadata: encodeMetadata(event.metadata),
    };
  });
};

/** The adapter's own stream naming the store (see index.ts `identity`): never shown to the port's readers. */
export const IDENTITY_STREAM = 'riposte-store-identity';

/** System records ($metadata, $>, $stats-…, projections' output): never part of the port's $all. */
export const isSystemEvent = (event: { type: string; streamId: string }): boolean =>
  event.type.startsWith('$') || event.streamId.startsWith('$') || event.streamId === IDENTITY_STREAM;

export const fromRecordedEvent = (event: KurrentRecordedEvent, position: Position): RecordedEvent => ({
  id: event.id,
  type: event.type,
  data: event.data,
  metadata: decodeMetadata(event.metadata, event.created),
  streamName: event.streamId,
  revision: event.revision,
  position,
});
