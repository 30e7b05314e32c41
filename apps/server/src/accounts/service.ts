/**
 * Monitored accounts wired to the event store: every change goes through the decider of
 * core/monitoring via the generic command handler. Usernames are unique (case-insensitive) with
 * reservation streams claimed before the account's first event and given back when it is deleted
 * or renamed; legacy mode's cap of 3 holds through the user's slots stream.
 *
 * The X user id is looked up through the X port when the caller did not give one; when X cannot
 * be asked, the account is stored with the id unresolved and `resolvePending` asks again later
 * (the resolver job in adapters/scheduler/x-id-resolver.ts).
 */
import { randomUUID } from 'node:crypto';
import { handleCommand } from '@core/eventstore/command-handler';
import { loadState } from '@core/eventstore/load-state';
import { isReservationTaken, release, reservationHolder, reserve } from '@core/eventstore/reservation';
import type { EventStore, Position, RecordedEvent } from '@core/eventstore/types';
import {
  ACCOUNT_LIMITS,
  ACCOUNT_MESSAGES,
  canAdd,
  legacySlotsDecider,
  legacySlotsStream,
  MONITORED_USERNAME_RESERVATION,
  monitoredAccountDecider,
  monitoredAccountStream,
  SYSTEM_ACTOR,
  usernameKey,
  type AccountInput,
  type AccountPatch,
  type CuratedSeed,
  type LegacyAccountInput,
  type LegacySlotsEvent,
  type MonitoredAccount,
  type MonitoredAccountCommand,
  type MonitoredAccountState,
  type MonitoringActor,
  type ApprovalRule,
  type MonitoringTier,
  type VisibilityChange,
  lookupXProfile,
  type XLookupResult,
  type XUserLookup,
} from '@core/monitoring';
import { fold } from '@core/shared/decider';
import { AppError } from '@core/shared/errors';
import { curatedAccountId } from './curated-id';
import type { LegacyPinChecker } from './legacy-pin';
import { commandOptions, expectedOf, type CommandContext, type Written } from '../commands';

export interface AccountsServiceOptions {
  store: EventStore;
  legacyPin: LegacyPinChecker;
  /** The X port's user lookup; absent until an X client is configured (ids stay unresolved). */
  lookupXUser?: XUserLookup;
  clock?: () => Date;
  /** Logs a failed X lookup (the account is stored unresolved). */
  onLookupUnavailable?: (username: string, error: unknown) => void;
}

/** A reservation left by an add that crashed half-way may be taken over after this. */
const ORPHAN_AFTER_MS = 60_000;

const toSlotsEvent = (e: RecordedEvent): LegacySlotsEvent => ({ type: e.type, data: e.data }) as LegacySlotsEvent;
const later = (a: Position | null, b: Position | null): Position | null => (a === null ? b : b === null ? a : a > b ? a : b);

const usernameTaken = (cause: unknown) =>
  new AppError('conflict', ACCOUNT_MESSAGES.usernameTaken, { field: 'username', reason: 'ACCOUNT_EXISTS', cause });

export const createAccountsService = (options: AccountsServiceOptions) => {
  const { store, legacyPin } = options;
  const clock = options.clock ?? (() => new Date());
  const handlerOptions = (ctx: CommandContext) => commandOptions(ctx, clock);
  const systemCtx = (ctx: CommandContext): CommandContext => ({ ...ctx, actor: 'system' });

  const load = async (accountId: string): Promise<MonitoredAccountState> => (await loadState(store, monitoredAccountStream(accountId), monitoredAccountDecider)).state;

  const run = async (accountId: string, command: MonitoredAccountCommand, ctx: CommandContext) =>
    handleCommand(store, monitoredAccountStream(accountId), monitoredAccountDecider, command, { ...handlerOptions(ctx), ...expectedOf(ctx) });

  /** Refuses early (not found, forbidden) before any reservation or X call is made. */
  const precheck = async (accountId: string, command: MonitoredAccountCommand): Promise<MonitoredAccount> => {
    const state = await load(accountId);
    monitoredAccountDecider.decide(command, state);
    if (state.status !== 'live') throw new AppError('not_found', ACCOUNT_MESSAGES.notFound, { reason: 'ACCOUNT_NOT_FOUND' });
    return state.account;
  };

  const lookup = async (username: string): Promise<XLookupResult> => {
    const result = await lookupXProfile(options.lookupXUser, username);
    if (result.status === 'unavailable' && result.error !== null) options.onLookupUnavailable?.(username, result.error);
    return result;
  };

  /** The X id to store: the one given, X's answer, or null (unresolved) when X cannot be asked. */
  const resolveForAdd = async (username: string, given: string | null | undefined) => {
    if (given !== undefined && given !== null) return { xUserId: given, profile: null };
    const result = await lookup(username);
    if (result.status === 'not_found') {
      throw new AppError('validation', ACCOUNT_MESSAGES.xUserNotFound(username), { field: 'username', reason: 'X_USER_NOT_FOUND' });
    }
    return result.status === 'found' ? { xUserId: result.profile.xUserId, profile: result.profile } : { xUserId: null, profile: null };
  };

  const reservationOwner = (username: string) => reservationHolder(store, MONITORED_USERNAME_RESERVATION, usernameKey(username));

  /**
   * Claims a username for an account. A reservation whose account never got written (a crash
   * between the two writes), or was deleted without giving it back, is taken over once it is old
   * enough not to be an add in progress.
   */
  const claim = async (username: string, accountId: string, ctx: CommandContext): Promise<Position | null> => {
    const request = { kind: MONITORED_USERNAME_RESERVATION, value: usernameKey(username), ownerId: accountId };
    try {
      return (await reserve(store, request, handlerOptions(ctx))).position;
    } catch (error) {
      if (!isReservationTaken(error)) throw error;
      const held = await reservationOwner(username);
      if (held === null) return (await reserve(store, request, handlerOptions(ctx))).position;
      const owner = await load(held.ownerId);
      const orphan = owner.status === 'deleted' || (owner.status === 'none' && clock().getTime() - held.since > ORPHAN_AFTER_MS);
      if (!orphan) throw usernameTaken(error);
      await release(store, { ...request, ownerId: held.ownerId }, handlerOptions(systemCtx(ctx)));
      try {
        return (await reserve(store, request, handlerOptions(ctx))).position;
      } catch (again) {
        if (isReservationTaken(again)) throw usernameTaken(again);
        throw again;
      }
    }
  };

  const giveBack = async (username: string, accountId: string, ctx: CommandContext): Promise<Position | null> =>
    (await release(store, { kind: MONITORED_USERNAME_RESERVATION, value: usernameKey(username), ownerId: accountId }, handlerOptions(ctx))).position;

  const slots = async (userId: string) => (await loadState(store, legacySlotsStream(userId), legacySlotsDecider)).state;

  const runSlots = (userId: string, command: Parameters<typeof legacySlotsDecider.decide>[0], ctx: CommandContext) =>
    handleCommand(store, legacySlotsStream(userId), legacySlotsDecider, command, handlerOptions(ctx));

  /**
   * Frees slots whose account never got written (a crashed add), so they do not count forever.
   * It folds the events it reads itself: the slots and the times they were taken must come from
   * the same read, or a slot taken in between would look taken long ago.
   */
  const sweepSlots = async (userId: string, ctx: CommandContext): Promise<void> => {
    const events = await store.readStream(legacySlotsStream(userId));
    const takenAt = new Map(events.filter((e) => e.type === 'LegacySlotTaken').map((e) => [(e.data as { accountId: string }).accountId, Date.parse(e.metadata.time)]));
    for (const accountId of fold(legacySlotsDecider, events.map(toSlotsEvent)).accountIds) {
      const state = await load(accountId);
      const stale = state.status === 'deleted' || (state.status === 'none' && clock().getTime() - (takenAt.get(accountId) ?? 0) > ORPHAN_AFTER_MS);
      if (stale) await runSlots(userId, { type: 'FreeLegacySlot', userId, accountId }, systemCtx(ctx));
    }
  };

  const add = async (
    accountId: string,
    username: string,
    command: MonitoredAccountCommand,
    ctx: CommandContext,
    undo: () => Promise<void> = async () => undefined,
  ): Promise<Written> => {
    let position: Position | null = null;
    try {
      position = await claim(username, accountId, ctx);
    } catch (error) {
      await undo();
      throw error;
    }
    try {
      const result = await run(accountId, command, ctx);
      return { id: accountId, position: later(position, result.position) };
    } catch (error) {
      await giveBack(username, accountId, ctx).catch(() => undefined);
      await undo();
      throw error;
    }
  };

  return {
    load,

    /** The Add Account dialog (admins, legacy users, permitted users). */
    /** `approvalRule`: the admin's rule for an add by a non-admin (the settings' review_user_accounts). */
    addAccount: async (actor: MonitoringActor, input: AccountInput, ctx: CommandContext, approvalRule: ApprovalRule = 'reviewed'): Promise<Written> => {
      if (!canAdd(actor)) throw new AppError('forbidden', ACCOUNT_MESSAGES.addForbidden, { reason: 'ADD_NOT_ALLOWED' });
      const accountId = randomUUID();
      // Decide once on an empty state first: bad admin-only fields are refused before asking X.
      monitoredAccountDecider.decide({ type: 'AddMonitoredAccount', accountId, actor, input }, { status: 'none' });
      const { xUserId, profile } = await resolveForAdd(input.username, input.xUserId);
      const completed: AccountInput = {
        ...input,
        xUserId,
        bio: input.bio ?? profile?.bio ?? null,
        profilePicture: input.profilePicture ?? profile?.profilePicture ?? null,
      };
      return add(accountId, input.username, { type: 'AddMonitoredAccount', accountId, actor, input: completed, approvalRule }, ctx);
    },

    /** Legacy mode: the PIN checked here, at most 3 accounts flagged addedByOwner per user. */
    addLegacyAccount: async (actor: MonitoringActor, input: LegacyAccountInput, address: string, ctx: CommandContext): Promise<Written> => {
      if (actor.kind !== 'user') throw new AppError('forbidden', ACCOUNT_MESSAGES.addForbidden, { reason: 'ADD_NOT_ALLOWED' });
      await legacyPin.check({ userId: actor.userId, address }, input.pin);
      const accountId = randomUUID();
      await sweepSlots(actor.userId, ctx);
      // Take the slot before asking X: a full allowance is said at once.
      const slot = await runSlots(actor.userId, { type: 'TakeLegacySlot', userId: actor.userId, accountId }, ctx);
      const freeSlot = async () => {
        await runSlots(actor.userId, { type: 'FreeLegacySlot', userId: actor.userId, accountId }, ctx).catch(() => undefined);
      };
      let resolved: Awaited<ReturnType<typeof resolveForAdd>>;
      try {
        resolved = await resolveForAdd(input.username, null);
      } catch (error) {
        await freeSlot();
        throw error;
      }
      const command: MonitoredAccountCommand = {
        type: 'AddLegacyAccount',
        accountId,
        actor,
        pinAccepted: true,
        username: input.username,
        displayName: input.displayName ?? resolved.profile?.displayName ?? input.username,
        shouldMonitor: input.isMonitored ?? true,
        userOnly: input.userOnly ?? true,
        xUserId: resolved.xUserId,
        profilePicture: resolved.profile?.profilePicture ?? null,
      };
      const written = await add(accountId, input.username, command, ctx, freeSlot);
      return { id: accountId, position: later(slot.position, written.position) };
    },

    /** Legacy mode's counter: slots in use and the cap. */
    legacyUsage: async (userId: string): Promise<{ used: number; limit: number }> => {
      const { accountIds } = await slots(userId);
      let used = 0;
      for (const id of accountIds) if ((await load(id)).status === 'live') used += 1;
      return { used, limit: ACCOUNT_LIMITS.legacyOwnerMax };
    },

    verifyLegacyPin: (actor: MonitoringActor, pin: string, address: string): Promise<void> => {
      if (actor.kind !== 'user') throw new AppError('forbidden', ACCOUNT_MESSAGES.addForbidden, { reason: 'ADD_NOT_ALLOWED' });
      return legacyPin.check({ userId: actor.userId, address }, pin);
    },

    editAccount: async (actor: MonitoringActor, accountId: string, changes: AccountPatch, xAdminVerified: boolean, ctx: CommandContext): Promise<Written> => {
      const command: MonitoredAccountCommand = { type: 'EditMonitoredAccount', accountId, actor, changes, xAdminVerified };
      const current = await precheck(accountId, command);
      const renamed = changes.username !== undefined && usernameKey(changes.username) !== usernameKey(current.username);
      if (!renamed) return { id: accountId, position: (await run(accountId, command, ctx)).position };
      // A new username is a new X user: look its id up unless a new one was given.
      const givenId = changes.xUserId === undefined || changes.xUserId === current.xUserId ? undefined : changes.xUserId;
      const newName = changes.username as string;
      const { xUserId, profile } = await resolveForAdd(newName, givenId);
      const completed: AccountPatch = { ...changes, xUserId, ...(profile !== null && current.profilePicture === null ? { profilePicture: profile.profilePicture } : {}) };
      let position = await claim(newName, accountId, ctx);
      try {
        position = later(position, (await run(accountId, { ...command, changes: completed }, ctx)).position);
      } catch (error) {
        await giveBack(newName, accountId, ctx).catch(() => undefined);
        throw error;
      }
      return { id: accountId, position: later(position, await giveBack(current.username, accountId, ctx)) };
    },

    setVisibility: async (actor: MonitoringActor, accountId: string, visibility: VisibilityChange, ctx: CommandContext): Promise<Written> => ({
      id: accountId,
      position: (await run(accountId, { type: 'SetAccountVisibility', accountId, actor, visibility }, ctx)).position,
    }),

    /** A tier change (Tier Management, PATCH /api/accounts/:id/tier), refused unless the admin's session passed the X Admin step-up. */
    assignTier: async (actor: MonitoringActor, accountId: string, tier: MonitoringTier, xAdminVerified: boolean, ctx: CommandContext): Promise<Written> => ({
      id: accountId,
      position: (await run(accountId, { type: 'AssignMonitoringTier', accountId, actor, tier, xAdminVerified }, ctx)).position,
    }),

    /** An admin publishes a non-admin's account to the audiences its flags name. */
    approveAccount: async (actor: MonitoringActor, accountId: string, ctx: CommandContext): Promise<Written> => ({
      id: accountId,
      position: (await run(accountId, { type: 'ApproveMonitoredAccount', accountId, actor }, ctx)).position,
    }),

    setMonitoring: async (actor: MonitoringActor, accountId: string, monitor: boolean, ctx: CommandContext): Promise<Written> => ({
      id: accountId,
      position: (await run(accountId, { type: monitor ? 'ResumeMonitoring' : 'PauseMonitoring', accountId, actor }, ctx)).position,
    }),

    deleteAccount: async (actor: MonitoringActor, accountId: string, ctx: CommandContext): Promise<Written> => {
      const result = await run(accountId, { type: 'DeleteMonitoredAccount', accountId, actor }, ctx);
      let position = result.position;
      for (const event of result.events) {
        if (event.type !== 'MonitoredAccountDeleted') continue;
        const { username, userId, addedByOwner } = event.data;
        position = later(position, await giveBack(username, accountId, systemCtx(ctx)));
        if (addedByOwner && userId !== null) {
          position = later(position, (await runSlots(userId, { type: 'FreeLegacySlot', userId, accountId }, systemCtx(ctx))).position);
        }
      }
      return { id: accountId, position };
    },

    /**
     * Seeds the curated accounts, idempotently and race-safely: each has an id derived from its
     * username, so two processes starting together write it once, and an account seeded before
     * (even one an admin deleted since) is left alone. A username someone added already is skipped.
     */
    seedCurated: async (seeds: readonly CuratedSeed[], ctx: CommandContext): Promise<{ seeded: number; position: Position | null }> => {
      let seeded = 0;
      let position: Position | null = null;
      for (const seed of seeds) {
        const accountId = curatedAccountId(seed.username);
        if ((await store.readStream(monitoredAccountStream(accountId), { maxCount: 1 })).length > 0) continue;
        try {
          position = later(position, await claim(seed.username, accountId, ctx));
        } catch (error) {
          if (error instanceof AppError && error.reason === 'ACCOUNT_EXISTS') continue;
          throw error;
        }
        const result = await run(accountId, { type: 'SeedCuratedAccount', accountId, seed }, ctx);
        if (result.events.length > 0) seeded += 1;
        position = later(position, result.position);
      }
      return { seeded, position };
    },

    /**
     * Asks X for the ids still unresolved. Stops at the first "unavailable" (X is down or
     * limiting: asking for the rest now would fail the same way) and says so.
     */
    resolvePending: async (accountIds: readonly string[], ctx: CommandContext): Promise<{ resolved: number; notFound: string[]; unavailable: boolean; position: Position | null }> => {
      let resolved = 0;
      let position: Position | null = null;
      const notFound: string[] = [];
      for (const accountId of accountIds) {
        const state = await load(accountId);
        if (state.status !== 'live' || state.account.xUserId !== null) continue;
        const result = await lookup(state.account.username);
        if (result.status === 'unavailable') return { resolved, notFound, unavailable: true, position };
        if (result.status === 'not_found') {
          notFound.push(state.account.username);
          continue;
        }
        const written = await run(accountId, { type: 'ResolveXUser', accountId, profile: result.profile }, systemCtx(ctx));
        if (written.events.length > 0) resolved += 1;
        position = later(position, written.position);
      }
      return { resolved, notFound, unavailable: false, position };
    },

    /** The actor the system acts as (seeding, resolving). */
    systemActor: SYSTEM_ACTOR,

    /** False when RIPOSTE_LEGACY_PIN is not set. */
    legacyModeEnabled: legacyPin.enabled,
  };
};

export type AccountsService = ReturnType<typeof createAccountsService>;
