/**
 * Opens PayPal for the server. With RIPOSTE_PAYPAL_CLIENT_ID and _SECRET the adapter talks to
 * PayPal (RIPOSTE_PAYPAL_ENV sandbox or live, or RIPOSTE_PAYPAL_API_URL). Without them it is
 * sandbox mode: the bundled emulator on a loopback port (RIPOSTE_PAYPAL_SANDBOX_PORT or any free
 * one), or the one at RIPOSTE_PAYPAL_API_URL, signed in with the emulator's sandbox app. Webhooks
 * from the bundled emulator go to this server's /paypal/webhook once it listens (`listening`).
 */
import { SANDBOX_PAYPAL_APP, startPayPalEmulator, type PayPalEmulator } from '@adapters/paypal-emulator';
import type { PaymentProvider } from '@core/billing/provider';
import { createPayPalClient } from './client';
import { PAYPAL_API, type PayPalEnv } from './config';

export interface OpenedPayPal {
  provider: PaymentProvider;
  /** The bundled emulator when this process started one (tests reach its control through it). */
  emulator: PayPalEmulator | null;
  /** Tells the bundled emulator where this server's webhook is, once its address is known. */
  listening(serverUrl: string): void;
  close(): Promise<void>;
}

export const openPayPal = async (env: PayPalEnv, logger: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void }): Promise<OpenedPayPal> => {
  const common = { timeoutMs: env.RIPOSTE_PAYPAL_TIMEOUT_MS };
  if (env.RIPOSTE_PAYPAL_CLIENT_ID !== undefined && env.RIPOSTE_PAYPAL_SECRET !== undefined) {
    const baseUrl = env.RIPOSTE_PAYPAL_API_URL ?? PAYPAL_API[env.RIPOSTE_PAYPAL_ENV];
    if (env.RIPOSTE_PAYPAL_WEBHOOK_ID === undefined) {
      logger.warn({}, 'RIPOSTE_PAYPAL_WEBHOOK_ID is not set: PayPal webhooks cannot be verified and are refused (captures still activate Premium)');
    }
    const provider = createPayPalClient({
      baseUrl,
      clientId: env.RIPOSTE_PAYPAL_CLIENT_ID,
      clientSecret: env.RIPOSTE_PAYPAL_SECRET,
      webhookId: env.RIPOSTE_PAYPAL_WEBHOOK_ID ?? null,
      sandbox: env.RIPOSTE_PAYPAL_ENV === 'sandbox',
      ...common,
    });
    logger.info({ env: env.RIPOSTE_PAYPAL_ENV, url: baseUrl }, 'PayPal configured');
    return { provider, emulator: null, listening: () => undefined, close: async () => undefined };
  }
  const sandboxClient = (url: string) =>
    createPayPalClient({ baseUrl: url, clientId: SANDBOX_PAYPAL_APP.clientId, clientSecret: SANDBOX_PAYPAL_APP.clientSecret, webhookId: SANDBOX_PAYPAL_APP.webhookId, sandbox: true, ...common });
  if (env.RIPOSTE_PAYPAL_API_URL !== undefined) {
    logger.info({ url: env.RIPOSTE_PAYPAL_API_URL }, 'no PayPal credentials: the PayPal emulator at RIPOSTE_PAYPAL_API_URL');
    return { provider: sandboxClient(env.RIPOSTE_PAYPAL_API_URL), emulator: null, listening: () => undefined, close: async () => undefined };
  }
  const emulator = await startPayPalEmulator({ host: '127.0.0.1', port: env.RIPOSTE_PAYPAL_SANDBOX_PORT });
  logger.info({ url: emulator.url }, 'no PayPal credentials: sandbox checkout (the bundled PayPal emulator) started');
  return {
    provider: sandboxClient(emulator.url),
    emulator,
    listening: (serverUrl) => emulator.control.setWebhookUrl(`${serverUrl}/paypal/webhook`),
    close: () => emulator.close(),
  };
};

/**
 * PayPal for a process that must not start an emulator of its own (`npm run scheduler`): PayPal
 * with credentials, or the emulator at RIPOSTE_PAYPAL_API_URL (the server's bundled one, pinned
 * with RIPOSTE_PAYPAL_SANDBOX_PORT); null when neither is set, since a second emulator would hold
 * none of the server's orders and wallets.
 */
export const openPayPalIfReachable = async (env: PayPalEnv, logger: Parameters<typeof openPayPal>[1]): Promise<OpenedPayPal | null> => {
  const credentials = env.RIPOSTE_PAYPAL_CLIENT_ID !== undefined && env.RIPOSTE_PAYPAL_SECRET !== undefined;
  return credentials || env.RIPOSTE_PAYPAL_API_URL !== undefined ? openPayPal(env, logger) : null;
};
