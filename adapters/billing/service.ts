/**
 * Billing's use cases wired to the event store and PayPal (core/billing; ADR 0024), shared by the
 * server (its routes and embedded scheduler) and `npm run scheduler` (billing:renew). PayPal is
 * called before the stream is written (an order's id comes from PayPal; a capture's answer is what
 * the decider judges), always with a PayPal-Request-Id fixed by what is asked, so a retry never
 * charges twice. After every billing write the user's stream is brought in line (`syncPremium`).
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  billingDecider,
  billingStream,
  captureRequestId,
  customIdFor,
  PaymentDeclinedError,
  PREMIUM_DESCRIPTION,
  PREMIUM_PRICE,
  premiumCommand,
  isSettled,
  paypalWebhookStream,
  readWebhookEvent,
  renewalDue,
  webhookAlertReason,
  webhookInboxDecider,
  RENEWAL_LEAD_MS,
  userIdOfCustomId,
  type BillingCommand,
  type BillingState,
  type PaymentProvider,
  type ProviderOrder,
  type WebhookEvent,
  type WebhookOutcome,
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

/** What the admins are told of a PayPal event (adapters/notifications/paypal-webhook-alert.ts). */
export interface WebhookAlert {
  reason: string;
  eventId: string;
  eventType: string;
  outcome: WebhookOutcome;
  detail: string | null;
  at: string;
}

export interface BillingDeps {
  store: EventStore;
  provider: PaymentProvider;
  db: () => ReadDb;
  clock: () => Date;
  logger: Logger;
  /** Tells the admins; not awaited by the webhook's answer. */
  alertAdmins?: (alert: WebhookAlert) => Promise<void>;
}

/** The webhook's answer: `retry` when handling failed and PayPal should deliver it again. */
export interface WebhookAnswer {
  applied: string;
  outcome: WebhookOutcome | 'duplicate';
  retry: boolean;
}

/** The PayPal event id of a verified body, or one made of its hash when it names none. */
const envelopeOf = (body: unknown, rawBody: string): { id: string; type: string } => {
  const e = (typeof body === 'object' && body !== null ? body : {}) as { id?: unknown; event_type?: unknown };
  const id = typeof e.id === 'string' && /^[\x21-\x7e]{1,200}$/.test(e.id) ? e.id : `body-${createHash('sha256').update(rawBody).digest('hex')}`;
  return { id, type: typeof e.event_type === 'string' ? e.event_type.slice(0, 100) : 'unknown' };
};

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

  /** What billing does with a readable webhook event (the signature was verified). */
  const applyWebhook = async (event: WebhookEvent, ctx: CommandContext): Promise<string> => {
    const action = event.action;
    const db = deps.db();
    switch (action.kind) {
      case 'ignore':
        return 'ignored';
      case 'approve': {
        const userId = userIdOfCustomId(action.customId) ?? userIdByOrder(db, action.orderId);
        if (userId === null) return 'unknown order';
        const state = await load(userId);
        if (state.orders[action.orderId] === undefined) return 'unknown order';
        await run(userId, { type: 'ApproveOrder', orderId: action.orderId, payerId: action.payerId, webhookId: event.id, now: now() }, ctx);
        return event.type;
      }
      case 'capture': {
        const userId = userIdOfCustomId(action.capture.customId) ?? userIdByOrder(db, action.orderId);
        if (userId === null || (await load(userId)).orders[action.orderId] === undefined) return 'unknown order';
        // PayPal's order is the truth (and names the vaulted wallet); the webhook only says when to look.
        const order = await provider.getOrder(action.orderId);
        if (order === null) return 'unknown order';
        await recordOrder(userId, order.capture ? order : { ...order, capture: action.capture }, event.id, ctx);
        return event.type;
      }
      case 'reversal': {
        const userId = userIdByCapture(db, action.captureId) ?? userIdOfCustomId(action.customId);
        if (userId === null) return 'unknown capture';
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
        return event.type;
      }
      case 'dispute': {
        const userId = userIdByCapture(db, action.dispute.captureId) ?? userIdOfCustomId(action.customId);
        if (userId === null) return 'unknown capture';
        const written = await run(userId, { type: 'RecordDispute', dispute: action.dispute, webhookId: event.id, now: now() }, ctx);
        await syncPremium(userId, written.state, ctx);
        return event.type;
      }
    }
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
     * POST /paypal/webhook: verified with PayPal, then handled once per PayPal event id and what
     * it led to recorded (core/billing/webhook-inbox.ts, ADR 0055) before PayPal gets its answer.
     * A capture event is checked against PayPal's own order (which also gives the vault id); a
     * dispute is found by its capture (ADR 0037). A verified event that cannot be read is recorded
     * and acknowledged (a redelivery would read no better); one whose handling failed is recorded
     * and answered `retry`, so PayPal delivers it again. Throws 400 only for what cannot be verified.
     */
    webhook: async (headers: Record<string, string | undefined>, rawBody: string, body: unknown, ctx: CommandContext): Promise<WebhookAnswer> => {
      if (!(await provider.verifyWebhook({ headers, rawBody }))) {
        throw new AppError('validation', 'The webhook signature could not be verified', { reason: 'WEBHOOK_SIGNATURE' });
      }
      const { id, type } = envelopeOf(body, rawBody);
      const stream = paypalWebhookStream(id);
      if (isSettled((await loadState(store, stream, webhookInboxDecider)).state)) return { applied: 'duplicate', outcome: 'duplicate', retry: false };
      const event = readWebhookEvent(body);
      let outcome: WebhookOutcome;
      let applied: string;
      let detail: string | null = null;
      if (event === null) {
        outcome = 'unreadable';
        applied = 'unreadable';
        detail = 'not the shape PayPal documents for this event type';
      } else {
        try {
          applied = await applyWebhook(event, ctx);
          outcome = applied === 'ignored' ? 'ignored' : applied.startsWith('unknown') ? 'not_found' : 'applied';
        } catch (error) {
          logger.error({ err: error, eventId: id, eventType: type }, 'handling a PayPal webhook event failed; PayPal will deliver it again');
          outcome = 'failed';
          applied = 'failed';
          detail = error instanceof Error ? error.message.slice(0, 300) : String(error).slice(0, 300);
        }
      }
      const at = now();
      await handleCommand(store, stream, webhookInboxDecider, { type: 'RecordWebhook', eventId: id, eventType: type, outcome, detail, now: at }, options(ctx));
      const reason = webhookAlertReason(type, outcome);
      if (reason !== null && deps.alertAdmins !== undefined) {
        deps.alertAdmins({ reason, eventId: id, eventType: type, outcome, detail, at }).catch((err: unknown) => logger.warn({ err, eventId: id }, 'telling the admins of a PayPal event failed'));
      }
      return { applied, outcome, retry: outcome === 'failed' };
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
