import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@core/shared/testing/given-when-then';
import { BODY_MAX, pushKindOf, pushMessageFor } from './message';
import { PUSH_LIMITS, PUSH_MESSAGES } from './schemas';
import { pushDecider, type PushEvent } from './subscriptions';

const spec = deciderSpec(pushDecider);
const now = '2026-12-01T09:00:00.000Z';
const device = (n: number) => ({ endpoint: `https://fcm.googleapis.com/fcm/send/${n}`, p256dh: `k${n}`, auth: `a${n}`, label: `Phone ${n}` });
const subscribed = (n: number): PushEvent => ({ type: 'PushSubscribed', data: { userId: 'u1', ...device(n), at: now } });
const subscribe = (n: number, changes: Partial<ReturnType<typeof device>> = {}) => ({ type: 'Subscribe' as const, userId: 'u1', device: { ...device(n), ...changes }, now });

describe('Subscribe', () => {
  it('emits PushSubscribed for a new device', () => {
    spec.given().when(subscribe(1)).then([subscribed(1)]);
  });
  it('stays quiet when the same browser subscribes again with the same keys', () => {
    spec.given(subscribed(1)).when(subscribe(1)).then([]);
  });
  it('renews the keys of a known endpoint, even at the device limit', () => {
    const full = Array.from({ length: PUSH_LIMITS.devicesPerUser }, (_, i) => subscribed(i + 1));
    spec.given(...full).when(subscribe(1, { p256dh: 'new' })).then([{ type: 'PushSubscribed', data: { userId: 'u1', ...device(1), p256dh: 'new', at: now } }]);
  });
  it('refuses an eleventh device', () => {
    const full = Array.from({ length: PUSH_LIMITS.devicesPerUser }, (_, i) => subscribed(i + 1));
    spec.given(...full).when(subscribe(99)).thenRefuses('conflict', PUSH_MESSAGES.tooMany);
  });
});

describe('Unsubscribe and DropGone', () => {
  it('emits PushUnsubscribed by the user', () => {
    spec.given(subscribed(1)).when({ type: 'Unsubscribe', userId: 'u1', endpoint: device(1).endpoint, now }).then([
      { type: 'PushUnsubscribed', data: { userId: 'u1', endpoint: device(1).endpoint, by: 'user', at: now } },
    ]);
  });
  it('refuses to unsubscribe a device the user does not have', () => {
    spec.given(subscribed(1)).when({ type: 'Unsubscribe', userId: 'u1', endpoint: device(2).endpoint, now }).thenRefuses('not_found', PUSH_MESSAGES.notFound);
  });
  it('stays quiet when the push service reports a device already gone', () => {
    spec.given().when({ type: 'DropGone', userId: 'u1', endpoint: device(1).endpoint, now }).then([]);
  });
});

describe('what a device is told', () => {
  const reply = { id: 'r1', userId: 'u1', status: 'ready', statusMessage: null, content: 'Sharp point.', targetUsername: 'naval', intentUrl: 'https://x.com/intent/post?in_reply_to=1&text=Sharp' };
  it('a ready reply: its text, and a tap opens X’s composer', () => {
    expect(pushMessageFor(reply, 'https://riposte.example/')).toEqual({
      kind: 'ready',
      replyId: 'r1',
      title: 'Ready to post: your reply to @naval',
      body: 'Sharp point.',
      url: reply.intentUrl,
      tag: 'reply-r1',
    });
  });
  it('a failed reply: the reason, and a tap opens the history', () => {
    const message = pushMessageFor({ ...reply, status: 'failed', statusMessage: 'X refused it', intentUrl: null }, 'https://riposte.example/');
    expect(message).toMatchObject({ kind: 'failed', title: 'Your reply to @naval did not go out', url: 'https://riposte.example/reply-history', tag: 'reply-r1' });
    expect(message?.body).toContain('X refused it');
  });
  it('nothing for replies that need nobody', () => {
    for (const status of ['pending', 'sending', 'sent', 'skipped', 'expired', 'rate_limited', 'unconfirmed']) expect(pushKindOf({ status, intentUrl: null }), status).toBeNull();
    expect(pushKindOf({ status: 'ready', intentUrl: null })).toBeNull();
  });
  it('cuts a long text at a word, within the body limit', () => {
    const long = `${'word '.repeat(100)}end`;
    const body = pushMessageFor({ ...reply, content: long }, '')?.body ?? '';
    expect(body.length).toBeLessThanOrEqual(BODY_MAX);
    expect(body.endsWith('word…')).toBe(true);
  });
});
