import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { openEventStore } from '@adapters/eventstore-open';
import { handleCommand } from '@core/eventstore/command-handler';
import { reservationHolder } from '@core/eventstore/reservation';
import { AppError } from '@core/shared/errors';
import { ROLES, USERNAME_RESERVATION, userDecider, userStream, usernameReservationKey, type Role } from '@core/users';
import type { CliEnv } from '../env';

export interface SetRoleReport {
  userId: string;
  username: string;
  role: Role;
  /** False when the user already had the role. */
  changed: boolean;
}

export const parseRole = (value: string): Role => {
  if (!(ROLES as readonly string[]).includes(value)) throw new AppError('validation', `Role must be one of ${ROLES.join(', ')}`, { field: 'role' });
  return value as Role;
};

/**
 * Gives a user a role (admin, legacy, user) by username, as an admin would on the API; the
 * operator acts as the system. Safe while the server runs on the same SQLite files (appends check
 * the stream revision across processes); the server's read model follows on its own.
 */
export const setRole = async (env: CliEnv, username: string, role: Role): Promise<SetRoleReport> => {
  mkdirSync(env.dataDir, { recursive: true });
  const store = openEventStore(env.eventStore, env.dataDir);
  try {
    const holder = username.trim() === '' ? null : await reservationHolder(store, USERNAME_RESERVATION, usernameReservationKey(username));
    if (holder === null) throw new AppError('not_found', `No user named '${username}'`, { field: 'username' });
    const now = new Date().toISOString();
    const result = await handleCommand(store, userStream(holder.ownerId), userDecider, { type: 'SetRole', role, by: { kind: 'system' }, now }, {
      metadata: { actor: 'cli', correlationId: randomUUID(), causationId: null, time: now },
      newId: randomUUID,
    });
    if (result.state.status !== 'registered') throw new AppError('not_found', `No user named '${username}'`, { field: 'username' });
    return { userId: holder.ownerId, username: result.state.user.username, role: result.state.user.role, changed: result.events.length > 0 };
  } finally {
    await store.close();
  }
};
