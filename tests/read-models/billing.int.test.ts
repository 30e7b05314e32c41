// The billing read models on a real SQLite read db, through the real projector: history rows per
// order (paid, failed, refunded), the subscription row, the lookups webhooks use, and the renewal
// list. Rows are the owner's only.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryEventStore } from '@adapters/eventstore-memory';
import { createProjector } from '@adapters/projections-sqlite';
import { billingDecider, billingStream, customIdFor, type BillingCommand } from '@core/billing';
import { handleCommand } from '@core/eventstore/command-handler';
import { billingProjection, dueRenewals, findPayment, findSubscription, listPayments, userIdByCapture, userIdByOrder } from '@adapters/read-models/billing';

const T = '2026-01-31T10:00:00.000Z';

describe('billing read models on SQLite', () => {
  it('records history, the subscription and the lookups, per user', async () => {
    const store = createMemoryEventStore();
    const projector = createProjector({ store, path: ':memory:', projections: [billingProjection] });
    await projector.start();
    let position = null as Awaited<ReturnType<typeof handleCommand>>['position'];
    const run = async (userId: string, command: BillingCommand) => {
      const r = await handleCommand(store, billingStream(userId), billingDecider, command, {
        metadata: { actor: 'test', correlationId: randomUUID(), causationId: null, time: T },
        newId: randomUUID,
      });
      position = r.position ?? position;
    };
    const order = (userId: string, orderId: string, nonce: string): BillingCommand => ({
      type: 'CreateOrder', userId, orderId, customId: customIdFor(userId, nonce), amount: '20.00', currency: 'USD', purpose: 'first', requestId: nonce, now: T,
    });
    const capture = (userId: string, orderId: string, nonce: string, captureId: string, amount = '20.00'): BillingCommand => ({
      type: 'RecordCapture', orderId, vaultId: 'V1', webhookId: null, now: T,
      capture: { id: captureId, status: 'COMPLETED', amount, currency: 'USD', customId: customIdFor(userId, nonce), createTime: T },
    });

    await run('alice', order('alice', 'OA1', 'a1'));
    await run('alice', capture('alice', 'OA1', 'a1', 'CA1'));
    await run('alice', order('alice', 'OA2', 'a2'));
    await run('alice', capture('alice', 'OA2', 'a2', 'CA2', '1.00'));
    await run('bob', order('bob', 'OB1', 'b1'));
    await run('bob', capture('bob', 'OB1', 'b1', 'CB1'));
    await run('bob', { type: 'RecordReversal', captureId: 'CB1', kind: 'chargeback', providerId: 'R1', amount: '20.00', webhookId: 'WH-1', now: T });
    if (position) await projector.waitFor(position);
    const db = projector.db;

    expect(listPayments(db, 'alice').map((p) => [p.orderId, p.status, p.reason])).toEqual([
      ['OA1', 'paid', null],
      ['OA2', 'failed', 'AMOUNT_MISMATCH'],
    ]);
    expect(findPayment(db, 'alice', 'OA1')).toMatchObject({ captureId: 'CA1', amount: '20.00', periodStart: T, periodEnd: '2026-02-28T10:00:00.000Z', paidAt: T });
    expect(findPayment(db, 'bob', 'OA1')).toBeNull();
    expect(findSubscription(db, 'alice')).toEqual({ subscriptionId: 'OA1', status: 'active', periodEnd: '2026-02-28T10:00:00.000Z', renews: true, endedBy: null, disputed: false });
    expect(findSubscription(db, 'bob')).toMatchObject({ status: 'revoked', renews: false, endedBy: 'chargeback' });
    expect(listPayments(db, 'bob')[0]?.status).toBe('charged_back');
    expect(userIdByCapture(db, 'CB1')).toBe('bob');
    expect(userIdByOrder(db, 'OA2')).toBe('alice');
    expect(userIdByCapture(db, 'nope')).toBeNull();
    expect(dueRenewals(db, '2026-02-28T00:00:00.000Z')).toEqual([]);
    expect(dueRenewals(db, '2026-02-28T10:00:00.000Z')).toEqual(['alice']);
    await projector.stop();
  });

  it("drops a deleted account's subscription row (nothing renews it) and keeps its payments", async () => {
    const store = createMemoryEventStore();
    const projector = createProjector({ store, path: ':memory:', projections: [billingProjection] });
    await projector.start();
    const meta = { actor: 'test', correlationId: randomUUID(), causationId: null, time: T };
    for (const userId of ['alice', 'bob']) {
      await handleCommand(store, billingStream(userId), billingDecider, { type: 'CreateOrder', userId, orderId: `O-${userId}`, customId: customIdFor(userId, 'n1'), amount: '20.00', currency: 'USD', purpose: 'first', requestId: 'n1', now: T }, { metadata: meta, newId: randomUUID });
      await handleCommand(store, billingStream(userId), billingDecider, {
        type: 'RecordCapture', orderId: `O-${userId}`, vaultId: 'V1', webhookId: null, now: T,
        capture: { id: `C-${userId}`, status: 'COMPLETED', amount: '20.00', currency: 'USD', customId: customIdFor(userId, 'n1'), createTime: T },
      }, { metadata: meta, newId: randomUUID });
    }
    const { position } = await store.append('user-alice', [{ id: randomUUID(), type: 'AccountDeleted', data: {}, metadata: meta }], 'any');
    await projector.waitFor(position);
    const db = projector.db;
    expect(findSubscription(db, 'alice')).toBeNull();
    expect(findSubscription(db, 'bob')).toMatchObject({ status: 'active' });
    expect(dueRenewals(db, '2026-03-01T00:00:00.000Z')).toEqual(['bob']);
    expect(listPayments(db, 'alice').map((p) => p.status)).toEqual(['paid']);
    expect(userIdByCapture(db, 'C-alice')).toBe('alice');
    await projector.stop();
  });
});
