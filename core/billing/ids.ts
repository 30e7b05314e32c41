/**
 * Stream names and the custom id Riposte puts on every PayPal order. The custom id names the user
 * (so a webhook finds the user's billing stream) and a nonce; Premium activates only when the
 * capture carries the custom id of an order Riposte recorded on that user's stream.
 */
import type { StreamName } from '@core/eventstore/types';

export const BILLING_STREAM_PREFIX = 'billing-';
export const billingStream = (userId: string): StreamName => `${BILLING_STREAM_PREFIX}${userId}`;

const CUSTOM_ID = /^rp1\.([A-Za-z0-9-]{1,64})\.([A-Za-z0-9-]{1,40})$/;

export const customIdFor = (userId: string, nonce: string): string => `rp1.${userId}.${nonce}`;

/** The user a custom id names; null for anything Riposte did not make. */
export const userIdOfCustomId = (customId: string | null | undefined): string | null => (customId ? (CUSTOM_ID.exec(customId)?.[1] ?? null) : null);

/** PayPal-Request-Id of a renewal charge: one per subscription and period, so a retry never charges twice. */
export const renewalRequestId = (subscriptionId: string, period: number): string => `renew-${subscriptionId}-${period}`;
/**
 * PayPal-Request-Id of a capture: fixed per order and attempt. A capture whose outcome is unknown
 * (timeout) is retried with the same id, so PayPal answers the capture it made; after a refusal
 * (declined, not approved) the payer may try again, which needs a new id.
 */
export const captureRequestId = (orderId: string, attempts = 0): string => (attempts === 0 ? `capture-${orderId}` : `capture-${orderId}-${attempts}`);

/** The user id of a billing stream; null for any other stream. */
export const userIdOfStream = (stream: StreamName): string | null =>
  stream.startsWith(BILLING_STREAM_PREFIX) && stream.length > BILLING_STREAM_PREFIX.length ? stream.slice(BILLING_STREAM_PREFIX.length) : null;
