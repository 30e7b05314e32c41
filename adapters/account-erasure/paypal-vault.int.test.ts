/**
 * Deleting an account deletes its saved PayPal wallet at PayPal (DELETE
 * /v3/vault/payment-tokens/{id}) before the erasure is marked done, on a real SQLite store and
 * read database against the PayPal emulator: a PayPal failure leaves the erasure pending and the
 * next accounts:erase pass finishes it; another user's wallet and billing are left alone.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '@adapters/eventstore-sqlite';
import { createLogger } from '@adapters/logging';
import { createPayPalClient } from '@adapters/paypal';
import { startPayPalEmulator } from '@adapters/paypal-emulator';
import { createProjector } from '@adapters/projections-sqlite';
import { allProjections } from '@adapters/read-models';
import { pendingErasures } from '@adapters/read-models/users';
import { billingDecider, billingStream, customIdFor, PREMIUM_DESCRIPTION, PREMIUM_PRICE, type PaymentProvider } from '@core/billing';
import { handleCommand } from '@core/eventstore/command-handler';
import type { EventStore } from '@core/eventstore/types';
import { userDecider } from '@core/users/decider';
import { userStream } from '@core/users/streams';
import { resumeErasures } from './index';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const now = '2026-11-27T09:00:00.000Z';
const options = () => ({ metadata: { actor: 'test', correlationId: randomUUID(), causationId: null, time: now }, newId: randomUUID });

/** A user who paid with a saved PayPal wallet: answers the wallet's vault id. */
const payingUser = async (store: EventStore, provider: PaymentProvider, approve: (orderId: string) => void, userId: string, username: string): Promise<string> => {
  await handleCommand(store, userStream(userId), userDecider, { type: 'Register', id: userId, username, passwordHash: 'hash', passwordChangeRequired: false, createdBy: null, now }, options());
  const customId = customIdFor(userId, randomUUID());
  const order = await provider.createOrder({ requestId: randomUUID(), ...PREMIUM_PRICE, customId, description: PREMIUM_DESCRIPTION, returnUrl: 'http://x/r', cancelUrl: 'http://x/c', vault: true });
  await handleCommand(store, billingStream(userId), billingDecider, { type: 'CreateOrder', userId, orderId: order.id, customId, ...PREMIUM_PRICE, purpose: 'first', requestId: randomUUID(), now }, options());
  approve(order.id);
  const paid = await provider.captureOrder({ orderId: order.id, requestId: randomUUID() });
  expect(paid.vaultId).not.toBeNull();
  await handleCommand(store, billingStream(userId), billingDecider, { type: 'RecordCapture', orderId: order.id, capture: paid.capture!, vaultId: paid.vaultId, webhookId: null, now }, options());
  return paid.vaultId!;
};

describe('account erasure and the saved PayPal wallet', () => {
  it('deletes the wallet at PayPal before AccountErased; a PayPal failure leaves the erasure pending until the next pass', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'riposte-erasure-vault-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const emulator = await startPayPalEmulator();
    cleanups.push(() => emulator.close());
    const provider = createPayPalClient({ baseUrl: emulator.url, clientId: emulator.clientId, clientSecret: emulator.clientSecret, webhookId: emulator.webhookId, sandbox: true, timeoutMs: 5000 });
    const store = createSqliteEventStore({ path: join(dir, 'events.db'), synchronous: 'NORMAL' });
    const projector = createProjector({ store, path: join(dir, 'read.db'), projections: [...allProjections] });
    await projector.start();
    cleanups.push(async () => {
      await projector.stop();
      await store.close();
    });
    const approve = (id: string) => void emulator.control.approve(id);

    const alice = randomUUID();
    const bob = randomUUID();
    const aliceVault = await payingUser(store, provider, approve, alice, 'alice_vault');
    const bobVault = await payingUser(store, provider, approve, bob, 'bob_vault');
    expect(emulator.control.vaultTokens()).toEqual(expect.arrayContaining([aliceVault, bobVault]));

    const deleted = await handleCommand(store, userStream(alice), userDecider, { type: 'DeleteAccount', now, erase: { streams: [], reservations: [] } }, options());
    await projector.waitFor(deleted.position!);
    const deps = { store, db: () => projector.db, clock: () => new Date(now), payments: provider, logger: createLogger({ level: 'silent' }) };

    // PayPal fails the DELETE: nothing is marked, the wallet is still there, the account stays pending.
    emulator.control.fault('vault-delete', { kind: 'status', status: 503 });
    expect(await resumeErasures(deps)).toBe(0);
    expect(emulator.control.vaultTokens()).toContain(aliceVault);
    expect((await store.readStream(userStream(alice))).map((e) => e.type)).toEqual(['UserRegistered', 'AccountDeleted']);
    expect(pendingErasures(projector.db)).toEqual([alice]);

    // The next pass deletes it and finishes; Bob's wallet and billing are untouched.
    expect(await resumeErasures(deps)).toBe(1);
    expect(emulator.control.vaultTokens()).not.toContain(aliceVault);
    expect(emulator.control.vaultTokens()).toContain(bobVault);
    const aliceBilling = await store.readStream(billingStream(alice));
    expect(aliceBilling.filter((e) => e.type === 'PaymentMethodRemoved').map((e) => e.data)).toEqual([{ vaultId: aliceVault, provider: 'paypal', result: 'deleted', at: now }]);
    expect((await store.readStream(userStream(alice))).map((e) => e.type)).toEqual(['UserRegistered', 'AccountDeleted', 'AccountErased']);
    expect((await store.readStream(billingStream(bob))).map((e) => e.type)).not.toContain('PaymentMethodRemoved');

    // Once more (another process, the read model caught up): nothing to do, nothing recorded twice.
    await projector.waitFor((await store.readAll()).at(-1)!.position);
    expect(pendingErasures(projector.db)).toEqual([]);
    expect(await resumeErasures(deps)).toBe(0);
    expect((await store.readStream(billingStream(alice))).filter((e) => e.type === 'PaymentMethodRemoved')).toHaveLength(1);
  });

  it('counts a wallet PayPal no longer holds (404) as deleted', async () => {
    const emulator = await startPayPalEmulator();
    cleanups.push(() => emulator.close());
    const provider = createPayPalClient({ baseUrl: emulator.url, clientId: emulator.clientId, clientSecret: emulator.clientSecret, webhookId: emulator.webhookId, sandbox: true, timeoutMs: 5000 });
    const order = await provider.createOrder({ requestId: randomUUID(), ...PREMIUM_PRICE, customId: customIdFor(randomUUID(), 'n'), description: PREMIUM_DESCRIPTION, returnUrl: 'http://x/r', cancelUrl: 'http://x/c', vault: true });
    emulator.control.approve(order.id);
    const { vaultId } = await provider.captureOrder({ orderId: order.id, requestId: randomUUID() });
    expect(await provider.deleteVaultToken(vaultId!)).toBe('deleted');
    expect(await provider.deleteVaultToken(vaultId!)).toBe('absent');
    expect(emulator.control.vaultTokens()).toEqual([]);
  });
});
