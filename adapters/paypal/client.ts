/**
 * The PayPal adapter: PayPal's REST API with plain fetch.
 * - OAuth2 client credentials; the token is cached until shortly before it expires, and fetched
 *   again once when a call answers 401.
 * - `PayPal-Request-Id` on every create and capture, so a retried call returns the first answer
 *   instead of charging again.
 * - A capture answered ORDER_ALREADY_CAPTURED is answered by reading the order.
 * - Webhooks are verified with POST /v1/notifications/verify-webhook-signature, the event passed
 *   back byte for byte as it was received, once it passed the local checks of webhook-check.ts.
 */
import { AppError } from '@core/shared/errors';
import { couldBePayPals } from './webhook-check';
import { PaymentDeclinedError, type ChargeVaultInput, type CreateOrderInput, type PaymentProvider, type ProviderOrder, type WebhookToVerify } from '@core/billing/provider';

export interface PayPalClientOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The registered webhook's id (verify-webhook-signature needs it). */
  webhookId: string | null;
  sandbox: boolean;
  timeoutMs?: number;
  clock?: () => number;
}

interface PayPalErrorBody {
  name?: string;
  message?: string;
  details?: { issue?: string; description?: string }[];
}

type Json = Record<string, unknown>;

const unavailable = (what: string, cause?: unknown) =>
  new AppError('unavailable', `PayPal is unavailable (${what}); try again in a moment`, { reason: 'PAYPAL_UNAVAILABLE', cause });

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** PayPal's order JSON read into the port's shape. */
export const readOrder = (o: Json): ProviderOrder => {
  const unit = (o.purchase_units as Json[] | undefined)?.[0] ?? {};
  const amount = (unit.amount as Json | undefined) ?? {};
  const c = ((unit.payments as Json | undefined)?.captures as Json[] | undefined)?.[0];
  const cAmount = (c?.amount as Json | undefined) ?? {};
  const paypal = (o.payment_source as Json | undefined)?.paypal as Json | undefined;
  const vault = (paypal?.attributes as Json | undefined)?.vault as Json | undefined;
  const links = (o.links as { rel?: string; href?: string }[] | undefined) ?? [];
  return {
    id: String(o.id),
    status: String(o.status),
    approveUrl: links.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href ?? null,
    customId: str(unit.custom_id),
    amount: str(amount.value) ?? str(cAmount.value) ?? '',
    currency: str(amount.currency_code) ?? str(cAmount.currency_code) ?? '',
    capture:
      c === undefined
        ? null
        : {
            id: String(c.id),
            status: String(c.status),
            amount: str(cAmount.value) ?? '',
            currency: str(cAmount.currency_code) ?? '',
            customId: str(c.custom_id) ?? str(unit.custom_id),
            createTime: str(c.create_time),
          },
    vaultId: vault?.status === 'VAULTED' || vault?.id !== undefined ? str(vault?.id) : null,
    payerId: str((o.payer as Json | undefined)?.payer_id) ?? str(paypal?.account_id),
  };
};

export const createPayPalClient = (options: PayPalClientOptions): PaymentProvider => {
  const now = options.clock ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 20_000;
  let token: { value: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  const fetchToken = async (): Promise<string> => {
    let res: Response;
    try {
      res = await fetch(`${options.baseUrl}/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: 'grant_type=client_credentials',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw unavailable('no answer to the token request', error);
    }
    const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error_description?: string };
    if (res.status === 401 || res.status === 403) {
      throw new AppError('unavailable', 'PayPal refused the app credentials (RIPOSTE_PAYPAL_CLIENT_ID / RIPOSTE_PAYPAL_SECRET)', { reason: 'PAYPAL_CREDENTIALS' });
    }
    if (!res.ok || typeof body.access_token !== 'string') throw unavailable(`token request answered ${res.status}`);
    // Renewed a minute early so a call never starts with a token about to lapse.
    token = { value: body.access_token, expiresAt: now() + Math.max(0, (body.expires_in ?? 0) - 60) * 1000 };
    return body.access_token;
  };

  const accessToken = async (): Promise<string> => {
    if (token !== null && token.expiresAt > now()) return token.value;
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  };

  /** One call; a 401 fetches a new token once. Network failures and 5xx are 'unavailable'. */
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}, rawBody?: string): Promise<{ status: number; json: Json }> => {
    for (let attempt = 0; ; attempt += 1) {
      const bearer = await accessToken();
      let res: Response;
      try {
        res = await fetch(`${options.baseUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${bearer}`,
            accept: 'application/json',
            ...(body !== undefined || rawBody !== undefined ? { 'content-type': 'application/json' } : {}),
            ...headers,
          },
          ...(rawBody !== undefined ? { body: rawBody } : body !== undefined ? { body: JSON.stringify(body) } : {}),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw unavailable(`no answer to ${method} ${path.replace(/\/[A-Z0-9]{10,}/g, '/{id}')}`, error);
      }
      const json = (await res.json().catch(() => ({}))) as Json;
      if (res.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      if (res.status >= 500 || res.status === 401 || res.status === 429) throw unavailable(`${method} answered ${res.status}`);
      return { status: res.status, json };
    }
  };

  const issueOf = (json: Json): string | null => (json as PayPalErrorBody).details?.[0]?.issue ?? null;

  const fail = (what: string, status: number, json: Json): never => {
    const issue = issueOf(json);
    if (issue === 'INSTRUMENT_DECLINED' || issue === 'ORDER_NOT_APPROVED' || issue === 'PAYER_ACTION_REQUIRED' || issue === 'PAYER_CANNOT_PAY') {
      throw new PaymentDeclinedError(issue, (json as PayPalErrorBody).details?.[0]?.description ?? 'The payment was declined');
    }
    throw new AppError('unavailable', `PayPal refused ${what} (${status}${issue ? ` ${issue}` : ''})`, { reason: 'PAYPAL_REFUSED' });
  };

  const getOrder = async (orderId: string): Promise<ProviderOrder | null> => {
    const { status, json } = await call('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
    if (status === 404) return null;
    if (status !== 200) return fail('reading the order', status, json);
    return readOrder(json);
  };

  return {
    sandbox: options.sandbox,

    clientToken: async () => {
      const { status, json } = await call('POST', '/v1/identity/generate-token', {});
      if (status !== 200 || typeof json.client_token !== 'string') return fail('a client token', status, json);
      return json.client_token;
    },

    createOrder: async (input: CreateOrderInput) => {
      const body = {
        intent: 'CAPTURE',
        purchase_units: [{ amount: { currency_code: input.currency, value: input.amount }, custom_id: input.customId, description: input.description }],
        payment_source: {
          paypal: {
            experience_context: { return_url: input.returnUrl, cancel_url: input.cancelUrl, user_action: 'PAY_NOW', shipping_preference: 'NO_SHIPPING', brand_name: 'Riposte' },
            ...(input.vault ? { attributes: { vault: { store_in_vault: 'ON_SUCCESS', usage_type: 'MERCHANT', customer_type: 'CONSUMER' } } } : {}),
          },
        },
      };
      const { status, json } = await call('POST', '/v2/checkout/orders', body, { 'PayPal-Request-Id': input.requestId, Prefer: 'return=representation' });
      if (status !== 200 && status !== 201) return fail('the order', status, json);
      return readOrder(json);
    },

    captureOrder: async ({ orderId, requestId }) => {
      const { status, json } = await call('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, undefined, {
        'PayPal-Request-Id': requestId,
        Prefer: 'return=representation',
      });
      if (status === 200 || status === 201) return readOrder(json);
      if (status === 404) throw new AppError('not_found', 'PayPal does not know this order', { reason: 'PAYPAL_ORDER_NOT_FOUND' });
      if (status === 422 && issueOf(json) === 'ORDER_ALREADY_CAPTURED') {
        const order = await getOrder(orderId);
        if (order === null) throw new AppError('not_found', 'PayPal does not know this order', { reason: 'PAYPAL_ORDER_NOT_FOUND' });
        return order;
      }
      return fail('the capture', status, json);
    },

    getOrder,

    chargeVault: async (input: ChargeVaultInput) => {
      const body = {
        intent: 'CAPTURE',
        purchase_units: [{ amount: { currency_code: input.currency, value: input.amount }, custom_id: input.customId, description: input.description }],
        payment_source: { paypal: { vault_id: input.vaultId, stored_credential: { payment_initiator: 'MERCHANT', usage: 'SUBSEQUENT', usage_pattern: 'SUBSCRIPTION_PREPAID' } } },
      };
      const { status, json } = await call('POST', '/v2/checkout/orders', body, { 'PayPal-Request-Id': input.requestId, Prefer: 'return=representation' });
      if (status !== 200 && status !== 201) return fail('the renewal charge', status, json);
      return readOrder(json);
    },

    deleteVaultToken: async (vaultId: string) => {
      const { status, json } = await call('DELETE', `/v3/vault/payment-tokens/${encodeURIComponent(vaultId)}`);
      if (status === 204 || status === 200) return 'deleted';
      if (status === 404) return 'absent';
      return fail('deleting the saved payment method', status, json);
    },

    verifyWebhook: async ({ headers, rawBody }: WebhookToVerify) => {
      const h = (name: string) => headers[name] ?? '';
      // Without a registered webhook nothing can be verified; a forgery costs no call (webhook-check.ts).
      if (options.webhookId === null || !couldBePayPals(headers, rawBody, { apiBase: options.baseUrl, now: now() })) return false;
      // The event goes back exactly as received: re-serialising it could change the signed bytes.
      const payload =
        `{"auth_algo":${JSON.stringify(h('paypal-auth-algo'))},"cert_url":${JSON.stringify(h('paypal-cert-url'))},` +
        `"transmission_id":${JSON.stringify(h('paypal-transmission-id'))},"transmission_sig":${JSON.stringify(h('paypal-transmission-sig'))},` +
        `"transmission_time":${JSON.stringify(h('paypal-transmission-time'))},"webhook_id":${JSON.stringify(options.webhookId)},"webhook_event":${rawBody}}`;
      const { status, json } = await call('POST', '/v1/notifications/verify-webhook-signature', undefined, {}, payload);
      return status === 200 && json.verification_status === 'SUCCESS';
    },
  };
};
