/**
 * First start on an empty store: one admin account, username 'admin', with RIPOSTE_ADMIN_PASSWORD
 * or a generated password written once to the log, and passwordChangeRequired set.
 *
 * Idempotent and race-safe on every store: a 'bootstrap' reservation (appended with 'no stream')
 * decides which process creates the admin, once for the life of the store, so renaming the admin
 * later does not make a restart create another one; the username itself is claimed through the
 * ordinary username reservation by the users service. A start that finds the bootstrap
 * reservation but no user (a crash between the two writes) finishes the job.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Logger } from '@adapters/logging';
import type { PasswordHasher } from '@adapters/password';
import { isReservationTaken, reservationHolder, reserve } from '@core/eventstore/reservation';
import type { EventStore, Position } from '@core/eventstore/types';
import { isAppError } from '@core/shared/errors';
import type { UsersService } from './service';

export const ADMIN_USERNAME = 'admin';
const BOOTSTRAP = { kind: 'bootstrap', value: 'admin' } as const;

export interface BootstrapDeps {
  store: EventStore;
  users: UsersService;
  hasher: PasswordHasher;
  logger: Logger;
  adminPassword: string | undefined;
}

export type BootstrapOutcome = { created: false } | { created: true; userId: string; position: Position | null };

const bootstrapOwner = async (store: EventStore): Promise<string | null> => (await reservationHolder(store, BOOTSTRAP.kind, BOOTSTRAP.value))?.ownerId ?? null;

export const bootstrapAdmin = async ({ store, users, hasher, logger, adminPassword }: BootstrapDeps): Promise<BootstrapOutcome> => {
  const ctx = { actor: 'system', correlationId: randomUUID() };
  let adminId = await bootstrapOwner(store);
  if (adminId !== null && (await users.load(adminId)) !== null) return { created: false };
  if (adminId === null) {
    const candidate = randomUUID();
    try {
      const metadata = { actor: 'system', correlationId: ctx.correlationId, causationId: null, time: new Date().toISOString() };
      await reserve(store, { ...BOOTSTRAP, ownerId: candidate }, { metadata, newId: randomUUID });
      adminId = candidate;
    } catch (error) {
      // Another process won the race: it creates the admin.
      if (isReservationTaken(error)) return { created: false };
      throw error;
    }
  }
  const generated = adminPassword === undefined;
  const password = adminPassword ?? randomBytes(18).toString('base64url');
  try {
    const written = await users.register(
      {
        id: adminId,
        username: ADMIN_USERNAME,
        email: null,
        fullName: 'Administrator',
        passwordHash: await hasher.hash(password),
        role: 'admin',
        passwordChangeRequired: true,
        createdBy: 'system',
      },
      ctx,
    );
    if (generated) {
      // The only time this password is ever shown; it must be changed at first sign-in.
      logger.warn(`Created the admin account. Username: ${ADMIN_USERNAME}  Password: ${password}  (shown once; change it at first sign-in)`);
    } else {
      logger.info(`Created the admin account '${ADMIN_USERNAME}' with the password from RIPOSTE_ADMIN_PASSWORD (change it at first sign-in)`);
    }
    return { created: true, userId: adminId, position: written.position };
  } catch (error) {
    // Another process finishing the same orphaned bootstrap registered it first.
    if (isAppError(error) && (error.reason === 'ALREADY_REGISTERED' || isReservationTaken(error)) && (await users.load(adminId)) !== null) {
      return { created: false };
    }
    throw error;
  }
};
