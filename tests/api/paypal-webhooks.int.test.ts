/**
 * PayPal's webhook deliveries, signed by the PayPal emulator and sent to a real server: every
 * verified event is recorded once under its PayPal event id (stream paypal-webhook-<id>) and
 * acknowledged; one Riposte cannot read is acknowledged (a redelivery reads no better), recorded
 * and the admins told; a body over the API's 100 kB is read; a redelivery of a settled event
 * applies nothing; a failure to handle one (PayPal's order lookup answering 503) is recorded, told,
 * answered 503 so PayPal delivers it again, and the redelivery applies it; payment problems
 * (a denied capture) are told to the admins.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayPalEmulator, type PayPalEmulator } from '@adapters/paypal-emulator';
import { createSqliteEventStore } from '@adapters/eventstore-sqlite';
import { paypalWebhookStream } from '@core/billing';
import { eventually } from './schedules.support';
import { startTestServer, type Client, type TestServer } from './support';

let emulator: PayPalEmulator;
let server: TestServer;
let admin: Client;
const ADMIN_EMAIL = 'billing-admin@example.com';

beforeAll(async () => {
  emulator = await startPayPalEmulator();
  server = await startTestServer({ RIPOSTE_PAYPAL_API_URL: emulator.url, RIPOSTE_PAYPAL_TIMEOUT_MS: '1500', RIPOSTE_X_SANDBOX: 'false', RIPOSTE_SCHEDULER: 'off' });
  emulator.control.setWebhookUrl(`${server.url}/paypal/webhook`);
  admin = await server.admin();
  expect((await admin.post('/api/user/email', { email: ADMIN_EMAIL, subscribedToUpdates: false, currentPassword: 'admin-new-pw' })).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await emulator?.close();
  await server?.close();
});

type Mail = { to: string; kind: string; subject: string; text: string };
const alerts = async () => ((await admin.get('/api/admin/mailbox')).body as { messages: Mail[] }).messages.filter((m) => m.to === ADMIN_EMAIL && m.kind === 'paypal_webhook_alert');

/** What was recorded of one PayPal event: the outcomes, in order. */
const recorded = async (eventId: string) => {
  const store = createSqliteEventStore({ path: join(server.dataDir, 'events.db'), synchronous: 'NORMAL' });
  try {
    return (await store.readStream(paypalWebhookStream(eventId))).map((e) => (e.data as { outcome: string }).outcome);
  } finally {
    await store.close();
  }
};

/** Sends one event and answers its deliveries (every try, in order) and its id. */
const send = async (type: string, resource: unknown) => {
  const before = emulator.control.deliveries.length;
  await emulator.control.sendWebhook(type, resource);
  const mine = emulator.control.deliveries.slice(before);
  return { id: mine[0]?.eventId ?? '', statuses: mine.map((d) => d.status) };
};

describe('PayPal webhook deliveries', () => {
  it('a verified event Riposte cannot read is acknowledged, recorded once and told to the admins', async () => {
    // A capture without its amount or order: PayPal's shape, not what PayPal documents.
    const { id, statuses } = await send('PAYMENT.CAPTURE.COMPLETED', { id: 'CAPTURENOAMOUNT01', status: 'COMPLETED' });
    expect(statuses).toEqual([200]);
    expect(await recorded(id)).toEqual(['unreadable']);
    const mail = await eventually(alerts, (all) => all.some((m) => m.text.includes(id)), 'the admin e-mail', 15_000);
    expect(mail.find((m) => m.text.includes(id))?.text).toContain('could not read');
  });

  it('a body over 100 kB is read, and a redelivery of a settled event applies nothing and is acknowledged', async () => {
    const big = await send('BILLING.PLAN.CREATED', { id: 'P-BIGPLAN', description: 'x'.repeat(150_000) });
    expect(big.statuses).toEqual([200]);
    expect(await recorded(big.id)).toEqual(['ignored']);

    emulator.control.webhookFault({ duplicate: 2, eventType: 'BILLING.PLAN.UPDATED' });
    const twice = await send('BILLING.PLAN.UPDATED', { id: 'P-TWICE' });
    expect(twice.statuses).toEqual([200, 200, 200]);
    expect(await recorded(twice.id)).toEqual(['ignored']);
  });

  it('a failure to handle an event is recorded, told and answered 503; PayPal delivers it again and it is applied', async () => {
    const { client } = await server.newUser();
    const order = await client.post('/paypal/order', { amount: '20.00', currency: 'USD', intent: 'CAPTURE' });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const orderId = (order.body as { id: string }).id;
    emulator.control.approve(orderId);
    // The capture's webhook makes the server look the order up at PayPal: that lookup fails once.
    emulator.control.fault('get', { kind: 'status', status: 503 }, 1);
    const before = emulator.control.deliveries.length;
    expect((await client.post(`/paypal/order/${orderId}/capture`)).status).toBe(200);
    await emulator.control.idle();
    const deliveries = emulator.control.deliveries.slice(before).filter((d) => d.eventType === 'PAYMENT.CAPTURE.COMPLETED');
    expect(deliveries.map((d) => d.status)).toEqual([503, 200]);
    const id = deliveries[0]!.eventId;
    expect(await recorded(id)).toEqual(['failed', 'applied']);
    await eventually(alerts, (all) => all.some((m) => m.text.includes(id) && m.text.includes('failed')), 'the admin e-mail', 15_000);
  });

  it('a payment problem PayPal reports is told to the admins', async () => {
    const { id, statuses } = await send('PAYMENT.CAPTURE.DENIED', {
      id: 'CAPTUREDENIED0001',
      status: 'DECLINED',
      amount: { value: '9.99', currency_code: 'USD' },
      supplementary_data: { related_ids: { order_id: 'ORDERNOTOURS00001' } },
    });
    expect(statuses).toEqual([200]);
    expect(await recorded(id)).toEqual(['not_found']);
    await eventually(alerts, (all) => all.some((m) => m.text.includes(id) && m.text.includes('PAYMENT.CAPTURE.DENIED')), 'the admin e-mail', 15_000);
  });
});
