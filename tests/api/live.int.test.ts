/**
 * GET /api/live over real HTTP: a signed-in user's event stream names their replies as they change
 * (here: one becoming ready), another user's stream hears nothing of it, and the stream is only
 * for EventSource clients, only signed in, and only so many at once.
 */
import { request, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDispatchWorld, type DispatchWorld } from './dispatch.support';
import { eventually } from './schedules.support';
import { Client, errorOf } from './support';

let world: DispatchWorld;
beforeAll(async () => {
  world = await startDispatchWorld();
}, 60_000);
afterAll(async () => world?.close());

interface Stream {
  status: number;
  events: { event: string; data: unknown }[];
  close(): void;
}

const open = (client: Client): Promise<Stream> =>
  new Promise((resolve, reject) => {
    const req = request(new URL('/api/live', client.base), { headers: { Accept: 'text/event-stream', Cookie: client.cookieHeader() } }, (res: IncomingMessage) => {
      const events: Stream['events'] = [];
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event !== undefined && data !== undefined) events.push({ event, data: JSON.parse(data) as unknown });
          end = buffer.indexOf('\n\n');
        }
      });
      resolve({ status: res.statusCode ?? 0, events, close: () => res.destroy() });
    });
    req.on('error', reject);
    req.end();
  });

describe('live updates', () => {
  it('name the user’s reply that became ready on their stream, and on nobody else’s', async () => {
    const erin = await world.userWithX();
    const other = await world.userWithX();
    const mine = await open(erin.client);
    const theirs = await open(other.client);
    expect([mine.status, theirs.status]).toEqual([200, 200]);
    const target = await world.newTarget();
    world.emulator.control.post(target.username, 'A post that mentions nobody');
    const { scheduleId, at } = await world.scheduleDueNow(erin.client, target.id, erin.connectedAccountId);
    world.moveClockTo(at);
    const ready = await world.replyOfSchedule(erin.client, scheduleId, (r) => r.status === 'ready');
    await eventually(
      async () => mine.events.filter((e) => e.event === 'replies').flatMap((e) => (e.data as { ids: string[] }).ids),
      (ids) => ids.includes(ready.id),
      'the ready reply on the stream',
    );
    expect(theirs.events.flatMap((e) => (e.data as { ids: string[] }).ids)).not.toContain(ready.id);
    mine.close();
    theirs.close();
  }, 60_000);

  it('answer only signed-in EventSource clients, a few streams each', async () => {
    expect((await new Client(world.server.url).get('/api/live', { headers: { Accept: 'text/event-stream' } })).status).toBe(401);
    const { client } = await world.userWithX();
    const plain = await client.get('/api/live');
    expect(plain.status).toBe(400);
    expect(errorOf(plain)).toMatchObject({ field: 'Accept', code: 'EVENT_STREAM_ONLY' });
    const streams = await Promise.all(Array.from({ length: 5 }, () => open(client)));
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await open(client);
    expect(sixth.status).toBe(429);
    sixth.close();
    for (const s of streams) s.close();
    // Closed streams free their places.
    const again = await eventually(() => open(client), (s) => s.status === 200 || (s.close(), false), 'a place after closing the others');
    again.close();
  }, 60_000);
});
