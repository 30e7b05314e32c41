/**
 * The billing decider. Premium activates only on a COMPLETED capture whose amount, currency and
 * custom id match an order Riposte recorded for this user; one order pays one period whatever
 * number of times, and in whatever order, its capture answer and webhooks arrive.
 */
import { assertNever, type Decider } from '@core/shared/decider';
import { AppError } from '@core/shared/errors';
import { toMillis, type Instant } from '@core/users/time';
import type { BillingCommand, ProviderCapture } from './commands';
import { BILLING_MESSAGES } from './constants';
import type { BillingEvent, DisputeOutcome, RefusalReason } from './events';
import { normaliseInstant, periodEnd } from './period';
import { paidSubscription, initialBillingState, type BillingState, type Order } from './state';

type Command<T extends BillingCommand['type']> = Extract<BillingCommand, { type: T }>;

const orderNotFound = () => new AppError('not_found', BILLING_MESSAGES.orderNotFound, { reason: 'ORDER_NOT_FOUND' });

const seen = (state: BillingState, webhookId: string | null): boolean => webhookId !== null && state.webhookIds.includes(webhookId);

/** Why this capture cannot pay for this order (null: it can). Amounts compare as money, not text. */
const refusal = (order: Order, capture: ProviderCapture, earlyReversal: boolean): RefusalReason | null => {
  if (capture.status !== 'COMPLETED') return 'DECLINED';
  if (earlyReversal) return 'REVERSED';
  if (capture.currency !== order.currency) return 'CURRENCY_MISMATCH';
  if (!/^\d+(\.\d{1,2})?$/.test(capture.amount) || Math.round(Number(capture.amount) * 100) !== Math.round(Number(order.amount) * 100)) {
    return 'AMOUNT_MISMATCH';
  }
  if (capture.customId !== order.customId) return 'CUSTOM_ID_MISMATCH';
  return null;
};

const recordCapture = (command: Command<'RecordCapture'>, state: BillingState): BillingEvent[] => {
  const order = state.orders[command.orderId];
  if (order === undefined) throw orderNotFound();
  if (seen(state, command.webhookId)) return [];
  // One order pays one period: a second report of its capture (or a different capture) adds nothing.
  if (order.status === 'captured') return [];
  const { capture } = command;
  // PENDING: the provider completes or denies it later and says so in a webhook.
  if (capture.status === 'PENDING') return [];
  const at = normaliseInstant(command.now);
  const reason = refusal(order, capture, state.earlyReversals[capture.id] !== undefined);
  if (reason !== null) {
    if (order.status === 'refused' && order.captureId === capture.id) return [];
    return [
      { type: 'CaptureRefused', data: { orderId: order.orderId, captureId: capture.id, reason, providerStatus: capture.status, webhookId: command.webhookId, at } },
    ];
  }
  const paidAt = capture.createTime === null ? at : normaliseInstant(capture.createTime);
  const current = paidSubscription(state.subscription);
  // Paid while Premium still runs: the same subscription gets one more month (a renewal, or paying
  // again after cancelling). Otherwise a new subscription starts at the payment.
  const continues = current !== null && toMillis(current.periodEnd) > toMillis(paidAt);
  const subscriptionId = continues ? current.subscriptionId : order.orderId;
  const anchor = continues ? current.anchor : paidAt;
  const period = continues ? current.periods + 1 : 1;
  return [
    {
      type: 'PaymentCaptured',
      data: {
        orderId: order.orderId,
        captureId: capture.id,
        amount: order.amount,
        currency: order.currency,
        vaultId: command.vaultId ?? (continues ? current.vaultId : null),
        subscriptionId,
        period,
        anchor,
        periodStart: continues ? current.periodEnd : paidAt,
        periodEnd: periodEnd(anchor, period),
        webhookId: command.webhookId,
        at,
      },
    },
  ];
};

const recordReversal = (command: Command<'RecordReversal'>, state: BillingState): BillingEvent[] => {
  if (seen(state, command.webhookId)) return [];
  const captured = state.captures[command.captureId];
  if (captured?.reversed === true || (captured === undefined && state.earlyReversals[command.captureId] !== undefined)) return [];
  const sub = state.subscription;
  // A reversal ends the subscription its capture paid for, if that one still gives Premium.
  const revokes = captured !== undefined && paidSubscription(sub)?.subscriptionId === captured.subscriptionId;
  return [
    {
      type: 'PaymentReversed',
      data: {
        orderId: captured?.orderId ?? null,
        captureId: command.captureId,
        kind: command.kind,
        providerId: command.providerId,
        amount: command.amount,
        revokedSubscriptionId: revokes && captured ? captured.subscriptionId : null,
        webhookId: command.webhookId,
        at: normaliseInstant(command.now),
      },
    },
  ];
};

/** Outcomes where the payer got the money back (from Riposte or from PayPal): the period is unpaid. */
const BUYER_OUTCOMES: ReadonlySet<string> = new Set(['RESOLVED_BUYER_FAVOUR', 'ACCEPTED', 'RESOLVED_WITH_PAYOUT']);

/** Who a decided dispute went to; a resolution without a buyer outcome leaves the payment standing. */
export const disputeOutcomeOf = (outcomeCode: string | null): DisputeOutcome => (outcomeCode !== null && BUYER_OUTCOMES.has(outcomeCode) ? 'buyer' : 'seller');

/**
 * A dispute keeps Premium while open (flagged, renewals held); decided for the payer it revokes
 * like a refund (once, whichever of the dispute and a refund or chargeback webhook comes first);
 * decided for Riposte it changes nothing. A decided dispute is final; an open one moves only on a
 * report newer than the last applied (PayPal's update_time), so late or replayed reports are quiet.
 */
const recordDispute = (command: Command<'RecordDispute'>, state: BillingState): BillingEvent[] => {
  if (seen(state, command.webhookId)) return [];
  const d = command.dispute;
  const known = state.disputes[d.id];
  if (known !== undefined && known.outcome !== null) return [];
  const at = normaliseInstant(command.now);
  const updatedAt = normaliseInstant(d.updatedAt);
  const { webhookId } = command;
  if (d.status === 'RESOLVED') {
    const outcome = disputeOutcomeOf(d.outcomeCode);
    const resolved: BillingEvent = {
      type: 'DisputeResolved',
      data: { disputeId: d.id, captureId: d.captureId, outcome, outcomeCode: d.outcomeCode ?? 'NONE', updatedAt, webhookId, at },
    };
    if (outcome === 'seller') return [resolved];
    const reversal = recordReversal({ type: 'RecordReversal', captureId: d.captureId, kind: 'dispute', providerId: d.id, amount: d.amount, webhookId, now: command.now }, state);
    return [resolved, ...reversal];
  }
  if (known === undefined) {
    const orderId = state.captures[d.captureId]?.orderId ?? null;
    return [{ type: 'DisputeOpened', data: { disputeId: d.id, captureId: d.captureId, orderId, reason: d.reason, status: d.status, stage: d.stage, amount: d.amount, updatedAt, webhookId, at } }];
  }
  if (toMillis(updatedAt) <= toMillis(known.updatedAt) || (known.status === d.status && known.stage === d.stage)) return [];
  return [{ type: 'DisputeUpdated', data: { disputeId: d.id, status: d.status, stage: d.stage, updatedAt, webhookId, at } }];
};

export const decide = (command: BillingCommand, state: BillingState): BillingEvent[] => {
  switch (command.type) {
    case 'CreateOrder': {
      if (state.userId !== null && state.userId !== command.userId) throw new AppError('internal', 'An order was created on another user’s billing stream');
      const existing = state.orders[command.orderId];
      if (existing !== undefined) {
        if (existing.customId === command.customId && existing.amount === command.amount) return [];
        throw new AppError('conflict', 'This order is already recorded with other terms', { reason: 'ORDER_EXISTS' });
      }
      const { userId, orderId, customId, amount, currency, purpose, requestId } = command;
      return [{ type: 'OrderCreated', data: { userId, orderId, customId, amount, currency, purpose, requestId, at: normaliseInstant(command.now) } }];
    }
    case 'ApproveOrder': {
      const order = state.orders[command.orderId];
      if (order === undefined) throw orderNotFound();
      if (order.status !== 'created' || seen(state, command.webhookId)) return [];
      return [{ type: 'OrderApproved', data: { orderId: order.orderId, payerId: command.payerId, webhookId: command.webhookId, at: normaliseInstant(command.now) } }];
    }
    case 'RecordCapture':
      return recordCapture(command, state);
    case 'RecordDecline': {
      const order = state.orders[command.orderId];
      if (order === undefined) throw orderNotFound();
      if (order.status === 'captured') return [];
      const data = { orderId: order.orderId, captureId: null, reason: 'DECLINED' as const, providerStatus: command.issue, webhookId: null, at: normaliseInstant(command.now) };
      return [{ type: 'CaptureRefused', data }];
    }
    case 'CancelSubscription': {
      const sub = state.subscription;
      if (sub.status === 'cancelled' || sub.status === 'renewal_failed') return [];
      if (sub.status !== 'active' || toMillis(sub.periodEnd) <= toMillis(command.now)) {
        throw new AppError('conflict', BILLING_MESSAGES.noSubscription, { reason: 'NO_SUBSCRIPTION' });
      }
      return [{ type: 'SubscriptionCancelled', data: { subscriptionId: sub.subscriptionId, activeUntil: sub.periodEnd, at: normaliseInstant(command.now) } }];
    }
    case 'RecordRenewalFailure': {
      const sub = state.subscription;
      if (sub.status !== 'active') return [];
      const data = { subscriptionId: sub.subscriptionId, orderId: command.orderId, reason: command.reason, activeUntil: sub.periodEnd, at: normaliseInstant(command.now) };
      return [{ type: 'RenewalFailed', data }];
    }
    case 'RecordReversal':
      return recordReversal(command, state);
    case 'RecordDispute':
      return recordDispute(command, state);
    case 'RecordPaymentMethodRemoved': {
      if (!state.vaults.includes(command.vaultId)) return [];
      return [{ type: 'PaymentMethodRemoved', data: { vaultId: command.vaultId, provider: 'paypal', result: command.result, at: normaliseInstant(command.now) } }];
    }
    default:
      return assertNever(command, 'billing command');
  }
};

const withWebhook = (state: BillingState, webhookId: string | null): string[] =>
  webhookId === null || state.webhookIds.includes(webhookId) ? state.webhookIds : [...state.webhookIds, webhookId];

const setOrder = (state: BillingState, orderId: string, change: Partial<Order>): Record<string, Order> => {
  const order = state.orders[orderId];
  return order === undefined ? state.orders : { ...state.orders, [orderId]: { ...order, ...change } };
};

export const evolve = (state: BillingState, event: BillingEvent): BillingState => {
  switch (event.type) {
    case 'OrderCreated': {
      const d = event.data;
      const order: Order = { orderId: d.orderId, customId: d.customId, amount: d.amount, currency: d.currency, purpose: d.purpose, status: 'created', captureId: null, attempts: 0 };
      return { ...state, userId: d.userId, orders: { ...state.orders, [d.orderId]: order } };
    }
    case 'OrderApproved':
      return { ...state, orders: setOrder(state, event.data.orderId, { status: 'approved' }), webhookIds: withWebhook(state, event.data.webhookId) };
    case 'PaymentCaptured': {
      const d = event.data;
      const paid = { subscriptionId: d.subscriptionId, anchor: d.anchor, periods: d.period, periodStart: d.periodStart, periodEnd: d.periodEnd, vaultId: d.vaultId };
      return {
        ...state,
        orders: setOrder(state, d.orderId, { status: 'captured', captureId: d.captureId }),
        captures: { ...state.captures, [d.captureId]: { orderId: d.orderId, subscriptionId: d.subscriptionId, reversed: false } },
        subscription: { status: 'active', ...paid },
        webhookIds: withWebhook(state, d.webhookId),
        vaults: d.vaultId === null || state.vaults.includes(d.vaultId) ? state.vaults : [...state.vaults, d.vaultId],
      };
    }
    case 'CaptureRefused':
      return {
        ...state,
        orders: setOrder(state, event.data.orderId, { status: 'refused', captureId: event.data.captureId, attempts: (state.orders[event.data.orderId]?.attempts ?? 0) + 1 }),
        webhookIds: withWebhook(state, event.data.webhookId),
      };
    case 'SubscriptionCancelled': {
      const sub = state.subscription;
      return sub.status === 'active' ? { ...state, subscription: { ...sub, status: 'cancelled', cancelledAt: event.data.at } } : state;
    }
    case 'RenewalFailed': {
      const sub = state.subscription;
      return sub.status === 'active' ? { ...state, subscription: { ...sub, status: 'renewal_failed', reason: event.data.reason } } : state;
    }
    case 'PaymentReversed': {
      const d = event.data;
      const captured = state.captures[d.captureId];
      const captures = captured === undefined ? state.captures : { ...state.captures, [d.captureId]: { ...captured, reversed: true } };
      const earlyReversals = captured === undefined ? { ...state.earlyReversals, [d.captureId]: d.kind } : state.earlyReversals;
      const paid = paidSubscription(state.subscription);
      const subscription =
        d.revokedSubscriptionId !== null && paid !== null && paid.subscriptionId === d.revokedSubscriptionId
          ? { status: 'revoked' as const, subscriptionId: paid.subscriptionId, kind: d.kind, at: d.at, periodEnd: paid.periodEnd }
          : state.subscription;
      return { ...state, captures, earlyReversals, subscription, webhookIds: withWebhook(state, d.webhookId) };
    }
    case 'DisputeOpened': {
      const d = event.data;
      const dispute = { captureId: d.captureId, status: d.status, stage: d.stage, updatedAt: d.updatedAt, outcome: null };
      return { ...state, disputes: { ...state.disputes, [d.disputeId]: dispute }, webhookIds: withWebhook(state, d.webhookId) };
    }
    case 'DisputeUpdated': {
      const d = event.data;
      const known = state.disputes[d.disputeId];
      const disputes = known === undefined ? state.disputes : { ...state.disputes, [d.disputeId]: { ...known, status: d.status, stage: d.stage, updatedAt: d.updatedAt } };
      return { ...state, disputes, webhookIds: withWebhook(state, d.webhookId) };
    }
    case 'DisputeResolved': {
      const d = event.data;
      const known = state.disputes[d.disputeId];
      const dispute = { captureId: d.captureId, status: 'RESOLVED', stage: known?.stage ?? null, updatedAt: d.updatedAt, outcome: d.outcome };
      return { ...state, disputes: { ...state.disputes, [d.disputeId]: dispute }, webhookIds: withWebhook(state, d.webhookId) };
    }
    case 'PaymentMethodRemoved': {
      const sub = state.subscription;
      const vaults = state.vaults.filter((v) => v !== event.data.vaultId);
      if (sub.status === 'none' || sub.status === 'revoked' || sub.vaultId !== event.data.vaultId) return { ...state, vaults };
      return { ...state, vaults, subscription: { ...sub, vaultId: null } };
    }
    default: {
      // Compile time: every event is handled. Run time: an event of a newer version is ignored.
      const _unknown: never = event;
      return state;
    }
  }
};

export const billingDecider: Decider<BillingCommand, BillingEvent, BillingState> = {
  decide,
  evolve,
  initialState: initialBillingState,
};

export type { Instant };
