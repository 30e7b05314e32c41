/**
 * POST /paypal/webhook needs no session (PayPal calls it), and each event is verified by a call
 * to PayPal. A forged event must not cost that call unless it could be PayPal's: the signature
 * headers present and well formed, the certificate on one of PayPal's hosts, the transmission
 * time fresh, the body an event with PayPal's id shape — checked locally first. And one address
 * gets a bounded number of tries a minute (429 past it), so even well-formed forgeries are
 * bounded. PayPal's own signed deliveries still pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayPalEmulator, type PayPalEmulator } from '@adapters/paypal-emulator';
import { startTestServer, type Client, type TestServer } from '../api/support';

let emulator: PayPalEmulator;
let server: TestServer;

beforeAll(async () => {
  emulator = await startPayPalEmulator();
  server = await startTestServer({
    RIPOSTE_PAYPAL_API_URL: emulator.url,
    RIPOSTE_TRUST_PROXY: '1',
    RIPOSTE_X_SANDBOX: 'false',
    RIPOSTE_SCHEDULER: 'off',
  });
  emulator.control.setWebhookUrl(`${server.url}/paypal/webhook`);
});
afterAll(async () => {
  await emulator?.close();
  await server?.close();
});

const EVENT = { id: 'WH-4DN28737E1123451C-8BR74467X6531925F', event_type: 'PAYMENT.CAPTURE.REFUNDED', resource: { id: 'NOSUCHCAPTURE0001' } };

const wellFormed = (): Record<string, string> => ({
  'paypal-transmission-id': '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
  'paypal-transmission-time': new Date().toISOString(),
  'paypal-transmission-sig': Buffer.from('not a signature at all, but base64').toString('base64'),
  'paypal-cert-url': `${emulator.url}/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77`,
  'paypal-auth-algo': 'SHA256withRSA',
});

const post = (client: Client, headers: Record<string, string>, address: string, body: unknown = EVENT) =>
  client.post('/paypal/webhook', body, { csrf: false, headers: { ...headers, 'X-Forwarded-For': address } });

describe('a forged webhook', () => {
  it('costs no call to PayPal when it cannot be PayPal\'s (checked locally first)', async () => {
    const c = server.client();
    const hour = 60 * 60_000;
    const forgeries: [string, Record<string, string>, unknown?][] = [
      ['no headers', {}],
      ['a certificate on another host', { ...wellFormed(), 'paypal-cert-url': 'https://evil.example/v1/notifications/certs/CERT-1' }],
      ['a certificate on a look-alike host', { ...wellFormed(), 'paypal-cert-url': 'https://api.paypal.com.evil.example/certs/CERT-1' }],
      ['a certificate over plain http on PayPal\'s name', { ...wellFormed(), 'paypal-cert-url': 'http://api.paypal.com/v1/notifications/certs/CERT-1' }],
      ['a stale transmission time', { ...wellFormed(), 'paypal-transmission-time': new Date(Date.now() - 2 * hour).toISOString() }],
      ['a transmission time from the future', { ...wellFormed(), 'paypal-transmission-time': new Date(Date.now() + 2 * hour).toISOString() }],
      ['a time that is no time', { ...wellFormed(), 'paypal-transmission-time': 'yesterday' }],
      ['a malformed transmission id', { ...wellFormed(), 'paypal-transmission-id': '../../etc' }],
      ['a signature that is not base64', { ...wellFormed(), 'paypal-transmission-sig': '<script>' }],
      ['an unknown algorithm', { ...wellFormed(), 'paypal-auth-algo': 'none' }],
      ['a body that is no PayPal event', wellFormed(), { hello: 'world' }],
    ];
    const before = emulator.control.verifyRequests();
    for (const [what, headers, body] of forgeries) {
      const res = await post(c, headers, '198.51.100.1', body ?? EVENT);
      expect(res.status, what).toBe(400);
      expect(res.body, what).toMatchObject({ code: 'WEBHOOK_SIGNATURE' });
    }
    expect(emulator.control.verifyRequests()).toBe(before);
    // A well-formed forgery is asked about (once), and refused.
    const res = await post(c, wellFormed(), '198.51.100.1');
    expect(res.status).toBe(400);
    expect(emulator.control.verifyRequests()).toBe(before + 1);
  });

  it('is bounded per address: past the limit 429 and no more calls to PayPal; another address is not', async () => {
    const c = server.client();
    const before = emulator.control.verifyRequests();
    let limitedAt = -1;
    for (let i = 0; i < 200 && limitedAt < 0; i += 1) {
      const res = await post(c, wellFormed(), '203.0.113.9');
      if (res.status === 429) limitedAt = i;
      else expect(res.status).toBe(400);
    }
    expect(limitedAt).toBeGreaterThan(0);
    expect(limitedAt).toBeLessThanOrEqual(60);
    const calls = emulator.control.verifyRequests();
    expect(calls - before).toBe(limitedAt);
    const again = await post(c, wellFormed(), '203.0.113.9');
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(emulator.control.verifyRequests()).toBe(calls);
    expect((await post(c, wellFormed(), '192.0.2.44')).status).toBe(400);
  });

  it("PayPal's own signed delivery still passes", async () => {
    const count = emulator.control.deliveries.length;
    await emulator.control.sendWebhook('BILLING.PLAN.CREATED', { id: 'P-NOSUCHPLAN' });
    await emulator.control.idle();
    const mine = emulator.control.deliveries.slice(count);
    expect(mine.map((d) => d.status)).toEqual([200]);
  });
});
