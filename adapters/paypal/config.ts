/**
 * PayPal configuration from the environment, validated at start-up:
 *  - RIPOSTE_PAYPAL_CLIENT_ID and RIPOSTE_PAYPAL_SECRET: the REST app's credentials. Both or
 *    neither: with neither, Riposte runs the bundled PayPal emulator (sandbox checkout).
 *  - RIPOSTE_PAYPAL_ENV (sandbox | live, default sandbox): which PayPal the credentials belong to.
 *  - RIPOSTE_PAYPAL_WEBHOOK_ID: the id of the webhook registered for <public url>/paypal/webhook
 *    (needed to verify webhook signatures with PayPal's credentials).
 *  - RIPOSTE_PAYPAL_API_URL (optional): send the API elsewhere (an emulator started on its own).
 *  - RIPOSTE_PAYPAL_SANDBOX_PORT (optional): the bundled emulator's loopback port (0: any free one).
 *  - RIPOSTE_PAYPAL_TIMEOUT_MS (optional, default 20000): per call.
 */
import { z } from 'zod';

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const secret = z.preprocess(blank, z.string().trim().min(1).optional());

export const paypalEnvSchema = z.object({
  RIPOSTE_PAYPAL_CLIENT_ID: secret,
  RIPOSTE_PAYPAL_SECRET: secret,
  RIPOSTE_PAYPAL_ENV: z.preprocess(blank, z.enum(['sandbox', 'live'], { error: 'RIPOSTE_PAYPAL_ENV must be sandbox or live' }).default('sandbox')),
  RIPOSTE_PAYPAL_WEBHOOK_ID: secret,
  RIPOSTE_PAYPAL_API_URL: z.preprocess(blank, z.url({ protocol: /^https?$/, error: 'RIPOSTE_PAYPAL_API_URL must be an http(s) URL' }).optional()),
  RIPOSTE_PAYPAL_SANDBOX_PORT: z.preprocess(blank, z.coerce.number().int().min(0).max(65535).default(0)),
  RIPOSTE_PAYPAL_TIMEOUT_MS: z.preprocess(blank, z.coerce.number().int().min(100).max(120_000).default(20_000)),
});

export type PayPalEnv = z.output<typeof paypalEnvSchema>;

export const PAYPAL_API = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' } as const;
