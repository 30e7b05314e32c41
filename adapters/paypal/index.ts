/** PayPal: the REST adapter for core/billing's PaymentProvider port, its configuration and opening. */
export { createPayPalClient, readOrder } from './client';
export type { PayPalClientOptions } from './client';
export { paypalEnvSchema, PAYPAL_API } from './config';
export type { PayPalEnv } from './config';
export { openPayPal } from './open';
export type { OpenedPayPal } from './open';
