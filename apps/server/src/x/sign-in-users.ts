/**
 * Sign in with X, the user behind it: the Riposte user behind an X user id, created on first
 * sign-in. The link is a reservation (kind x_login, value = X user id, owner = Riposte user id), so
 * two first sign-ins racing create one user, on every store. An X account connected to another
 * user for posting is not a way into that user: signing in with it is refused (core/users/ways-in.ts).
 *
 * New users get the X handle as username (made unique when taken) and no password: they sign in
 * with X, so nothing forces them to choose one; Settings offers to set one (PUT
 * /api/auth/change-password without a current password) for signing in by username too.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { isReservationTaken, release, reservationHolder, reserve } from '@core/eventstore/reservation';
import type { EventStore } from '@core/eventstore/types';
import { AppError } from '@core/shared/errors';
import type { User } from '@core/users/state';
import { X_AUTH_RESULT_TEXTS, type XProfileSnapshot } from '@core/x-accounts';
import type { UsersService } from '../users/service';
import { commandOptions, type CommandContext } from '../commands';
import type { XAccountsService } from './accounts-service';

export const X_LOGIN_RESERVATION = 'x_login';
const ORPHAN_AFTER_MS = 60_000;

/** Username candidates from an X handle: the handle, then handle_x, handle_x2..9, then a random tail. */
export const usernameCandidates = (handle: string): string[] => {
  let base = handle.replace(/[^A-Za-z0-9_]/g, '').slice(0, 40);
  if (base === '') base = 'x_user';
  while (base.length < 3) base = `${base}_x`;
  const tails = ['', '_x', ...Array.from({ length: 8 }, (_, i) => `_x${i + 2}`)];
  return [...tails.map((t) => `${base}${t}`), `${base}_${randomBytes(3).toString('hex')}`];
};

export const createXSignIn = (deps: { store: EventStore; users: UsersService; xAccounts: XAccountsService; clock: () => Date }) => {
  const { store, users, xAccounts, clock } = deps;
  const options = (ctx: CommandContext) => commandOptions(ctx, clock);

  const linkedUser = async (xUserId: string): Promise<{ userId: string; since: number } | null> => {
    const holder = await reservationHolder(store, X_LOGIN_RESERVATION, xUserId);
    return holder === null ? null : { userId: holder.ownerId, since: holder.since };
  };

  const link = async (xUserId: string, userId: string, ctx: CommandContext) => {
    await reserve(store, { kind: X_LOGIN_RESERVATION, value: xUserId, ownerId: userId }, options(ctx));
  };

  const register = async (id: string, profile: XProfileSnapshot, ctx: CommandContext): Promise<User> => {
    for (const username of usernameCandidates(profile.username)) {
      try {
        const written = await users.register(
          { id, username, fullName: profile.displayName || null, passwordHash: null, xUserId: profile.xUserId, passwordChangeRequired: false, createdBy: null },
          { ...ctx, actor: id },
        );
        return written.user;
      } catch (error) {
        if (isReservationTaken(error) && error.kind === 'username') continue;
        throw error;
      }
    }
    throw new AppError('conflict', 'Could not find a free username for this X account', { reason: 'USERNAME_EXHAUSTED' });
  };

  return {
    /** The user this X account signs in as; `created` when this sign-in made them. */
    findOrCreateUser: async (profile: XProfileSnapshot, ctx: CommandContext): Promise<{ user: User; created: boolean }> => {
      const linked = await linkedUser(profile.xUserId);
      if (linked !== null) {
        const user = await users.load(linked.userId);
        if (user !== null) return { user, created: false };
        if (clock().getTime() - linked.since < ORPHAN_AFTER_MS) {
          throw new AppError('conflict', 'This X account is signing in right now; try again in a minute', { reason: 'X_SIGN_IN_BUSY' });
        }
        await release(store, { kind: X_LOGIN_RESERVATION, value: profile.xUserId, ownerId: linked.userId }, options({ ...ctx, actor: 'system' }));
      }
      // Connected for posting is not a way in (core/users/ways-in.ts): connecting needs no fresh
      // proof, so a stolen session could otherwise connect its own X account and sign in with it.
      const holder = await xAccounts.connectedHolder(profile.xUserId);
      if (holder !== null && (await users.load(holder.userId)) !== null) {
        throw new AppError('forbidden', X_AUTH_RESULT_TEXTS.not_a_way_in, { reason: 'X_NOT_A_WAY_IN' });
      }
      const id = randomUUID();
      try {
        await link(profile.xUserId, id, ctx);
      } catch (error) {
        // Another first sign-in of the same X account won the race: sign in as its user.
        if (!isReservationTaken(error)) throw error;
        const user = await users.load(error.ownerId);
        if (user !== null) return { user, created: false };
        throw new AppError('conflict', 'This X account is signing in right now; try again in a moment', { reason: 'X_SIGN_IN_BUSY' });
      }
      try {
        return { user: await register(id, profile, ctx), created: true };
      } catch (error) {
        await release(store, { kind: X_LOGIN_RESERVATION, value: profile.xUserId, ownerId: id }, options(ctx)).catch(() => undefined);
        throw error;
      }
    },
  };
};

export type XSignIn = ReturnType<typeof createXSignIn>;
