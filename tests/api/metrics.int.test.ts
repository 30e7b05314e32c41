/**
 * GET /metrics from outside, over HTTP: a scraper with RIPOSTE_METRICS_TOKEN reads Prometheus' text
 * after a dispatch burst and finds the replies that went out and the one handed to the ready queue,
 * requests counted by route template (never a raw id), the scheduler's tick age and the event
 * store's size; an anonymous caller, a wrong bearer, a user's personal access token and an admin's
 * session get 401 and no figure; a server without the setting does not serve the path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDispatchWorld, type DispatchWorld } from './dispatch.support';
import { startTestServer } from './support';

const TOKEN = 'metrics-'.padEnd(48, 'k');
let world: DispatchWorld;

beforeAll(async () => {
  world = await startDispatchWorld({ RIPOSTE_X_DELIVERY: 'direct', RIPOSTE_METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await world?.close();
});

const scrape = (headers: Record<string, string> = {}) => fetch(`${world.server.url}/metrics`, { headers });

/** The value of one series, e.g. `riposte_replies{status="sent"}`; null when absent. */
const valueOf = (text: string, series: string): number | null => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
};

describe('/metrics', () => {
  it('after a dispatch burst shows what dispatch did, requests by route template, scheduler lag and store size', async () => {
    const alice = await world.userWithX();
    const schedules: { scheduleId: string; at: number }[] = [];
    for (let i = 0; i < 3; i += 1) {
      const target = await world.newTarget();
      world.emulator.control.post(target.username, `Your view, @${alice.handle}? (${i})`);
      schedules.push(await world.scheduleDueNow(alice.client, target.id, alice.connectedAccountId));
    }
    // Not summoned: X refuses the direct reply and it waits in the ready queue.
    const quiet = await world.newTarget();
    world.emulator.control.post(quiet.username, 'Nobody mentioned here');
    const handed = await world.scheduleDueNow(alice.client, quiet.id, alice.connectedAccountId);
    world.moveClockTo(Math.max(handed.at, ...schedules.map((s) => s.at)));
    for (const s of schedules) expect((await world.replyOfSchedule(alice.client, s.scheduleId, (r) => r.status === 'sent')).status).toBe('sent');
    expect((await world.replyOfSchedule(alice.client, handed.scheduleId, (r) => r.status === 'ready')).status).toBe('ready');
    const one = schedules[0]!.scheduleId;
    expect((await alice.client.get(`/api/schedules/${one}`)).status).toBe(200);

    const res = await scrape({ Authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(valueOf(text, 'riposte_replies{status="sent"}')).toBe(3);
    expect(valueOf(text, 'riposte_replies{status="ready"}')).toBe(1);
    // Four schedules created: counted under the template of their route, the read under ':id'.
    expect(valueOf(text, 'riposte_http_request_duration_seconds_count{method="POST",route="/api/schedules",status="201"}')).toBe(4);
    expect(valueOf(text, 'riposte_http_request_duration_seconds_count{method="GET",route="/api/schedules/:id",status="200"}')).toBe(1);
    expect(text).not.toContain(one);
    expect(valueOf(text, 'riposte_scheduler_tick_age_seconds{kind="embedded",pid="' + process.pid + '"}')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'riposte_event_store_bytes')).toBeGreaterThan(0);
    expect(valueOf(text, 'riposte_event_store_position')).toBeGreaterThan(0);
    expect(text).toContain('riposte_nodejs_eventloop_lag_seconds');
  });

  it('gives an anonymous caller, a wrong bearer, a personal access token and an admin session nothing', async () => {
    const user = await world.server.newUser();
    const token = await user.client.post('/api/tokens', { name: 'scrape', scopes: ['read'], expiresInDays: 30, currentPassword: 'secret-pw-1' });
    expect(token.status).toBe(201);
    const pat = (token.body as { secret: string }).secret;
    const cookie = world.admin.cookieHeader();
    expect(cookie).not.toBe('');
    for (const headers of [{}, { Authorization: `Bearer ${TOKEN}x` }, { Authorization: `Bearer ${pat}` }, { Authorization: TOKEN }, { Cookie: cookie }] as Record<string, string>[]) {
      const res = await scrape(headers);
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      const body = await res.text();
      expect(body).not.toContain('riposte_');
      expect(JSON.parse(body)).toMatchObject({ code: 'METRICS_TOKEN' });
    }
  });

  it('is not served without RIPOSTE_METRICS_TOKEN', async () => {
    const plain = await startTestServer();
    try {
      const res = await fetch(`${plain.url}/metrics`);
      expect(res.status).toBe(404);
      expect((await res.text())).not.toContain('riposte_');
    } finally {
      await plain.close();
    }
  });
});
