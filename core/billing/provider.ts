/**
 * The payment provider port (PayPal Orders v2 with a vaulted PayPal wallet for renewals, ADR 0024).
 * The adapter (adapters/paypal) talks PayPal's REST API; the emulator (adapters/paypal-emulator)
 * speaks the same wire shapes on loopback. tests/contracts/paypal.contract.ts holds both to it.
 */
import type { ProviderCapture } from './commands';

export interface ProviderOrder {
  id: string;
  /** CREATED, PAYER_ACTION_REQUIRED, APPROVED, COMPLETED, VOIDED. */
  status: string;
  /** Where the payer approves (null once there is nothing to approve). */
  approveUrl: string | null;
  customId: string | null;
  amount: string;
  currency: string;
  capture: ProviderCapture | null;
  vaultId: string | null;
  payerId: string | null;
}

export interface CreateOrderInput {
  /** PayPal-Request-Id: the same id answers the same order, never a second one. */
  requestId: string;
  amount: string;
  currency: string;
  customId: string;
  description: string;
  returnUrl: string;
  cancelUrl: string;
  /** Save the payer's PayPal wallet for merchant-initiated renewals. */
  vault: boolean;
}

export interface ChargeVaultInput {
  requestId: string;
  vaultId: string;
  amount: string;
  currency: string;
  customId: string;
  description: string;
}

export interface WebhookToVerify {
  /** Header names lower-cased. */
  headers: Readonly<Record<string, string | undefined>>;
  /** The body exactly as received. */
  rawBody: string;
}

/** A refusal the payer can act on (instrument declined, order not approved): 'Payment Failed'. */
export class PaymentDeclinedError extends Error {
  constructor(
    readonly issue: string,
    message: string,
  ) {
    super(message);
    this.name = 'PaymentDeclinedError';
  }
}

export interface PaymentProvider {
  /** True when this is the bundled emulator or PayPal's sandbox: the page says so. */
  readonly sandbox: boolean;
  clientToken(): Promise<string>;
  createOrder(input: CreateOrderInput): Promise<ProviderOrder>;
  /** Captures an approved order; an order already captured answers as it stands (never twice). */
  captureOrder(input: { orderId: string; requestId: string }): Promise<ProviderOrder>;
  /** null: no such order at the provider. */
  getOrder(orderId: string): Promise<ProviderOrder | null>;
  /** Creates and captures an order paid with a vaulted method (a renewal). */
  chargeVault(input: ChargeVaultInput): Promise<ProviderOrder>;
  verifyWebhook(input: WebhookToVerify): Promise<boolean>;
  /**
   * Deletes a vaulted payment method (DELETE /v3/vault/payment-tokens/{id}): 'deleted', or
   * 'absent' when PayPal does not know it (404: already deleted). Other failures throw.
   */
  deleteVaultToken(vaultId: string): Promise<'deleted' | 'absent'>;
}
