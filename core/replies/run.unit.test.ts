import { describe, expect, it } from 'vitest';
import { fold } from '@core/shared/decider';
import { replyDecider } from './decide';
import type { ReplyEvent } from './events';
import { REPLY_MESSAGES } from './messages';
import { dispatchStep, followUp, mayBeginPost, notFoundSettlesFrom, runRecordOf } from './run';
import { at, E, run } from './testing/fixtures';

const state = (...events: ReplyEvent[]) => fold(replyDecider, events);

describe('dispatchStep: what a scheduler holding the claim does next', () => {
  it('starts a fresh run, sends a prepared direct reply, hands an assisted one over', () => {
    expect(dispatchStep(state())).toEqual({ step: 'start' });
    expect(dispatchStep(state(E.prepared()))).toEqual({ step: 'send' });
    expect(dispatchStep(state(E.prepared({ mode: 'assisted' })))).toEqual({ step: 'hand_over' });
  });

  it('keeps a reply prepared ahead of its time waiting until the slot, direct or assisted', () => {
    const slot = run().slot;
    const before = new Date(Date.parse(slot) - 1).toISOString();
    expect(dispatchStep(state(E.prepared()), before)).toEqual({ step: 'wait', until: slot });
    expect(dispatchStep(state(E.prepared({ mode: 'assisted' })), before)).toEqual({ step: 'wait', until: slot });
    expect(dispatchStep(state(E.prepared()), slot)).toEqual({ step: 'send' });
    expect(dispatchStep(state(E.prepared({ mode: 'assisted' })), slot)).toEqual({ step: 'hand_over' });
  });

  it('marks a reply left sending unconfirmed: a takeover never posts again', () => {
    expect(dispatchStep(state(E.prepared(), E.sending()))).toEqual({ step: 'mark_unconfirmed', reason: REPLY_MESSAGES.interrupted });
  });

  it('records the run once the reply is settled or handed on, with the template and the group cursor', () => {
    expect(dispatchStep(state(E.prepared({ templateId: 't2', nextTemplateIndex: 2 }), E.sending(), E.sent()))).toEqual({
      step: 'record_run',
      record: { outcome: 'sent', reason: null, templateId: 't2', nextTemplateIndex: 2 },
    });
    expect(dispatchStep(state(E.prepared(), E.sending(), E.unconfirmed('timeout')))).toMatchObject({ record: { outcome: 'unconfirmed', reason: 'timeout' } });
    expect(dispatchStep(state(E.prepared({ mode: 'assisted' }), E.ready()))).toMatchObject({ record: { outcome: 'ready' } });
    expect(dispatchStep(state(E.prepared(), E.sending(), E.rateLimited()))).toMatchObject({ record: { outcome: 'rate_limited' } });
    const skipped: ReplyEvent = { type: 'ReplySkipped', data: { replyId: run().replyId, reason: 'No recent post from @naval', by: 'scheduler', at: at(1), run: run() } };
    expect(runRecordOf(state(skipped))).toEqual({ outcome: 'skipped', reason: 'No recent post from @naval', templateId: null });
    expect(runRecordOf(state(E.prepared(), E.failed('rejected', 'Free trial ended')))).toMatchObject({ outcome: 'failed', reason: 'Free trial ended' });
  });
});

describe('followUp: what the follow-up jobs do with a handed-on reply', () => {
  it('sends again after the rate limit, reconciles unconfirmed, detects or expires ready, leaves the rest', () => {
    const limited = state(E.prepared(), E.sending(), E.rateLimited(at(900)));
    expect(followUp(limited, at(899))).toEqual({ step: 'wait', until: at(900) });
    expect(followUp(limited, at(900))).toEqual({ step: 'send' });
    expect(followUp(state(E.prepared(), E.sending(), E.unconfirmed()), at(5))).toEqual({ step: 'reconcile' });
    const ready = state(E.prepared({ mode: 'assisted' }), E.ready(at(1_000)));
    expect(followUp(ready, at(999))).toEqual({ step: 'detect' });
    expect(followUp(ready, at(1_000))).toEqual({ step: 'expire' });
    expect(followUp(state(E.prepared(), E.sending(), E.sent()), at(5))).toEqual({ step: 'none' });
  });
});

describe('a POST still on its way is never called not posted', () => {
  const window = { callDeadlineMs: 30_000, uploadSteps: 4 };
  const ms = (instant: string) => Date.parse(instant);

  it('keeps the time the POST was recorded as begun through unconfirmed', () => {
    const unconfirmed = state(E.prepared(), E.sending(1, at(2)), E.unconfirmed('interrupted', at(40)));
    expect(unconfirmed).toMatchObject({ status: 'unconfirmed', since: at(2) });
  });

  it('settles not found only after the POST began, ended by its deadline and X had the margin to show it', () => {
    const unconfirmed = state(E.prepared(), E.sending(1, at(2)), E.unconfirmed('interrupted', at(5)));
    if (unconfirmed.status !== 'unconfirmed') throw new Error('expected unconfirmed');
    // Begun within one deadline, answered within another, then the reconcile margin (2 s here).
    expect(notFoundSettlesFrom(unconfirmed, window, 2_000)).toBe(ms(at(2)) + 60_000 + 2_000);
    // An image is uploaded first, in four calls with their own deadlines.
    const withImage = state(E.prepared({ imageUrl: '/api/uploads/a.png' }), E.sending(1, at(2)), E.unconfirmed('interrupted', at(5)));
    if (withImage.status !== 'unconfirmed') throw new Error('expected unconfirmed');
    expect(notFoundSettlesFrom(withImage, window, 2_000)).toBe(ms(at(2)) + 6 * 30_000 + 2_000);
  });

  it('lets a scheduler make the POST only within one deadline of recording it', () => {
    expect(mayBeginPost(at(2), ms(at(2)) + 30_000, window)).toBe(true);
    expect(mayBeginPost(at(2), ms(at(2)) + 30_001, window)).toBe(false);
  });
});

describe('the lateness rule of every step that can send (lateToSend)', () => {
  const grace = 15 * 60_000;
  it('skips a prepared reply found past the grace at its time (a scheduler stopped meanwhile), direct or assisted', () => {
    expect(dispatchStep(state(E.prepared()), at(900), grace)).toEqual({ step: 'send' });
    expect(dispatchStep(state(E.prepared()), at(901), grace)).toEqual({ step: 'skip_late', reason: REPLY_MESSAGES.missedOffline });
    expect(dispatchStep(state(E.prepared({ mode: 'assisted' })), at(1_200), grace)).toEqual({ step: 'skip_late', reason: REPLY_MESSAGES.missedOffline });
  });

  it('skips a held reply once past the grace, or at once when its hold ends past it (a 429 with a long reset)', () => {
    const held = state(E.prepared(), E.sending(), E.rateLimited(at(600)));
    expect(followUp(held, at(599), grace)).toEqual({ step: 'wait', until: at(600) });
    expect(followUp(held, at(600), grace)).toEqual({ step: 'send' });
    expect(followUp(held, at(2_700), grace)).toEqual({ step: 'skip_late', reason: REPLY_MESSAGES.heldTooLate(grace, 'Rate limited by X') });
    const long = state(E.prepared(), E.sending(), E.rateLimited(at(1_020)));
    expect(followUp(long, at(4), grace)).toEqual({ step: 'skip_late', reason: REPLY_MESSAGES.heldTooLate(grace, 'Rate limited by X') });
    expect(dispatchStep(long, at(4), grace)).toEqual({ step: 'skip_late', reason: REPLY_MESSAGES.heldTooLate(grace, 'Rate limited by X') });
    expect(REPLY_MESSAGES.heldTooLate(grace, REPLY_MESSAGES.xAccountBudget(3, grace))).toBe(
      'Not posted: a posting limit held it past the 15 minutes a reply may go out late (X allows an account 3 posts every 15 minutes)',
    );
  });

  it("counts from an auto run's due time when its post was seen after its slot, and from the user's resend", () => {
    const seenLate = state({ ...E.prepared(), data: { ...(E.prepared().data as object), dueAt: at(600) } } as ReplyEvent);
    expect(dispatchStep(seenLate, at(1_400), grace)).toEqual({ step: 'send' });
    const resent = state(E.prepared(), E.failed('failed', REPLY_MESSAGES.notFoundOnX, at(900)), E.requeued('user', at(5_000)));
    expect(followUp(resent, at(5_001), grace)).toEqual({ step: 'send' });
    expect(followUp(resent, at(5_901), grace)).toEqual({ step: 'skip_late', reason: REPLY_MESSAGES.missedOffline });
  });
});
