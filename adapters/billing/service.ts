/**
 * Billing's use cases wired to the event store and PayPal (core/billing; ADR 0024), shared by the
 * server (its routes and embedded scheduler) and `npm run scheduler` (billing:renew). PayPal is
 * called before the stream is written (an order's id comes from PayPal; a capture's answer is what
 * the decider judges), always with a PayPal-Request-Id fixed by what is asked, so a retry never
 * charges twice. After every billing write the user's stream is brought in line (`syncPremium`).
 */
import { randomUUID } from 'node:crypto';
import {
  billingDecider,
  billingStream,
  captureRequestId,
  customIdFor,
  PaymentDeclinedError,
  PREMIUM_DESCRIPTION,
  PREMIUM_PRICE,
  premiumCommand,
  readWebhookEvent,
  renewalDue,
  RENEWAL_LEAD_MS,
  userIdOfCustomId,
  type BillingCommand,
  type BillingState,
  type PaymentProvider,
  type ProviderOrder,
} from '@core/billing';
import { commandMetadata, type CommandContext } from '@core/eventstore/command-context';
import { handleCommand } from '@core/eventstore/command-handler';
import { loadState } from '@core/eventstore/load-state';
import { SCHEDULER_ACTOR, type EventStore, type Position } from '@core/eventstore/types';
import { AppError } from '@core/shared/errors';
import { userDecider } from '@core/users/decider';
import { userStream } from '@core/users/streams';
import type { Logger } from '@adapters/logging';
import type { ReadDb } from '@adapters/projections-sqlite';
import { dueRenewals, userIdByCapture, userIdByOrder } from '@adapters/read-models/billing';
import type { SchedulerJob } from '@adapters/scheduler';

export interface BillingDeps {
  store: EventStore;
  provider: PaymentProvider;
  db: () => ReadDb;
  clock: () => Date;
  logger: Logger;
}

/** What a capture answers: the order's state and the user's Premium after it. */
export interface CaptureResult {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'REFUSED';
  reason: string | null;
  premium: boolean;
  subscriptionEndDate: string | null;
  position: Position | null;
}

export const PAYMENT_FAILED = 'There was an error processing your payment. Please try again.';

const later = (a: Position | null, b: Position | null): Position | null => (a === null ? b : b === null ? a : a > b ? a : b);

export const createBillingService = (deps: BillingDeps) => {
  const { store, provider, clock, logger } = deps;
  const now = () => clock().toISOString();
  const options = (ctx: CommandContext) => ({ metadata: commandMetadata(ctx, now()), newId: randomUUID });

  const load = async (userId: string): Promise<BillingState> => (await loadState(store, billingStream(userId), billingDecider)).state;

  const run = async (userId: string, command: BillingCommand, ctx: CommandContext) => handleCommand(store, billingStream(userId), billingDecider, command, options(ctx));

  /** Brings the user's Premium in line with billing; quiet when they agree. */
  const syncPremium = async (userId: string, state: BillingState, ctx: CommandContext): Promise<Position | null> => {
    const { state: user } = await loadState(store, userStream(userId), userDecider);
    if (user.status !== 'registered') return null;
    const command = premiumCommand(user.user, state, now());
    if (command === null) return null;
    return (await handleCommand(store, userStream(userId), userDecider, command, options(ctx))).position;
  };

  /** Records what PayPal says about an order's capture, then syncs the user. */
  const recordOrder = async (userId: string, order: ProviderOrder, webhookId: string | null, ctx: CommandContext) => {
    if (order.capture === null) return { state: await load(userId), position: null };
    const written = await run(userId, { type: 'RecordCapture', orderId: order.id, capture: order.capture, vaultId: order.vaultId, webhookId, now: now() }, ctx);
    const synced = await syncPremium(userId, written.state, ctx);
    return { state: written.state, position: later(written.position, synced) };
  };

  const answer = (orderId: string, state: BillingState, position: Position | null): CaptureResult => {
    const order = state.orders[orderId];
    const sub = state.subscription;
    const paid = sub.status === 'active' || sub.status === 'cancelled' || sub.status === 'renewal_failed';
    return {
      id: orderId,
      status: order?.status === 'captured' ? 'COMPLETED' : order?.status === 'refused' ? 'REFUSED' : 'PENDING',
      reason: null,
      premium: order?.status === 'captured' && paid,
      subscriptionEndDate: paid ? sub.periodEnd : null,
      position,
    };
  };

  return {
    load,

    /** POST /paypal/order: an order at PayPal for the Premium price, recorded on the user's stream. */
    createOrder: async (userId: string, origin: string, ctx: CommandContext): Promise<{ id: string; approveUrl: string | null; position: Position | null }> => {
      const state = await load(userId);
      if (state.subscription.status === 'active') {
        throw new AppError('conflict', 'You already have Premium; it renews automatically', { reason: 'ALREADY_PREMIUM' });
      }
      const requestId = randomUUID();
      const customId = customIdFor(userId, requestId.slice(0, 8));
      const order = await provider.createOrder({
        requestId,
        ...PREMIUM_PRICE,
        customId,
        description: PREMIUM_DESCRIPTION,
        returnUrl: `${origin}/payment?paypal=return`,
        cancelUrl: `${origin}/payment?paypal=cancel`,
        vault: true,
      });
      const written = await run(userId, { type: 'CreateOrder', userId, orderId: order.id, customId, ...PREMIUM_PRICE, purpose: 'first', requestId, now: now() }, ctx);
      return { id: order.id, approveUrl: order.approveUrl, position: written.position };
    },

    /**
     * POST /paypal/order/{id}/capture: another user's order (or one Riposte never made) is 404; an
     * order already captured answers from the stream without calling PayPal.
     */
    capture: async (userId: string, orderId: string, ctx: CommandContext): Promise<CaptureResult> => {
      const state = await load(userId);
      const order = state.orders[orderId];
      if (order === undefined) throw new AppError('not_found', 'Order not found', { reason: 'ORDER_NOT_FOUND' });
      if (order.status === 'captured') {
        const synced = await syncPremium(userId, state, ctx);
        return answer(orderId, state, synced);
      }
      let paid: ProviderOrder;
      try {
        paid = await provider.captureOrder({ orderId, requestId: captureRequestId(orderId, order.attempts) });
      } catch (error) {
        if (error instanceof PaymentDeclinedError) {
          await run(userId, { type: 'RecordDecline', orderId, issue: error.issue, now: now() }, ctx);
          throw new AppError('payment_required', PAYMENT_FAILED, { reason: error.issue, cause: error });
        }
        throw error;
      }
      const { state: after, position } = await recordOrder(userId, paid, null, ctx);
      const result = answer(orderId, after, position);
      const refused = after.orders[orderId]?.status === 'refused';
      if (refused) logger.warn({ orderId, userId }, 'capture refused: it does not match the order Riposte created');
      return refused ? { ...result, reason: 'CAPTURE_REFUSED' } : result;
    },

    /** POST /api/billing/cancel: Premium stays to the period end; nothing is charged again. */
    cancel: async (userId: string, ctx: CommandContext): Promise<Position | null> => (await run(userId, { type: 'CancelSubscription', now: now() }, ctx)).position,

    /** Repairs a user whose stream missed billing's last word (a crash between the two writes). */
    reconcile: async (userId: string, ctx: CommandContext): Promise<Position | null> => syncPremium(userId, await load(userId), ctx),

    /**
     * POST /paypal/webhook: verified with PayPal, then applied once (event ids on the stream). A
     * capture event is checked against PayPal's own order (which also gives the vault id). A dispute
 * is found by its capture (ADR 0037).
     * Answers what was done, for the log; throws 400 for what cannot be verified or read.
     */
    webhook: async (headers: Record<string, string | undefined>, rawBody: string, body: unknown, ctx: CommandContext): Promise<{ applied: string }> => {
      if (!(await provider.verifyWebhook({ headers, rawBody }))) {
        throw new AppError('validation', 'The webhook signature could not be verified', { reason: 'WEBHOOK_SIGNATURE' });
      }
      const event = readWebhookEvent(body);
      if (event === null) throw new AppError('validation', 'Not a PayPal webhook event Riposte can read', { reason: 'WEBHOOK_UNREADABLE' });
      const action = event.action;
      const db = deps.db();
      switch (action.kind) {
        case 'ignore':
          return { applied: 'ignored' };
        case 'approve': {
          const userId = userIdOfCustomId(action.customId) ?? userIdByOrder(db, action.orderId);
          if (userId === null) return { applied: 'unknown order' };
          const state = await load(userId);
          if (state.orders[action.orderId] === undefined) return { applied: 'unknown order' };
          await run(userId, { type: 'ApproveOrder', orderId: action.orderId, payerId: action.payerId, webhookId: event.id, now: now() }, ctx);
          return { applied: event.type };
        }
        case 'capture': {
          const userId = userIdOfCustomId(action.capture.customId) ?? userIdByOrder(db, action.orderId);
          if (userId === null || (await load(userId)).orders[action.orderId] === undefined) return { applied: 'unknown order' };
          // PayPal's order is the truth (and names the vaulted wallet); the webhook only says when to look.
          const order = await provider.getOrder(action.orderId);
          if (order === null) return { applied: 'unknown order' };
          await recordOrder(userId, order.capture ? order : { ...order, capture: action.capture }, event.id, ctx);
          return { applied: event.type };
        }
        case 'reversal': {
          const userId = userIdByCapture(db, action.captureId) ?? userIdOfCustomId(action.customId);
          if (userId === null) return { applied: 'unknown capture' };
          const command: BillingCommand = {
            type: 'RecordReversal',
            captureId: action.captureId,
            kind: action.reversal,
            providerId: action.providerId,
            amount: action.amount,
            webhookId: event.id,
            now: now(),
          };
          const written = await run(userId, command, ctx);
          await syncPremium(userId, written.state, ctx);
          return { applied: event.type };
        }
        case 'dispute': {
          const userId = userIdByCapture(db, action.dispute.captureId) ?? userIdOfCustomId(action.customId);
          if (userId === null) return { applied: 'unknown capture' };
          const written = await run(userId, { type: 'RecordDispute', dispute: action.dispute, webhookId: event.id, now: now() }, ctx);
          await syncPremium(userId, written.state, ctx);
          return { applied: event.type };
        }
      }
    },

    /**
     * The scheduler job: charges each renewing subscription's vaulted wallet from a day before its
     * period ends. The PayPal-Request-Id is fixed by subscription and period, so two processes or a
     * retry after a lost answer charge once. A decline stops renewals (Premium runs to the period
     * end); an outage is retried on the next run.
     */
    renewDue: async (): Promise<number> => {
      const at = clock();
      let renewed = 0;
      for (const userId of dueRenewals(deps.db(), new Date(at.getTime() + RENEWAL_LEAD_MS).toISOString())) {
        const ctx: CommandContext = { actor: SCHEDULER_ACTOR, correlationId: randomUUID() };
        const state = await load(userId);
        const due = renewalDue(state, at.toISOString());
        if (due === null) continue;
        const customId = customIdFor(userId, `p${due.period}-${due.subscriptionId}`.slice(0, 40));
        try {
          const order = await provider.chargeVault({ requestId: due.requestId, vaultId: due.vaultId, ...PREMIUM_PRICE, customId, description: PREMIUM_DESCRIPTION });
          await run(userId, { type: 'CreateOrder', userId, orderId: order.id, customId, ...PREMIUM_PRICE, purpose: 'renewal', requestId: due.requestId, now: now() }, ctx);
          const { state: after } = await recordOrder(userId, order, null, ctx);
          if (after.orders[order.id]?.status === 'captured') renewed += 1;
          else if (after.orders[order.id]?.status === 'refused') {
            await run(userId, { type: 'RecordRenewalFailure', orderId: order.id, reason: 'CAPTURE_REFUSED', now: now() }, ctx);
          }
        } catch (error) {
          if (error instanceof PaymentDeclinedError) {
            await run(userId, { type: 'RecordRenewalFailure', orderId: null, reason: error.issue, now: now() }, ctx);
            logger.warn({ userId, issue: error.issue }, 'renewal declined: Premium runs to the period end');
          } else logger.warn({ err: error, userId }, 'renewal not made; tried again on the next run');
        }
      }
      return renewed;
    },
  };
};

export type BillingService = ReturnType<typeof createBillingService>;

const RENEWAL_EVERY_MS = 60_000;

/** The scheduler job `billing:renew`: at most once a minute (the heartbeat ticks every second). */
export const renewalJob = (billing: Pick<BillingService, 'renewDue'>): SchedulerJob => {
  let last = 0;
  return {
    name: 'billing:renew',
    run: async (now) => {
      if (now.getTime() - last < RENEWAL_EVERY_MS) return;
      last = now.getTime();
      await billing.renewDue();
    },
  };
};
