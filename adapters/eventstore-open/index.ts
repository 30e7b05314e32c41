/**
 * Opens the event store an installation is configured for. Shared by the server, the scheduler
 * and the CLI (apps don't import each other), so all three read the same store the same way.
 */
import { join } from 'node:path';
import { createKurrentEventStore } from '@adapters/eventstore-kurrentdb';
import { createSqliteEventStore } from '@adapters/eventstore-sqlite';
import type { SqliteEventStoreOptions, Synchronous } from '@adapters/eventstore-sqlite';
import type { EventStore } from '@core/eventstore/types';
import { withStateCache } from '@adapters/state-cache';

export type EventStoreConfig =
  | { kind: 'sqlite'; synchronous: Synchronous; /** Default <dataDir>/events.db. */ path?: string }
  | { kind: 'kurrentdb'; connectionString: string };

export const EVENTS_FILE = 'events.db';
export const READ_MODELS_FILE = 'read.db';
export const SESSIONS_FILE = 'sessions.db';

/** The store, with this process's cache of folded states (docs/adr/0038-state-cache.md). */
export const openEventStore = (config: EventStoreConfig, dataDir: string, sqlite: Pick<SqliteEventStoreOptions, 'onOpen'> = {}): EventStore =>
  withStateCache(
    config.kind === 'sqlite'
      ? createSqliteEventStore({ ...sqlite, path: config.path ?? join(dataDir, EVENTS_FILE), synchronous: config.synchronous })
      : createKurrentEventStore({ connectionString: config.connectionString }),
  );

/** The env shape parsed by @adapters/env's eventStoreShape, turned into a store config. */
export const eventStoreConfigFromEnv = (env: {
  RIPOSTE_EVENT_STORE: 'sqlite' | 'kurrentdb';
  RIPOSTE_KURRENTDB_URL?: string | undefined;
  RIPOSTE_SQLITE_SYNCHRONOUS: Synchronous | 'OFF' | 'EXTRA';
  RIPOSTE_SQLITE_FILE?: string | undefined;
}): EventStoreConfig =>
  env.RIPOSTE_EVENT_STORE === 'kurrentdb'
    ? { kind: 'kurrentdb', connectionString: env.RIPOSTE_KURRENTDB_URL ?? '' }
    : { kind: 'sqlite', synchronous: env.RIPOSTE_SQLITE_SYNCHRONOUS as Synchronous, ...(env.RIPOSTE_SQLITE_FILE === undefined ? {} : { path: env.RIPOSTE_SQLITE_FILE }) };
