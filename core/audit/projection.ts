/**
 * The audit index: which streams are whose, and in which streams a person acted, so "the audit of
 * alice" reads her streams (and her acts in others') instead of scanning the whole store. Two small
 * tables of stream names; the events themselves are read from the store, never copied here.
 */
import type { RecordedEvent } from '@core/eventstore/types';
import type { Projection, SqlStatement } from '@core/shared/projection';
import { AUDIT_VIEWS_STREAM_PREFIX } from './events';
import { WORDED_EVENT_TYPES } from './wording';

/** Streams named after their owner's user id. */
const OWNED_PREFIXES = ['user-', 'billing-', 'notifications-', 'monitoring-legacy-slots-', AUDIT_VIEWS_STREAM_PREFIX];

/** Actors that are not people (metadata.actor): their acts are not indexed per person. */
export const NON_PERSON_ACTORS: readonly string[] = ['system', 'scheduler', 'cli'];

/** The user whose history an event belongs to, from its stream name or its data's `userId`. */
export const ownerOfEvent = (event: Pick<RecordedEvent, 'streamName' | 'data'>): string | null => {
  const prefix = OWNED_PREFIXES.find((p) => event.streamName.startsWith(p));
  if (prefix !== undefined) return event.streamName.slice(prefix.length) || null;
  const data = event.data;
  if (typeof data !== 'object' || data === null) return null;
  if ('userId' in data && typeof data.userId === 'string' && data.userId !== '') return data.userId;
  // A reply that ended before it was prepared carries its run (and so its owner) in `run`.
  if ('run' in data && typeof data.run === 'object' && data.run !== null && 'userId' in data.run && typeof data.run.userId === 'string') return data.run.userId;
  return null;
};

export const auditIndexProjection: Projection = {
  name: 'audit-index',
  version: 1,
  schema: [
    'CREATE TABLE audit_streams (stream TEXT PRIMARY KEY, user_id TEXT NOT NULL, first_position TEXT NOT NULL)',
    'CREATE INDEX audit_streams_user ON audit_streams (user_id)',
    'CREATE TABLE audit_acts (actor TEXT NOT NULL, stream TEXT NOT NULL, PRIMARY KEY (actor, stream)) WITHOUT ROWID',
  ],
  /** Every event type there is (the wording covers them all: tests/architecture/audit-wording). */
  handles: WORDED_EVENT_TYPES,
  project(event: RecordedEvent): SqlStatement[] {
    const statements: SqlStatement[] = [];
    const owner = ownerOfEvent(event);
    if (owner !== null) {
      statements.push({
        sql: 'INSERT OR IGNORE INTO audit_streams (stream, user_id, first_position) VALUES (@stream, @owner, @position)',
        params: { stream: event.streamName, owner, position: event.position },
      });
    }
    const actor = event.metadata.actor;
    if (actor !== null && actor !== '' && actor !== owner && !NON_PERSON_ACTORS.includes(actor)) {
      statements.push({ sql: 'INSERT OR IGNORE INTO audit_acts (actor, stream) VALUES (@actor, @stream)', params: { actor, stream: event.streamName } });
    }
    return statements;
  },
};
