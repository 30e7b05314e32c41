/**
 * Monthly renewal (billing:renew) against the PayPal emulator through the real adapter: a day
 * before the period ends the saved wallet is charged once (a second process or a retry with the
 * same PayPal-Request-Id charges nothing more), the period moves a calendar month on from the
 * anchor, a cancelled subscription is not charged, and a declined renewal keeps Premium to the
 * period end without renewing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryEventStore } from '@adapters/eventstore-memory';
import { createLogger } from '@adapters/logging';
import { createPayPalClient } from '@adapters/paypal';
import { startPayPalEmulator, type PayPalEmulator } from '@adapters/paypal-emulator';
import { createProjector, type Projector } from '@adapters/projections-sqlite';
import { billingProjection } from '@adapters/read-models/billing';
import { periodEnd } from '@core/billing';
import { handleCommand } from '@core/eventstore/command-handler';
import { loadState } from '@core/eventstore/load-state';
import { userDecider, userStream } from '@core/users';
import { usersProjection } from '@core/users/projection';
import { createBillingService, type BillingService } from './service';

let emulator: PayPalEmulator;
let projector: Projector;
let billing: BillingService;
let now = new Date('2026-01-31T10:00:00.000Z');
const store = createMemoryEventStore();
const ctx = () => ({ actor: 'test', correlationId: randomUUID() });
const loadUser = async (userId: string) => {
  const { state } = await loadState(store, userStream(userId), userDecider);
  return state.status === 'registered' ? state.user : null;
};

beforeAll(async () => {
  // PayPal's clock is the test's: captures are dated when the test says.
  emulator = await startPayPalEmulator({ clock: () => now.getTime() });
  projector = createProjector({ store, path: ':memory:', projections: [usersProjection, billingProjection] });
  await projector.start();
  const provider = createPayPalClient({ baseUrl: emulator.url, clientId: emulator.clientId, clientSecret: emulator.clientSecret, webhookId: emulator.webhookId, sandbox: true });
  billing = createBillingService({ store, provider, db: () => projector.db, clock: () => now, logger: createLogger({ level: 'silent' }) });
});
afterAll(async () => {
  await projector?.stop();
  await emulator?.close();
});
afterEach(() => emulator.control.clearFaults());

/** A registered user who paid for Premium at `now`; answers the user id and the period end. */
const premiumUser = async (): Promise<{ userId: string; end: string }> => {
  const userId = randomUUID();
  const meta = { actor: 'test', correlationId: randomUUID(), causationId: null, time: now.toISOString() };
  await handleCommand(store, userStream(userId), userDecider, { type: 'Register', id: userId, username: `u${userId.slice(0, 8)}`, passwordHash: 'h', passwordChangeRequired: false, createdBy: null, now: now.toISOString() }, { metadata: meta, newId: randomUUID });
  const order = await billing.createOrder(userId, 'http://127.0.0.1:3000', ctx());
  emulator.control.approve(order.id);
  const paid = await billing.capture(userId, order.id, ctx());
  expect(paid.status).toBe('COMPLETED');
  if (paid.position) await projector.waitFor(paid.position);
  return { userId, end: paid.subscriptionEndDate ?? '' };
};

const settle = async () => {
  const all = await store.readAll();
  const last = all.at(-1);
  if (last) await projector.waitFor(last.position);
};

describe('billing:renew', () => {
  it('charges the saved wallet once a day before the period end; the period moves on a calendar month from the anchor', async () => {
    now = new Date('2026-01-31T10:00:00.000Z');
    const { userId, end } = await premiumUser();
    const anchor = (await billing.load(userId)).subscription;
    if (anchor.status !== 'active') throw new Error('not active');
    expect(anchor.anchor).toBe('2026-01-31T10:00:00.000Z');
    expect(end).toBe('2026-02-28T10:00:00.000Z');
    const charges = () => emulator.control.captures().length;
    const before = charges();

    now = new Date(Date.parse(end) - 25 * 3_600_000); // not yet due
    expect(await billing.renewDue()).toBe(0);
    now = new Date(Date.parse(end) - 12 * 3_600_000);
    // Two processes at once: one PayPal-Request-Id, one charge.
    const renewed = await Promise.all([billing.renewDue(), billing.renewDue()]);
    expect(renewed.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(charges() - before).toBe(1);
    await settle();
    const user = await loadUser(userId);
    expect(user?.subscriptionEndDate).toBe('2026-03-31T10:00:00.000Z'); // from the anchor: not Mar 28
    expect(user?.subscriptionEndDate).toBe(periodEnd(anchor.anchor, 2));
    expect(user?.isPremium).toBe(true);
    expect(await billing.renewDue()).toBe(0);
    expect(charges() - before).toBe(1);
  });

  it('does not charge a cancelled subscription', async () => {
    now = new Date('2026-03-15T08:00:00.000Z');
    const { userId, end } = await premiumUser();
    await billing.cancel(userId, ctx());
    await settle();
    const before = emulator.control.captures().length;
    now = new Date(Date.parse(end) - 3_600_000);
    expect(await billing.renewDue()).toBe(0);
    expect(emulator.control.captures().length).toBe(before);
  });

  it('a declined renewal keeps Premium to the period end and stops renewing', async () => {
    now = new Date('2026-05-10T08:00:00.000Z');
    const { userId, end } = await premiumUser();
    emulator.control.fault('charge', { kind: 'decline' });
    now = new Date(Date.parse(end) - 3_600_000);
    expect(await billing.renewDue()).toBe(0);
    await settle();
    const state = await billing.load(userId);
    expect(state.subscription).toMatchObject({ status: 'renewal_failed', periodEnd: end });
    const user = await loadUser(userId);
    expect(user).toMatchObject({ isPremium: true, subscriptionEndDate: end });
    expect(await billing.renewDue()).toBe(0);
  });
});
