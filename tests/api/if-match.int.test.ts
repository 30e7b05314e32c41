/**
 * Conditional writes over real HTTP: every route that changes an existing thing (schedules,
 * templates, groups, monitored accounts, settings) takes If-Match with the ETag its read answered.
 * Table-driven: for each route, a change made elsewhere moves the ETag on; the write sent with the
 * ETag seen before it is refused 412 with the thing as it now is (and its ETag) and changes
 * nothing; sent again with the new ETag it goes through. Another user's id stays a 404, and a
 * write without If-Match keeps working (the CLI, scripts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startTestServer, type Client, type Reply, type TestServer } from './support';
import { connectXAccount, visibleTargets } from './schedules.support';

let server: TestServer;
let admin: Client;
let adminId: string;
let stranger: Client;
let fromAccount: string;
let toAccount: string;
let target: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  adminId = ((await admin.get('/api/auth/status')).body as { user: { id: string } }).user.id;
  fromAccount = await connectXAccount(server, adminId, 'ifmatch_from');
  toAccount = await connectXAccount(server, adminId, 'ifmatch_to');
  target = (await visibleTargets(admin))[0]!.id;
  stranger = (await server.newUser()).client;
}, 30_000);
afterAll(async () => {
  await server?.close();
});

interface Call {
  method: string;
  path: string;
  body?: unknown;
}
interface Row {
  route: string;
  /** Makes the thing; answers where it is read, a change made "elsewhere", and the write under test. */
  make: () => Promise<{ read: string; elsewhere: Call; write: Call }>;
  /** The write's status with a current If-Match (default 200). */
  fresh?: number;
}

const ok = (res: Reply, what: string) => {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body as { id: string };
};

let n = 0;
const schedule = async () =>
  ok(
    await admin.post('/api/schedules', {
      accountId: target,
      connectedAccountId: fromAccount,
      peakWindowType: 'evening_peak',
      conditions: { content: `If-Match schedule ${(n += 1)}`, targetAccount: null, imageIncluded: false },
    }),
    'schedule',
  ).id;
const template = async () => ok(await admin.post('/api/templates', { name: `T${(n += 1)}`, content: 'A template body' }), 'template').id;
const group = async () => ok(await admin.post('/api/template-groups', { name: `G${(n += 1)}` }), 'group').id;
const account = async () => ok(await admin.post('/api/accounts', { username: `ifm${Date.now().toString(36)}${(n += 1)}`, displayName: 'If-Match', xUserId: String(900_000 + n) }), 'account').id;

/** A row's thing: made by `create`, its calls named from its id. */
const of = (create: () => Promise<string>, calls: (id: string) => { read: string; elsewhere: Call; write: Call }) => async () => calls(await create());

const moveTo = (id: string, connectedAccountId: string): Call => ({ method: 'PATCH', path: `/api/schedules/${id}`, body: { connectedAccountId } });
const renameTemplate = (id: string, name: string): Call => ({ method: 'PUT', path: `/api/templates/${id}`, body: { name } });
const renameGroup = (id: string, name: string): Call => ({ method: 'PUT', path: `/api/template-groups/${id}`, body: { name } });
const renameAccount = (id: string, displayName: string): Call => ({ method: 'PUT', path: `/api/accounts/${id}`, body: { displayName } });

const ROWS: Row[] = [
  { route: 'PATCH /api/schedules/:id (move)', make: of(schedule, (id) => ({ read: `/api/schedules/${id}`, elsewhere: moveTo(id, toAccount), write: moveTo(id, fromAccount) })) },
  {
    route: 'PATCH /api/schedules/:id (edit)',
    make: of(schedule, (id) => ({ read: `/api/schedules/${id}`, elsewhere: moveTo(id, toAccount), write: { method: 'PATCH', path: `/api/schedules/${id}`, body: { content: { kind: 'text', text: 'Edited here' } } } })),
  },
  { route: 'POST /api/schedules/:id/pause', make: of(schedule, (id) => ({ read: `/api/schedules/${id}`, elsewhere: moveTo(id, toAccount), write: { method: 'POST', path: `/api/schedules/${id}/pause` } })) },
  {
    route: 'POST /api/schedules/:id/resume',
    make: of(
      async () => {
        const id = await schedule();
        ok(await admin.request('POST', `/api/schedules/${id}/pause`), 'pause');
        return id;
      },
      (id) => ({ read: `/api/schedules/${id}`, elsewhere: moveTo(id, toAccount), write: { method: 'POST', path: `/api/schedules/${id}/resume` } }),
    ),
  },
  { route: 'DELETE /api/schedules/:id', make: of(schedule, (id) => ({ read: `/api/schedules/${id}`, elsewhere: moveTo(id, toAccount), write: { method: 'DELETE', path: `/api/schedules/${id}` } })), fresh: 204 },
  { route: 'PUT /api/templates/:id', make: of(template, (id) => ({ read: `/api/templates/${id}`, elsewhere: renameTemplate(id, 'Elsewhere'), write: renameTemplate(id, 'Here') })) },
  { route: 'DELETE /api/templates/:id', make: of(template, (id) => ({ read: `/api/templates/${id}`, elsewhere: renameTemplate(id, 'Elsewhere'), write: { method: 'DELETE', path: `/api/templates/${id}` } })) },
  { route: 'PUT /api/template-groups/:id', make: of(group, (id) => ({ read: `/api/template-groups/${id}`, elsewhere: renameGroup(id, 'Elsewhere'), write: renameGroup(id, 'Here') })) },
  {
    route: 'PUT /api/template-groups/:id/templates',
    make: async () => {
      const id = await group();
      const t = await template();
      return { read: `/api/template-groups/${id}`, elsewhere: renameGroup(id, 'Elsewhere'), write: { method: 'PUT', path: `/api/template-groups/${id}/templates`, body: { templateIds: [t] } } };
    },
  },
  { route: 'DELETE /api/template-groups/:id', make: of(group, (id) => ({ read: `/api/template-groups/${id}`, elsewhere: renameGroup(id, 'Elsewhere'), write: { method: 'DELETE', path: `/api/template-groups/${id}` } })) },
  { route: 'PUT /api/accounts/:id', make: of(account, (id) => ({ read: `/api/accounts/${id}`, elsewhere: renameAccount(id, 'Elsewhere'), write: renameAccount(id, 'Here') })) },
  {
    route: 'PATCH /api/accounts/:id/visibility',
    make: of(account, (id) => ({ read: `/api/accounts/${id}`, elsewhere: renameAccount(id, 'Elsewhere'), write: { method: 'PATCH', path: `/api/accounts/${id}/visibility`, body: { adminOnly: true } } })),
  },
  {
    // The tier takes the X Admin step-up besides: with a current If-Match it gets as far as that (403).
    route: 'PATCH /api/accounts/:id/tier',
    make: of(account, (id) => ({ read: `/api/accounts/${id}`, elsewhere: renameAccount(id, 'Elsewhere'), write: { method: 'PATCH', path: `/api/accounts/${id}/tier`, body: { tier: 'high' } } })),
    fresh: 403,
  },
  { route: 'DELETE /api/accounts/:id', make: of(account, (id) => ({ read: `/api/accounts/${id}`, elsewhere: renameAccount(id, 'Elsewhere'), write: { method: 'DELETE', path: `/api/accounts/${id}` } })) },
  {
    route: 'PUT /api/settings/preferences',
    make: async () => ({
      read: '/api/settings',
      elsewhere: { method: 'PUT', path: '/api/settings/preferences', body: { weeklySummary: false } },
      write: { method: 'PUT', path: '/api/settings/preferences', body: { weeklySummary: true } },
    }),
  },
];

const call = (c: Call, headers: Record<string, string> = {}) => admin.request(c.method, c.path, c.body, { headers });
const etagOf = (res: Reply) => res.headers.get('etag');

describe('If-Match on every write of an existing thing', () => {
  it('covers every route that changes a thing by id', () => {
    const changing = server.routes
      .filter((r) => ['PUT', 'PATCH', 'DELETE'].includes(r.method) || /^\/api\/schedules\/:id\/(pause|resume)$/.test(r.path))
      .map((r) => `${r.method} ${r.path}`)
      .filter((k) => /^(PUT|PATCH|DELETE|POST) \/api\/(schedules|templates|template-groups|accounts)\/:id/.test(k) || k === 'PUT /api/settings/preferences');
    const tested = new Set(ROWS.map((r) => r.route.replace(/ \(.*\)$/, '')));
    expect(changing.filter((k) => !tested.has(k))).toEqual([]);
  });

  it.each(ROWS)('$route: a stale If-Match is 412 with the current state and changes nothing', async (row) => {
    const { read, elsewhere, write } = await row.make();
    const seen = await admin.get(read);
    expect(seen.status).toBe(200);
    const stale = etagOf(seen);
    expect(stale, 'the read answers an ETag').toMatch(/^"\d+"$/);

    ok(await call(elsewhere), 'the change made elsewhere');
    const now = await admin.get(read);
    const current = etagOf(now);
    expect(current).not.toBe(stale);

    const refused = await call(write, { 'If-Match': stale! });
    expect(refused.status, JSON.stringify(refused.body)).toBe(412);
    expect(refused.body).toMatchObject({ success: false, code: 'STALE_REVISION', message: expect.stringContaining('changed elsewhere') });
    expect((refused.body as { current: unknown }).current).toEqual(now.body);
    expect(etagOf(refused)).toBe(current);
    // Nothing changed.
    const after = await admin.get(read);
    expect(after.body).toEqual(now.body);
    expect(etagOf(after)).toBe(current);

    // With the ETag of the current state, the write goes through (and a changed thing is re-tagged).
    const accepted = await call(write, { 'If-Match': current! });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(row.fresh ?? 200);
    if (accepted.status === 200 && write.method !== 'DELETE') {
      const tagged = etagOf(accepted);
      expect(tagged).not.toBe(current);
      expect(etagOf(await admin.get(read))).toBe(tagged);
    }
  });

  it('answers 400 on an If-Match that is not one of its ETags, and a write without one still goes through', async () => {
    const id = await template();
    for (const bad of ['abc', '"1", "2"', '"-1"']) {
      const res = await admin.put(`/api/templates/${id}`, { name: 'Bad tag' }, { headers: { 'If-Match': bad } });
      expect(res.status, bad).toBe(400);
      expect(errorOf(res)).toMatchObject({ field: 'If-Match' });
    }
    expect(((await admin.get(`/api/templates/${id}`)).body as { name: string }).name).not.toBe('Bad tag');
    const seen = await admin.get(`/api/templates/${id}`);
    // A weak form of our tag and `*` are taken too.
    expect((await admin.put(`/api/templates/${id}`, { name: 'Weak' }, { headers: { 'If-Match': `W/${etagOf(seen)!}` } })).status).toBe(200);
    expect((await admin.put(`/api/templates/${id}`, { name: 'Any' }, { headers: { 'If-Match': '*' } })).status).toBe(200);
    expect((await admin.put(`/api/templates/${id}`, { name: 'No tag' })).status).toBe(200);
  });

  it("keeps another user's things a 404, whatever the If-Match", async () => {
    const s = await schedule();
    const t = await template();
    const seen = etagOf(await admin.get(`/api/templates/${t}`))!;
    for (const tagValue of [seen, '"0"', '"99"']) {
      expect((await stranger.put(`/api/templates/${t}`, { name: 'Theirs' }, { headers: { 'If-Match': tagValue } })).status).toBe(404);
      expect((await stranger.request('DELETE', `/api/schedules/${s}`, undefined, { headers: { 'If-Match': tagValue } })).status).toBe(404);
    }
    expect(((await admin.get(`/api/templates/${t}`)).body as { name: string }).name).not.toBe('Theirs');
  });
});
