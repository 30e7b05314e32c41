/**
 * The admin audit API over real HTTP: a person's and a schedule's history in plain words (time,
 * actor, request id, type, line), filtered by time range and type; the state of a stream as of one
 * of its events, folded by the production decider; every answered look recorded as AuditViewed
 * (who looked at whose history). Bad input is refused on its field and records nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditHistory, StateAsOf } from '@core/audit/views';
import { errorOf, startTestServer, type Client, type TestServer } from './support';
import { connectXAccount, visibleTargets } from './schedules.support';
import { eventCount } from '../security/support';

let server: TestServer;
let admin: Client;
let alice: { client: Client; user: { id: string; username: string } };
let templateId: string;
let scheduleId: string;
let createRequestId: string;

beforeAll(async () => {
  server = await startTestServer({ RIPOSTE_SCHEDULER: 'off' });
  admin = await server.admin();
  alice = await server.newUser();
  const created = await alice.client.post('/api/templates', { name: 'Thanks', content: 'First words' }, { headers: { 'X-Request-Id': 'req-audit-create' } });
  expect(created.status).toBe(201);
  createRequestId = created.headers.get('X-Request-Id') ?? '';
  templateId = (created.body as { id: string }).id;
  expect((await alice.client.put(`/api/templates/${templateId}`, { name: 'Thanks', content: 'Second words' })).status).toBe(200);
  const target = (await visibleTargets(alice.client))[0]!;
  const x = await connectXAccount(server, alice.user.id, 'alice_audit_x');
  const schedule = await alice.client.post('/api/schedules', { accountId: target.id, connectedAccountId: x, templateId, scheduleType: 'immediate' });
  expect(schedule.status, JSON.stringify(schedule.body)).toBe(201);
  scheduleId = (schedule.body as { id: string }).id;
}, 30_000);
afterAll(async () => {
  await server?.close();
});

const history = async (path: string): Promise<AuditHistory> => {
  const res = await admin.get(path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as AuditHistory;
};
const ofType = (h: AuditHistory, type: string): AuditEntry[] => h.entries.filter((e) => e.type === type);

describe('GET /api/admin/audit/users/:username', () => {
  it("answers the person's events with time, actor, request id and a plain-words line, oldest first", async () => {
    const h = await history(`/api/admin/audit/users/${alice.user.username}`);
    expect(h.subject).toEqual({ kind: 'user', label: alice.user.username, userId: alice.user.id });
    expect(h.entries[0]?.type).toBe('UserRegistered');
    const created = ofType(h, 'TemplateCreated')[0]!;
    expect(created).toMatchObject({ actor: alice.user.id, actorName: alice.user.username, requestId: createRequestId, replayable: true, stream: `template-${templateId}` });
    expect(createRequestId).toBe('req-audit-create');
    expect(created.line).toBe(`${alice.user.username} created template 'Thanks' "First words"`);
    expect(ofType(h, 'ScheduleCreated')[0]?.line).toContain(`${alice.user.username} created schedule ${scheduleId.slice(0, 8)}`);
    const positions = h.entries.map((e) => e.position);
    expect([...positions].sort()).toEqual(positions);
    expect(h.total).toBe(h.entries.length);
    expect(h.truncated).toBe(false);
  });

  it('filters by type and time range, and keeps the latest entries up to the limit', async () => {
    const onlyTemplates = await history(`/api/admin/audit/users/${alice.user.username}?type=TemplateCreated,TemplateUpdated`);
    expect(onlyTemplates.entries.map((e) => e.type)).toEqual(['TemplateCreated', 'TemplateUpdated']);
    const all = await history(`/api/admin/audit/users/${alice.user.username}`);
    const future = await history(`/api/admin/audit/users/${alice.user.username}?from=2999-01-01T00:00:00Z`);
    expect(future.entries).toEqual([]);
    const firstTime = all.entries[0]!.time;
    const upToFirst = await history(`/api/admin/audit/users/${alice.user.username}?to=${encodeURIComponent(firstTime)}&type=UserRegistered`);
    expect(upToFirst.entries.map((e) => e.type)).toEqual(['UserRegistered']);
    const limited = await history(`/api/admin/audit/users/${alice.user.username}?limit=2`);
    expect(limited.entries).toHaveLength(2);
    expect(limited.truncated).toBe(true);
    // Read from the end only as far as the limit: no count of the rest.
    expect(limited.total).toBeNull();
    // The latest two of the whole history (the looks left out: each read adds one).
    const types = 'type=UserRegistered,TemplateCreated,TemplateUpdated,ScheduleCreated';
    const whole = await history(`/api/admin/audit/users/${alice.user.username}?${types}`);
    const latestTwo = await history(`/api/admin/audit/users/${alice.user.username}?${types}&limit=2`);
    expect(whole.entries.length).toBeGreaterThan(2);
    expect(latestTwo.entries).toEqual(whole.entries.slice(-2));
  });

  it("records each look on the person's history: the next read shows who looked", async () => {
    await history(`/api/admin/audit/users/${alice.user.username}?type=UserRegistered`);
    const looks = await history(`/api/admin/audit/users/${alice.user.username}?type=AuditViewed`);
    expect(looks.entries.length).toBeGreaterThanOrEqual(1);
    const last = looks.entries.at(-1)!;
    expect(last.actorName).toBe('admin');
    expect(last.line).toBe(`admin looked at the history of ${alice.user.username}`);
    expect(last.replayable).toBe(false);
  });

  it('refuses bad input on its field and records nothing', async () => {
    for (const [query, field] of [
      ['type=NoSuchEvent', 'type'],
      ['type=UserRegistered,NoSuchEvent', 'type'],
      ['from=yesterday', 'from'],
      ['to=2026-13-45T99:00:00Z', 'to'],
      ['from=2026-11-28T00:00:00Z&to=2026-11-27T00:00:00Z', 'from'],
      ['limit=0', 'limit'],
      ['limit=5000', 'limit'],
    ] as const) {
      const before = eventCount(server);
      const res = await admin.get(`/api/admin/audit/users/${alice.user.username}?${query}`);
      expect({ query, status: res.status, field: errorOf(res).field }).toEqual({ query, status: 400, field });
      expect(eventCount(server)).toBe(before);
    }
    const before = eventCount(server);
    const unknown = await admin.get('/api/admin/audit/users/nobody_by_that_name');
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown)).toMatchObject({ field: 'username', message: "No user named 'nobody_by_that_name'" });
    expect(eventCount(server)).toBe(before);
  });
});

describe('GET /api/admin/audit/schedules/:id', () => {
  it("answers the schedule's events and records the look on its owner's history", async () => {
    const h = await history(`/api/admin/audit/schedules/${scheduleId}`);
    expect(h.subject).toEqual({ kind: 'schedule', label: scheduleId, userId: alice.user.id });
    expect(h.entries[0]).toMatchObject({ type: 'ScheduleCreated', actor: alice.user.id, stream: `schedule-${scheduleId}`, replayable: true });
    const looks = await history(`/api/admin/audit/users/${alice.user.username}?type=AuditViewed`);
    expect(looks.entries.map((e) => e.line)).toContain(`admin looked at the history of schedule ${scheduleId}`);
  });

  it('answers 404 for a schedule nobody has, or a malformed id', async () => {
    for (const id of ['7b0c8f7e-0000-4000-8000-000000000000', 'not an id']) {
      const res = await admin.get(`/api/admin/audit/schedules/${encodeURIComponent(id)}`);
      expect(res.status).toBe(404);
      expect(errorOf(res).field).toBe('scheduleId');
    }
  });
});

describe('GET /api/admin/audit/state', () => {
  it('replays a stream up to the picked event with the production decider', async () => {
    const h = await history(`/api/admin/audit/users/${alice.user.username}?type=TemplateCreated,TemplateUpdated`);
    const [created, updated] = h.entries;
    const asOf = async (entry: AuditEntry) => {
      const res = await admin.get(`/api/admin/audit/state?stream=${encodeURIComponent(entry.stream)}&position=${entry.position}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as StateAsOf;
    };
    const first = await asOf(created!);
    expect(first).toMatchObject({ stream: `template-${templateId}`, kind: 'template', events: 1, asOf: { position: created!.position, type: 'TemplateCreated', revision: '0' } });
    expect(JSON.stringify(first.state)).toContain('First words');
    const second = await asOf(updated!);
    expect(second.events).toBe(2);
    expect(JSON.stringify(second.state)).toContain('Second words');
    expect(JSON.stringify(second.state)).not.toContain('First words');
    const looks = await history(`/api/admin/audit/users/${alice.user.username}?type=AuditViewed`);
    expect(looks.entries.map((e) => e.line)).toContain(`admin looked at the history of stream template-${templateId}`);
  });

  it('refuses a position outside the stream, a stream with no state, and missing fields', async () => {
    const h = await history(`/api/admin/audit/users/${alice.user.username}?type=UserRegistered`);
    const registered = h.entries[0]!;
    const before = eventCount(server);
    const elsewhere = await admin.get(`/api/admin/audit/state?stream=template-${templateId}&position=${registered.position}`);
    expect({ status: elsewhere.status, field: errorOf(elsewhere).field }).toEqual({ status: 404, field: 'position' });
    const noState = await admin.get(`/api/admin/audit/state?stream=audit-views-${alice.user.id}&position=1`);
    expect({ status: noState.status, field: errorOf(noState).field }).toEqual({ status: 400, field: 'stream' });
    for (const [query, field] of [
      ['position=1', 'stream'],
      [`stream=user-${alice.user.id}`, 'position'],
      [`stream=user-${alice.user.id}&position=abc`, 'position'],
    ] as const) {
      const res = await admin.get(`/api/admin/audit/state?${query}`);
      expect({ query, status: res.status, field: errorOf(res).field }).toEqual({ query, status: 400, field });
    }
    expect(eventCount(server)).toBe(before);
  });
});
