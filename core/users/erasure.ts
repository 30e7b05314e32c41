/**
 * Account deletion on the read side: every projection that keeps rows of a user also handles the
 * user's AccountDeleted and removes those rows, each from its own tables (ADR 0018, ADR 0028).
 * `erasingAccounts` wraps a projection with that: `deletes(userId)` lists its DELETE statements.
 */
import { isErasureCopy } from '@core/eventstore/erasure-copies';
import type { RecordedEvent } from '@core/eventstore/types';
import type { Projection, SqlStatement } from '@core/shared/projection';
import { userIdFromStream } from './streams';

export const ACCOUNT_DELETED = 'AccountDeleted';

export const erasingAccounts = <E extends RecordedEvent>(projection: Projection<E>, deletes: (userId: string) => SqlStatement[]): Projection<E> => ({
  ...projection,
  handles: projection.handles === undefined ? undefined : [...projection.handles, ACCOUNT_DELETED],
  project: (event: E) => {
    if (event.type !== ACCOUNT_DELETED) return projection.project(event);
    const userId = userIdFromStream(event.streamName);
    return userId === null ? [] : deletes(userId);
  },
});

/**
 * Fields that say who the person is or what they wrote. Their string values become
 * `erased-<event id>` (unique, so a rebuilt read model keeps its unique columns), the time zone
 * becomes UTC (it must stay a valid zone for a rebuild); everything else (ids, times, statuses,
 * counts) stays, so the trail of what happened survives without the person.
 */
export const PERSONAL_FIELDS: ReadonlySet<string> = new Set([
  'username',
  'email',
  'fullName',
  'name',
  'profilePicture',
  'passwordHash',
  'tokenHash',
  'xUserId',
  'displayName',
  'bio',
  'content',
  'text',
  'postText',
  'description',
  'imageUrl',
  'value',
]);

export const redactPersonal = (data: unknown, eventId: string): unknown => {
  if (Array.isArray(data)) return data.map((item) => redactPersonal(item, eventId));
  if (data === null || typeof data !== 'object') return data;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (key === 'timeZone' && typeof value === 'string') out[key] = 'UTC';
    else if (PERSONAL_FIELDS.has(key) && typeof value === 'string') out[key] = value === '' ? '' : `erased-${eventId}`;
    else out[key] = redactPersonal(value, eventId);
  }
  return out;
};

/**
 * The redaction of one recorded event, for the store's `erase` on every store: SQLite rewrites the
 * event with it, KurrentDB appends a copy with it (the event given is the original either way, so
 * the erased values name the original's id on both).
 */
export const redactEvent = (event: RecordedEvent): unknown => redactPersonal(event.data, event.id);

/**
 * Whether the projection runner applies an event. An erasure's copy (KurrentDB,
 * core/eventstore/erasure-copies.ts) repeats an event the read side has seen, so it is skipped,
 * with one exception: the copy of AccountDeleted, which only deletes the person's rows (applying
 * it again changes nothing) and is, once a scavenge has removed the original, the only
 * AccountDeleted a rebuild of the read models sees; without it a rebuild would bring back the
 * rows of the person's streams that are not erased (billing).
 */
export const projectsEvent = (event: Pick<RecordedEvent, 'type' | 'metadata'>): boolean => !isErasureCopy(event) || event.type === ACCOUNT_DELETED;
