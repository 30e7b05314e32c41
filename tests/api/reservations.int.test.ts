/**
 * Half-finished writes left by a crash: a reservation whose user was never written. The events are
 * planted straight into the server's events.db (a second connection, as another process would).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '@adapters/eventstore-sqlite';
import { reservationStream } from '@core/eventstore/reservation';
import { ADMIN_PASSWORD, startTestServer, uniqueName } from './support';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const plantReservation = async (path: string, kind: string, value: string, ownerId: string, ageMs: number) => {
  const store = createSqliteEventStore({ path });
  await store.append(
    reservationStream(kind, value),
    [
      {
        id: randomUUID(),
        type: 'ReservationMade',
        data: { kind, value: value.toLowerCase(), ownerId },
        metadata: { actor: 'system', correlationId: randomUUID(), causationId: null, time: new Date(Date.now() - ageMs).toISOString() },
      },
    ],
    'no_stream',
  );
  await store.close();
};

describe('orphaned reservations', () => {
  it('a username held by a registration that never finished is taken over once it is old', async () => {
    const server = await startTestServer();
    try {
      const events = join(server.dataDir, 'events.db');
      const stale = uniqueName('stale');
      const fresh = uniqueName('fresh');
      await plantReservation(events, 'username', stale, randomUUID(), 10 * 60_000);
      await plantReservation(events, 'username', fresh, randomUUID(), 0);
      const register = (name: string) =>
        server.client().post('/api/auth/register', {
          email: `${name}@example.com`,
          username: name,
          password: 'secret-pw-1',
          confirmPassword: 'secret-pw-1',
        });
      expect((await register(stale)).status).toBe(201);
      // A young reservation may be a registration in progress: it is respected.
      expect((await register(fresh)).status).toBe(409);
    } finally {
      await server.close();
    }
  });

  it('a start that finds the bootstrap reserved but no admin finishes creating it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'riposte-boot-'));
    dirs.push(dataDir);
    const ownerId = randomUUID();
    await plantReservation(join(dataDir, 'events.db'), 'bootstrap', 'admin', ownerId, 0);
    const server = await startTestServer({ RIPOSTE_DATA_DIR: dataDir });
    try {
      const login = await server.client().post('/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
      expect(login.status).toBe(200);
      expect((login.body as { user: { id: string } }).user.id).toBe(ownerId);
    } finally {
      await server.close();
    }
  });
});
