// Given/when/then for RecordPaymentMethodRemoved: the saved wallet leaves the state (no renewal
// charges it), once; a vault id the user never saved records nothing.
import { describe, expect, it } from 'vitest';
import { billingDecider } from './decider';
import type { BillingEvent } from './events';

const at = '2026-11-01T10:00:00.000Z';
const given = (events: BillingEvent[]) => events.reduce(billingDecider.evolve, billingDecider.initialState());
const paid: BillingEvent[] = [
  { type: 'OrderCreated', data: { userId: 'u1', orderId: 'O1', customId: 'rp1.u1.n', amount: '20.00', currency: 'USD', purpose: 'first', requestId: 'r1', at } },
  {
    type: 'PaymentCaptured',
    data: { orderId: 'O1', captureId: 'C1', amount: '20.00', currency: 'USD', vaultId: 'V1', subscriptionId: 'S1', period: 1, anchor: at, periodStart: at, periodEnd: '2026-12-01T10:00:00.000Z', webhookId: null, at },
  },
];

describe('RecordPaymentMethodRemoved', () => {
  it('records the removal of the saved wallet once and forgets it', () => {
    const state = given(paid);
    expect(state.vaults).toEqual(['V1']);
    const events = billingDecider.decide({ type: 'RecordPaymentMethodRemoved', vaultId: 'V1', result: 'absent', now: at }, state);
    expect(events).toEqual([{ type: 'PaymentMethodRemoved', data: { vaultId: 'V1', provider: 'paypal', result: 'absent', at } }]);
    const after = given([...paid, ...events]);
    expect(after.vaults).toEqual([]);
    expect(after.subscription).toMatchObject({ status: 'active', vaultId: null });
    expect(billingDecider.decide({ type: 'RecordPaymentMethodRemoved', vaultId: 'V1', result: 'deleted', now: at }, after)).toEqual([]);
  });

  it('records nothing for a wallet the user never saved', () => {
    expect(billingDecider.decide({ type: 'RecordPaymentMethodRemoved', vaultId: 'OTHER', result: 'deleted', now: at }, given(paid))).toEqual([]);
  });
});
