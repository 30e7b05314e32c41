/**
 * GET /api/admin/scheduler-health over real HTTP: the embedded scheduler's process appears with its
 * last tick (recorded on the event store, so a separate `npm run scheduler` is seen the same way),
 * and the due runs no run has been recorded for are counted. Admins only, checked on the server:
 * visitors 401, users 403, and no spelling of the path gives a non-admin the answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStore } from '@adapters/eventstore-open';
import { createHeartbeatJob } from '@adapters/scheduler/heartbeat';
import { rawRequest } from '../security/support';
import { startTestServer, type TestServer } from './support';
import { eventually } from './schedules.support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RIPOSTE_SCHEDULER: 'embedded', RIPOSTE_SCHEDULER_INTERVAL_MS: '100' });
}, 60_000);
afterAll(async () => server?.close());

interface Health {
  state: string;
  lastTickAt: string | null;
  queueLength: number;
  processes: { processId: string; kind: string; alive: boolean; lastTickAt: string }[];
}

const health = async () => {
  const res = await (await server.admin()).get('/api/admin/scheduler-health');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Health;
};

describe('GET /api/admin/scheduler-health', () => {
  it("lists the embedded scheduler with its last tick, and a separate scheduler process once it beats", async () => {
    const first = await eventually(health, (h) => h.processes.length >= 1, 'the first heartbeat');
    expect(first.state).toBe('running');
    expect(first.processes[0]).toMatchObject({ kind: 'embedded', alive: true });
    expect(first.queueLength).toBe(0);
    const tick = Date.parse(first.lastTickAt ?? '');
    expect(Math.abs(Date.now() - tick)).toBeLessThan(60_000);

    // A scheduler of its own process records its beats on the same store (what `npm run scheduler` runs),
    // through its own connection to the events file.
    const store = openEventStore({ kind: 'sqlite', synchronous: 'FULL' }, server.dataDir);
    try {
      const external = createHeartbeatJob({ store, kind: 'external', clock: () => new Date(), logger: { error: () => {} } });
      await external.run(new Date());
    } finally {
      await store.close();
    }
    const both = await eventually(health, (h) => h.processes.some((p) => p.kind === 'external'), 'the external heartbeat');
    expect(both.processes.filter((p) => p.kind === 'embedded')).toHaveLength(1);
  }, 60_000);

  it('is for admins only: 401 for visitors, 403 for users, and no path variant gives a non-admin the answer', async () => {
    const { client: user } = await server.newUser();
    const visitor = server.client();
    expect((await visitor.get('/api/admin/scheduler-health')).status).toBe(401);
    expect((await user.get('/api/admin/scheduler-health')).status).toBe(403);
    const variants = [
      '/API/admin/scheduler-health',
      '/api/ADMIN/scheduler-health',
      '//api/admin/scheduler-health',
      '/api//admin/scheduler-health',
      '/api%2Fadmin/scheduler-health',
      '/api/admin%2fscheduler-health',
      '/api/admin/scheduler-health/',
      '/api/admin/./scheduler-health',
      '/api/x/../admin/scheduler-health',
    ];
    for (const path of variants) {
      for (const [who, client] of [['user', user], ['visitor', visitor]] as const) {
        const reply = await rawRequest(client, 'GET', path);
        expect({ path, who, status: reply.status }).toEqual({ path, who, status: expect.toSatisfy((s: number) => [401, 403, 404, 405].includes(s)) });
        expect(reply.text).not.toMatch(/queueLength/);
      }
    }
  }, 60_000);
});
