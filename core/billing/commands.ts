/**
 * What may be asked of a user's billing. The provider's answers (an order, a capture, a refund)
 * come in as plain data: the route or webhook handler calls PayPal, the decider judges the answer.
 */
import type { Instant } from '@core/users/time';
import type { OrderPurpose, ReversalKind } from './events';

/** A capture as the provider reports it (the capture call's answer, or a webhook's resource). */
export interface ProviderCapture {
  id: string;
  /** PayPal: COMPLETED, DECLINED, PENDING, PARTIALLY_REFUNDED, REFUNDED, FAILED. */
  status: string;
  amount: string;
  currency: string;
  customId: string | null;
  /** When the provider made it; the period starts here, whichever path reports it first. */
  createTime: Instant | null;
}

export type BillingCommand =
  | { type: 'CreateOrder'; userId: string; orderId: string; customId: string; amount: string; currency: string; purpose: OrderPurpose; requestId: string; now: Instant }
  | { type: 'ApproveOrder'; orderId: string; payerId: string | null; webhookId: string | null; now: Instant }
  | { type: 'RecordCapture'; orderId: string; capture: ProviderCapture; vaultId: string | null; webhookId: string | null; now: Instant }
  /** PayPal refused the capture call (instrument declined, not approved): the payer may try again. */
  | { type: 'RecordDecline'; orderId: string; issue: string; now: Instant }
  | { type: 'CancelSubscription'; now: Instant }
  | { type: 'RecordRenewalFailure'; orderId: string | null; reason: string; now: Instant }
  | { type: 'RecordReversal'; captureId: string; kind: ReversalKind; providerId: string; amount: string | null; webhookId: string | null; now: Instant }
  /** A dispute as a CUSTOMER.DISPUTE.* webhook reports it (created, updated or resolved). */
  | { type: 'RecordDispute'; dispute: ProviderDispute; webhookId: string | null; now: Instant }
  /** The saved wallet `vaultId` is gone at PayPal (account deletion). Quiet when it is not the saved one. */
  | { type: 'RecordPaymentMethodRemoved'; vaultId: string; result: 'deleted' | 'absent'; now: Instant };

/** A dispute as PayPal reports it (the Disputes API's resource, read in webhook.ts). */
export interface ProviderDispute {
  id: string;
  /** The seller's transaction id: the capture the payer disputes. */
  captureId: string;
  /** OPEN, WAITING_FOR_BUYER_RESPONSE, WAITING_FOR_SELLER_RESPONSE, UNDER_REVIEW, RESOLVED, OTHER. */
  status: string;
  reason: string;
  /** INQUIRY, CHARGEBACK, PRE_ARBITRATION, ARBITRATION. */
  stage: string | null;
  amount: string | null;
  /** dispute_outcome.outcome_code once resolved (RESOLVED_BUYER_FAVOUR, RESOLVED_SELLER_FAVOUR...). */
  outcomeCode: string | null;
  updatedAt: Instant;
}

export type BillingCommandType = BillingCommand['type'];
