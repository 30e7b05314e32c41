/**
 * The PayPal emulator: a loopback HTTP server speaking the part of PayPal's REST API Riposte uses,
 * at PayPal's paths and with its shapes, so the real adapter (adapters/paypal) runs against it
 * unchanged: OAuth2 client credentials, Orders v2 (create, get, capture; PayPal-Request-Id
 * idempotency; ORDER_ALREADY_CAPTURED, ORDER_NOT_APPROVED, INSTRUMENT_DECLINED), vaulted wallets
 * charged without the payer, refunds, client tokens, signed webhooks checked through
 * verify-webhook-signature, and the payer's 'Sandbox checkout' page that redirects back to the
 * shop's return or cancel URL.
 *
 * `control` (in process, and over HTTP under /sandbox/control) stands in for the payer and for
 * PayPal: approve, refund, reverse, open, move on and decide disputes, and inject faults (declines, statuses, hangs; duplicate, late
 * or dropped webhooks).
 */
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { checkoutPage, messagePage } from './pages';
import { createWebhookSender, type WebhookDelivery, type WebhookFault } from './webhooks';
import { captureJson, disputeJson, json, orderJson, paypalError, refundJson, type Reply } from './wire';
import { createWorld, paypalId, SANDBOX_BUYER, type EmuCapture, type EmuDispute, type EmuOrder, type EmuRefund } from './world';

export const SANDBOX_PAYPAL_APP = {
  clientId: 'sandbox-paypal-client-id',
  clientSecret: 'sandbox-paypal-client-secret',
  webhookId: 'SANDBOX-WEBHOOK-1',
} as const;

export type PayPalOp = 'token' | 'create' | 'get' | 'capture' | 'charge' | 'refund' | 'verify' | 'client-token' | 'vault-delete';

export type { WebhookDelivery, WebhookFault } from './webhooks';

export type PayPalFault =
  /** 422 INSTRUMENT_DECLINED (capture, charge). */
  | { kind: 'decline' }
  /** Answer this status with PayPal's error body. afterStore: the call took effect first. */
  | { kind: 'status'; status: number; afterStore?: boolean }
  /** Never answer (the client times out). afterStore: the call took effect first. */
  | { kind: 'hang'; afterStore?: boolean };

export interface PayPalEmulatorControl {
  /** Every capture made (charges that moved money), in order. */
  captures(): EmuCapture[];
  order(id: string): EmuOrder | undefined;
  orders(): EmuOrder[];
  /** The vault payment tokens PayPal holds (saved wallets), by id. */
  vaultTokens(): string[];
  /** The payer approves the order (what the checkout page's Approve does), without a browser. */
  approve(orderId: string): EmuOrder;
  refund(captureId: string, kind?: 'refund' | 'reversal'): EmuRefund;
  /** The payer opens a dispute on a capture (CUSTOMER.DISPUTE.CREATED). */
  openDispute(captureId: string, options?: { reason?: string; stage?: string }): EmuDispute;
  /** PayPal moves a dispute on (CUSTOMER.DISPUTE.UPDATED). */
  updateDispute(disputeId: string, change: { status?: string; stage?: string }): EmuDispute;
  /**
   * PayPal decides a dispute (CUSTOMER.DISPUTE.RESOLVED). For the payer (RESOLVED_BUYER_FAVOUR,
   * ACCEPTED) the capture's money goes back too (PAYMENT.CAPTURE.REVERSED), as PayPal does.
   */
  resolveDispute(disputeId: string, outcomeCode: string): EmuDispute;
  fault(op: PayPalOp, fault: PayPalFault, times?: number): void;
  webhookFault(fault: WebhookFault): void;
  clearFaults(): void;
  setWebhookUrl(url: string | null): void;
  readonly deliveries: readonly WebhookDelivery[];
  /** Resolves when every webhook queued so far was delivered (or given up). */
  idle(): Promise<void>;
  /** Ends every access token now (the next call with one answers 401). */
  expireTokens(): void;
  /** OAuth token requests received (to see a client's cache at work). */
  tokenRequests(): number;
  /** verify-webhook-signature calls received (each one a call to PayPal a forged webhook would cost). */
  verifyRequests(): number;
  /** Sends a webhook event as PayPal would, signed (for tests of event types nothing else makes). */
  sendWebhook(eventType: string, resource: unknown): Promise<void>;
}

export interface PayPalEmulatorOptions {
  host?: string;
  port?: number;
  clientId?: string;
  clientSecret?: string;
  webhookId?: string;
  /** Where webhooks go (settable later through control). */
  webhookUrl?: string;
  /** Seconds an access token lives (PayPal: 32400). */
  tokenTtlSeconds?: number;
  clock?: () => number;
}

export interface PayPalEmulator {
  readonly url: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly webhookId: string;
  readonly control: PayPalEmulatorControl;
  close(): Promise<void>;
}

const MAX_BODY = 256 * 1024;

const readBody = async (req: IncomingMessage): Promise<string | null> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
};

const write = (res: ServerResponse, reply: Reply) => {
  const payload = reply.status === 204 ? '' : (reply.html ?? JSON.stringify(reply.body ?? {}));
  res.writeHead(reply.status, {
    'content-type': reply.html !== undefined ? 'text/html; charset=utf-8' : 'application/json',
    'content-length': String(Buffer.byteLength(payload)),
    ...reply.headers,
  });
  res.end(payload);
};

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const moneyOk = (v: unknown): v is string => typeof v === 'string' && /^\d{1,7}(\.\d{2})?$/.test(v);

interface Ctx {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

export const startPayPalEmulator = async (options: PayPalEmulatorOptions = {}): Promise<PayPalEmulator> => {
  const now = options.clock ?? Date.now;
  const world = createWorld(now);
  const clientId = options.clientId ?? SANDBOX_PAYPAL_APP.clientId;
  const clientSecret = options.clientSecret ?? SANDBOX_PAYPAL_APP.clientSecret;
  const webhookId = options.webhookId ?? SANDBOX_PAYPAL_APP.webhookId;
  const ttl = options.tokenTtlSeconds ?? 32_400;
  let base = '';
  let tokenRequests = 0;
  let verifyRequests = 0;

  const faults: { op: PayPalOp; fault: PayPalFault; times: number }[] = [];

  /** The next fault for `op`: a decline (PayPal's answer) or another kind (the HTTP layer's). */
  const takeFault = (op: PayPalOp, decline: boolean): PayPalFault | undefined => {
    const i = faults.findIndex((f) => f.op === op && (f.fault.kind === 'decline') === decline);
    if (i < 0) return undefined;
    const f = faults[i] as (typeof faults)[number];
    f.times -= 1;
    if (f.times <= 0) faults.splice(i, 1);
    return f.fault;
  };

  // ---- webhooks (./webhooks.ts) ------------------------------------------------------------------

  const webhooks = createWebhookSender({ now, iso: () => world.iso(), webhookId, url: options.webhookUrl ?? null, base: () => base });
  const { emit, signatureOf } = webhooks;

  // ---- PayPal's operations ---------------------------------------------------------------------

  const makeCapture = (order: EmuOrder): EmuCapture => {
    const capture: EmuCapture = { id: paypalId(), orderId: order.id, status: 'COMPLETED', amount: order.amount, currency: order.currency, customId: order.customId, createTime: world.iso() };
    world.captures.set(capture.id, capture);
    order.status = 'COMPLETED';
    order.captureId = capture.id;
    order.updateTime = world.iso();
    if (order.vault && order.vaultId === null) {
      order.vaultId = `VAULT-${paypalId()}`;
      world.vaults.set(order.vaultId, { payerId: order.payerId ?? SANDBOX_BUYER.payerId });
    }
    emit('PAYMENT.CAPTURE.COMPLETED', 'capture', captureJson(base, capture));
    return capture;
  };

  const approve = (order: EmuOrder) => {
    if (order.status !== 'CREATED' && order.status !== 'PAYER_ACTION_REQUIRED') return;
    order.status = 'APPROVED';
    order.payerId = SANDBOX_BUYER.payerId;
    order.updateTime = world.iso();
    emit('CHECKOUT.ORDER.APPROVED', 'checkout-order', orderJson(base, order, undefined));
  };

  const refund = (captureId: string, kind: 'refund' | 'reversal'): EmuRefund => {
    const capture = world.captures.get(captureId);
    if (!capture) throw new Error(`No capture ${captureId}`);
    const r: EmuRefund = { id: paypalId(), captureId, amount: capture.amount, currency: capture.currency, kind, createTime: world.iso() };
    world.refunds.set(r.id, r);
    capture.status = 'REFUNDED';
    emit(kind === 'refund' ? 'PAYMENT.CAPTURE.REFUNDED' : 'PAYMENT.CAPTURE.REVERSED', 'refund', refundJson(base, r, capture.customId));
    return r;
  };

  let lastDisputeAt = 0;
  const stamp = () => {
    // Each report of a dispute is later than the one before, as PayPal's update_time is.
    const t = new Date(Math.max(now(), lastDisputeAt + 1000));
    lastDisputeAt = t.getTime();
    return t.toISOString().replace(/\.\d{3}Z$/, 'Z');
  };

  const emitDispute = (eventType: string, d: EmuDispute) => emit(eventType, 'dispute', disputeJson(base, d, world.captures.get(d.captureId)));

  const openDispute = (captureId: string, options: { reason?: string; stage?: string } = {}): EmuDispute => {
    if (!world.captures.has(captureId)) throw new Error(`No capture ${captureId}`);
    const at = stamp();
    const d: EmuDispute = { id: `PP-D-${paypalId().slice(0, 8)}`, captureId, reason: options.reason ?? 'UNAUTHORISED', status: 'OPEN', stage: options.stage ?? 'INQUIRY', outcomeCode: null, createTime: at, updateTime: at };
    world.disputes.set(d.id, d);
    emitDispute('CUSTOMER.DISPUTE.CREATED', d);
    return d;
  };

  const disputeOf = (id: string): EmuDispute => {
    const d = world.disputes.get(id);
    if (!d) throw new Error(`No dispute ${id}`);
    return d;
  };

  const updateDispute = (id: string, change: { status?: string; stage?: string }): EmuDispute => {
    const d = disputeOf(id);
    Object.assign(d, change, { updateTime: stamp() });
    emitDispute('CUSTOMER.DISPUTE.UPDATED', d);
    return d;
  };

  const resolveDispute = (id: string, outcomeCode: string): EmuDispute => {
    const d = disputeOf(id);
    Object.assign(d, { status: 'RESOLVED', outcomeCode, updateTime: stamp() });
    emitDispute('CUSTOMER.DISPUTE.RESOLVED', d);
    if (outcomeCode === 'RESOLVED_BUYER_FAVOUR' || outcomeCode === 'ACCEPTED') refund(d.captureId, 'reversal');
    return d;
  };

  const orderReply = (order: EmuOrder, status = 200) => json(status, orderJson(base, order, order.captureId ? world.captures.get(order.captureId) : undefined));

  const notFound = () => paypalError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'The specified resource does not exist.');
  const declined = () => paypalError(422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED', 'The instrument presented was either declined by the processor or bank, or it cannot be used for this payment.');

  /** Replays the first answer to a PayPal-Request-Id, as PayPal does. */
  const idempotent = (ctx: Ctx, op: string, run: () => Reply): Reply => {
    const requestId = String(ctx.headers['paypal-request-id'] ?? '');
    if (requestId === '') return run();
    const key = `${op}:${requestId}`;
    const seen = world.idempotent.get(key);
    if (seen) return json(seen.status === 201 ? 200 : seen.status, seen.body);
    const reply = run();
    if (reply.status < 500) world.idempotent.set(key, { status: reply.status, body: reply.body });
    return reply;
  };

  const parseJson = (body: string): Record<string, unknown> | null => {
    try {
      const v: unknown = JSON.parse(body === '' ? '{}' : body);
      return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  };

  const invalid = (field: string, message: string) =>
    json(400, { name: 'INVALID_REQUEST', message: 'Request is not well-formed, syntactically incorrect, or violates schema.', details: [{ field, issue: 'INVALID_PARAMETER_VALUE', description: message }] });

  const createOrder = (ctx: Ctx): Reply => {
    const body = parseJson(ctx.body);
    if (body === null) return invalid('/', 'MALFORMED_REQUEST_JSON');
    const unit = (body.purchase_units as Record<string, unknown>[] | undefined)?.[0];
    const amount = unit?.amount as { value?: unknown; currency_code?: unknown } | undefined;
    if (body.intent !== 'CAPTURE') return invalid('/intent', 'Only CAPTURE is supported by the emulator');
    if (!moneyOk(amount?.value) || typeof amount?.currency_code !== 'string') return invalid('/purchase_units/@reference_id==\'default\'/amount', 'An amount is required');
    const paypal = (body.payment_source as { paypal?: Record<string, unknown> } | undefined)?.paypal;
    const experience = paypal?.experience_context as { return_url?: string; cancel_url?: string } | undefined;
    const vault = (paypal?.attributes as { vault?: { store_in_vault?: string } } | undefined)?.vault?.store_in_vault === 'ON_SUCCESS';
    const vaultId = typeof paypal?.vault_id === 'string' ? paypal.vault_id : null;
    const order: EmuOrder = {
      id: paypalId(),
      intent: 'CAPTURE',
      status: paypal && vaultId === null ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      amount: amount.value,
      currency: amount.currency_code,
      customId: typeof unit?.custom_id === 'string' ? unit.custom_id : null,
      description: typeof unit?.description === 'string' ? unit.description : null,
      returnUrl: experience?.return_url ?? null,
      cancelUrl: experience?.cancel_url ?? null,
      vault,
      vaultId: null,
      payerId: null,
      captureId: null,
      createTime: world.iso(),
      updateTime: world.iso(),
    };
    if (vaultId !== null) {
      // A merchant-initiated charge of a saved wallet: created and captured in one call.
      const saved = world.vaults.get(vaultId);
      if (!saved) return paypalError(422, 'UNPROCESSABLE_ENTITY', 'INVALID_VAULT_ID', 'The vault id is not valid.');
      if (takeFault('charge', true)) return declined();
      order.vaultId = vaultId;
      order.payerId = saved.payerId;
      world.orders.set(order.id, order);
      makeCapture(order);
      return orderReply(order, 201);
    }
    world.orders.set(order.id, order);
    return orderReply(order, 201);
  };

  const capture = (ctx: Ctx, orderId: string): Reply => {
    const order = world.orders.get(orderId);
    if (!order) return notFound();
    if (order.status === 'COMPLETED') return paypalError(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured. If \'intent=CAPTURE\' only one capture per order is allowed.');
    if (order.status !== 'APPROVED') return paypalError(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
    if (takeFault('capture', true)) return declined();
    makeCapture(order);
    return orderReply(order, 201);
  };

  const verify = (ctx: Ctx): Reply => {
    verifyRequests += 1;
    const body = parseJson(ctx.body);
    const event = body?.webhook_event;
    const fields = ['transmission_id', 'transmission_time', 'transmission_sig', 'webhook_id'] as const;
    if (body === null || event === undefined || fields.some((f) => typeof body[f] !== 'string')) return invalid('/', 'transmission headers and webhook_event are required');
    const expected = signatureOf(String(body.transmission_id), String(body.transmission_time), String(body.webhook_id), JSON.stringify(event));
    const ok = String(body.webhook_id) === webhookId && same(expected, String(body.transmission_sig));
    return json(200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
  };

  const bearer = (ctx: Ctx): boolean => {
    const m = /^Bearer (.+)$/.exec(String(ctx.headers.authorization ?? ''));
    const expiry = m ? world.tokens.get(m[1] ?? '') : undefined;
    return expiry !== undefined && expiry > now();
  };

  const token = (ctx: Ctx): Reply => {
    tokenRequests += 1;
    const m = /^Basic (.+)$/.exec(String(ctx.headers.authorization ?? ''));
    const [id, secret] = Buffer.from(m?.[1] ?? '', 'base64').toString('utf8').split(':');
    if (!m || !same(id ?? '', clientId) || !same(secret ?? '', clientSecret)) {
      return json(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    if (new URLSearchParams(ctx.body).get('grant_type') !== 'client_credentials') return json(400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
    const accessToken = `A21AA${randomBytes(24).toString('base64url')}`;
    world.tokens.set(accessToken, now() + ttl * 1000);
    return json(200, { scope: 'https://uri.paypal.com/services/payments/payment', access_token: accessToken, token_type: 'Bearer', app_id: 'APP-SANDBOX', expires_in: ttl, nonce: randomUUID() });
  };

  // ---- the payer's pages -----------------------------------------------------------------------

  const redirect = (to: string): Reply => ({ status: 303, html: '', headers: { location: to } });
  const withParams = (url: string, params: Record<string, string>) => {
    const u = new URL(url);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    return u.toString();
  };

  const checkout = (ctx: Ctx): Reply => {
    const order = world.orders.get(ctx.query.get('token') ?? '');
    if (!order) return { status: 404, html: messagePage('Order not found', 'This checkout link is not valid.') };
    if (order.status === 'COMPLETED') return { status: 200, html: messagePage('Already paid', 'This order has been paid.') };
    return { status: 200, html: checkoutPage(order) };
  };

  const decide = (ctx: Ctx, approved: boolean): Reply => {
    const order = world.orders.get(new URLSearchParams(ctx.body).get('token') ?? '');
    if (!order) return { status: 404, html: messagePage('Order not found', 'This checkout link is not valid.') };
    if (approved) {
      approve(order);
      if (order.returnUrl) return redirect(withParams(order.returnUrl, { token: order.id, PayerID: order.payerId ?? '' }));
      return { status: 200, html: messagePage('Approved', 'You can close this page.') };
    }
    if (order.cancelUrl) return redirect(withParams(order.cancelUrl, { token: order.id }));
    return { status: 200, html: messagePage('Cancelled', 'You cancelled the payment.') };
  };

  // ---- routing ---------------------------------------------------------------------------------

  const control: PayPalEmulatorControl = {
    captures: () => [...world.captures.values()],
    order: (id) => world.orders.get(id),
    orders: () => [...world.orders.values()],
    vaultTokens: () => [...world.vaults.keys()],
    approve: (orderId) => {
      const order = world.orders.get(orderId);
      if (!order) throw new Error(`No order ${orderId}`);
      approve(order);
      return order;
    },
    refund: (captureId, kind = 'refund') => refund(captureId, kind),
    openDispute,
    updateDispute,
    resolveDispute,
    fault: (op, fault, times = 1) => void faults.push({ op, fault, times }),
    webhookFault: webhooks.fault,
    clearFaults: () => {
      faults.length = 0;
      webhooks.clearFaults();
    },
    setWebhookUrl: webhooks.setUrl,
    deliveries: webhooks.deliveries,
    idle: webhooks.idle,
    expireTokens: () => world.tokens.clear(),
    tokenRequests: () => tokenRequests,
    verifyRequests: () => verifyRequests,
    sendWebhook: async (eventType, resource) => {
      emit(eventType, 'custom', resource);
      await control.idle();
    },
  };

  /** The control API over HTTP, for demos and other processes (loopback only, like the emulator). */
  const httpControl = (ctx: Ctx, what: string): Reply => {
    const body = parseJson(ctx.body) ?? {};
    switch (what) {
      case 'faults':
        control.fault(body.op as PayPalOp, body.fault as PayPalFault, typeof body.times === 'number' ? body.times : 1);
        return json(200, { ok: true });
      case 'webhooks':
        control.webhookFault(body as WebhookFault);
        return json(200, { ok: true });
      case 'refund':
        return json(200, control.refund(String(body.captureId), body.kind === 'reversal' ? 'reversal' : 'refund'));
      case 'dispute': {
        const id = String(body.disputeId ?? '');
        if (body.outcomeCode !== undefined) return json(200, control.resolveDispute(id, String(body.outcomeCode)));
        if (id !== '') return json(200, control.updateDispute(id, { status: String(body.status ?? 'UNDER_REVIEW') }));
        return json(200, control.openDispute(String(body.captureId), typeof body.reason === 'string' ? { reason: body.reason } : {}));
      }
      case 'state':
        return json(200, { orders: control.orders(), captures: control.captures(), disputes: [...world.disputes.values()], deliveries: webhooks.deliveries });
      default:
        return json(404, { message: 'No such control' });
    }
  };

  const route = (ctx: Ctx): { op: PayPalOp | null; run: () => Reply } => {
    const { method, path } = ctx;
    const api = (op: PayPalOp, run: () => Reply) => ({ op, run: () => (bearer(ctx) ? run() : paypalError(401, 'AUTHENTICATION_FAILURE', null, 'Authentication failed due to invalid authentication credentials or a missing Authorization header.')) });
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/oauth2/token') return { op: 'token', run: () => token(ctx) };
    if (method === 'POST' && path === '/v1/identity/generate-token') return api('client-token', () => json(200, { client_token: randomBytes(48).toString('base64'), expires_in: 3600 }));
    if (method === 'POST' && path === '/v2/checkout/orders') {
      const charge = /"vault_id"/.test(ctx.body);
      return api(charge ? 'charge' : 'create', () => idempotent(ctx, 'create', () => createOrder(ctx)));
    }
    if (method === 'GET' && (m = /^\/v2\/checkout\/orders\/([A-Z0-9]+)$/.exec(path))) {
      const order = world.orders.get(m[1] ?? '');
      return api('get', () => (order ? orderReply(order) : notFound()));
    }
    if (method === 'POST' && (m = /^\/v2\/checkout\/orders\/([A-Z0-9]+)\/capture$/.exec(path))) {
      const id = m[1] ?? '';
      return api('capture', () => idempotent(ctx, `capture-${id}`, () => capture(ctx, id)));
    }
    if (method === 'POST' && (m = /^\/v2\/payments\/captures\/([A-Z0-9]+)\/refund$/.exec(path))) {
      const id = m[1] ?? '';
      return api('refund', () => (world.captures.has(id) ? json(201, refundJson(base, refund(id, 'refund'), world.captures.get(id)?.customId ?? null)) : notFound()));
    }
    if (method === 'DELETE' && (m = /^\/v3\/vault\/payment-tokens\/([A-Za-z0-9-]+)$/.exec(path))) {
      const id = m[1] ?? '';
      // PayPal answers 204 No Content, or 404 for a token it does not hold (deleted already).
      return api('vault-delete', () => (world.vaults.delete(id) ? { status: 204 } : notFound()));
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') return api('verify', () => verify(ctx));
    if (method === 'GET' && path === '/checkoutnow') return { op: null, run: () => checkout(ctx) };
    if (method === 'POST' && path === '/checkoutnow/approve') return { op: null, run: () => decide(ctx, true) };
    if (method === 'POST' && path === '/checkoutnow/cancel') return { op: null, run: () => decide(ctx, false) };
    if ((m = /^\/sandbox\/control\/([a-z]+)$/.exec(path))) {
      const what = m[1] ?? '';
      return { op: null, run: () => httpControl(ctx, what) };
    }
    return { op: null, run: () => paypalError(404, 'RESOURCE_NOT_FOUND', null, `No such path: ${method} ${path}`) };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const body = await readBody(req);
    if (body === null) return write(res, paypalError(413, 'PAYLOAD_TOO_LARGE', null, 'Request entity too large'));
    const ctx: Ctx = { method: (req.method ?? 'GET').toUpperCase(), path: url.pathname, query: url.searchParams, headers: req.headers, body };
    const { op, run } = route(ctx);
    // Declines are PayPal's answers (applied in the operations); statuses and hangs are the
    // network's or PayPal's failures, applied here before or after the call took effect.
    const fault = op === null ? undefined : takeFault(op, false);
    const after = fault !== undefined && fault.kind !== 'decline' && fault.afterStore === true;
    if (fault && !after) {
      if (fault.kind === 'hang') return;
      if (fault.kind === 'status') return write(res, paypalError(fault.status, 'INTERNAL_SERVICE_ERROR', null, 'An internal service error has occurred.'));
    }
    const reply = run();
    if (fault && after) {
      if (fault.kind === 'hang') return;
      if (fault.kind === 'status') return write(res, paypalError(fault.status, 'INTERNAL_SERVICE_ERROR', null, 'An internal service error has occurred.'));
    }
    write(res, reply);
  };

  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) write(res, paypalError(500, 'INTERNAL_SERVICE_ERROR', null, `Emulator failure: ${String(error)}`));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const address = await new Promise<AddressInfo>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve(server.address() as AddressInfo));
  });
  base = `http://${options.host ?? '127.0.0.1'}:${address.port}`;

  return {
    url: base,
    clientId,
    clientSecret,
    webhookId,
    control,
    close: async () => {
      await webhooks.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
  };
};
