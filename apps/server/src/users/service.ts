/**
 * The users capability wired to the event store: every change goes through the users decider
 * (core/users) via the generic command handler; usernames and e-mails are made unique with
 * reservation streams, claimed before the user's stream is written and given back when the user
 * moves to another value or the registration fails.
 *
 * Reads that an answer depends on (sign-in, the current user) fold the user's own stream, so they
 * are consistent without waiting for projections.
 */
import { randomUUID } from 'node:crypto';
import { handleCommand } from '@core/eventstore/command-handler';
import { loadState } from '@core/eventstore/load-state';
import {
  isReservationTaken,
  normalizeReservedValue,
  release,
  reservationHolder,
  ReservationTakenError,
  reserve,
} from '@core/eventstore/reservation';
import type { EventStore, Position } from '@core/eventstore/types';
import { AppError } from '@core/shared/errors';
import type { Actor, UserCommand } from '@core/users/commands';
import type { Permission, Role } from '@core/users/constants';
import { userDecider } from '@core/users/decider';
import type { ErasurePlan, ProfileChanges } from '@core/users/events';
import type { PreferenceChanges } from '@core/users/preferences';
import type { User } from '@core/users/state';
import type { WayInProof } from '@core/users/ways-in';
import { EMAIL_RESERVATION, USERNAME_RESERVATION, userStream } from '@core/users/streams';
import { commandOptions, expectedOf, type CommandContext, type Written } from '../commands';

/** Who asks and why, for the events' metadata. */
type UserWritten = Written<{ user: User }>;

export interface RegisterInput {
  username: string;
  email?: string | null;
  fullName?: string | null;
  passwordHash: string | null;
  timeZone?: string;
  xUserId?: string | null;
  role?: Role;
  passwordChangeRequired: boolean;
  createdBy: string | null;
  /** Given by the bootstrap, which reserves its id first; otherwise a new UUID. */
  id?: string;
}

/** A reservation left behind by a registration that crashed half-way may be taken over after this. */
const ORPHAN_AFTER_MS = 60_000;

const later = (a: Position | null, b: Position | null): Position | null => (a === null ? b : b === null ? a : a > b ? a : b);

export const createUsersService = (store: EventStore, clock: () => Date = () => new Date()) => {
  const options = (ctx: CommandContext) => commandOptions(ctx, clock);

  const load = async (id: string): Promise<User | null> => {
    const { state } = await loadState(store, userStream(id), userDecider);
    return state.status === 'registered' ? state.user : null;
  };

  const execute = async (id: string, command: UserCommand, ctx: CommandContext): Promise<UserWritten> => {
    const result = await handleCommand(store, userStream(id), userDecider, command, { ...options(ctx), ...expectedOf(ctx) });
    if (result.state.status !== 'registered') throw new AppError('not_found', 'User not found', { reason: 'USER_NOT_FOUND' });
    return { user: result.state.user, position: result.position };
  };

  /** The owner of a reservation (a user id), or null when the value is free. */
  const ownerOf = (kind: string, value: string) => reservationHolder(store, kind, value);

  /**
   * Claims a value. A reservation whose owner never got registered (a crash between the two
   * writes) is released and claimed again once it is old enough not to be a registration in
   * progress.
   */
  const isOrphan = async (held: { ownerId: string; since: number }): Promise<boolean> =>
    clock().getTime() - held.since > ORPHAN_AFTER_MS && (await load(held.ownerId)) === null;

  const claim = async (kind: string, value: string, ownerId: string, ctx: CommandContext): Promise<Position | null> => {
    try {
      return (await reserve(store, { kind, value, ownerId }, options(ctx))).position;
    } catch (error) {
      if (!isReservationTaken(error)) throw error;
      const held = await ownerOf(kind, value);
      const orphan = held !== null && (await isOrphan(held));
      if (!orphan) throw error;
      await release(store, { kind, value, ownerId: held.ownerId }, options({ ...ctx, actor: 'system' }));
      return (await reserve(store, { kind, value, ownerId }, options(ctx))).position;
    }
  };

  const giveBack = async (kind: string, value: string, ownerId: string, ctx: CommandContext) => {
    await release(store, { kind, value, ownerId }, options(ctx));
  };

  return {
    load,

    /** The user id that holds this username (case-insensitive), or null. */
    findIdByUsername: async (username: string): Promise<string | null> => {
      if (username.trim() === '') return null;
      return (await ownerOf(USERNAME_RESERVATION, username))?.ownerId ?? null;
    },

    /**
     * Refuses a username or e-mail someone holds (409, the same answer `register` gives) with two
     * stream reads, so a registration that cannot succeed never reaches the password hash. The
     * claim inside `register` stays the authority when two registrations race.
     */
    assertAvailable: async (username: string, email: string | null): Promise<void> => {
      const wanted: [string, string | null][] = [
        [USERNAME_RESERVATION, username],
        [EMAIL_RESERVATION, email],
      ];
      for (const [kind, value] of wanted) {
        if (value === null || value.trim() === '') continue;
        const held = await ownerOf(kind, value);
        if (held !== null && !(await isOrphan(held))) throw new ReservationTakenError(kind, normalizeReservedValue(value), held.ownerId);
      }
    },

    register: async (input: RegisterInput, ctx: CommandContext): Promise<UserWritten> => {
      const id = input.id ?? randomUUID();
      const claimed: [string, string][] = [];
      try {
        let position = await claim(USERNAME_RESERVATION, input.username, id, ctx);
        claimed.push([USERNAME_RESERVATION, input.username]);
        if (input.email) {
          position = later(position, await claim(EMAIL_RESERVATION, input.email, id, ctx));
          claimed.push([EMAIL_RESERVATION, input.email]);
        }
        const written = await execute(id, { type: 'Register', ...input, id, now: clock().toISOString() }, ctx);
        return { user: written.user, position: later(position, written.position) };
      } catch (error) {
        for (const [kind, value] of claimed) await giveBack(kind, value, id, ctx).catch(() => undefined);
        throw error;
      }
    },

    recordLogin: (id: string, ctx: CommandContext) => execute(id, { type: 'RecordLogin', now: clock().toISOString() }, ctx),

    changePassword: (id: string, passwordHash: string, ctx: CommandContext) =>
      execute(id, { type: 'ChangePassword', passwordHash, now: clock().toISOString() }, ctx),

    /** Profile changes; a new username or e-mail is claimed first and the old one given back after. */
    updateProfile: async (user: User, changes: ProfileChanges, proof: WayInProof | undefined, ctx: CommandContext): Promise<UserWritten> => {
      const moves: { kind: string; from: string | null; to: string }[] = [];
      if (changes.username !== undefined && changes.username.toLowerCase() !== user.username.toLowerCase()) {
        moves.push({ kind: USERNAME_RESERVATION, from: user.username, to: changes.username });
      }
      if (changes.email && changes.email.toLowerCase() !== user.email?.toLowerCase()) {
        moves.push({ kind: EMAIL_RESERVATION, from: user.email, to: changes.email });
      }
      const done: typeof moves = [];
      try {
        for (const move of moves) {
          await claim(move.kind, move.to, user.id, ctx);
          done.push(move);
        }
        const written = await execute(user.id, { type: 'UpdateProfile', changes, ...(proof === undefined ? {} : { proof }), now: clock().toISOString() }, ctx);
        for (const move of moves) if (move.from) await giveBack(move.kind, move.from, user.id, ctx);
        return written;
      } catch (error) {
        for (const move of done) await giveBack(move.kind, move.to, user.id, ctx).catch(() => undefined);
        throw error;
      }
    },

    setEmail: async (user: User, email: string, subscribedToUpdates: boolean, proof: WayInProof | undefined, ctx: CommandContext): Promise<UserWritten> => {
      const moving = email.toLowerCase() !== user.email?.toLowerCase();
      if (moving) await claim(EMAIL_RESERVATION, email, user.id, ctx);
      try {
        const written = await execute(user.id, { type: 'SetEmail', email, subscribedToUpdates, ...(proof === undefined ? {} : { proof }), now: clock().toISOString() }, ctx);
        if (moving && user.email) await giveBack(EMAIL_RESERVATION, user.email, user.id, ctx);
        return written;
      } catch (error) {
        if (moving) await giveBack(EMAIL_RESERVATION, email, user.id, ctx).catch(() => undefined);
        throw error;
      }
    },

    changePreferences: (id: string, changes: PreferenceChanges, ctx: CommandContext) =>
      execute(id, { type: 'ChangePreferences', changes, now: clock().toISOString() }, ctx),

    /** The user id that holds this e-mail (case-insensitive), or null. */
    findIdByEmail: async (email: string): Promise<string | null> => {
      if (email.trim() === '') return null;
      return (await ownerOf(EMAIL_RESERVATION, email))?.ownerId ?? null;
    },

    requestPasswordReset: (id: string, tokenHash: string, expiresAt: string, ctx: CommandContext) =>
      execute(id, { type: 'RequestPasswordReset', tokenHash, expiresAt, now: clock().toISOString() }, ctx),

    resetPassword: (id: string, tokenHash: string, passwordHash: string, ctx: CommandContext) =>
      execute(id, { type: 'ResetPassword', tokenHash, passwordHash, now: clock().toISOString() }, ctx),

    /**
     * Records the deletion and gives the username and e-mail back (anyone may take them again).
     * The rest of the erasure (schedules, X tokens, events' personal fields) is the account-deletion
     * use case's (settings/delete-account.ts).
     */
    deleteAccount: async (user: User, erase: ErasurePlan, ctx: CommandContext): Promise<Position | null> => {
      const result = await handleCommand(store, userStream(user.id), userDecider, { type: 'DeleteAccount', now: clock().toISOString(), erase }, options(ctx));
      await giveBack(USERNAME_RESERVATION, user.username, user.id, ctx).catch(() => undefined);
      if (user.email) await giveBack(EMAIL_RESERVATION, user.email, user.id, ctx).catch(() => undefined);
      return result.position;
    },

    setRole: (id: string, role: Role, by: Actor, ctx: CommandContext) =>
      execute(id, { type: 'SetRole', role, by, now: clock().toISOString() }, ctx),

    setPermission: (id: string, permission: Permission, granted: boolean, by: Actor, ctx: CommandContext) =>
      execute(id, { type: granted ? 'GrantPermission' : 'RevokePermission', permission, by, now: clock().toISOString() }, ctx),

    /**
     * An admin's plan for a user: Premium until the end of a day, or none (an active Premium ends
     * as cancelled). The subscription id names the admin, so the history tells a grant from a payment.
     */
    setPlan: (id: string, plan: { kind: 'premium'; until: string } | { kind: 'none' }, by: Actor & { kind: 'user' }, ctx: CommandContext) =>
      plan.kind === 'premium'
        ? execute(id, { type: 'ActivatePremium', until: plan.until, subscriptionId: `admin:${by.id}`, now: clock().toISOString() }, ctx)
        : execute(id, { type: 'EndPremium', reason: 'cancelled', now: clock().toISOString() }, ctx),

    /** Disables (every session and token of the user is refused from the next request) or enables a user. */
    setActive: (id: string, active: boolean, by: Actor, ctx: CommandContext) =>
      execute(id, active ? { type: 'Reactivate', by, now: clock().toISOString() } : { type: 'Deactivate', by, reason: 'Disabled by an admin', now: clock().toISOString() }, ctx),
  };
};

export type UsersService = ReturnType<typeof createUsersService>;
