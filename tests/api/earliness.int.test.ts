/**
 * How early replies go out, over real HTTP: every reply view names when the post it answers was
 * made (the schedule's replies too, with X's composer link while a reply is ready), and the
 * dashboard's overview measures the time from the post to the reply on X per delivery mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDispatchWorld, type DispatchWorld } from './dispatch.support';

let world: DispatchWorld;
beforeAll(async () => {
  world = await startDispatchWorld({}, { sharedClock: true });
}, 60_000);
afterAll(async () => world?.close());

interface Earliness {
  measured: number;
  medianMinutes: number | null;
  within5: number;
  within15: number;
}

describe('how early', () => {
  it('records the post’s time on the reply and measures post → reply per mode', async () => {
    const ann = await world.userWithX();
    const before = (await ann.client.get('/api/metrics/overview')).body as { earliness: Record<'direct' | 'assisted', Earliness> };
    expect(before.earliness).toEqual({
      direct: { measured: 0, medianMinutes: null, within5: 0, within15: 0 },
      assisted: { measured: 0, medianMinutes: null, within5: 0, within15: 0 },
    });

    // Direct: the target mentioned Ann, so the API may reply.
    const loud = await world.newTarget();
    const mention = world.emulator.control.post(loud.username, `@${ann.handle} what do you think?`);
    const direct = await world.scheduleDueNow(ann.client, loud.id, ann.connectedAccountId);
    world.moveClockTo(direct.at);
    const sent = await world.replyOfSchedule(ann.client, direct.scheduleId, (r) => r.status === 'sent');
    const list = (await ann.client.get('/api/replies')).body as { items: { id: string; postCreatedAt: string | null }[] };
    expect(list.items.find((r) => r.id === sent.id)?.postCreatedAt).toBe(new Date(mention.createdAt).toISOString());

    // Assisted: no mention, the reply waits for Ann's tap; the schedule's replies carry the link and the post's time.
    const quiet = await world.newTarget();
    const post = world.emulator.control.post(quiet.username, 'A post that mentions nobody');
    const assisted = await world.scheduleDueNow(ann.client, quiet.id, ann.connectedAccountId);
    world.moveClockTo(assisted.at);
    const ready = await world.replyOfSchedule(ann.client, assisted.scheduleId, (r) => r.status === 'ready');
    const ofSchedule = (await ann.client.get(`/api/schedules/${assisted.scheduleId}/replies`)).body as { id: string; intentUrl: string | null; postCreatedAt: string | null }[];
    expect(ofSchedule.find((r) => r.id === ready.id)).toMatchObject({ intentUrl: ready.intentUrl, postCreatedAt: new Date(post.createdAt).toISOString() });
    world.emulator.control.post(ann.handle, ready.content, { inReplyTo: post.id });
    const posted = await world.replyOfSchedule(ann.client, assisted.scheduleId, (r) => r.status === 'sent');
    const afterSchedule = (await ann.client.get(`/api/schedules/${assisted.scheduleId}/replies`)).body as { id: string; intentUrl: string | null }[];
    expect(afterSchedule.find((r) => r.id === ready.id)?.intentUrl).toBeNull();

    const minutes = (from: number, to: string | null) => Math.round(((Date.parse(to ?? '') - from) / 60_000) * 10) / 10;
    const after = (await ann.client.get('/api/metrics/overview')).body as { earliness: Record<'direct' | 'assisted', Earliness> };
    expect(after.earliness.direct).toMatchObject({ measured: 1, medianMinutes: minutes(mention.createdAt, sent.sentAt) });
    expect(after.earliness.assisted).toMatchObject({ measured: 1, medianMinutes: minutes(post.createdAt, posted.sentAt) });
  }, 60_000);
});
