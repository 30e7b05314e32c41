/**
 * The admin's Users page over HTTP: search, role, plan, permission, disable / enable. Every change
 * is checked on the server whatever door it comes through (a user's session, an admin's token
 * without the admin scope, path spellings), takes If-Match, answers field errors, and lands on the
 * user's stream with the admin as its actor (the audit's history names them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startTestServer, type Client, type Reply, type TestServer } from './support';

let server: TestServer;
let admin: Client;
let adminId: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  adminId = ((await admin.get('/api/auth/status')).body as { user: { id: string } }).user.id;
}, 30_000);
afterAll(async () => {
  await server?.close();
});

type PublicUser = { id: string; username: string; role: string; tier: string; isActive: boolean; isPremium: boolean; subscriptionEndDate: string | null; permissions: string[] };
const userOf = (res: Reply) => (res.body as { user: PublicUser }).user;
const usersOf = (res: Reply) => (res.body as { users: PublicUser[] }).users;
const etag = (res: Reply) => res.headers.get('etag')!;

describe('GET /api/admin/users', () => {
  it('searches by name words, role and plan', async () => {
    const { user } = await server.newUser('zebrafinch');
    const other = await server.newUser('otterpup');
    const found = usersOf(await admin.get('/api/admin/users?q=ZEBRA'));
    expect(found.map((u) => u.id)).toEqual([user.id]);
    expect(usersOf(await admin.get('/api/admin/users?q=zebra%20finch')).map((u) => u.id)).toEqual([user.id]);
    expect(usersOf(await admin.get('/api/admin/users?q=zebra%20otter')).map((u) => u.id)).toEqual([]);
    expect(usersOf(await admin.get('/api/admin/users?role=admin')).map((u) => u.username)).toEqual(['admin']);
    const trial = usersOf(await admin.get('/api/admin/users?tier=trial')).map((u) => u.id);
    expect(trial).toEqual(expect.arrayContaining([user.id, other.user.id]));
    const bad = await admin.get('/api/admin/users?tier=gold');
    expect(bad.status).toBe(400);
    expect(errorOf(bad).field).toBe('tier');
  });

  it('answers the list a page at a time: the walk by X-Next-Cursor gives every user once, a search kept; a bad cursor or limit is a 400 on its field', async () => {
    for (let i = 0; i < 5; i += 1) await server.newUser(`walker${i}`);
    const everyone = usersOf(await admin.get('/api/admin/users?q=walker&limit=500')).map((u) => u.username);
    expect(everyone).toHaveLength(5);
    const walked: string[] = [];
    let res = await admin.get('/api/admin/users?q=walker&limit=2');
    for (let pages = 1; ; pages += 1) {
      expect(usersOf(res).length).toBeLessThanOrEqual(2);
      walked.push(...usersOf(res).map((u) => u.username));
      const next = res.headers.get('x-next-cursor');
      if (next === null) break;
      expect(res.headers.get('link')).toContain('q=walker');
      expect(pages).toBeLessThan(3);
      res = await admin.get(`/api/admin/users?q=walker&limit=2&cursor=${next}`);
    }
    expect(walked).toEqual(everyone);
    // No limit named: the default page, not the whole installation.
    expect(usersOf(await admin.get('/api/admin/users')).length).toBeLessThanOrEqual(100);
    for (const [query, field] of [['cursor=nonsense', 'cursor'], ['limit=501', 'limit'], ['limit=0', 'limit']] as const) {
      const bad = await admin.get(`/api/admin/users?${query}`);
      expect(bad.status, query).toBe(400);
      expect(errorOf(bad).field, query).toBe(field);
    }
  });
});

describe('PUT /api/admin/users/:id/plan', () => {
  it('makes a user Premium until a day, then takes it back; the user sees it at once', async () => {
    const { client, user } = await server.newUser();
    const premium = await admin.put(`/api/admin/users/${user.id}/plan`, { plan: 'premium', until: '2099-01-31' });
    expect(premium.status, JSON.stringify(premium.body)).toBe(200);
    expect(userOf(premium)).toMatchObject({ tier: 'premium', isPremium: true, subscriptionEndDate: '2099-01-31T23:59:59.999Z' });
    expect(userOf(await client.get('/api/auth/status'))).toMatchObject({ tier: 'premium' });
    const none = await admin.put(`/api/admin/users/${user.id}/plan`, { plan: 'none' });
    expect(userOf(none)).toMatchObject({ isPremium: false });
    expect(userOf(none).tier).not.toBe('premium');
  });

  it('answers field errors and changes nothing', async () => {
    const { user } = await server.newUser();
    const cases: [unknown, string, string][] = [
      [{ plan: 'premium' }, 'until', 'Choose the last day of the Premium plan'],
      [{ plan: 'premium', until: '31/01/2099' }, 'until', 'The last day is a date like 2027-01-31'],
      [{ plan: 'premium', until: '2099-02-31' }, 'until', 'The last day is a date like 2027-01-31'],
      [{ plan: 'premium', until: '2001-01-01' }, 'until', 'A subscription must end after it starts'],
      [{ plan: 'gold' }, 'plan', 'Invalid input'],
    ];
    for (const [input, field, message] of cases) {
      const res = await admin.put(`/api/admin/users/${user.id}/plan`, input);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(errorOf(res), JSON.stringify(input)).toMatchObject({ field, message });
    }
    expect(userOf(await admin.get(`/api/admin/users/${user.id}`)).isPremium).toBe(false);
  });
});

describe('PUT /api/admin/users/:id/active', () => {
  it("disables a user: their session and their token are refused at once; enabling lets them back", async () => {
    const { client, user } = await server.newUser();
    const made = await client.post('/api/tokens', { name: 'cli', scopes: ['read', 'write'], expiresInDays: 1, currentPassword: 'secret-pw-1' });
    expect(made.status).toBe(201);
    const bearer = server.client();
    const auth = { headers: { Authorization: `Bearer ${(made.body as { secret: string }).secret}` } };
    expect((await bearer.get('/api/templates', auth)).status).toBe(200);

    const off = await admin.put(`/api/admin/users/${user.id}/active`, { active: false });
    expect(off.status).toBe(200);
    expect(userOf(off).isActive).toBe(false);
    expect((await client.get('/api/templates')).status).toBe(401);
    expect((await bearer.get('/api/templates', auth)).status).toBe(401);
    const login = await server.client().post('/api/auth/login', { username: user.username, password: 'secret-pw-1' });
    expect(login.status).toBeGreaterThanOrEqual(400);

    const on = await admin.put(`/api/admin/users/${user.id}/active`, { active: true });
    expect(userOf(on).isActive).toBe(true);
    expect((await server.client().post('/api/auth/login', { username: user.username, password: 'secret-pw-1' })).status).toBe(200);
  });

  it('refuses to disable the admin themself, and a value that is not true or false', async () => {
    const self = await admin.put(`/api/admin/users/${adminId}/active`, { active: false });
    expect(self.status).toBe(409);
    expect(errorOf(self)).toMatchObject({ field: 'active', message: 'You cannot disable your own account here' });
    const bad = await admin.put(`/api/admin/users/${adminId}/active`, { active: 'no' });
    expect(bad.status).toBe(400);
    expect(errorOf(bad)).toMatchObject({ field: 'active', message: 'Invalid input' });
    expect(userOf(await admin.get(`/api/admin/users/${adminId}`)).isActive).toBe(true);
  });
});

describe('If-Match on a user', () => {
  it('refuses a change made on a stale view with 412 and the user as they now are', async () => {
    const { user } = await server.newUser();
    const seen = await admin.get(`/api/admin/users/${user.id}`);
    const stale = etag(seen);
    expect(stale).toMatch(/^"\d+"$/);
    expect((await admin.put(`/api/admin/users/${user.id}/role`, { role: 'legacy' })).status).toBe(200);
    const refused = await admin.put(`/api/admin/users/${user.id}/plan`, { plan: 'premium', until: '2099-01-31' }, { headers: { 'If-Match': stale } });
    expect(refused.status).toBe(412);
    expect(refused.body).toMatchObject({ code: 'STALE_REVISION', current: { id: user.id, role: 'legacy', isPremium: false } });
    const current = etag(refused);
    expect(userOf(await admin.get(`/api/admin/users/${user.id}`)).isPremium).toBe(false);
    const accepted = await admin.put(`/api/admin/users/${user.id}/plan`, { plan: 'premium', until: '2099-01-31' }, { headers: { 'If-Match': current } });
    expect(accepted.status).toBe(200);
    expect(etag(accepted)).not.toBe(current);
  });
});

describe('every change is checked on the server', () => {
  const writes = (id: string): [string, string, unknown][] => [
    ['PUT', `/api/admin/users/${id}/role`, { role: 'admin' }],
    ['PUT', `/api/admin/users/${id}/plan`, { plan: 'premium', until: '2099-01-31' }],
    ['PUT', `/api/admin/users/${id}/permissions`, { mayAddMonitoredAccounts: true }],
    ['PUT', `/api/admin/users/${id}/active`, { active: false }],
  ];

  it("refuses a user's session (403) and a visitor (401), whatever the path's spelling, and nothing changes", async () => {
    const { client, user } = await server.newUser();
    const spellings = (path: string) => [path, path.replace('/api/admin', '/API/admin'), path.replace('/api/admin', '//api/admin'), path.replace('/api/admin/users', '/api/admin%2Fusers'), path.replace('/api/admin', '/api/./admin'), `${path}/`];
    for (const [method, path, input] of writes(user.id)) {
      for (const p of spellings(path)) {
        const res = await client.request(method, p, input);
        expect([403, 404], `${method} ${p}: ${res.status}`).toContain(res.status);
        expect((await server.client().request(method, p, input)).status, `visitor ${p}`).not.toBe(200);
      }
    }
    for (const p of spellings('/api/admin/users')) {
      const res = await client.get(p);
      expect([403, 404], `GET ${p}: ${res.status}`).toContain(res.status);
    }
    const after = userOf(await admin.get(`/api/admin/users/${user.id}`));
    expect(after).toMatchObject({ role: 'user', isPremium: false, permissions: [], isActive: true });
  });

  it("refuses an admin's token without the admin scope, even for writes", async () => {
    const { user } = await server.newUser();
    const made = await admin.post('/api/tokens', { name: 'no-admin', scopes: ['read', 'write'], expiresInDays: 1, currentPassword: 'admin-new-pw' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const bearer = server.client();
    const auth = { headers: { Authorization: `Bearer ${(made.body as { secret: string }).secret}` } };
    expect((await bearer.get('/api/admin/users', auth)).status).toBe(403);
    for (const [method, path, input] of writes(user.id)) {
      expect((await bearer.request(method, path, input, auth)).status, `${method} ${path}`).toBe(403);
    }
    expect(userOf(await admin.get(`/api/admin/users/${user.id}`))).toMatchObject({ role: 'user', isPremium: false, permissions: [], isActive: true });
  });

  it("records each change on the user's history with the admin as the actor", async () => {
    const { user } = await server.newUser();
    await admin.put(`/api/admin/users/${user.id}/plan`, { plan: 'premium', until: '2099-01-31' });
    await admin.put(`/api/admin/users/${user.id}/permissions`, { mayAddMonitoredAccounts: true });
    await admin.put(`/api/admin/users/${user.id}/active`, { active: false });
    const history = (await admin.get(`/api/admin/audit/users/${user.username}`)).body as { entries: { type: string; actor: string; actorName: string | null }[] };
    const changes = history.entries.filter((e) => ['PremiumActivated', 'PermissionGranted', 'UserDeactivated'].includes(e.type));
    expect(changes.map((e) => [e.type, e.actor])).toEqual([
      ['PremiumActivated', adminId],
      ['PermissionGranted', adminId],
      ['UserDeactivated', adminId],
    ]);
  });
});
