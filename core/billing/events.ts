/**
 * What happened to a user's billing. Every event carries the provider's ids (order, capture,
 * vault, refund, webhook event) and its own time, so history and audits need nothing else.
 */
import type { Instant } from '@core/users/time';

export type OrderPurpose = 'first' | 'renewal';
/** Why a capture gave no Premium. */
export type RefusalReason = 'DECLINED' | 'AMOUNT_MISMATCH' | 'CURRENCY_MISMATCH' | 'CUSTOM_ID_MISMATCH' | 'REVERSED';
/** How money went back to the payer: a refund, a chargeback, or a dispute PayPal decided for the payer. */
export type ReversalKind = 'refund' | 'chargeback' | 'dispute';
/** Where a dispute stands: open (PayPal is looking at it), or decided for one side. */
export type DisputeOutcome = 'buyer' | 'seller';

export type BillingEvent =
  | {
      type: 'OrderCreated';
      data: { userId: string; orderId: string; customId: string; amount: string; currency: string; purpose: OrderPurpose; requestId: string; at: Instant };
    }
  | { type: 'OrderApproved'; data: { orderId: string; payerId: string | null; webhookId: string | null; at: Instant } }
  | {
      type: 'PaymentCaptured';
      data: {
        orderId: string;
        captureId: string;
        amount: string;
        currency: string;
        /** The vaulted payment method later renewals charge (null: none was saved). */
        vaultId: string | null;
        subscriptionId: string;
        /** 1 for the first month of a subscription, 2 for its first renewal... */
        period: number;
        anchor: Instant;
        periodStart: Instant;
        periodEnd: Instant;
        webhookId: string | null;
        at: Instant;
      };
    }
  | {
      type: 'CaptureRefused';
      data: { orderId: string; captureId: string | null; reason: RefusalReason; providerStatus: string; webhookId: string | null; at: Instant };
    }
  | { type: 'SubscriptionCancelled'; data: { subscriptionId: string; activeUntil: Instant; at: Instant } }
  | { type: 'RenewalFailed'; data: { subscriptionId: string; orderId: string | null; reason: string; activeUntil: Instant; at: Instant } }
  | {
      type: 'PaymentReversed';
      data: {
        /** null when the reversal arrived before the capture it reverses. */
        orderId: string | null;
        captureId: string;
        kind: ReversalKind;
        /** The refund's (or reversal's) id at the provider. */
        providerId: string;
        amount: string | null;
        /** The subscription this ended (null: the capture paid nothing current). */
        revokedSubscriptionId: string | null;
        webhookId: string | null;
        at: Instant;
      };
    }
  /** The payer opened a dispute (or a chargeback claim) on a capture at PayPal. Premium stays. */
  | {
      type: 'DisputeOpened';
      data: {
        disputeId: string;
        captureId: string;
        /** null when the dispute arrived before the capture it is about. */
        orderId: string | null;
        /** PayPal's words: MERCHANDISE_OR_SERVICE_NOT_RECEIVED, UNAUTHORISED, ... */
        reason: string;
        /** PayPal's status (OPEN, WAITING_FOR_SELLER_RESPONSE, UNDER_REVIEW...) and stage (INQUIRY, CHARGEBACK...). */
        status: string;
        stage: string | null;
        amount: string | null;
        /** PayPal's update_time of what it reported: a report older than the last one applied is quiet. */
        updatedAt: Instant;
        webhookId: string | null;
        at: Instant;
      };
    }
  | { type: 'DisputeUpdated'; data: { disputeId: string; status: string; stage: string | null; updatedAt: Instant; webhookId: string | null; at: Instant } }
  /**
   * PayPal decided the dispute. For the payer ('buyer': the money went back to them) a
   * PaymentReversed of kind 'dispute' follows in the same decision unless the capture was already
   * reversed; for the seller nothing else changes.
   */
  | {
      type: 'DisputeResolved';
      data: { disputeId: string; captureId: string; outcome: DisputeOutcome; outcomeCode: string; updatedAt: Instant; webhookId: string | null; at: Instant };
    }
  /**
   * The saved PayPal wallet (vault payment token) was deleted at PayPal when the account was
   * deleted; 'absent': PayPal no longer knew it (404), which counts as deleted. No renewal follows.
   */
  | { type: 'PaymentMethodRemoved'; data: { vaultId: string; provider: 'paypal'; result: 'deleted' | 'absent'; at: Instant } };

export type BillingEventType = BillingEvent['type'];

export const BILLING_EVENT_TYPES = [
  'OrderCreated',
  'OrderApproved',
  'PaymentCaptured',
  'CaptureRefused',
  'SubscriptionCancelled',
  'RenewalFailed',
  'PaymentReversed',
  'DisputeOpened',
  'DisputeUpdated',
  'DisputeResolved',
  'PaymentMethodRemoved',
] as const satisfies readonly BillingEventType[];

type Missing = Exclude<BillingEventType, (typeof BILLING_EVENT_TYPES)[number]>;
const _allListed: Missing extends never ? true : never = true;
void _allListed;
