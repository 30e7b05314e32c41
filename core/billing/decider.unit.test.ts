import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold } from '@core/shared/decider';
import { deciderSpec } from '@core/shared/testing/given-when-then';
import type { BillingCommand, ProviderCapture, ProviderDispute } from './commands';
import { billingDecider } from './decider';
import type { BillingEvent } from './events';
import { customIdFor } from './ids';
import { entitlement, premiumCommand } from './entitlement';
import { renewalDue } from './renewal';
import type { BillingState } from './state';

const spec = deciderSpec(billingDecider);
const user = 'u1';
const customId = customIdFor(user, 'n1');
const T0 = '2026-01-31T10:00:00.000Z';
const T1 = '2026-01-31T10:05:00.000Z';

const created = (orderId = 'O1', c = customId, purpose: 'first' | 'renewal' = 'first'): BillingEvent => ({
  type: 'OrderCreated',
  data: { userId: user, orderId, customId: c, amount: '20.00', currency: 'USD', purpose, requestId: `req-${orderId}`, at: T0 },
});
const capture = (o: Partial<ProviderCapture> = {}): ProviderCapture => ({
  id: 'C1',
  status: 'COMPLETED',
  amount: '20.00',
  currency: 'USD',
  customId,
  createTime: T1,
  ...o,
});
const record = (o: Partial<ProviderCapture> = {}, extra: Partial<Extract<BillingCommand, { type: 'RecordCapture' }>> = {}): BillingCommand => ({
  type: 'RecordCapture',
  orderId: 'O1',
  capture: capture(o),
  vaultId: 'V1',
  webhookId: null,
  now: '2026-01-31T10:06:00.000Z',
  ...extra,
});
const captured = (o: Partial<Extract<BillingEvent, { type: 'PaymentCaptured' }>['data']> = {}): BillingEvent => ({
  type: 'PaymentCaptured',
  data: {
    orderId: 'O1',
    captureId: 'C1',
    amount: '20.00',
    currency: 'USD',
    vaultId: 'V1',
    subscriptionId: 'O1',
    period: 1,
    anchor: T1,
    periodStart: T1,
    periodEnd: '2026-02-28T10:05:00.000Z',
    webhookId: null,
    at: '2026-01-31T10:06:00.000Z',
    ...o,
  },
});

describe('CreateOrder', () => {
  const create: BillingCommand = { type: 'CreateOrder', userId: user, orderId: 'O1', customId, amount: '20.00', currency: 'USD', purpose: 'first', requestId: 'req-O1', now: T0 };
  it('records the order Riposte created, with what it must be paid with', () => spec.given().when(create).then([created()]));
  it('stays quiet when the same order is recorded again', () => spec.given(created()).when(create).thenNothing());
  it('refuses the same order id with other terms', () => spec.given(created()).when({ ...create, amount: '1.00' }).thenRefuses('conflict'));
});

describe('ApproveOrder', () => {
  const approve: BillingCommand = { type: 'ApproveOrder', orderId: 'O1', payerId: 'P1', webhookId: 'WH-1', now: T1 };
  it('records the approval with the provider ids', () =>
    spec.given(created()).when(approve).then([{ type: 'OrderApproved', data: { orderId: 'O1', payerId: 'P1', webhookId: 'WH-1', at: T1 } }]));
  it('refuses an order Riposte never created', () => spec.given().when(approve).thenRefuses('not_found'));
  it('stays quiet once captured', () => spec.given(created(), captured()).when(approve).thenNothing());
});

describe('RecordCapture', () => {
  it('activates Premium for a calendar month from the capture time (Jan 31 -> Feb 28)', () => {
    const state = spec.given(created()).when(record()).then([captured()]);
    expect(entitlement(state)).toEqual({ kind: 'premium', until: '2026-02-28T10:05:00.000Z', subscriptionId: 'O1' });
  });
  it('refuses a capture of an order Riposte never created for this user', () => spec.given().when(record()).thenRefuses('not_found'));
  it('stays quiet on a second report of the same capture (answer then webhook)', () =>
    spec.given(created(), captured()).when(record({}, { webhookId: 'WH-2' })).thenNothing());
  it('stays quiet on another capture of an order already paid: one order pays one period', () =>
    spec.given(created(), captured()).when(record({ id: 'C2' })).thenNothing());
  it('stays quiet on a PENDING capture (a webhook completes it later)', () => spec.given(created()).when(record({ status: 'PENDING' })).thenNothing());
  it.each([
    [{ status: 'DECLINED' }, 'DECLINED'],
    [{ amount: '2.00' }, 'AMOUNT_MISMATCH'],
    [{ amount: '20.001' }, 'AMOUNT_MISMATCH'],
    [{ currency: 'EUR' }, 'CURRENCY_MISMATCH'],
    [{ customId: customIdFor('u2', 'n1') }, 'CUSTOM_ID_MISMATCH'],
    [{ customId: null }, 'CUSTOM_ID_MISMATCH'],
  ] as [Partial<ProviderCapture>, 'DECLINED' | 'AMOUNT_MISMATCH' | 'CURRENCY_MISMATCH' | 'CUSTOM_ID_MISMATCH'][])('refuses Premium for %o (%s) and records why', (o, reason) => {
    const state = spec.given(created()).when(record(o)).then([
      {
        type: 'CaptureRefused',
        data: { orderId: 'O1', captureId: 'C1', reason, providerStatus: o.status ?? 'COMPLETED', webhookId: null, at: '2026-01-31T10:06:00.000Z' },
      },
    ]);
    expect(entitlement(state).kind).toBe('none');
  });
  it('accepts 20 written as 20.0', () => spec.given(created()).when(record({ amount: '20.0' })).then([captured()]));
  it('renews: a capture while Premium runs adds the next calendar month to the same subscription', () => {
    const renewal = { type: 'RecordCapture' as const, orderId: 'O2', capture: capture({ id: 'C2', customId: customIdFor(user, 'n2'), createTime: '2026-02-27T10:05:00.000Z' }), vaultId: null, webhookId: null, now: '2026-02-27T10:06:00.000Z' };
    spec.given(created(), captured(), created('O2', customIdFor(user, 'n2'), 'renewal')).when(renewal).then([
      captured({
        orderId: 'O2',
        captureId: 'C2',
        period: 2,
        periodStart: '2026-02-28T10:05:00.000Z',
        periodEnd: '2026-03-31T10:05:00.000Z',
        at: '2026-02-27T10:06:00.000Z',
      }),
    ]);
  });
  it('starts a new subscription when paying after the last one ended', () => {
    const again = { type: 'RecordCapture' as const, orderId: 'O2', capture: capture({ id: 'C2', customId: customIdFor(user, 'n2'), createTime: '2026-04-01T00:00:00.000Z' }), vaultId: 'V2', webhookId: null, now: '2026-04-01T00:00:00.000Z' };
    spec.given(created(), captured(), created('O2', customIdFor(user, 'n2'))).when(again).then([
      captured({ orderId: 'O2', captureId: 'C2', vaultId: 'V2', subscriptionId: 'O2', anchor: '2026-04-01T00:00:00.000Z', periodStart: '2026-04-01T00:00:00.000Z', periodEnd: '2026-05-01T00:00:00.000Z', at: '2026-04-01T00:00:00.000Z' }),
    ]);
  });
  it('refuses Premium for a capture already refunded (the refund webhook came first)', () => {
    const early: BillingEvent = { type: 'PaymentReversed', data: { orderId: null, captureId: 'C1', kind: 'refund', providerId: 'R1', amount: '20.00', revokedSubscriptionId: null, webhookId: 'WH-9', at: T1 } };
    const state = spec.given(created(), early).when(record()).then([
      { type: 'CaptureRefused', data: { orderId: 'O1', captureId: 'C1', reason: 'REVERSED', providerStatus: 'COMPLETED', webhookId: null, at: '2026-01-31T10:06:00.000Z' } },
    ]);
    expect(entitlement(state).kind).toBe('none');
  });
});

describe('CancelSubscription', () => {
  const cancel: BillingCommand = { type: 'CancelSubscription', now: '2026-02-10T00:00:00.000Z' };
  it('keeps Premium to the period end and stops renewals', () => {
    const state = spec.given(created(), captured()).when(cancel).then([
      { type: 'SubscriptionCancelled', data: { subscriptionId: 'O1', activeUntil: '2026-02-28T10:05:00.000Z', at: '2026-02-10T00:00:00.000Z' } },
    ]);
    expect(entitlement(state)).toEqual({ kind: 'premium', until: '2026-02-28T10:05:00.000Z', subscriptionId: 'O1' });
    expect(renewalDue(state, '2026-02-28T00:00:00.000Z')).toBeNull();
  });
  it('refuses without a subscription', () => spec.given(created()).when(cancel).thenRefuses('conflict'));
  it('refuses once the period is over', () => spec.given(created(), captured()).when({ ...cancel, now: '2026-03-01T00:00:00.000Z' }).thenRefuses('conflict'));
  it('stays quiet when already cancelled', () =>
    spec.given(created(), captured(), { type: 'SubscriptionCancelled', data: { subscriptionId: 'O1', activeUntil: '2026-02-28T10:05:00.000Z', at: T1 } }).when(cancel).thenNothing());
});

describe('RecordRenewalFailure', () => {
  const fail: BillingCommand = { type: 'RecordRenewalFailure', orderId: null, reason: 'INSTRUMENT_DECLINED', now: '2026-02-27T11:00:00.000Z' };
  it('keeps Premium to the period end and stops renewals', () => {
    const state = spec.given(created(), captured()).when(fail).then([
      { type: 'RenewalFailed', data: { subscriptionId: 'O1', orderId: null, reason: 'INSTRUMENT_DECLINED', activeUntil: '2026-02-28T10:05:00.000Z', at: '2026-02-27T11:00:00.000Z' } },
    ]);
    expect(entitlement(state).kind).toBe('premium');
    expect(renewalDue(state, '2026-02-28T00:00:00.000Z')).toBeNull();
  });
  it('stays quiet without an active subscription', () => spec.given(created()).when(fail).thenNothing());
});

describe('RecordReversal', () => {
  const refund: BillingCommand = { type: 'RecordReversal', captureId: 'C1', kind: 'refund', providerId: 'R1', amount: '20.00', webhookId: 'WH-5', now: '2026-02-05T00:00:00.000Z' };
  it('ends Premium at once when the capture paying the subscription is refunded', () => {
    const state = spec.given(created(), captured()).when(refund).then([
      { type: 'PaymentReversed', data: { orderId: 'O1', captureId: 'C1', kind: 'refund', providerId: 'R1', amount: '20.00', revokedSubscriptionId: 'O1', webhookId: 'WH-5', at: '2026-02-05T00:00:00.000Z' } },
    ]);
    expect(entitlement(state)).toEqual({ kind: 'revoked', subscriptionId: 'O1' });
    expect(premiumCommand({ isPremium: true, subscriptionId: 'O1', subscriptionEndDate: '2026-02-28T10:05:00.000Z' }, state, '2026-02-05T00:00:01.000Z')).toEqual({
      type: 'EndPremium',
      reason: 'refunded',
      now: '2026-02-05T00:00:01.000Z',
    });
  });
  it('a chargeback does the same', () => {
    const state = spec.given(created(), captured()).when({ ...refund, kind: 'chargeback' }).then([
      { type: 'PaymentReversed', data: { orderId: 'O1', captureId: 'C1', kind: 'chargeback', providerId: 'R1', amount: '20.00', revokedSubscriptionId: 'O1', webhookId: 'WH-5', at: '2026-02-05T00:00:00.000Z' } },
    ]);
    expect(entitlement(state).kind).toBe('revoked');
  });
  it('stays quiet on a replayed reversal', () =>
    spec.given(created(), captured(), { type: 'PaymentReversed', data: { orderId: 'O1', captureId: 'C1', kind: 'refund', providerId: 'R1', amount: '20.00', revokedSubscriptionId: 'O1', webhookId: 'WH-5', at: T1 } })
      .when({ ...refund, webhookId: 'WH-6' })
      .thenNothing());
});

describe('premiumCommand (billing drives the user stream)', () => {
  const state = fold(billingDecider, [created(), captured()]);
  it('activates Premium until the period end', () =>
    expect(premiumCommand({ isPremium: false, subscriptionId: null, subscriptionEndDate: null }, state, T1)).toEqual({
      type: 'ActivatePremium',
      until: '2026-02-28T10:05:00.000Z',
      subscriptionId: 'O1',
      now: T1,
    }));
  it('says nothing once the user agrees', () =>
    expect(premiumCommand({ isPremium: true, subscriptionId: 'O1', subscriptionEndDate: '2026-02-28T10:05:00.000Z' }, state, T1)).toBeNull());
  it('says nothing after the period ended (the clock ends Premium)', () =>
    expect(premiumCommand({ isPremium: false, subscriptionId: null, subscriptionEndDate: null }, state, '2026-03-01T00:00:00.000Z')).toBeNull());
});

describe('renewalDue', () => {
  const state = fold(billingDecider, [created(), captured()]);
  it('is due from a day before the period end, with a request id fixed by subscription and period', () => {
    expect(renewalDue(state, '2026-02-27T10:04:59.000Z')).toBeNull();
    expect(renewalDue(state, '2026-02-27T10:05:00.000Z')).toEqual({ subscriptionId: 'O1', vaultId: 'V1', period: 2, requestId: 'renew-O1-2' });
    expect(renewalDue(state, '2026-02-28T10:05:00.000Z')).toBeNull();
  });
});

describe('properties: no double activation', () => {
  // Two orders (first payment, then a renewal while Premium runs), each reported by the capture
  // answer and by webhooks, any number of times and in any order; plus refusals that never pay.
  const orderA = created('OA', customIdFor(user, 'a'));
  const orderB = created('OB', customIdFor(user, 'b'), 'renewal');
  const reportA = (webhookId: string | null, capId = 'CA'): BillingCommand => ({
    type: 'RecordCapture',
    orderId: 'OA',
    capture: capture({ id: capId, customId: customIdFor(user, 'a'), createTime: '2026-01-31T10:05:00.000Z' }),
    vaultId: 'V1',
    webhookId,
    now: '2026-01-31T10:06:00.000Z',
  });
  const reportB = (webhookId: string | null): BillingCommand => ({
    type: 'RecordCapture',
    orderId: 'OB',
    capture: capture({ id: 'CB', customId: customIdFor(user, 'b'), createTime: '2026-02-20T10:05:00.000Z' }),
    vaultId: null,
    webhookId,
    now: '2026-02-20T10:06:00.000Z',
  });
  const tampered: BillingCommand = { type: 'RecordCapture', orderId: 'OA', capture: capture({ id: 'CX', amount: '0.01', customId: customIdFor(user, 'a') }), vaultId: null, webhookId: null, now: T1 };
  const approveA: BillingCommand = { type: 'ApproveOrder', orderId: 'OA', payerId: 'P', webhookId: 'WH-A', now: T1 };

  const run = (commands: readonly BillingCommand[]) => {
    const events: BillingEvent[] = [];
    let state: BillingState = fold(billingDecider, [orderA, orderB]);
    for (const c of commands) {
      const out = billingDecider.decide(c, state);
      events.push(...out);
      state = out.reduce(billingDecider.evolve, state);
    }
    return { events, state };
  };

  const deliveries = fc.array(
    fc.oneof(
      fc.constant(reportA(null)),
      fc.constantFrom('WH-1', 'WH-2', 'WH-3').map((w) => reportA(w)),
      fc.constant(reportA(null, 'CA2')),
      fc.constant(tampered),
      fc.constant(approveA),
    ),
    { minLength: 1, maxLength: 12 },
  );

  it('one order, any sequence of duplicate, reordered or tampered reports: at most one PaymentCaptured, one month', () => {
    fc.assert(
      fc.property(deliveries, (commands) => {
        const { events, state } = run(commands);
        const paid = events.filter((e) => e.type === 'PaymentCaptured');
        expect(paid.length).toBeLessThanOrEqual(1);
        const e = entitlement(state);
        if (paid.length === 1) expect(e).toEqual({ kind: 'premium', until: '2026-02-28T10:05:00.000Z', subscriptionId: 'OA' });
        else expect(e.kind).toBe('none');
      }),
    );
  });

  it('two orders in any order with duplicates: two months once both are in, never more', () => {
    const both = fc.shuffledSubarray(
      [reportA(null), reportA('WH-1'), reportA('WH-1'), reportB(null), reportB('WH-2'), reportB('WH-2'), reportA(null), reportB(null)],
      { minLength: 8, maxLength: 8 },
    );
    fc.assert(
      fc.property(both, (commands) => {
        const { events, state } = run(commands);
        const paid = events.filter((e) => e.type === 'PaymentCaptured');
        expect(paid.map((e) => e.data.orderId).sort()).toEqual(['OA', 'OB']);
        const sub = state.subscription;
        // Whichever came first: B paid while A's month ran only if A came first; else B started it.
        if (sub.status === 'active') expect(sub.periods).toBeLessThanOrEqual(2);
        expect(new Set(paid.map((e) => e.data.captureId)).size).toBe(2);
      }),
    );
  });

  it('a refund in any position relative to the capture reports leaves no Premium', () => {
    const refund: BillingCommand = { type: 'RecordReversal', captureId: 'CA', kind: 'refund', providerId: 'R1', amount: '20.00', webhookId: 'WH-R', now: '2026-02-01T00:00:00.000Z' };
    const seqs = fc.shuffledSubarray([reportA(null), reportA('WH-1'), refund, { ...refund }], { minLength: 4, maxLength: 4 });
    fc.assert(
      fc.property(seqs, (commands) => {
        const { events, state } = run(commands);
        expect(events.filter((e) => e.type === 'PaymentReversed')).toHaveLength(1);
        expect(entitlement(state).kind).not.toBe('premium');
      }),
    );
  });
});

describe('RecordDecline', () => {
  const decline: BillingCommand = { type: 'RecordDecline', orderId: 'O1', issue: 'INSTRUMENT_DECLINED', now: T1 };
  it('records the refused attempt (the next capture gets a new request id)', () => {
    const state = spec.given(created()).when(decline).then([
      { type: 'CaptureRefused', data: { orderId: 'O1', captureId: null, reason: 'DECLINED', providerStatus: 'INSTRUMENT_DECLINED', webhookId: null, at: T1 } },
    ]);
    expect(state.orders.O1?.attempts).toBe(1);
  });
  it('refuses an unknown order', () => spec.given().when(decline).thenRefuses('not_found'));
  it('stays quiet once captured', () => spec.given(created(), captured()).when(decline).thenNothing());
});

describe('RecordDispute', () => {
  const D0 = '2026-02-03T10:00:00.000Z';
  const providerDispute = (o: Partial<ProviderDispute> = {}): ProviderDispute => ({
    id: 'D1',
    captureId: 'C1',
    status: 'OPEN',
    reason: 'UNAUTHORISED',
    stage: 'INQUIRY',
    amount: '20.00',
    outcomeCode: null,
    updatedAt: D0,
    ...o,
  });
  const dispute = (o: Partial<ProviderDispute> = {}, webhookId: string | null = 'WH-D1'): BillingCommand => ({ type: 'RecordDispute', dispute: providerDispute(o), webhookId, now: '2026-02-03T10:01:00.000Z' });
  const opened: BillingEvent = {
    type: 'DisputeOpened',
    data: { disputeId: 'D1', captureId: 'C1', orderId: 'O1', reason: 'UNAUTHORISED', status: 'OPEN', stage: 'INQUIRY', amount: '20.00', updatedAt: D0, webhookId: 'WH-D1', at: '2026-02-03T10:01:00.000Z' },
  };
  const resolvedAt = '2026-02-20T10:00:00.000Z';
  const resolve = (outcomeCode: string) => dispute({ status: 'RESOLVED', outcomeCode, updatedAt: resolvedAt }, 'WH-D3');

  it('created: flags the payment, keeps Premium and holds renewals', () => {
    const state = spec.given(created(), captured()).when(dispute()).then([opened]);
    expect(entitlement(state).kind).toBe('premium');
    expect(renewalDue(state, '2026-02-28T00:00:00.000Z')).toBeNull();
  });
  it('updated: records a newer status or stage', () =>
    spec.given(created(), captured(), opened).when(dispute({ status: 'UNDER_REVIEW', stage: 'CHARGEBACK', updatedAt: '2026-02-05T10:00:00.000Z' }, 'WH-D2')).then([
      { type: 'DisputeUpdated', data: { disputeId: 'D1', status: 'UNDER_REVIEW', stage: 'CHARGEBACK', updatedAt: '2026-02-05T10:00:00.000Z', webhookId: 'WH-D2', at: '2026-02-03T10:01:00.000Z' } },
    ]));
  it('stays quiet on a replayed or an older report', () => {
    spec.given(created(), captured(), opened).when(dispute()).thenNothing();
    spec.given(created(), captured(), opened).when(dispute({ status: 'WAITING_FOR_SELLER_RESPONSE', updatedAt: '2026-02-02T10:00:00.000Z' }, 'WH-OLD')).thenNothing();
  });
  it('resolved for the payer: revokes Premium like a refund; renewals stay stopped', () => {
    const state = spec.given(created(), captured(), opened).when(resolve('RESOLVED_BUYER_FAVOUR')).then([
      { type: 'DisputeResolved', data: { disputeId: 'D1', captureId: 'C1', outcome: 'buyer', outcomeCode: 'RESOLVED_BUYER_FAVOUR', updatedAt: resolvedAt, webhookId: 'WH-D3', at: '2026-02-03T10:01:00.000Z' } },
      { type: 'PaymentReversed', data: { orderId: 'O1', captureId: 'C1', kind: 'dispute', providerId: 'D1', amount: '20.00', revokedSubscriptionId: 'O1', webhookId: 'WH-D3', at: '2026-02-03T10:01:00.000Z' } },
    ]);
    expect(entitlement(state)).toEqual({ kind: 'revoked', subscriptionId: 'O1' });
  });
  it('resolved for Riposte: nothing changes but the flag; renewals resume', () => {
    const state = spec.given(created(), captured(), opened).when(resolve('RESOLVED_SELLER_FAVOUR')).then([
      { type: 'DisputeResolved', data: { disputeId: 'D1', captureId: 'C1', outcome: 'seller', outcomeCode: 'RESOLVED_SELLER_FAVOUR', updatedAt: resolvedAt, webhookId: 'WH-D3', at: '2026-02-03T10:01:00.000Z' } },
    ]);
    expect(entitlement(state).kind).toBe('premium');
    expect(renewalDue(state, '2026-02-28T00:00:00.000Z')).not.toBeNull();
  });
  it('resolved for the payer after the refund already ended Premium: the dispute closes, nothing is revoked twice', () => {
    const refunded: BillingEvent = { type: 'PaymentReversed', data: { orderId: 'O1', captureId: 'C1', kind: 'refund', providerId: 'R1', amount: '20.00', revokedSubscriptionId: 'O1', webhookId: 'WH-R', at: T1 } };
    spec.given(created(), captured(), opened, refunded).when(resolve('ACCEPTED')).then([
      { type: 'DisputeResolved', data: { disputeId: 'D1', captureId: 'C1', outcome: 'buyer', outcomeCode: 'ACCEPTED', updatedAt: resolvedAt, webhookId: 'WH-D3', at: '2026-02-03T10:01:00.000Z' } },
    ]);
  });
  it('stays quiet once decided (a late update or a second resolution)', () => {
    const decided: BillingEvent = { type: 'DisputeResolved', data: { disputeId: 'D1', captureId: 'C1', outcome: 'seller', outcomeCode: 'RESOLVED_SELLER_FAVOUR', updatedAt: resolvedAt, webhookId: 'WH-D3', at: T1 } };
    spec.given(created(), captured(), opened, decided).when(dispute({ status: 'UNDER_REVIEW', updatedAt: '2026-02-10T10:00:00.000Z' }, 'WH-LATE')).thenNothing();
    spec.given(created(), captured(), opened, decided).when(dispute({ status: 'RESOLVED', outcomeCode: 'RESOLVED_BUYER_FAVOUR', updatedAt: resolvedAt }, 'WH-D4')).thenNothing();
  });
});

describe('properties: disputes never double-activate or double-revoke', () => {
  const capA = (webhookId: string | null): BillingCommand => ({ type: 'RecordCapture', orderId: 'O1', capture: capture(), vaultId: 'V1', webhookId, now: '2026-01-31T10:06:00.000Z' });
  const disputeCmd = (status: string, outcomeCode: string | null, updatedAt: string, webhookId: string): BillingCommand => ({
    type: 'RecordDispute',
    dispute: { id: 'D1', captureId: 'C1', status, reason: 'UNAUTHORISED', stage: 'CHARGEBACK', amount: '20.00', outcomeCode, updatedAt },
    webhookId,
    now: '2026-02-03T10:01:00.000Z',
  });
  const open = disputeCmd('OPEN', null, '2026-02-03T10:00:00.000Z', 'WH-D1');
  const review = disputeCmd('UNDER_REVIEW', null, '2026-02-05T10:00:00.000Z', 'WH-D2');
  const forBuyer = disputeCmd('RESOLVED', 'RESOLVED_BUYER_FAVOUR', '2026-02-20T10:00:00.000Z', 'WH-D3');
  const forSeller = disputeCmd('RESOLVED', 'RESOLVED_SELLER_FAVOUR', '2026-02-20T10:00:00.000Z', 'WH-D3');
  const chargeback: BillingCommand = { type: 'RecordReversal', captureId: 'C1', kind: 'chargeback', providerId: 'R1', amount: '20.00', webhookId: 'WH-R', now: '2026-02-20T11:00:00.000Z' };

  const run = (commands: readonly BillingCommand[]) => {
    const events: BillingEvent[] = [];
    let state: BillingState = fold(billingDecider, [created()]);
    for (const c of commands) {
      const out = billingDecider.decide(c, state);
      events.push(...out);
      state = out.reduce(billingDecider.evolve, state);
    }
    return { events, state };
  };
  const withCopies = (items: BillingCommand[]) => fc.shuffledSubarray([...items, ...items], { minLength: items.length * 2, maxLength: items.length * 2 });

  it('decided for the payer, in any order with duplicates and a chargeback: at most one activation, one revocation, no Premium left', () => {
    fc.assert(
      fc.property(withCopies([capA(null), capA('WH-C'), open, review, forBuyer, chargeback]), (commands) => {
        const { events, state } = run(commands);
        expect(events.filter((e) => e.type === 'PaymentCaptured').length).toBeLessThanOrEqual(1);
        expect(events.filter((e) => e.type === 'PaymentReversed')).toHaveLength(1);
        expect(events.filter((e) => e.type === 'PaymentReversed' && e.data.revokedSubscriptionId !== null).length).toBeLessThanOrEqual(1);
        expect(events.filter((e) => e.type === 'DisputeResolved')).toHaveLength(1);
        expect(entitlement(state).kind).not.toBe('premium');
      }),
    );
  });

  it('decided for Riposte, in any order with duplicates: one activation, never a revocation, Premium and renewals stand', () => {
    fc.assert(
      fc.property(withCopies([capA(null), capA('WH-C'), open, review, forSeller]), (commands) => {
        const { events, state } = run(commands);
        expect(events.filter((e) => e.type === 'PaymentCaptured')).toHaveLength(1);
        expect(events.filter((e) => e.type === 'PaymentReversed')).toHaveLength(0);
        expect(entitlement(state).kind).toBe('premium');
        expect(renewalDue(state, '2026-02-28T00:00:00.000Z')).not.toBeNull();
      }),
    );
  });
});
