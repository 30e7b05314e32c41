/**
 * Erasing a deleted account's events (ADR 0028), in two halves a crash may separate:
 *  - `planErasure`, before AccountDeleted: what the person owns, listed from the read models while
 *    they still hold the rows; the plan rides on AccountDeleted, so it survives a crash;
 *  - `eraseAccount`, after it: carries the plan out through the store's `erase` (reservations
 *    first, except one someone else holds again since the release, then the owned streams, the
 *    user's own stream last, since it holds the plan's values; SQLite rewrites in place, KurrentDB
 *    copies and truncates: core/eventstore/erasure-copies.ts),
 *    then records AccountErased. Before any of it, the saved PayPal wallets (vault payment tokens)
 *    are deleted at PayPal and PaymentMethodRemoved recorded on the billing stream: a PayPal
 *    failure leaves the account pending, and the job tries again. Each step can run again: an
 *    erased event is redacted to the same data and a renamed reservation is gone (SQLite), a
 *    stream whose readable events are all copies is not copied again (KurrentDB). The job
 *    `accounts:erase` (and the server's start) finish every deleted account without AccountErased.
 */
import { randomUUID } from 'node:crypto';
import type { ReadDb } from '@adapters/projections-sqlite';
import { listReplies } from '@adapters/read-models/replies';
import { listSchedules } from '@adapters/read-models/scheduling';
import { listTemplateGroups, listTemplates } from '@adapters/read-models/templates';
import { pendingErasures } from '@adapters/read-models/users';
import { listConnectedAccounts } from '@adapters/read-models/x-accounts';
import type { SchedulerJob } from '@adapters/scheduler';
import { billingDecider, billingStream, type PaymentProvider } from '@core/billing';
import { handleCommand } from '@core/eventstore/command-handler';
import { loadState } from '@core/eventstore/load-state';
import { reservationHolder, reservationStream } from '@core/eventstore/reservation';
import type { EventStore, StreamName } from '@core/eventstore/types';
import { replyStream } from '@core/replies/model';
import { scheduleStream } from '@core/scheduling/schedule';
import { templateGroupStream } from '@core/templates/group';
import { templateStream } from '@core/templates/template';
import { userDecider } from '@core/users/decider';
import { redactEvent } from '@core/users/erasure';
import type { ErasurePlan } from '@core/users/events';
import { EMAIL_RESERVATION, USERNAME_RESERVATION, userStream } from '@core/users/streams';
import { X_ACCOUNT_RESERVATION, xAccountStream } from '@core/x-accounts/account';

/** Everything the person owns that the erasure must go through, read before the rows go. */
export const planErasure = async (
  store: EventStore,
  db: ReadDb,
  user: { id: string; username: string; email: string | null },
): Promise<ErasurePlan & { schedules: string[]; xAccounts: string[] }> => {
  const schedules = listSchedules(db, user.id).map((s) => s.id);
  const templates = listTemplates(db, user.id).map((t) => t.id);
  const groups = listTemplateGroups(db, user.id).map((g) => g.id);
  const xAccounts = listConnectedAccounts(db, user.id).map((a) => a.id);
  const replies: string[] = [];
  for (let page = 1; ; page += 1) {
    const chunk = listReplies(db, user.id, { page, limit: 500 }).items;
    replies.push(...chunk.map((r) => r.id));
    if (chunk.length < 500) break;
  }
  const reservations: ErasurePlan['reservations'] = [{ kind: USERNAME_RESERVATION, value: user.username }];
  if (user.email) reservations.push({ kind: EMAIL_RESERVATION, value: user.email });
  for (const id of xAccounts) {
    const events = await store.readStream(xAccountStream(id));
    const xUserId = events.map((e) => (e.data as { xUserId?: unknown }).xUserId).find((v): v is string => typeof v === 'string');
    if (xUserId) reservations.push({ kind: X_ACCOUNT_RESERVATION, value: xUserId });
  }
  const streams = [...templates.map(templateStream), ...groups.map(templateGroupStream), ...schedules.map(scheduleStream), ...replies.map(replyStream), ...xAccounts.map(xAccountStream)];
  return { streams, reservations, schedules, xAccounts };
};

export interface ErasureDeps {
  store: EventStore;
  clock: () => Date;
  /**
   * PayPal, to delete the saved wallets. null (a scheduler without PayPal): an account that still
   * has a saved wallet stays pending until a process with PayPal erases it.
   */
  payments: PaymentProvider | null;
}

/** Thrown when saved wallets remain and no PayPal is at hand: the erasure waits. */
export class PaymentMethodsPending extends Error {
  constructor(readonly userId: string) {
    super('the saved PayPal payment methods of the deleted account are not deleted yet: no PayPal in this process');
    this.name = 'PaymentMethodsPending';
  }
}

/**
 * Deletes every saved PayPal wallet of the user at PayPal (a 404 counts as deleted) and records
 * PaymentMethodRemoved for each. Throws on PayPal's failure, having recorded what went through;
 * running it again goes on with what is left. Answers how many it removed.
 */
export const removeSavedPaymentMethods = async (deps: ErasureDeps, userId: string): Promise<number> => {
  const stream = billingStream(userId);
  const { state } = await loadState(deps.store, stream, billingDecider);
  if (state.vaults.length === 0) return 0;
  if (deps.payments === null) throw new PaymentMethodsPending(userId);
  let removed = 0;
  for (const vaultId of state.vaults) {
    const result = await deps.payments.deleteVaultToken(vaultId);
    const now = deps.clock().toISOString();
    await handleCommand(deps.store, stream, billingDecider, { type: 'RecordPaymentMethodRemoved', vaultId, result, now }, {
      metadata: { actor: 'system', correlationId: randomUUID(), causationId: null, time: now },
      newId: randomUUID,
    });
    removed += 1;
  }
  return removed;
};

/**
 * Carries out the plan recorded on the user's AccountDeleted and records AccountErased; quiet for
 * an account erased already. Answers the events rewritten (or copied), or null when the store
 * cannot erase or the account is not deleted.
 */
export const eraseAccount = async (deps: ErasureDeps, userId: string): Promise<number | null> => {
  const { store } = deps;
  const erase = store.erase;
  if (erase === undefined) return null;
  const { state } = await loadState(store, userStream(userId), userDecider);
  if (state.status !== 'deleted') return null;
  if (state.erasedAt !== null) return 0;
  await removeSavedPaymentMethods(deps, userId);
  const plan: ErasurePlan = state.erase;
  const redact = redactEvent;
  let erased = 0;
  // The person's own owner ids: the user, and each X account (the owner of an X id's reservation).
  const mine = (ownerId: string) => ownerId === userId || plan.streams.includes(xAccountStream(ownerId));
  for (const { kind, value } of plan.reservations) {
    // Released with AccountDeleted, a value may have been taken by someone else since: theirs now.
    const holder = await reservationHolder(store, kind, value);
    if (holder !== null && !mine(holder.ownerId)) continue;
    const renamed: StreamName = `erased-${kind}-${randomUUID()}`;
    erased += await erase.call(store, reservationStream(kind, value), redact, renamed);
  }
  for (const stream of plan.streams) erased += await erase.call(store, stream, redact);
  erased += await erase.call(store, userStream(userId), redact);
  const now = deps.clock().toISOString();
  await handleCommand(store, userStream(userId), userDecider, { type: 'RecordErasure', events: erased, now }, {
    metadata: { actor: 'system', correlationId: randomUUID(), causationId: null, time: now },
    newId: randomUUID,
  });
  return erased;
};

export const ERASURE_JOB = 'accounts:erase';

/**
 * Finishes the erasure of every deleted account without AccountErased (a crash between the two
 * steps of a deletion), at most once a minute. Not registered where the store cannot erase.
 */
export const createErasureJob = (
  deps: ErasureDeps & { db: () => ReadDb; logger: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void } },
  options: { everyMs?: number } = {},
): SchedulerJob => {
  const everyMs = options.everyMs ?? 60_000;
  let nextAt = 0;
  return {
    name: ERASURE_JOB,
    run: async (now) => {
      if (now.getTime() < nextAt) return;
      nextAt = now.getTime() + everyMs;
      await resumeErasures(deps);
    },
  };
};

/** The job's one pass, also run when the server starts. Answers how many accounts it finished. */
export const resumeErasures = async (deps: ErasureDeps & { db: () => ReadDb; logger: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void } }): Promise<number> => {
  if (deps.store.erase === undefined) return 0;
  let finished = 0;
  for (const userId of pendingErasures(deps.db())) {
    try {
      const events = await eraseAccount(deps, userId);
      if (events !== null) {
        finished += 1;
        deps.logger.info({ userId, erasedEvents: events }, 'the erasure of a deleted account was finished');
      }
    } catch (err) {
      deps.logger.warn({ err, userId }, 'the erasure of a deleted account failed; tried again on the next run');
    }
  }
  return finished;
};
