/**
 * Device notifications over real HTTP: a browser's subscription (from a local Web Push service,
 * web-push-testing, which decrypts what it receives) is registered through /api/push; a reply that
 * becomes ready reaches the device once, with its text and the X composer link; a failed one too;
 * a subscription the push service says is gone is forgotten. Endpoints outside the push-service
 * allow-list are refused (the server would POST to them), and nobody reaches another's devices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushMessage } from '@core/push';
import { startPushService, type PushService, type PushServiceSubscription } from '../support/push-service';
import { startDispatchWorld, type DispatchWorld } from './dispatch.support';
import { eventually } from './schedules.support';
import { Client, errorOf } from './support';

let push: PushService;
let world: DispatchWorld;
beforeAll(async () => {
  push = await startPushService();
  world = await startDispatchWorld({ RIPOSTE_PUSH_HOSTS: push.host });
}, 60_000);
afterAll(async () => {
  await world?.close();
  await push?.close();
});


const subscribeDevice = async (client: Client, label = 'Chrome on Android'): Promise<{ subscription: PushServiceSubscription; id: string }> => {
  const key = await client.get('/api/push/key');
  expect(key.status, JSON.stringify(key.body)).toBe(200);
  const subscription = await push.subscribe((key.body as { publicKey: string }).publicKey);
  const res = await client.post('/api/push/devices', { subscription: { endpoint: subscription.endpoint, keys: subscription.keys }, label });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body).toMatchObject({ label, service: push.host });
  return { subscription, id: (res.body as { id: string }).id };
};

const devicesOf = async (client: Client) => (await client.get('/api/push/devices')).body as { id: string; label: string }[];

describe('device notifications', () => {
  it('tell a subscribed device once when a reply is ready, with the text and the link that opens X’s composer', async () => {
    const erin = await world.userWithX();
    const { subscription } = await subscribeDevice(erin.client);
    const target = await world.newTarget();
    world.emulator.control.post(target.username, 'A post that mentions nobody');
    const { scheduleId, at, content } = await world.scheduleDueNow(erin.client, target.id, erin.connectedAccountId);
    world.moveClockTo(at);
    const ready = await world.replyOfSchedule(erin.client, scheduleId, (r) => r.status === 'ready');
    const [message] = await eventually(async () => push.messages<PushMessage>(subscription.clientHash), (m) => m.length > 0, 'the push at the push service');
    expect(message).toEqual({
      kind: 'ready',
      replyId: ready.id,
      title: `Ready to post: your reply to @${target.username}`,
      body: content,
      url: ready.intentUrl,
      tag: `reply-${ready.id}`,
    });
    // Later ticks of the scheduler send nothing more about it.
    const other = await world.userWithX();
    const done = await world.scheduleDueNow(other.client, target.id, other.connectedAccountId);
    world.moveClockTo(done.at);
    await world.replyOfSchedule(other.client, done.scheduleId, (r) => r.status === 'ready');
    expect(push.messages(subscription.clientHash)).toHaveLength(1);
  }, 60_000);

  it('tell the device when a reply did not go out, linking to the history', async () => {
    const fay = await world.userWithX();
    const { subscription } = await subscribeDevice(fay.client);
    const target = await world.newTarget();
    const post = world.emulator.control.post(target.username, `@${fay.handle} tell me more`);
    world.emulator.control.inject({ kind: 'status', status: 403, body: { title: 'Forbidden', detail: 'You are not allowed to create a Tweet with duplicate content.', type: 'about:blank', status: 403 } }, { path: '/2/tweets', method: 'POST', times: 1 });
    const { scheduleId, at } = await world.scheduleDueNow(fay.client, target.id, fay.connectedAccountId);
    world.moveClockTo(at);
    const failed = await world.replyOfSchedule(fay.client, scheduleId, (r) => !['pending', 'sending', 'sent', 'ready'].includes(r.status));
    expect(failed.postId).toBe(post.id);
    const [message] = await eventually(async () => push.messages<PushMessage>(subscription.clientHash), (m) => m.length > 0, 'the push at the push service');
    expect(message).toMatchObject({ kind: 'failed', replyId: failed.id, title: `Your reply to @${target.username} did not go out`, body: failed.reason });
    // The link names the server's own address (RIPOSTE_PUBLIC_URL when set).
    expect(new URL(message?.url ?? '').pathname).toBe('/reply-history');
    expect(new URL(message?.url ?? '').port).toBe(new URL(world.server.url).port);
  }, 60_000);

  it('forget a device whose subscription the push service says is gone', async () => {
    const gil = await world.userWithX();
    const { subscription } = await subscribeDevice(gil.client);
    const test = await gil.client.post('/api/push/test');
    expect(test.body).toEqual({ sent: 1, failed: 0 });
    expect(push.messages<PushMessage>(subscription.clientHash).map((m) => m.title)).toEqual(['Riposte notifications work']);
    push.expire(subscription.clientHash);
    expect((await gil.client.post('/api/push/test')).body).toEqual({ sent: 0, failed: 1 });
    expect(await devicesOf(gil.client)).toEqual([]);
  }, 60_000);

  it('refuse endpoints that are not a push service, and change nothing', async () => {
    const hal = await world.userWithX();
    const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
    for (const endpoint of ['https://evil.example/push/1', 'http://127.0.0.1:1/admin', 'https://fcm.googleapis.com.evil.example/x', 'https://user:pw@fcm.googleapis.com/fcm/send/x', 'file:///etc/passwd', 'not a url']) {
      const res = await hal.client.post('/api/push/devices', { subscription: { endpoint, keys } });
      expect(res.status, endpoint).toBe(400);
      expect(errorOf(res).field, endpoint).toBe('subscription.endpoint');
    }
    const noKeys = await hal.client.post('/api/push/devices', { subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' } });
    expect(noKeys.status).toBe(400);
    expect(errorOf(noKeys)).toMatchObject({ message: 'The subscription needs the keys the browser gave (p256dh and auth)', field: 'subscription.keys' });
    expect(await devicesOf(hal.client)).toEqual([]);
  }, 60_000);

  it('keep each user’s devices their own, and answer nobody signed out', async () => {
    const ida = await world.userWithX();
    const jon = await world.userWithX();
    const { id } = await subscribeDevice(ida.client);
    expect(await devicesOf(jon.client)).toEqual([]);
    const taken = await jon.client.request('DELETE', `/api/push/devices/${id}`);
    expect(taken.status).toBe(404);
    expect((await devicesOf(ida.client)).map((d) => d.id)).toEqual([id]);
    for (const path of [`/api/push/devices/${id}`, `/api/push/devices/${id}/`, `/API/push/devices/${id}`, `//api/push/devices/${id}`, `/api/push/devices/${encodeURIComponent(`../${id}`)}`]) {
      const res = await jon.client.request('DELETE', path);
      expect([404, 400], `${path} → ${res.status}`).toContain(res.status);
    }
    expect((await devicesOf(ida.client)).map((d) => d.id)).toEqual([id]);
    const signedOut = await new Client(world.server.url).get('/api/push/devices');
    expect(signedOut.status).toBe(401);
    const removed = await ida.client.request('DELETE', `/api/push/devices/${id}`);
    expect(removed.status).toBe(204);
    expect(await devicesOf(ida.client)).toEqual([]);
  }, 60_000);
});
