/**
 * The PaymentProvider contract (core/billing/provider.ts): what the PayPal adapter promises, run
 * against the emulator (paypal.emulator.int.test.ts) and, with credentials, against PayPal's
 * sandbox (paypal.sandbox.int.test.ts). Approving an order needs a buyer in PayPal's window, which
 * only the emulator lets a test do; those cases say so when skipped. Deleting a saved wallet
 * (deleteVaultToken, used by the account erasure: ADR 0028 addendum) runs on both: an unknown id
 * everywhere, a real wallet where a buyer can approve (emulator).
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentDeclinedError, type CreateOrderInput, type PaymentProvider } from '@core/billing/provider';
import { isAppError } from '@core/shared/errors';
import type { PayPalEmulatorControl } from '@adapters/paypal-emulator';

export interface PayPalContractSubject {
  provider: PaymentProvider;
  /** The emulator's control (null against PayPal). */
  control: PayPalEmulatorControl | null;
  variants?: { wrongSecret: PaymentProvider; shortTimeout: PaymentProvider };
  teardown(): Promise<void>;
}

const order = (o: Partial<CreateOrderInput> = {}): CreateOrderInput => ({
  requestId: randomUUID(),
  amount: '20.00',
  currency: 'USD',
  customId: `rp1.${randomUUID()}.${randomUUID().slice(0, 8)}`,
  description: 'Riposte Premium (monthly)',
  returnUrl: 'http://127.0.0.1:3000/payment?paypal=return',
  cancelUrl: 'http://127.0.0.1:3000/payment?paypal=cancel',
  vault: true,
  ...o,
});

const rejection = async (p: Promise<unknown>): Promise<unknown> => {
  try {
    await p;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
};

export const paypalContract = (name: string, setup: () => Promise<PayPalContractSubject>) => {
  describe(`PayPal contract: ${name}`, () => {
    let s: PayPalContractSubject;
    beforeAll(async () => {
      s = await setup();
    });
    afterAll(async () => {
      await s?.teardown();
    });
    const emulated = () => s.control !== null;
    const needsBuyer = (test: () => Promise<void>) => async (ctx: { skip: (note?: string) => void }) => {
      if (!emulated()) return ctx.skip('needs a buyer to approve in PayPal’s window: emulator only');
      await test();
    };

    it('creates an order awaiting the payer, with the approval link, amount and custom id', async () => {
      const input = order();
      const created = await s.provider.createOrder(input);
      expect(created.id).toMatch(/^[A-Z0-9]{10,}$/);
      expect(created.status).toBe('PAYER_ACTION_REQUIRED');
      expect(created.approveUrl).toMatch(/^https?:\/\//);
      const read = await s.provider.getOrder(created.id);
      expect(read).toMatchObject({ id: created.id, amount: '20.00', currency: 'USD', customId: input.customId, capture: null });
    });

    it('answers the same order to the same PayPal-Request-Id (a retried create makes no second order)', async () => {
      const input = order();
      const first = await s.provider.createOrder(input);
      const again = await s.provider.createOrder(input);
      expect(again.id).toBe(first.id);
    });

    it('reads an unknown order as null', async () => {
      expect(await s.provider.getOrder('0ZZZZZZZZZZZZZZZZ')).toBeNull();
    });

    it('refuses to capture an order the payer has not approved', async () => {
      const created = await s.provider.createOrder(order());
      const error = await rejection(s.provider.captureOrder({ orderId: created.id, requestId: randomUUID() }));
      expect(error).toBeInstanceOf(PaymentDeclinedError);
      expect((error as PaymentDeclinedError).issue).toMatch(/ORDER_NOT_APPROVED|PAYER_ACTION_REQUIRED/);
    });

    it('gives a client token', async () => {
      expect((await s.provider.clientToken()).length).toBeGreaterThan(10);
    });

    it('refuses a webhook with a forged signature or without its headers', async () => {
      const rawBody = JSON.stringify({ id: 'WH-FORGED', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: {} });
      const headers = {
        'paypal-transmission-id': randomUUID(),
        'paypal-transmission-time': new Date().toISOString(),
        'paypal-transmission-sig': Buffer.from('forged').toString('base64'),
        'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-forged',
        'paypal-auth-algo': 'SHA256withRSA',
      };
      expect(await s.provider.verifyWebhook({ headers, rawBody })).toBe(false);
      expect(await s.provider.verifyWebhook({ headers: {}, rawBody })).toBe(false);
    });

    it(
      'captures an approved order once: COMPLETED with the amount, currency and custom id; a retry with the same request id and a capture with another both answer the same capture',
      needsBuyer(async () => {
        const input = order();
        const created = await s.provider.createOrder(input);
        s.control?.approve(created.id);
        const before = s.control?.captures().length ?? 0;
        const captured = await s.provider.captureOrder({ orderId: created.id, requestId: `capture-${created.id}` });
        expect(captured.status).toBe('COMPLETED');
        expect(captured.capture).toMatchObject({ status: 'COMPLETED', amount: '20.00', currency: 'USD', customId: input.customId });
        expect(captured.vaultId).not.toBeNull();
        const retried = await s.provider.captureOrder({ orderId: created.id, requestId: `capture-${created.id}` });
        const other = await s.provider.captureOrder({ orderId: created.id, requestId: randomUUID() }); // ORDER_ALREADY_CAPTURED, read
        expect(retried.capture?.id).toBe(captured.capture?.id);
        expect(other.capture?.id).toBe(captured.capture?.id);
        expect((s.control?.captures().length ?? 0) - before).toBe(1);
      }),
    );

    it(
      'charges a vaulted wallet without the payer, once per request id',
      needsBuyer(async () => {
        const created = await s.provider.createOrder(order());
        s.control?.approve(created.id);
        const first = await s.provider.captureOrder({ orderId: created.id, requestId: randomUUID() });
        const vaultId = first.vaultId ?? '';
        const renewal = { requestId: randomUUID(), vaultId, amount: '20.00', currency: 'USD', customId: `rp1.u.${randomUUID().slice(0, 8)}`, description: 'renewal' };
        const before = s.control?.captures().length ?? 0;
        const charged = await s.provider.chargeVault(renewal);
        const again = await s.provider.chargeVault(renewal);
        expect(charged.status).toBe('COMPLETED');
        expect(charged.capture).toMatchObject({ status: 'COMPLETED', amount: '20.00', customId: renewal.customId });
        expect(again.capture?.id).toBe(charged.capture?.id);
        expect((s.control?.captures().length ?? 0) - before).toBe(1);
      }),
    );

    it('deleting a saved wallet PayPal does not hold answers absent (a 404: deleted already), twice alike', async () => {
      // A well-formed id no wallet has: the account erasure's retry after a deletion went through.
      const unknown = `${randomUUID().replaceAll('-', '').slice(0, 8)}`;
      expect(await s.provider.deleteVaultToken(unknown)).toBe('absent');
      expect(await s.provider.deleteVaultToken(unknown)).toBe('absent');
    });

    it(
      'deletes a saved wallet: deleted, then absent; PayPal no longer holds it and it can no longer be charged',
      needsBuyer(async () => {
        const created = await s.provider.createOrder(order());
        s.control?.approve(created.id);
        const vaultId = (await s.provider.captureOrder({ orderId: created.id, requestId: randomUUID() })).vaultId ?? '';
        expect(vaultId).not.toBe('');
        expect(s.control?.vaultTokens()).toContain(vaultId);
        expect(await s.provider.deleteVaultToken(vaultId)).toBe('deleted');
        expect(s.control?.vaultTokens()).not.toContain(vaultId);
        expect(await s.provider.deleteVaultToken(vaultId)).toBe('absent');
        const before = s.control?.captures().length ?? 0;
        const renewal = { requestId: randomUUID(), vaultId, amount: '20.00', currency: 'USD', customId: `rp1.u.${randomUUID().slice(0, 8)}`, description: 'renewal' };
        const error = await rejection(s.provider.chargeVault(renewal));
        expect(isAppError(error) && error.code).toBe('unavailable');
        expect((s.control?.captures().length ?? 0) - before).toBe(0);
      }),
    );

    describe('failures (emulator: PayPal and the network misbehaving on demand)', () => {
      const emulatorOnly = (test: (control: PayPalEmulatorControl) => Promise<void>) => async (ctx: { skip: (note?: string) => void }) => {
        if (s.control === null) return ctx.skip('fault injection needs the emulator');
        await test(s.control);
      };

      it(
        'a declined instrument is a PaymentDeclinedError; the payer may try again',
        emulatorOnly(async (control) => {
          const created = await s.provider.createOrder(order());
          control.approve(created.id);
          control.fault('capture', { kind: 'decline' });
          const error = await rejection(s.provider.captureOrder({ orderId: created.id, requestId: randomUUID() }));
          expect(error).toMatchObject({ issue: 'INSTRUMENT_DECLINED' });
          expect((await s.provider.captureOrder({ orderId: created.id, requestId: randomUUID() })).status).toBe('COMPLETED');
        }),
      );

      it(
        'a capture whose answer never comes is unavailable; the retry with the same request id answers the capture made, one charge',
        emulatorOnly(async (control) => {
          const created = await s.provider.createOrder(order());
          control.approve(created.id);
          control.fault('capture', { kind: 'hang', afterStore: true });
          const before = control.captures().length;
          const error = await rejection((s.variants?.shortTimeout ?? s.provider).captureOrder({ orderId: created.id, requestId: `capture-${created.id}` }));
          expect(isAppError(error) && error.code).toBe('unavailable');
          const retried = await s.provider.captureOrder({ orderId: created.id, requestId: `capture-${created.id}` });
          expect(retried.capture?.status).toBe('COMPLETED');
          expect(control.captures().length - before).toBe(1);
        }),
      );

      it(
        'a 5xx is unavailable',
        emulatorOnly(async (control) => {
          control.fault('create', { kind: 'status', status: 503 });
          const error = await rejection(s.provider.createOrder(order()));
          expect(isAppError(error) && error.code).toBe('unavailable');
        }),
      );

      it(
        'a 5xx on deleting a saved wallet throws unavailable and leaves the wallet; the retry deletes it',
        emulatorOnly(async (control) => {
          const created = await s.provider.createOrder(order());
          control.approve(created.id);
          const vaultId = (await s.provider.captureOrder({ orderId: created.id, requestId: randomUUID() })).vaultId ?? '';
          control.fault('vault-delete', { kind: 'status', status: 503 });
          const error = await rejection(s.provider.deleteVaultToken(vaultId));
          expect(isAppError(error) && error.code).toBe('unavailable');
          expect(control.vaultTokens()).toContain(vaultId);
          expect(await s.provider.deleteVaultToken(vaultId)).toBe('deleted');
          expect(control.vaultTokens()).not.toContain(vaultId);
        }),
      );

      it(
        'a deletion whose answer is lost after PayPal deleted the wallet: the retry answers absent',
        emulatorOnly(async (control) => {
          const created = await s.provider.createOrder(order());
          control.approve(created.id);
          const vaultId = (await s.provider.captureOrder({ orderId: created.id, requestId: randomUUID() })).vaultId ?? '';
          control.fault('vault-delete', { kind: 'hang', afterStore: true });
          const error = await rejection((s.variants?.shortTimeout ?? s.provider).deleteVaultToken(vaultId));
          expect(isAppError(error) && error.code).toBe('unavailable');
          expect(control.vaultTokens()).not.toContain(vaultId);
          expect(await s.provider.deleteVaultToken(vaultId)).toBe('absent');
        }),
      );

      it(
        'the access token is cached, and fetched again after PayPal ends it',
        emulatorOnly(async (control) => {
          await s.provider.getOrder('0ZZZZZZZZZZZZZZZZ');
          const before = control.tokenRequests();
          await s.provider.getOrder('0ZZZZZZZZZZZZZZZZ');
          await s.provider.createOrder(order());
          expect(control.tokenRequests()).toBe(before);
          control.expireTokens();
          await s.provider.createOrder(order());
          expect(control.tokenRequests()).toBe(before + 1);
        }),
      );

      it(
        'wrong app credentials are a clear unavailable error',
        emulatorOnly(async () => {
          const error = await rejection((s.variants?.wrongSecret ?? s.provider).createOrder(order()));
          expect(error).toMatchObject({ code: 'unavailable', reason: 'PAYPAL_CREDENTIALS' });
        }),
      );

      it(
        'webhooks arrive signed and verify; duplicates arrive twice; a tampered body does not verify',
        emulatorOnly(async (control) => {
          const received: { headers: Record<string, string | undefined>; rawBody: string }[] = [];
          const hook = createServer((req, res) => {
            const chunks: Buffer[] = [];
            req.on('data', (c: Buffer) => chunks.push(c));
            req.on('end', () => {
              received.push({ headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])), rawBody: Buffer.concat(chunks).toString('utf8') });
              res.end();
            });
          });
          await new Promise<void>((r) => hook.listen(0, '127.0.0.1', () => r()));
          control.setWebhookUrl(`http://127.0.0.1:${(hook.address() as AddressInfo).port}/paypal/webhook`);
          try {
            control.webhookFault({ eventType: 'PAYMENT.CAPTURE.COMPLETED', duplicate: 1 });
            const created = await s.provider.createOrder(order());
            control.approve(created.id);
            await s.provider.captureOrder({ orderId: created.id, requestId: randomUUID() });
            await control.idle();
            const types = received.map((r) => (JSON.parse(r.rawBody) as { event_type: string }).event_type);
            expect(types).toEqual(['CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.COMPLETED']);
            for (const r of received) expect(await s.provider.verifyWebhook(r)).toBe(true);
            const last = received.at(-1);
            if (!last) throw new Error('no webhook received');
            expect(await s.provider.verifyWebhook({ ...last, rawBody: last.rawBody.replace('"20.00"', '"0.01"') })).toBe(false);
          } finally {
            control.setWebhookUrl(null);
            await new Promise<void>((r) => hook.close(() => r()));
          }
        }),
      );
    });
  });
};
