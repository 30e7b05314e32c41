import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@core/shared/testing/given-when-then';
import { X_SENDING_PROBE_EVERY_MS } from '@core/x-sending';
import { replyDecider } from './decide';
import { REPLY_MESSAGES } from './messages';
import type { ReplyCommand } from './commands';
import { at, E, outcome, prepared, run } from './testing/fixtures';

const spec = deciderSpec(replyDecider);
const replyId = run().replyId;
const handover = { intentUrl: 'https://x.com/intent/post?in_reply_to=1&text=Hi', expiresAt: at(86_400) };

describe('SkipRun', () => {
  const skip: ReplyCommand = { type: 'SkipRun', run: run(), reason: REPLY_MESSAGES.missedOffline, now: at(1) };

  it('emits ReplySkipped carrying the run, for a run that ends before anything is prepared', () => {
    const state = spec.given().when(skip).then([{ type: 'ReplySkipped', data: { replyId, reason: REPLY_MESSAGES.missedOffline, by: 'scheduler', at: at(1), run: run() } }]);
    expect(state).toMatchObject({ status: 'skipped', prepared: null });
  });

  it('stays quiet once the run was decided (a takeover, a retry)', () => {
    spec.given(E.prepared()).when(skip).thenNothing();
  });
});

describe('CancelRun', () => {
  const cancel: ReplyCommand = { type: 'CancelRun', reason: REPLY_MESSAGES.scheduleDeleted, now: at(2) };

  it('ends a prepared reply skipped with the reason, before anything reaches X (waiting or held by a limit)', () => {
    const expected = [{ type: 'ReplySkipped', data: { replyId, reason: REPLY_MESSAGES.scheduleDeleted, by: 'scheduler', at: at(2), run: null } }] as const;
    const state = spec.given(E.prepared()).when(cancel).then([...expected]);
    expect(state).toMatchObject({ status: 'skipped', reason: REPLY_MESSAGES.scheduleDeleted, prepared: { text: 'Great point!' } });
    spec.given(E.prepared(), E.rateLimited()).when(cancel).then([...expected]);
  });

  it('changes nothing once the send started, or the reply is settled, or there is none', () => {
    spec.given(E.prepared(), E.sending()).when(cancel).thenNothing();
    spec.given(E.prepared(), E.sending(), E.sent()).when(cancel).thenNothing();
    spec.given(E.prepared(), E.ready()).when(cancel).thenNothing();
    spec.given(E.prepared(), E.failed()).when(cancel).thenNothing();
    spec.given().when(cancel).thenNothing();
  });
});

describe('Prepare', () => {
  const prepare = (o = {}): ReplyCommand => ({ type: 'Prepare', run: run(), prepared: prepared(o), now: at(1) });

  it('emits ReplyPrepared with the run and what preparation decided', () => {
    const state = spec.given().when(prepare()).then([E.prepared()]);
    expect(state).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('refuses an empty text', () => {
    spec.given().when(prepare({ text: ' ' })).thenRefuses('internal');
  });

  it('stays quiet when already prepared: the first preparation stands', () => {
    spec.given(E.prepared()).when(prepare({ text: 'Another' })).thenNothing();
  });
});

describe('Refuse', () => {
  const refuse = (o: Partial<Extract<ReplyCommand, { type: 'Refuse' }>> = {}): ReplyCommand => ({ type: 'Refuse', status: 'rejected', message: REPLY_MESSAGES.trialEnded, now: at(3), ...o });

  it("emits ReplyFailed for a prepared reply, or for a run refused up front (the trial is over: 'Free trial ended')", () => {
    spec.given(E.prepared()).when(refuse()).then([E.failed('rejected', REPLY_MESSAGES.trialEnded)]);
    spec
      .given()
      .when(refuse({ run: run() }))
      .then([{ type: 'ReplyFailed', data: { replyId, status: 'rejected', message: REPLY_MESSAGES.trialEnded, at: at(3), run: run() } }]);
  });

  it('refuses once the reply is in X’s hands or the user’s, and without a run when nothing exists', () => {
    expect(spec.given(E.prepared(), E.sending()).when(refuse()).thenRefuses('conflict').reason).toBe('REPLY_IN_FLIGHT');
    spec.given(E.prepared(), E.ready()).when(refuse()).thenRefuses('conflict');
    spec.given().when(refuse()).thenRefuses('not_found');
  });

  it('stays quiet for a settled reply', () => {
    spec.given(E.prepared(), E.sending(), E.sent()).when(refuse()).thenNothing();
    spec.given(E.prepared(), E.failed()).when(refuse()).thenNothing();
  });
});

describe('HoldForLimit', () => {
  const hold: ReplyCommand = { type: 'HoldForLimit', retryAt: at(900), message: REPLY_MESSAGES.hourlyCap(50), now: at(2) };

  it('emits ReplyRateLimited until retryAt', () => {
    spec.given(E.prepared()).when(hold).then([{ type: 'ReplyRateLimited', data: { replyId, retryAt: at(900), message: REPLY_MESSAGES.hourlyCap(50), at: at(2) } }]);
  });

  it('refuses a reply being sent', () => {
    spec.given(E.prepared(), E.sending()).when(hold).thenRefuses('conflict');
  });

  it('stays quiet when already held until that time', () => {
    spec.given(E.prepared(), E.rateLimited(at(900))).when(hold).thenNothing();
  });
});

describe('StartSending', () => {
  const start = (now = at(2)): ReplyCommand => ({ type: 'StartSending', now });

  it('emits ReplySending (attempt 1) for a prepared direct reply, and the next attempt after a rate limit has reset', () => {
    spec.given(E.prepared()).when(start()).then([E.sending(1)]);
    spec.given(E.prepared(), E.sending(1), E.rateLimited(at(900))).when(start(at(900))).then([E.sending(2, at(900))]);
  });

  it('refuses a second send whoever asks: sending, unconfirmed or sent are never sent again', () => {
    expect(spec.given(E.prepared(), E.sending()).when(start()).thenRefuses('conflict', REPLY_MESSAGES.sendStarted).reason).toBe('REPLY_SEND_STARTED');
    spec.given(E.prepared(), E.sending(), E.unconfirmed()).when(start(at(5_000))).thenRefuses('conflict', REPLY_MESSAGES.sendStarted);
    spec.given(E.prepared(), E.sending(), E.sent()).when(start()).thenRefuses('conflict', REPLY_MESSAGES.sendStarted);
  });

  it('refuses before the rate limit resets, an assisted reply, a settled one and a missing one', () => {
    expect(spec.given(E.prepared(), E.sending(), E.rateLimited(at(900))).when(start(at(899))).thenRefuses('conflict').reason).toBe('REPLY_WAITING');
    expect(spec.given(E.prepared({ mode: 'assisted' })).when(start()).thenRefuses('conflict').reason).toBe('REPLY_ASSISTED');
    spec.given(E.prepared(), E.failed()).when(start()).thenRefuses('conflict');
    spec.given().when(start()).thenRefuses('not_found');
  });
});

describe('RecordOutcome', () => {
  const record = (o = outcome.sent(), fallback?: typeof handover): ReplyCommand => ({ type: 'RecordOutcome', outcome: o, now: at(3), ...(fallback ? { fallback } : {}) });
  const sending = [E.prepared(), E.sending()];

  it('emits sent, unconfirmed, rate limited (with X’s reset) or the classified failure', () => {
    spec.given(...sending).when(record()).then([E.sent()]);
    spec.given(...sending).when(record(outcome.unknown())).then([E.unconfirmed(outcome.unknown().message)]);
    spec
      .given(...sending)
      .when(record(outcome.rateLimited(at(600))))
      .then([{ type: 'ReplyRateLimited', data: { replyId, retryAt: at(600), message: 'Rate limited by X', at: at(3) } }]);
    spec.given(...sending).when(record(outcome.authFailed())).then([E.failed('failed', outcome.authFailed().message)]);
    spec.given(...sending).when(record(outcome.duplicate())).then([E.failed('duplicate', 'X refused a duplicate')]);
    spec.given(...sending).when(record(outcome.transient())).then([E.failed('failed', outcome.transient().message)]);
  });

  it('turns a 403 not summoned into assisted delivery when a fallback is given, else into not_summoned', () => {
    spec
      .given(...sending)
      .when(record(outcome.notSummoned(), handover))
      .then([{ type: 'ReplyReady', data: { replyId, ...handover, reason: 'reply not allowed', at: at(3) } }]);
    spec.given(...sending).when(record(outcome.notSummoned())).then([E.failed('not_summoned', 'reply not allowed')]);
  });

  it('holds the reply (rate limited until the next probe) when X refuses the app itself: credits used up, keys not enrolled', () => {
    for (const kind of ['credits_depleted', 'client_not_enrolled'] as const) {
      const refused = { kind, status: 'rate_limited' as const, next: 'after_reset' as const, message: `X refused the app (${kind})`, httpStatus: kind === 'credits_depleted' ? 402 : 403 };
      spec
        .given(...sending)
        .when(record(refused))
        .then([{ type: 'ReplyRateLimited', data: { replyId, retryAt: at(3 + X_SENDING_PROBE_EVERY_MS / 1000), message: refused.message, at: at(3) } }]);
    }
  });

  it('settles an unconfirmed reply when X’s late answer arrives', () => {
    spec.given(...sending, E.unconfirmed()).when(record()).then([E.sent()]);
  });

  it('refuses an answer for a reply whose POST never began', () => {
    expect(spec.given(E.prepared()).when(record()).thenRefuses('conflict').reason).toBe('REPLY_NOT_SENDING');
  });

  it('stays quiet for a sent reply and for an unknown answer to an unconfirmed one', () => {
    spec.given(...sending, E.sent()).when(record(outcome.sent('other'))).thenNothing();
    spec.given(...sending, E.unconfirmed()).when(record(outcome.unknown())).thenNothing();
  });
});

describe('MarkUnconfirmed', () => {
  const mark: ReplyCommand = { type: 'MarkUnconfirmed', reason: REPLY_MESSAGES.interrupted, now: at(400) };

  it('emits ReplyUnconfirmed for a reply left sending (a crash after the record)', () => {
    spec.given(E.prepared(), E.sending()).when(mark).then([E.unconfirmed(REPLY_MESSAGES.interrupted, at(400))]);
  });

  it('refuses a reply whose POST never began', () => {
    spec.given(E.prepared()).when(mark).thenRefuses('conflict');
  });

  it('stays quiet once unconfirmed or settled', () => {
    spec.given(E.prepared(), E.sending(), E.unconfirmed()).when(mark).thenNothing();
    spec.given(E.prepared(), E.sending(), E.sent()).when(mark).thenNothing();
  });
});

describe('Settle', () => {
  const settle = (found: { replyPostId: string } | null): ReplyCommand => ({ type: 'Settle', found, now: at(600) });
  const unconfirmed = [E.prepared(), E.sending(), E.unconfirmed()];

  it('emits sent (detected) when the reply is found on X; when it is not, it is sent again while the run is on time', () => {
    spec.given(...unconfirmed).when(settle({ replyPostId: '77' })).then([E.sent('77', 'detected', at(600))]);
    const state = spec.given(...unconfirmed).when(settle(null)).then([E.requeued('scheduler', at(600))]);
    expect(state).toMatchObject({ status: 'rate_limited', retryAt: at(600), message: REPLY_MESSAGES.sentAgain, requeues: 1 });
  });

  it('ends failed when it is not on X and the run is too late to send, or was sent again often enough', () => {
    spec.given(...unconfirmed).when({ type: 'Settle', found: null, now: at(901) }).then([E.failed('failed', REPLY_MESSAGES.notFoundOnX, at(901))]);
    spec.given(...unconfirmed).when({ type: 'Settle', found: null, now: at(700), graceMs: 600_000 }).then([E.failed('failed', REPLY_MESSAGES.notFoundOnX, at(700))]);
    const again = (n: number) => [E.sending(n + 1, at(10 + n)), E.unconfirmed('timeout', at(11 + n)), E.requeued('scheduler', at(12 + n))];
    const thrice = [E.prepared(), E.sending(), E.unconfirmed(), E.requeued('scheduler', at(5)), ...again(1), ...again(2)];
    spec.given(...thrice, E.sending(4, at(20)), E.unconfirmed('timeout', at(21))).when(settle(null)).then([E.failed('failed', REPLY_MESSAGES.notFoundOnX, at(600))]);
  });

  it('refuses a reply that is not unconfirmed and not settled', () => {
    spec.given(E.prepared(), E.sending()).when(settle(null)).thenRefuses('conflict');
  });

  it('stays quiet once settled: a sent reply never changes', () => {
    spec.given(...unconfirmed, E.sent('77', 'detected')).when(settle(null)).thenNothing();
  });
});

describe('ResendByUser', () => {
  const resend = (userId = 'u1'): ReplyCommand => ({ type: 'ResendByUser', userId, now: at(5_000) });

  it('puts a reply that did not go out back to be sent, its lateness counted from the resend', () => {
    const state = spec.given(E.prepared(), E.sending(), E.unconfirmed(), E.failed('failed', REPLY_MESSAGES.notFoundOnX, at(900))).when(resend()).then([E.requeued('user', at(5_000))]);
    expect(state).toMatchObject({ status: 'rate_limited', retryAt: at(5_000), dueAt: at(5_000), message: REPLY_MESSAGES.resentByUser });
    spec.given(E.prepared(), E.failed('rejected', 'Free trial ended')).when(resend()).then([E.requeued('user', at(5_000))]);
    spec.given(E.prepared(), E.skipped('scheduler', REPLY_MESSAGES.missedOffline)).when(resend()).then([E.requeued('user', at(5_000))]);
  });

  it("refuses a sent reply, one X refused, one the user skipped, an assisted one, and someone else's", () => {
    spec.given(E.prepared(), E.sending(), E.sent()).when(resend()).thenRefuses('conflict');
    spec.given(E.prepared(), E.failed('duplicate', 'same text')).when(resend()).thenRefuses('conflict');
    spec.given(E.prepared(), E.failed('account_suspended', 'suspended')).when(resend()).thenRefuses('conflict');
    spec.given(E.prepared(), E.skipped('user')).when(resend()).thenRefuses('conflict');
    spec.given(E.prepared(), E.sending(), E.unconfirmed()).when(resend()).thenRefuses('conflict');
    spec.given(E.prepared({ mode: 'assisted' }), E.skipped('scheduler', REPLY_MESSAGES.missedOffline)).when(resend()).thenRefuses('conflict');
    spec.given(E.prepared(), E.failed('failed', REPLY_MESSAGES.notFoundOnX)).when(resend('u2')).thenRefuses('not_found');
  });

  it('stays quiet when asked twice: the first resend stands', () => {
    spec.given(E.prepared(), E.failed('failed', REPLY_MESSAGES.notFoundOnX), E.requeued('user', at(4_000))).when(resend()).thenNothing();
  });
});

describe('HandOver', () => {
  const hand: ReplyCommand = { type: 'HandOver', handover, reason: 'assisted', now: at(2) };

  it('emits ReplyReady with the intent link and its expiry', () => {
    const state = spec.given(E.prepared({ mode: 'assisted' })).when(hand).then([E.ready()]);
    expect(state).toMatchObject({ status: 'ready', expiresAt: at(86_400) });
  });

  it('refuses a reply already sending', () => {
    spec.given(E.prepared(), E.sending()).when(hand).thenRefuses('conflict');
  });

  it('stays quiet when already ready', () => {
    spec.given(E.prepared({ mode: 'assisted' }), E.ready()).when(hand).thenNothing();
  });
});

describe('DetectPosted', () => {
  const detect: ReplyCommand = { type: 'DetectPosted', replyPostId: '88', now: at(500) };

  it('emits sent (detected) for a ready, unconfirmed or even expired reply: the post on X is the truth', () => {
    spec.given(E.prepared({ mode: 'assisted' }), E.ready()).when(detect).then([E.sent('88', 'detected', at(500))]);
    spec.given(E.prepared({ mode: 'assisted' }), E.ready(), E.expired()).when(detect).then([E.sent('88', 'detected', at(500))]);
  });

  it('refuses a reply nobody handed over', () => {
    spec.given(E.prepared()).when(detect).thenRefuses('conflict');
  });

  it('stays quiet for a sent or skipped reply', () => {
    spec.given(E.prepared({ mode: 'assisted' }), E.ready(), E.sent('88', 'user')).when(detect).thenNothing();
    spec.given(E.prepared({ mode: 'assisted' }), E.ready(), E.skipped()).when(detect).thenNothing();
  });
});

describe('MarkSentByUser and SkipByUser', () => {
  const markSent = (userId = 'u1'): ReplyCommand => ({ type: 'MarkSentByUser', userId, replyPostId: null, now: at(4) });
  const skip = (userId = 'u1'): ReplyCommand => ({ type: 'SkipByUser', userId, now: at(4) });
  const ready = [E.prepared({ mode: 'assisted' }), E.ready()];

  it('emit sent (by the user) or skipped from ready, and resolve an unconfirmed reply', () => {
    spec.given(...ready).when(markSent()).then([E.sent(null, 'user', at(4))]);
    spec.given(...ready).when(skip()).then([E.skipped('user', REPLY_MESSAGES.skippedByUser, at(4))]);
    spec.given(E.prepared(), E.sending(), E.unconfirmed()).when(markSent()).then([E.sent(null, 'user', at(4))]);
  });

  it("refuse another user's reply (not_found) and a reply not waiting for the user", () => {
    spec.given(...ready).when(markSent('u2')).thenRefuses('not_found');
    spec.given(...ready).when(skip('u2')).thenRefuses('not_found');
    spec.given(E.prepared(), E.sending()).when(skip()).thenRefuses('conflict', REPLY_MESSAGES.notReady);
    spec.given(...ready, E.sent('88', 'detected')).when(skip()).thenRefuses('conflict');
  });

  it('stay quiet when repeated', () => {
    spec.given(...ready, E.sent(null, 'user', at(4))).when(markSent()).thenNothing();
    spec.given(...ready, E.skipped()).when(skip()).thenNothing();
  });
});

describe('Expire', () => {
  const expire = (now: string): ReplyCommand => ({ type: 'Expire', now });
  const ready = [E.prepared({ mode: 'assisted' }), E.ready(at(1_000))];

  it('emits ReplyExpired for a ready reply past its expiry', () => {
    spec.given(...ready).when(expire(at(1_000))).then([E.expired(at(1_000))]);
  });

  it('refuses a missing reply', () => {
    spec.given().when(expire(at(1_000))).thenRefuses('not_found');
  });

  it('stays quiet before the expiry and for anything but ready', () => {
    spec.given(...ready).when(expire(at(999))).thenNothing();
    spec.given(...ready, E.sent('88', 'detected')).when(expire(at(5_000))).thenNothing();
  });
});
