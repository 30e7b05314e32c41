/**
 * Payments over real HTTP: the server talks to the PayPal emulator through the real adapter, the
 * emulator delivers signed webhooks to the server, and the tests act as the payer (approve) and as
 * PayPal (refund, faults). Every case counts the captures the emulator made: nothing is charged twice.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayPalEmulator, type PayPalEmulator } from '@adapters/paypal-emulator';
import { createSqliteEventStore } from '@adapters/eventstore-sqlite';
import { billingStream } from '@core/billing';
import { eventually } from './schedules.support';
import { startTestServer, type Client, type TestServer } from './support';

let emulator: PayPalEmulator;
let server: TestServer;

const ORDER = { amount: '20.00', currency: 'USD', intent: 'CAPTURE' };

beforeAll(async () => {
  emulator = await startPayPalEmulator();
  server = await startTestServer({
    RIPOSTE_PAYPAL_API_URL: emulator.url,
    RIPOSTE_PAYPAL_TIMEOUT_MS: '1500',
    RIPOSTE_X_SANDBOX: 'false',
    RIPOSTE_SCHEDULER: 'off',
  });
  emulator.control.setWebhookUrl(`${server.url}/paypal/webhook`);
});

afterAll(async () => {
  await emulator?.close();
  await server?.close();
});

const capturesOf = (orderId: string) => emulator.control.captures().filter((c) => c.orderId === orderId);

const createOrder = async (client: Client): Promise<string> => {
  const res = await client.post('/paypal/order', ORDER);
  expect(res.status).toBe(201);
  return (res.body as { id: string }).id;
};

const trialStatus = async (client: Client) => (await client.get('/api/user/trial-status')).body as { isPremium: boolean; subscriptionEndDate: string | null };

const billingEvents = async (userId: string) => {
  const store = createSqliteEventStore({ path: join(server.dataDir, 'events.db'), synchronous: 'NORMAL' });
  try {
    return await store.readStream(billingStream(userId));
  } catch {
    return [];
  } finally {
    await store.close();
  }
};

describe('POST /paypal/order', () => {
  it('creates a PayPal order for the Premium price and answers its id and the checkout link', async () => {
    const { client } = await server.newUser();
    const res = await client.post('/paypal/order', ORDER);
    expect(res.status).toBe(201);
    const { id, approveUrl } = res.body as { id: string; approveUrl: string };
    expect(approveUrl).toBe(`${emulator.url}/checkoutnow?token=${id}`);
    expect(emulator.control.order(id)).toMatchObject({ amount: '20.00', currency: 'USD', vault: true, returnUrl: `${server.url}/payment?paypal=return` });
  });

  it.each([
    [{ ...ORDER, amount: '0.01' }, 'amount'],
    [{ ...ORDER, amount: 20.5 }, 'amount'],
    [{ ...ORDER, currency: 'EUR' }, 'currency'],
    [{ ...ORDER, intent: 'AUTHORIZE' }, 'intent'],
    [{ currency: 'USD', intent: 'CAPTURE' }, 'amount'],
  ])('refuses a tampered order %o with its field and creates nothing at PayPal', async (body, field) => {
    const { client } = await server.newUser();
    const before = emulator.control.orders().length;
    const res = await client.post('/paypal/order', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field });
    expect(emulator.control.orders().length).toBe(before);
  });

  it('needs a session and the CSRF header', async () => {
    expect((await server.client().post('/paypal/order', ORDER)).status).toBe(401);
    const { client } = await server.newUser();
    expect((await client.post('/paypal/order', ORDER, { csrf: false })).status).toBe(403);
  });

  it('GET /paypal/setup answers a client token to a signed-in user only', async () => {
    const { client } = await server.newUser();
    const res = await client.get('/paypal/setup');
    expect(res.status).toBe(200);
    expect((res.body as { clientToken: string }).clientToken.length).toBeGreaterThan(10);
    expect((await server.client().get('/paypal/setup')).status).toBe(401);
  });
});

describe('POST /paypal/order/:id/capture', () => {
  it('captures an approved order: Premium for a calendar month; a second capture answers the same, one charge', async () => {
    const { client, user } = await server.newUser();
    const id = await createOrder(client);
    emulator.control.approve(id);
    const first = await client.post(`/paypal/order/${id}/capture`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id, status: 'COMPLETED', premium: true });
    const second = await client.post(`/paypal/order/${id}/capture`);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(capturesOf(id)).toHaveLength(1);
    const status = await trialStatus(client);
    expect(status.isPremium).toBe(true);
    expect(status.subscriptionEndDate).toBe((first.body as { subscriptionEndDate: string }).subscriptionEndDate);
    const capturedAt = new Date(capturesOf(id)[0]?.createTime ?? '');
    const end = new Date(status.subscriptionEndDate ?? '');
    expect(end.getUTCMonth()).toBe((capturedAt.getUTCMonth() + 1) % 12);
    // The capture webhook arrives too and changes nothing.
    await emulator.control.idle();
    expect((await billingEvents(user.id)).filter((e) => e.type === 'PaymentCaptured')).toHaveLength(1);
  });

  it('answers 404 for another user’s order, an unknown one and a malformed id, and charges nothing', async () => {
    const owner = await server.newUser();
    const other = await server.newUser();
    const id = await createOrder(owner.client);
    emulator.control.approve(id);
    for (const path of [`/paypal/order/${id}/capture`, '/paypal/order/0ZZZZZZZZZZZZZZZZ/capture', '/paypal/order/a%20b/capture']) {
      const res = await other.client.post(path);
      expect(res.status).toBe(404);
    }
    expect(capturesOf(id)).toHaveLength(0);
    expect((await trialStatus(other.client)).isPremium).toBe(false);
    expect((await trialStatus(owner.client)).isPremium).toBe(false);
  });

  it('refuses an order the payer has not approved (Payment Failed), charging nothing', async () => {
    const { client } = await server.newUser();
    const id = await createOrder(client);
    const res = await client.post(`/paypal/order/${id}/capture`);
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ message: 'There was an error processing your payment. Please try again.' });
    expect(capturesOf(id)).toHaveLength(0);
    expect((await trialStatus(client)).isPremium).toBe(false);
  });

  it('a declined instrument is Payment Failed; paying again afterwards works, once', async () => {
    const { client } = await server.newUser();
    const id = await createOrder(client);
    emulator.control.approve(id);
    emulator.control.fault('capture', { kind: 'decline' });
    expect((await client.post(`/paypal/order/${id}/capture`)).status).toBe(402);
    expect((await client.post(`/paypal/order/${id}/capture`)).status).toBe(200);
    expect(capturesOf(id)).toHaveLength(1);
    expect((await trialStatus(client)).isPremium).toBe(true);
  });

  it('a capture of another amount than the order (tampered at PayPal) gives no Premium and shows as failed', async () => {
    const { client } = await server.newUser();
    const id = await createOrder(client);
    const order = emulator.control.order(id);
    if (!order) throw new Error('no order at the emulator');
    order.amount = '0.01';
    emulator.control.approve(id);
    const res = await client.post(`/paypal/order/${id}/capture`);
    expect(res.status).toBe(402);
    expect((await trialStatus(client)).isPremium).toBe(false);
    const billing = (await client.get('/api/billing')).body as { payments: { orderId: string; status: string; reason: string }[] };
    expect(billing.payments).toContainEqual(expect.objectContaining({ orderId: id, status: 'failed', reason: 'AMOUNT_MISMATCH' }));
    await emulator.control.idle();
    expect((await trialStatus(client)).isPremium).toBe(false);
  });

  it('the webhook before the capture answer: Premium from the webhook; the retried capture answers it, one charge', async () => {
    const { client, user } = await server.newUser();
    const id = await createOrder(client);
    emulator.control.approve(id);
    // PayPal captures but its answer never reaches Riposte (timeout); its webhook does.
    emulator.control.fault('capture', { kind: 'hang', afterStore: true });
    const lost = await client.post(`/paypal/order/${id}/capture`);
    expect(lost.status).toBe(503);
    await eventually(() => trialStatus(client), (s) => s.isPremium, 'Premium from the webhook');
    const retried = await client.post(`/paypal/order/${id}/capture`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: 'COMPLETED', premium: true });
    expect(capturesOf(id)).toHaveLength(1);
    const captured = (await billingEvents(user.id)).filter((e) => e.type === 'PaymentCaptured');
    expect(captured).toHaveLength(1);
    expect((captured[0]?.data as { webhookId: string | null }).webhookId).toMatch(/^WH-/);
  });
});

describe('POST /paypal/webhook', () => {
  it('refuses a forged signature (400) and changes nothing', async () => {
    const { client, user } = await server.newUser();
    const id = await createOrder(client);
    const order = emulator.control.approve(id);
    const forged = {
      id: 'WH-FORGED1',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: {
        id: 'FORGEDCAPTURE0001',
        status: 'COMPLETED',
        amount: { value: '20.00', currency_code: 'USD' },
        custom_id: order.customId,
        supplementary_data: { related_ids: { order_id: id } },
      },
    };
    const res = await server.client().post('/paypal/webhook', forged, {
      csrf: false,
      headers: {
        'paypal-transmission-id': 'f0f0f0f0-0000-0000-0000-000000000000',
        'paypal-transmission-time': new Date().toISOString(),
        'paypal-transmission-sig': Buffer.from('forged').toString('base64'),
        'paypal-cert-url': `${emulator.url}/v1/notifications/certs/CERT-sandbox`,
        'paypal-auth-algo': 'SHA256withRSA',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'The webhook signature could not be verified' });
    const unsigned = await server.client().post('/paypal/webhook', forged, { csrf: false });
    expect(unsigned.status).toBe(400);
    expect((await trialStatus(client)).isPremium).toBe(false);
    await emulator.control.idle();
    expect((await billingEvents(user.id)).map((e) => e.type)).not.toContain('PaymentCaptured');
    expect(capturesOf(id)).toHaveLength(0);
  });

  it('a refund delivered twice (replayed) is applied once: Premium ends at once', async () => {
    const { client, user } = await server.newUser();
    const id = await createOrder(client);
    emulator.control.approve(id);
    expect((await client.post(`/paypal/order/${id}/capture`)).status).toBe(200);
    await emulator.control.idle();
    emulator.control.webhookFault({ eventType: 'PAYMENT.CAPTURE.REFUNDED', duplicate: 2 });
    emulator.control.refund(capturesOf(id)[0]?.id ?? '');
    await emulator.control.idle();
    // One event, delivered three times, each time accepted.
    const refunds = emulator.control.deliveries.filter((d) => d.eventType === 'PAYMENT.CAPTURE.REFUNDED');
    expect(refunds.map((d) => d.status)).toEqual([200, 200, 200]);
    expect(new Set(refunds.map((d) => d.eventId)).size).toBe(1);
    await eventually(() => trialStatus(client), (s) => !s.isPremium, 'Premium ended by the refund');
    const events = await billingEvents(user.id);
    expect(events.filter((e) => e.type === 'PaymentReversed')).toHaveLength(1);
    const billing = (await client.get('/api/billing')).body as { subscription: { status: string }; payments: { orderId: string; status: string }[] };
    expect(billing.subscription.status).toBe('revoked');
    expect(billing.payments).toContainEqual(expect.objectContaining({ orderId: id, status: 'refunded' }));
  });

  it('late and duplicate capture webhooks after the capture answer add nothing', async () => {
    const { client, user } = await server.newUser();
    emulator.control.webhookFault({ eventType: 'PAYMENT.CAPTURE.COMPLETED', duplicate: 2, delayMs: 300 });
    const id = await createOrder(client);
    emulator.control.approve(id);
    const res = await client.post(`/paypal/order/${id}/capture`);
    expect(res.status).toBe(200);
    await emulator.control.idle();
    expect(emulator.control.deliveries.filter((d) => d.eventType === 'PAYMENT.CAPTURE.COMPLETED' && d.status === 200).length).toBeGreaterThanOrEqual(3);
    expect((await billingEvents(user.id)).filter((e) => e.type === 'PaymentCaptured')).toHaveLength(1);
    expect((await trialStatus(client)).subscriptionEndDate).toBe((res.body as { subscriptionEndDate: string }).subscriptionEndDate);
  });
});

describe('/api/billing', () => {
  it('cancel keeps Premium to the period end and stops renewals; a second cancel is quiet; without a subscription 409', async () => {
    const { client } = await server.newUser();
    expect((await client.post('/api/billing/cancel')).status).toBe(409);
    const id = await createOrder(client);
    emulator.control.approve(id);
    const paid = (await client.post(`/paypal/order/${id}/capture`)).body as { subscriptionEndDate: string };
    const before = (await client.get('/api/billing')).body as { subscription: { status: string; renews: boolean } };
    expect(before.subscription).toMatchObject({ status: 'active', renews: true, periodEnd: paid.subscriptionEndDate });
    const cancelled = await client.post('/api/billing/cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ subscription: { status: 'cancelled', renews: false, periodEnd: paid.subscriptionEndDate } });
    expect((await client.post('/api/billing/cancel')).status).toBe(200);
    expect(await trialStatus(client)).toMatchObject({ isPremium: true, subscriptionEndDate: paid.subscriptionEndDate });
  });

  it('lists the user’s own payments with a receipt; another user sees neither', async () => {
    const owner = await server.newUser();
    const other = await server.newUser();
    const id = await createOrder(owner.client);
    emulator.control.approve(id);
    await owner.client.post(`/paypal/order/${id}/capture`);
    const list = (await owner.client.get('/api/billing')).body as { payments: { orderId: string; status: string; amount: string }[] };
    expect(list.payments).toEqual([expect.objectContaining({ orderId: id, status: 'paid', amount: '20.00', currency: 'USD' })]);
    const receipt = await owner.client.get(`/api/billing/payments/${id}/receipt`);
    expect(receipt.status).toBe(200);
    expect(receipt.text).toContain(`PayPal order: ${id}`);
    expect(receipt.text).toContain('$20.00 USD');
    expect((await other.client.get(`/api/billing/payments/${id}/receipt`)).status).toBe(404);
    expect(((await other.client.get('/api/billing')).body as { payments: unknown[] }).payments).toEqual([]);
  });
});

describe('disputes through /paypal/webhook', () => {
  type Billing = { subscription: { status: string; renews: boolean; disputed: boolean; endedBy: string | null }; payments: { orderId: string; status: string; dispute: { disputeId: string; outcome: string | null } | null }[] };
  const paidUser = async () => {
    const u = await server.newUser();
    const id = await createOrder(u.client);
    emulator.control.approve(id);
    expect((await u.client.post(`/paypal/order/${id}/capture`)).status).toBe(200);
    await emulator.control.idle();
    const captureId = capturesOf(id)[0]?.id ?? '';
    return { ...u, orderId: id, captureId };
  };
  const billingOf = async (client: Client) => (await client.get('/api/billing')).body as Billing;

  it('opened: Premium stays, the payment is flagged and nothing renews; decided for the payer (delivered twice, with PayPal’s reversal): Premium ends once', async () => {
    const { client, user, orderId, captureId } = await paidUser();
    emulator.control.webhookFault({ eventType: 'CUSTOMER.DISPUTE.CREATED', duplicate: 1 });
    const dispute = emulator.control.openDispute(captureId);
    await emulator.control.idle();
    expect(emulator.control.deliveries.filter((d) => d.eventType === 'CUSTOMER.DISPUTE.CREATED' && d.status === 200).length).toBeGreaterThanOrEqual(2);
    expect((await trialStatus(client)).isPremium).toBe(true);
    const open = await eventually(() => billingOf(client), (b) => b.subscription.disputed, 'the dispute flagged');
    expect(open.subscription).toMatchObject({ status: 'active', renews: false, disputed: true });
    expect(open.payments).toContainEqual(expect.objectContaining({ orderId, status: 'paid', dispute: { disputeId: dispute.id, outcome: null } }));

    emulator.control.updateDispute(dispute.id, { status: 'UNDER_REVIEW', stage: 'CHARGEBACK' });
    emulator.control.webhookFault({ eventType: 'CUSTOMER.DISPUTE.RESOLVED', duplicate: 1 });
    emulator.control.resolveDispute(dispute.id, 'RESOLVED_BUYER_FAVOUR');
    await emulator.control.idle();
    await eventually(() => trialStatus(client), (s) => !s.isPremium, 'Premium ended by the dispute');
    const events = (await billingEvents(user.id)).map((e) => e.type);
    expect(events.filter((t) => t === 'DisputeOpened')).toHaveLength(1);
    expect(events.filter((t) => t === 'DisputeUpdated')).toHaveLength(1);
    expect(events.filter((t) => t === 'DisputeResolved')).toHaveLength(1);
    expect(events.filter((t) => t === 'PaymentReversed')).toHaveLength(1);
    const after = await billingOf(client);
    expect(after.subscription).toMatchObject({ status: 'revoked', endedBy: 'dispute', disputed: false });
    expect(after.payments).toContainEqual(expect.objectContaining({ orderId, status: 'refunded', dispute: { disputeId: dispute.id, outcome: 'buyer' } }));
    expect(capturesOf(orderId)).toHaveLength(1);
  });

  it('decided for Riposte: Premium and renewals stand, the history says the payment stands', async () => {
    const { client, user, orderId, captureId } = await paidUser();
    const dispute = emulator.control.openDispute(captureId, { reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED' });
    emulator.control.resolveDispute(dispute.id, 'RESOLVED_SELLER_FAVOUR');
    await emulator.control.idle();
    await eventually(() => billingOf(client), (b) => b.payments.some((p) => p.dispute?.outcome === 'seller'), 'the dispute decided');
    expect((await trialStatus(client)).isPremium).toBe(true);
    const b = await billingOf(client);
    expect(b.subscription).toMatchObject({ status: 'active', renews: true, disputed: false });
    expect(b.payments).toContainEqual(expect.objectContaining({ orderId, status: 'paid' }));
    expect((await billingEvents(user.id)).map((e) => e.type)).not.toContain('PaymentReversed');
  });

  it('a dispute about a capture Riposte does not know is acknowledged and changes nothing', async () => {
    await emulator.control.sendWebhook('CUSTOMER.DISPUTE.CREATED', {
      dispute_id: 'PP-D-UNKNOWN',
      create_time: '2026-02-03T10:00:00Z',
      update_time: '2026-02-03T10:00:00Z',
      disputed_transactions: [{ seller_transaction_id: 'NOSUCHCAPTURE0001' }],
      reason: 'UNAUTHORISED',
      status: 'OPEN',
    });
    expect(emulator.control.deliveries.filter((d) => d.eventType === 'CUSTOMER.DISPUTE.CREATED').at(-1)?.status).toBe(200);
  });
});
