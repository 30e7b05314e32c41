/**
 * Sample projections and event builders shared by the projector's tests, its crash-test child
 * process and bench/projections. They look like the product's real read models (a users table
 * keyed by id with a unique email, per-type counters) without depending on any capability.
 */
import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@core/eventstore/types';
import type { Projection } from '@core/shared/projection';

export const newEvent = (type: string, data: Record<string, unknown>, time = '2026-01-01T00:00:00.000Z'): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { actor: 'test', correlationId: randomUUID(), causationId: null, time },
});

export interface UserRegistered {
  userId: string;
  email: string;
  name: string;
}

export const usersProjection: Projection = {
  name: 'users',
  version: 1,
  schema: [
    `CREATE TABLE users (
       id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
       renamed INTEGER NOT NULL DEFAULT 0, registered_at TEXT NOT NULL, updated_at TEXT NOT NULL
     ) STRICT`,
    'CREATE INDEX users_by_name ON users (name)',
  ],
  handles: ['UserRegistered', 'UserRenamed', 'UserDeleted'],
  project: (event) => {
    const data = event.data as Record<string, string>;
    const at = event.metadata.time;
    switch (event.type) {
      case 'UserRegistered':
        return [
          {
            sql: 'INSERT INTO users (id, email, name, registered_at, updated_at) VALUES (@id, @email, @name, @at, @at)',
            params: { id: data.userId, email: data.email, name: data.name, at },
          },
        ];
      case 'UserRenamed':
        return [{ sql: 'UPDATE users SET name = ?, renamed = renamed + 1, updated_at = ? WHERE id = ?', params: [data.name, at, data.userId] }];
      case 'UserDeleted':
        return [{ sql: 'DELETE FROM users WHERE id = ?', params: [data.userId] }];
      default:
        return [];
    }
  },
};

/** Counts every event by type: touches one row per event, the cheapest realistic projection. */
export const countersProjection: Projection = {
  name: 'event_counts',
  version: 1,
  schema: ['CREATE TABLE event_counts (type TEXT PRIMARY KEY, n INTEGER NOT NULL) STRICT'],
  project: (event) => [
    { sql: 'INSERT INTO event_counts (type, n) VALUES (?, 1) ON CONFLICT (type) DO UPDATE SET n = n + 1', params: [event.type] },
  ],
};

/**
 * Exactly-once witness: one row per event id (UNIQUE, so a second application fails loudly and
 * stalls the projection) and a counter bumped per application (so a double application that
 * slipped past the constraint would still show).
 */
export const ledgerProjection: Projection = {
  name: 'ledger',
  version: 1,
  schema: [
    'CREATE TABLE ledger (event_id TEXT NOT NULL UNIQUE, position TEXT NOT NULL) STRICT',
    'CREATE TABLE ledger_applications (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL) STRICT',
    'INSERT INTO ledger_applications (id, n) VALUES (1, 0)',
  ],
  project: (event) => [
    { sql: 'INSERT INTO ledger (event_id, position) VALUES (?, ?)', params: [event.id, event.position] },
    { sql: 'UPDATE ledger_applications SET n = n + 1 WHERE id = 1' },
  ],
};

/** A sequence of user events: registrations, then renames and deletions of earlier users. */
export const userEvents = (count: number, seed = 1): { stream: string; event: NewEvent }[] => {
  const out: { stream: string; event: NewEvent }[] = [];
  let registered = 0;
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648);
  for (let i = 0; i < count; i++) {
    const roll = next() % 10;
    if (registered === 0 || roll < 6) {
      const userId = `u${seed}-${registered++}`;
      out.push({ stream: `user-${userId}`, event: newEvent('UserRegistered', { userId, email: `${userId}@example.test`, name: `User ${userId}` }) });
    } else {
      const userId = `u${seed}-${next() % registered}`;
      out.push({ stream: `user-${userId}`, event: newEvent('UserRenamed', { userId, name: `Renamed ${i}` }) });
    }
  }
  return out;
};
