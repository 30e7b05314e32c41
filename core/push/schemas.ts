/**
 * Web Push: what a browser hands over when it subscribes (the Push API's PushSubscriptionJSON) and
 * the device label a user may give it. One schema for the Settings page and the API.
 *
 * The endpoint is the push service's URL for this one browser: whoever knows it (with the keys)
 * can message the device, so it is treated as a secret (never in logs, redacted in audit views).
 */
import { z } from 'zod';
import { describes } from '@core/shared/response-schema';

export const PUSH_LIMITS = { devicesPerUser: 10, endpointMax: 2048, labelMax: 80, keyMax: 200 } as const;

export const PUSH_MESSAGES = {
  endpoint: 'The subscription needs the push service endpoint the browser gave (an https URL)',
  keys: 'The subscription needs the keys the browser gave (p256dh and auth)',
  labelTooLong: `A device name may have at most ${PUSH_LIMITS.labelMax} characters`,
  tooMany: `You have ${PUSH_LIMITS.devicesPerUser} devices with notifications; turn one off first`,
  notFound: 'This device does not get notifications',
  hostRefused: (host: string) => `Notifications can only go through a browser's push service; ${host} is not one`,
  unavailable: 'Notifications are not set up on this installation',
} as const;

const M = PUSH_MESSAGES;
const base64url = /^[A-Za-z0-9_-]+={0,2}$/;
const key = z.string({ error: M.keys }).min(1, M.keys).max(PUSH_LIMITS.keyMax, M.keys).regex(base64url, M.keys);

export const pushEndpointSchema = z
  .string({ error: M.endpoint })
  .max(PUSH_LIMITS.endpointMax, M.endpoint)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, M.endpoint);

export const pushSubscriptionInputSchema = z.object({
  subscription: z.object(
    {
      endpoint: pushEndpointSchema,
      keys: z.object({ p256dh: key, auth: key }, { error: M.keys }),
    },
    { error: M.endpoint },
  ),
  label: z.string().trim().max(PUSH_LIMITS.labelMax, M.labelTooLong).optional(),
});
export type PushSubscriptionInput = z.output<typeof pushSubscriptionInputSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointSchema });

export interface PushDevice {
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
  createdAt: string;
}

/** A device as the API shows it: never the endpoint itself, only its push service's host. */
export interface PushDeviceView {
  id: string;
  label: string;
  /** The push service's host (fcm.googleapis.com, …): which browser family it is. */
  service: string;
  createdAt: string;
}

export const pushDeviceViewSchema = describes<PushDeviceView>()(
  z.object({ id: z.string(), label: z.string(), service: z.string(), createdAt: z.string() }),
);
