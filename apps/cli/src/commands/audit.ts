/**
 * Audit and replay on a data directory (like `projections rebuild`): histories in plain words,
 * a stream's events, the live tail of the store, and a stream's state as of a moment. Each look at
 * someone's history is recorded (actor 'cli') on that person's audit-views stream.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  diffAsOf,
  latestScheduleHistory,
  latestUserHistory,
  matchesFilter,
  parseCut,
  recordLook,
  scheduleHistory,
  stateAsOf,
  toEntries,
  userHistory,
  userIdOf,
  type AuditEntry,
  type AuditFilter,
  type StateAsOf,
  type StateDiff,
} from '@adapters/audit';
import { openEventStore, READ_MODELS_FILE } from '@adapters/eventstore-open';
import { createProjector, type Projector } from '@adapters/projections-sqlite';
import { allProjections } from '@adapters/read-models';
import { ownerOfStream } from '@adapters/read-models/audit';
import { scheduleStream } from '@core/scheduling/schedule';
import type { EventStore } from '@core/eventstore/types';
import { AppError } from '@core/shared/errors';
import type { CliEnv } from '../env';

export interface FilterOptions {
  from?: string;
  to?: string;
  type?: string[];
  /** Only the latest n entries, read from the end of the history (audit user / schedule). */
  limit?: string;
}

/** `--limit`: a whole number from 1, or undefined for the whole history. */
export const parseLimit = (value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new AppError('validation', `--limit must be a whole number from 1, got '${value}'`, { field: 'limit' });
  return Number(value);
};

const instant = (value: string | undefined, field: string): string | undefined => {
  if (value === undefined) return undefined;
  if (Number.isNaN(Date.parse(value))) throw new AppError('validation', `--${field} must be a time (ISO-8601), got '${value}'`, { field });
  return new Date(Date.parse(value)).toISOString();
};

export const parseFilter = (o: FilterOptions): AuditFilter => ({ from: instant(o.from, 'from'), to: instant(o.to, 'to'), types: o.type ?? [] });

/** The store and a caught-up read database (the audit index and names), closed after `work`. */
const withStores = async <T>(env: CliEnv, work: (store: EventStore, projector: Projector) => Promise<T>): Promise<T> => {
  mkdirSync(env.dataDir, { recursive: true });
  const store = openEventStore(env.eventStore, env.dataDir);
  const projector = createProjector({ store, path: join(env.dataDir, READ_MODELS_FILE), projections: allProjections });
  try {
    await projector.start();
    return await work(store, projector);
  } finally {
    await projector.stop();
    await store.close();
  }
};

const look = (store: EventStore, subjectKind: 'user' | 'schedule' | 'stream', subject: string, subjectUserId: string | null) =>
  recordLook(store, { viewerId: 'cli', subjectKind, subject, subjectUserId, requestId: randomUUID(), time: new Date().toISOString() });

export interface HistoryReport {
  subject: string;
  entries: AuditEntry[];
  /** With --limit: whether older entries were left out. */
  truncated?: boolean;
}

export const auditUser = (env: CliEnv, username: string, filter: AuditFilter, limit?: number): Promise<HistoryReport> =>
  withStores(env, async (store, projector) => {
    const userId = await userIdOf(store, username);
    const deps = { store, db: projector.db };
    const page = limit === undefined ? { events: await userHistory(deps, userId, filter), truncated: false } : await latestUserHistory(deps, userId, filter, limit);
    const entries = toEntries(projector.db, page.events);
    await look(store, 'user', username, userId);
    return { subject: `user ${username}`, entries, ...(limit === undefined ? {} : { truncated: page.truncated }) };
  });

export const auditSchedule = (env: CliEnv, scheduleId: string, filter: AuditFilter, limit?: number): Promise<HistoryReport> =>
  withStores(env, async (store, projector) => {
    const deps = { store, db: projector.db };
    const page = limit === undefined ? { events: await scheduleHistory(deps, scheduleId, filter), truncated: false } : await latestScheduleHistory(deps, scheduleId, filter, limit);
    const entries = toEntries(projector.db, page.events);
    await look(store, 'schedule', scheduleId, ownerOfStream(projector.db, scheduleStream(scheduleId)));
    return { subject: `schedule ${scheduleId}`, entries, ...(limit === undefined ? {} : { truncated: page.truncated }) };
  });

export const showStream = (env: CliEnv, stream: string, filter: AuditFilter): Promise<HistoryReport> =>
  withStores(env, async (store, projector) => {
    const events = (await store.readStream(stream)).filter((e) => matchesFilter(e, filter));
    if (events.length === 0 && (await store.readStream(stream, { maxCount: 1 })).length === 0) throw new AppError('not_found', `No stream '${stream}'`, { field: 'stream' });
    const entries = toEntries(projector.db, events);
    await look(store, 'stream', stream, ownerOfStream(projector.db, stream));
    return { subject: `stream ${stream}`, entries };
  });

export const replayStream = (env: CliEnv, stream: string, until: string | undefined): Promise<StateAsOf> =>
  withStores(env, async (store, projector) => {
    const answer = await stateAsOf(store, stream, parseCut(until));
    if (answer.events === 0 && (await store.readStream(stream, { maxCount: 1 })).length === 0) throw new AppError('not_found', `No stream '${stream}'`, { field: 'stream' });
    await look(store, 'stream', stream, ownerOfStream(projector.db, stream));
    return answer;
  });

export const diffStream = (env: CliEnv, stream: string, a: string, b: string): Promise<StateDiff> =>
  withStores(env, async (store, projector) => {
    const answer = await diffAsOf(store, stream, parseCut(a, 't1'), parseCut(b, 't2'));
    await look(store, 'stream', stream, ownerOfStream(projector.db, stream));
    return answer;
  });

/**
 * Follows the store live from its current end, calling `onEntry` for each new event, until the
 * signal aborts. Names come from the read database as it is when the tail starts.
 */
export const tailEvents = async (env: CliEnv, filter: AuditFilter, onEntry: (entry: AuditEntry) => void, signal: AbortSignal): Promise<void> =>
  withStores(env, async (store, projector) => {
    const subscription = store.subscribe({ after: projector.position() });
    signal.addEventListener('abort', () => void subscription.close(), { once: true });
    for await (const event of subscription) {
      if (signal.aborted) break;
      if (!matchesFilter(event, filter)) continue;
      const [entry] = toEntries(projector.db, [event]);
      if (entry !== undefined) onEntry(entry);
    }
  });
