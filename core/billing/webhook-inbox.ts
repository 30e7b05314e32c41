/**
 * PayPal's webhook deliveries, one stream per PayPal event id (`paypal-webhook-<id>`): what each
 * verified event led to, recorded before PayPal gets its answer (ADR 0055). A redelivery of an
 * event already settled is answered at once and applies nothing; one whose handling failed (PayPal
 * or the store did not answer) is handled again, as PayPal redelivers it.
 */
import type { Decider } from '@core/shared/decider';

export const paypalWebhookStream = (eventId: string): string => `paypal-webhook-${eventId}`;

/**
 * applied: billing acted on it; ignored: a type billing does not act on; not_found: about an order
 * or capture Riposte does not know; unreadable: verified, but not the shape PayPal documents;
 * failed: handling it failed (PayPal redelivers it).
 */
export type WebhookOutcome = 'applied' | 'ignored' | 'not_found' | 'unreadable' | 'failed';

export type WebhookInboxEvent = {
  type: 'PayPalWebhookRecorded';
  data: { eventId: string; eventType: string; outcome: WebhookOutcome; detail: string | null; at: string };
};
export type WebhookInboxCommand = { type: 'RecordWebhook'; eventId: string; eventType: string; outcome: WebhookOutcome; detail: string | null; now: string };
export type WebhookInboxState = { outcome: WebhookOutcome | null; deliveries: number };

/** Settled: nothing more will come of handling it again. */
export const isSettled = (state: WebhookInboxState): boolean => state.outcome !== null && state.outcome !== 'failed';

export const webhookInboxDecider: Decider<WebhookInboxCommand, WebhookInboxEvent, WebhookInboxState> = {
  initialState: () => ({ outcome: null, deliveries: 0 }),
  decide: (command, state) =>
    isSettled(state)
      ? []
      : [{ type: 'PayPalWebhookRecorded', data: { eventId: command.eventId, eventType: command.eventType, outcome: command.outcome, detail: command.detail, at: command.now } }],
  evolve: (state, event) => (event.type === 'PayPalWebhookRecorded' ? { outcome: event.data.outcome, deliveries: state.deliveries + 1 } : state),
};

/** PayPal's events that say money did not come or went back: an admin hears of each. */
export const PAYMENT_FAILURE_EVENTS: readonly string[] = ['PAYMENT.CAPTURE.DENIED', 'PAYMENT.CAPTURE.DECLINED', 'PAYMENT.CAPTURE.REVERSED', 'CUSTOMER.DISPUTE.CREATED'];

/** Why the admins are told of this delivery, or null when they need not be. */
export const webhookAlertReason = (eventType: string, outcome: WebhookOutcome): string | null => {
  if (outcome === 'unreadable') return 'PayPal sent an event Riposte could not read; it was acknowledged and nothing was applied';
  if (outcome === 'failed') return 'Handling a PayPal event failed; PayPal will deliver it again';
  if (PAYMENT_FAILURE_EVENTS.includes(eventType)) return `PayPal reports a payment problem (${eventType})`;
  return null;
};

export const WEBHOOK_OUTCOME_WORDS: Record<WebhookOutcome, string> = {
  applied: 'applied',
  ignored: 'acknowledged (not a type billing acts on)',
  not_found: 'acknowledged (about an order or capture Riposte does not know)',
  unreadable: 'acknowledged but could not be read',
  failed: 'not handled (it failed; PayPal delivers it again)',
};
