/**
 * Personal access tokens attacked from outside (real HTTP, real server, SQLite store):
 *  - a token made in a session is shown once, listed without its secret, and works as
 *    `Authorization: Bearer` with no CSRF header; cookies sent beside it are ignored;
 *  - scopes: a read token cannot write, admin routes need the admin scope AND an admin user;
 *  - revoked, expired, unknown and malformed tokens are refused (401) and change nothing;
 *  - a token never reaches another user's data, nor the calls that belong to a browser session;
 *  - path variants with a token are refused like without one; requests are rate-limited per token;
 *  - the route × role walk, as tokens: every registered route, as a read token, a write token, an
 *    admin's token without and with the admin scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type Reply, type TestServer } from '../api/support';
import { eventCount, rawRequest } from './support';

let now = new Date('2026-11-27T08:00:00.000Z');
let server: TestServer;
let alice: { client: Client; user: { id: string; username: string } };
let bob: { client: Client; user: { id: string; username: string } };
let admin: Client;

beforeAll(async () => {
  server = await startTestServer({ RIPOSTE_SCHEDULER: 'off', RIPOSTE_TOKEN_RATE_LIMIT: '100000' }, { clock: () => now });
  alice = await server.newUser();
  bob = await server.newUser();
  admin = await server.admin();
}, 30_000);
afterAll(async () => {
  await server?.close();
});

interface Made {
  id: string;
  secret: string;
  scopes: string[];
  prefix: string;
}

/** Minting asks for the current password (tokens/routes.ts): the admin's was changed by `server.admin()`. */
const makeToken = async (client: Client, body: Record<string, unknown> = {}): Promise<Made> => {
  const currentPassword = client === admin ? 'admin-new-pw' : 'secret-pw-1';
  const res = await client.post('/api/tokens', { name: 'script', scopes: ['read'], expiresInDays: 30, currentPassword, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Made;
};

/** A caller with nothing but the token: no cookie, no CSRF header. */
const bearer = (secret: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> =>
  server.client().request(method, path, body ?? (method === 'GET' || method === 'DELETE' ? undefined : {}), { csrf: false, headers: { Authorization: `Bearer ${secret}`, ...headers } });

const template = { name: 'From a script', content: 'Nice post, thanks!' };

describe('making and using a token', () => {
  it('shows the secret once, lists the token without it, and the token reads and writes without CSRF', async () => {
    const made = await makeToken(alice.client, { scopes: ['read', 'write'] });
    expect(made.secret).toMatch(/^rpt_[A-Za-z0-9_-]{43}$/);
    expect(made.prefix).toBe(made.secret.slice(0, 8));
    const list = await alice.client.get('/api/tokens');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(made.secret);
    expect(list.body).toEqual([expect.objectContaining({ id: made.id, name: 'script', scopes: ['read', 'write'], status: 'active', lastUsedAt: null })]);

    const created = await bearer(made.secret, 'POST', '/api/templates', template);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const mine = await bearer(made.secret, 'GET', '/api/templates');
    expect((mine.body as { name: string }[]).map((t) => t.name)).toContain(template.name);
    const status = await bearer(made.secret, 'GET', '/api/auth/status');
    expect(status.status).toBe(200);
    expect(JSON.stringify(status.body)).toContain(alice.user.username);
    // Last used is written down (after the answer; wait for it to show).
    await expect.poll(async () => ((await alice.client.get('/api/tokens')).body as { lastUsedAt: string | null }[])[0]?.lastUsedAt, { timeout: 5000 }).toBe(now.toISOString());
  });

  it('refuses visitors and tokens on token management; only a session makes tokens', async () => {
    const made = await makeToken(alice.client, { scopes: ['read', 'write'] });
    expect((await server.client().get('/api/tokens')).status).toBe(401);
    const before = eventCount(server);
    for (const [method, path, body] of [
      ['GET', '/api/tokens', undefined],
      ['POST', '/api/tokens', { name: 'escalate', scopes: ['read', 'write'], expiresInDays: null }],
      ['DELETE', `/api/tokens/${made.id}`, undefined],
      ['PUT', '/api/auth/change-password', { currentPassword: 'secret-pw-1', newPassword: 'taken-over-1', confirmPassword: 'taken-over-1' }],
      ['POST', '/api/settings/delete-account', { currentPassword: 'secret-pw-1', confirm: 'DELETE' }],
      ['POST', '/api/auth/logout', {}],
    ] as const) {
      const res = await bearer(made.secret, method, path, body);
      expect({ method, path, status: res.status, code: (res.body as { code?: string }).code }).toEqual({ method, path, status: 403, code: 'TOKEN_SESSION_ONLY' });
    }
    expect(eventCount(server)).toBe(before);
  });

  it('validates the create on its field: a name, known scopes, an expiry in range; admin scope only for admins', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ scopes: [] }, 'scopes'],
      [{ scopes: ['root'] }, 'scopes.0'],
      [{ expiresInDays: 0 }, 'expiresInDays'],
      [{ expiresInDays: 366 }, 'expiresInDays'],
      [{ scopes: ['admin'] }, 'scopes'],
    ];
    const before = eventCount(server);
    for (const [body, field] of cases) {
      const res = await alice.client.post('/api/tokens', { name: 'x', scopes: ['read'], expiresInDays: 30, currentPassword: 'secret-pw-1', ...body });
      expect({ body, status: res.status, field: (res.body as { field?: string }).field }).toEqual({ body, status: 400, field });
    }
    expect(eventCount(server)).toBe(before);
  });
});

describe('scopes and roles', () => {
  it('a read token cannot write: refused on every unsafe method, nothing created', async () => {
    const read = await makeToken(alice.client, { scopes: ['read'] });
    const before = eventCount(server);
    for (const [method, path] of [
      ['POST', '/api/templates'],
      ['POST', '/api/schedules'],
      ['POST', '/api/bulk-replies/batch'],
      ['PUT', '/api/settings/preferences'],
      ['DELETE', '/api/schedules/00000000-0000-0000-0000-000000000000'],
    ] as const) {
      const res = await bearer(read.secret, method, path, method === 'DELETE' ? undefined : template);
      expect({ path, status: res.status, code: (res.body as { code?: string }).code }).toEqual({ path, status: 403, code: 'TOKEN_SCOPE_WRITE' });
    }
    expect(eventCount(server)).toBe(before);
    expect((await bearer(read.secret, 'GET', '/api/schedules')).status).toBe(200);
  });

  it('admin routes need the admin scope, and the user must still be an admin', async () => {
    const plain = await makeToken(admin, { scopes: ['read', 'write'] });
    const res = await bearer(plain.secret, 'GET', '/api/admin/users');
    expect([res.status, (res.body as { code?: string }).code]).toEqual([403, 'TOKEN_SCOPE_ADMIN']);
    const scoped = await makeToken(admin, { scopes: ['read', 'admin'] });
    expect((await bearer(scoped.secret, 'GET', '/api/admin/users')).status).toBe(200);
    // Read + admin: an admin write still needs the write scope.
    const write = await bearer(scoped.secret, 'PUT', `/api/admin/users/${bob.user.id}/role`, { role: 'admin' });
    expect([write.status, (write.body as { code?: string }).code]).toEqual([403, 'TOKEN_SCOPE_WRITE']);

    // Carol is made admin, makes an admin token, and is demoted: the token loses the admin routes at once.
    const carol = await server.newUser();
    expect((await admin.put(`/api/admin/users/${carol.user.id}/role`, { role: 'admin' })).status).toBe(200);
    const hers = await makeToken(carol.client, { scopes: ['read', 'write', 'admin'] });
    expect((await bearer(hers.secret, 'GET', '/api/admin/users')).status).toBe(200);
    expect((await admin.put(`/api/admin/users/${carol.user.id}/role`, { role: 'user' })).status).toBe(200);
    const after = await bearer(hers.secret, 'GET', '/api/admin/users');
    expect([after.status, (after.body as { code?: string }).code]).toEqual([403, 'ADMIN_ONLY']);
  });

  it("a token never reaches another user's data: bob's ids answer 404 and change nothing", async () => {
    const bobs = await bob.client.post('/api/templates', { name: 'Bob only', content: 'Mine' });
    expect(bobs.status).toBe(201);
    const bobId = (bobs.body as { id: string }).id;
    const token = await makeToken(alice.client, { scopes: ['read', 'write'] });
    // Its first use is written down (TokenUsed); after it, nothing may change.
    expect((await bearer(token.secret, 'GET', '/api/templates')).status).toBe(200);
    await expect.poll(async () => ((await alice.client.get('/api/tokens')).body as { id: string; lastUsedAt: string | null }[]).find((t) => t.id === token.id)?.lastUsedAt).not.toBeNull();
    const before = eventCount(server);
    expect((await bearer(token.secret, 'GET', `/api/templates/${bobId}`)).status).toBe(404);
    expect((await bearer(token.secret, 'PUT', `/api/templates/${bobId}`, { name: 'Stolen' })).status).toBe(404);
    expect((await bearer(token.secret, 'DELETE', `/api/templates/${bobId}`)).status).toBe(404);
    const list = await bearer(token.secret, 'GET', '/api/templates');
    expect((list.body as { id: string }[]).map((t) => t.id)).not.toContain(bobId);
    expect(eventCount(server)).toBe(before);
    expect(((await bob.client.get(`/api/templates/${bobId}`)).body as { name: string }).name).toBe('Bob only');
  });

  it("cookies beside a token are ignored: alice's token with bob's session cookie is alice, and sets no cookie", async () => {
    const token = await makeToken(alice.client);
    const res = await server.client().request('GET', '/api/auth/status', undefined, {
      csrf: false,
      headers: { Authorization: `Bearer ${token.secret}`, Cookie: bob.client.cookieHeader() },
    });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toContain(alice.user.username);
    expect(JSON.stringify(res.body)).not.toContain(bob.user.username);
    expect(res.headers.get('set-cookie')).toBeNull();
    // A read token with a write session's cookie still cannot write.
    const write = await server.client().request('POST', '/api/templates', template, {
      headers: { Authorization: `Bearer ${token.secret}`, Cookie: alice.client.cookieHeader() },
    });
    expect(write.status).toBe(403);
  });
});

describe('refused tokens', () => {
  it('a revoked token is refused at once; revoking is owner-only', async () => {
    const token = await makeToken(alice.client);
    expect((await bob.client.request('DELETE', `/api/tokens/${token.id}`)).status).toBe(404);
    expect((await bearer(token.secret, 'GET', '/api/schedules')).status).toBe(200);
    const revoked = await alice.client.request('DELETE', `/api/tokens/${token.id}`);
    expect(revoked.status).toBe(200);
    expect((revoked.body as { status: string }).status).toBe('revoked');
    const res = await bearer(token.secret, 'GET', '/api/schedules');
    expect([res.status, (res.body as { code?: string }).code]).toEqual([401, 'TOKEN_REVOKED']);
    expect(res.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('an expired token is refused', async () => {
    const token = await makeToken(alice.client, { expiresInDays: 1 });
    expect((await bearer(token.secret, 'GET', '/api/schedules')).status).toBe(200);
    const saved = now;
    now = new Date(saved.getTime() + 24 * 60 * 60 * 1000);
    try {
      const res = await bearer(token.secret, 'GET', '/api/schedules');
      expect([res.status, (res.body as { code?: string }).code]).toEqual([401, 'TOKEN_EXPIRED']);
      const listed = ((await alice.client.get('/api/tokens')).body as { id: string; status: string }[]).find((t) => t.id === token.id);
      expect(listed?.status).toBe('expired');
    } finally {
      now = saved;
    }
  });

  it('malformed and unknown Authorization headers are 401 on the Authorization field, even with a good session', async () => {
    const token = await makeToken(alice.client);
    for (const value of [
      'Bearer',
      'Bearer ',
      `Bearer  ${token.secret}`,
      `Basic ${Buffer.from('alice:secret-pw-1').toString('base64')}`,
      `Token ${token.secret}`,
      `Bearer ${token.secret} extra`,
      `Bearer ${token.secret.slice(0, -1)}`,
      `Bearer ${token.secret}x`,
      'Bearer rpt_' + 'A'.repeat(43),
      `Bearer ${'x'.repeat(5000)}`,
    ]) {
      const res = await alice.client.request('GET', '/api/schedules', undefined, { headers: { Authorization: value } });
      expect({ value: value.slice(0, 40), status: res.status, field: (res.body as { field?: string }).field }).toEqual({ value: value.slice(0, 40), status: 401, field: 'Authorization' });
    }
    // The scheme is case-insensitive.
    expect((await bearer(token.secret, 'GET', '/api/schedules', undefined, { Authorization: `bearer ${token.secret}` })).status).toBe(200);
  });

  it('path variants with a token are refused like without one, and change nothing', async () => {
    const scoped = await makeToken(admin, { scopes: ['read', 'write', 'admin'] });
    const read = await makeToken(alice.client);
    const before = eventCount(server);
    // Refused before any handler: the canonical-path check (404) or the token's scope (403).
    const REFUSED = expect.toBeOneOf([403, 404]);
    const auth = (secret: string) => ({ csrf: false, headers: { Authorization: `Bearer ${secret}` } });
    for (const path of ['/API/admin/users', '/api//admin/users', '/api/admin/users/', '/api/%61dmin/users', '/api/admin%2Fusers', '/api/./admin/users']) {
      const res = await rawRequest(server.client(), 'GET', path, auth(read.secret));
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
    for (const path of ['/API/templates', '/api//templates', '/api/templates/', '/api/Templates', '/api/%74emplates']) {
      const res = await rawRequest(server.client(), 'POST', path, { ...auth(read.secret), body: JSON.stringify(template) });
      expect({ path, status: res.status }).toEqual({ path, status: REFUSED });
      const adm = await rawRequest(server.client(), 'POST', path.replace('templates', 'tokens').replace('Templates', 'Tokens').replace('%74emplates', '%74okens'), {
        ...auth(scoped.secret),
        body: JSON.stringify({ name: 'x', scopes: ['read'], expiresInDays: null }),
      });
      expect({ path, status: adm.status }).toEqual({ path, status: REFUSED });
    }
    // The tokens' first uses are written down (TokenUsed) after the answers; nothing else.
    await expect.poll(() => eventCount(server)).toBeGreaterThanOrEqual(before);
    expect(eventCount(server) - before).toBeLessThanOrEqual(2);
  });
});

describe('rate limit per token', () => {
  it('answers 429 with Retry-After once a token has used its minute; another token is not affected', async () => {
    const limited = await startTestServer({ RIPOSTE_SCHEDULER: 'off', RIPOSTE_TOKEN_RATE_LIMIT: '5' });
    try {
      const carol = await limited.newUser();
      const make = async () => (await carol.client.post('/api/tokens', { name: 'n', scopes: ['read'], expiresInDays: null, currentPassword: 'secret-pw-1' })).body as Made;
      const [one, two] = [await make(), await make()];
      const call = (secret: string) => limited.client().request('GET', '/api/schedules', undefined, { csrf: false, headers: { Authorization: `Bearer ${secret}` } });
      const statuses = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await call(one.secret)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const refused = await call(one.secret);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await call(two.secret)).status).toBe(200);
      // The session is not counted against the token.
      expect((await carol.client.get('/api/schedules')).status).toBe(200);
    } finally {
      await limited.close();
    }
  }, 30_000);
});

describe('route × role walk, as tokens', () => {
  const concrete = (path: string) => path.replace(/:(\w+)/g, () => bob.user.id);
  const isAdminRoute = (path: string) => path.startsWith('/api/admin');
  const SESSION_ONLY = (method: string, path: string) =>
    !(method === 'GET' && path === '/api/auth/status') &&
    (path.startsWith('/api/auth/') || path.startsWith('/api/tokens') || path.startsWith('/api/push/') || path.startsWith('/api/x/') || path.startsWith('/paypal/') || path === '/api/settings/delete-account' || path === '/api/admin/polling-settings/verify-x-admin');
  const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
  const PUBLIC = new Set(['GET /healthz', 'GET /api/config']);

  it('every route: a read token reads but never writes, only admin-scoped admin tokens reach admin routes', async () => {
    const read = await makeToken(alice.client, { scopes: ['read'] });
    const write = await makeToken(alice.client, { scopes: ['read', 'write'] });
    const adminPlain = await makeToken(admin, { scopes: ['read', 'write'] });
    const adminFull = await makeToken(admin, { scopes: ['read', 'write', 'admin'] });
    const before = eventCount(server);
    let walked = 0;
    for (const { method, path } of server.routes) {
      const key = `${method} ${path}`;
      if (PUBLIC.has(key)) continue;
      walked += 1;
      const url = concrete(path);
      const sessionOnly = SESSION_ONLY(method, path);
      const readRes = await bearer(read.secret, method, url);
      if (sessionOnly || isAdminRoute(path) || !SAFE.has(method)) expect({ key, status: readRes.status }).toEqual({ key, status: 403 });
      else expect({ key, status: readRes.status }).not.toMatchObject({ status: expect.toBeOneOf([401, 403]) });

      if (!SAFE.has(method)) continue; // writes are checked by scope above; the walk must not change data
      const plainRes = await bearer(adminPlain.secret, method, url);
      if (sessionOnly || isAdminRoute(path)) expect({ key, status: plainRes.status }).toEqual({ key, status: 403 });
      const fullRes = await bearer(adminFull.secret, method, url);
      if (sessionOnly) expect({ key, status: fullRes.status }).toEqual({ key, status: 403 });
      else expect({ key, status: fullRes.status }).not.toMatchObject({ status: expect.toBeOneOf([401, 403]) });
    }
    expect(walked).toBeGreaterThan(60);
    // Reads only changed what a read writes down: the tokens' last use.
    const writes = eventCount(server) - before;
    expect(writes).toBeLessThanOrEqual(4);
    // The write token is walked on safe calls by the admin-less checks too: it is not refused where a read token reads.
    for (const path of ['/api/schedules', '/api/templates', '/api/accounts', '/api/replies']) expect((await bearer(write.secret, 'GET', path)).status).toBe(200);
  }, 60_000);
});
