/**
 * The attacks that worked while the router matched paths case-insensitively and the guards
 * compared them case-sensitively: each spelling is refused and changes nothing. And the admin
 * routes refuse non-admins by themselves, without the path guard in front of them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@adapters/logging';
import type { User } from '@core/users/state';
import type { AppDeps } from '@apps/server/src/deps';
import { errorHandler } from '@apps/server/src/http/errors';
import { adminRoutes } from '@apps/server/src/users/admin-routes';
import { ADMIN_PASSWORD, Client, startTestServer, type TestServer } from '../api/support';
import { multipart, PNG_1X1 } from '../api/schedules.support';
import { eventCount, rawRequest, storedUploads } from './support';

const CROSS_SITE = { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' };

let server: TestServer;
let alice: { client: Client; user: { id: string; username: string } };
let bootstrapAdmin: Client;

beforeAll(async () => {
  server = await startTestServer({ RIPOSTE_SCHEDULER: 'off' });
  alice = await server.newUser();
  bootstrapAdmin = server.client();
  const login = await bootstrapAdmin.post('/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
  expect((login.body as { user: { passwordChangeRequired: boolean } }).user.passwordChangeRequired).toBe(true);
});
afterAll(async () => {
  await server?.close();
});

const roleOf = async (client: Client) => ((await client.get('/api/auth/status')).body as { user: { role: string } }).user.role;

describe('case and encoding variants of guarded paths', () => {
  it.each(['/api/ADMIN/users', '/API/admin/users', '/Api/Admin/Users', '/api/admin/users/', '/api//admin/users', '/api%2Fadmin/users', '/api/./admin/users'])(
    'GET %s as a visitor is refused and lists nobody',
    async (path) => {
      const res = await rawRequest(server.client(), 'GET', path);
      expect([401, 403, 404]).toContain(res.status);
      expect(res.text).not.toContain(alice.user.username);
      expect(res.text).not.toContain('"users"');
    },
  );

  it.each(['/API/admin/users/:id/role', '/api/ADMIN/users/:id/role', '/api/admin/users/:id/role/'])(
    'PUT %s by an admin still on the bootstrap password is refused',
    async (pattern) => {
      const before = eventCount(server);
      const res = await rawRequest(bootstrapAdmin, 'PUT', pattern.replace(':id', alice.user.id), { body: JSON.stringify({ role: 'admin' }) });
      expect([403, 404]).toContain(res.status);
      expect(await roleOf(alice.client)).toBe('user');
      expect(eventCount(server)).toBe(before);
    },
  );

  it('refuses the canonical role change on the bootstrap password too', async () => {
    const res = await rawRequest(bootstrapAdmin, 'PUT', `/api/admin/users/${alice.user.id}/role`, { body: JSON.stringify({ role: 'admin' }) });
    expect({ status: res.status, code: res.code }).toEqual({ status: 403, code: 'PASSWORD_CHANGE_REQUIRED' });
  });

  it.each([
    ['/API/templates', { csrf: false, headers: CROSS_SITE }],
    ['/Api/templates', { csrf: false }],
    ['/api/templates/', { headers: CROSS_SITE }],
    ['/api/templates', { csrf: false, headers: CROSS_SITE }],
  ] as const)('POST %s from a cross-site page creates no template', async (path, options) => {
    const before = eventCount(server);
    const planted = `planted ${path} ${JSON.stringify(options)}`;
    const res = await rawRequest(alice.client, 'POST', path, { ...options, body: JSON.stringify({ name: 'evil', content: planted }) });
    expect([403, 404]).toContain(res.status);
    const templates = await alice.client.get('/api/templates');
    expect(templates.text).not.toContain(JSON.stringify(planted).slice(1, -1));
    expect(eventCount(server)).toBe(before);
  });

  it.each([
    ['POST', '/API/auth/logout', { csrf: false }],
    ['POST', '/Api/auth/logout', { headers: CROSS_SITE }],
    ['GET', '/API/auth/logout', { headers: { 'Sec-Fetch-Site': 'cross-site' } }],
    ['GET', '/api/auth/logout/', { headers: { 'Sec-Fetch-Site': 'cross-site' } }],
    ['GET', '/api/auth/logout', { headers: { 'Sec-Fetch-Site': 'cross-site' } }],
  ] as const)('%s %s does not sign the user out', async (method, path, options) => {
    const { client } = await server.newUser();
    const res = await rawRequest(client, method, path, options);
    expect([403, 404]).toContain(res.status);
    expect((await client.get('/api/auth/status')).status).toBe(200);
  });

  it.each([
    ['/Api/v2/upload-image', { csrf: false }],
    ['/API/v2/upload-image', { headers: CROSS_SITE }],
    ['/api/v2/upload-image/', { csrf: false }],
    ['/api/v2/upload-image', { csrf: false }],
  ] as const)('POST %s without the CSRF defences stores no image', async (path, options) => {
    const uploads = storedUploads(server);
    const body = multipart('image', 'a.png', 'image/png', PNG_1X1);
    const res = await rawRequest(alice.client, 'POST', path, { ...options, body: body.body, contentType: body.contentType });
    expect([403, 404]).toContain(res.status);
    expect(storedUploads(server)).toEqual(uploads);
  });

  it('answers a non-canonical API path with the JSON 404 naming the rule', async () => {
    const res = await rawRequest(alice.client, 'GET', '/API/templates');
    expect(res.status).toBe(404);
    expect(res.code).toBe('NON_CANONICAL_PATH');
    expect(JSON.parse(res.text)).toMatchObject({ message: expect.stringContaining('lower-case') });
  });
});

describe('admin routes check the role themselves', () => {
  let app: Server;
  let base = '';
  let user: User | null = null;

  beforeAll(async () => {
    // The admin router alone: no path guard, no session; only what the routes themselves check.
    const koa = new Koa();
    koa.use(async (ctx, next) => {
      ctx.state.requestId = 'req-test-0001';
      ctx.state.log = createLogger({ level: 'silent' });
      ctx.state.user = user;
      return next();
    });
    koa.use(errorHandler());
    koa.use(adminRoutes({ config: { legacyUsernames: [] } } as unknown as AppDeps).routes());
    app = createServer(koa.callback());
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => app.close(() => resolve())));

  const asUser = (role: User['role'], passwordChangeRequired = false) => ({ id: 'u1', role, passwordChangeRequired, isActive: true }) as unknown as User;

  it.each([
    ['a visitor', null, 401],
    ['a user', asUser('user'), 403],
    ['a legacy user', asUser('legacy'), 403],
    ['an admin on the bootstrap password', asUser('admin', true), 403],
  ] as const)('refuses %s on every admin route', async (_, who, status) => {
    user = who;
    for (const [method, path] of [
      ['GET', '/api/admin/users'],
      ['PUT', '/api/admin/users/u2/role'],
      ['PUT', '/api/admin/users/u2/permissions'],
    ] as const) {
      const res = await rawRequest(new Client(base), method, path, { body: method === 'GET' ? undefined : '{"role":"admin"}' });
      expect({ path, status: res.status }).toEqual({ path, status });
    }
  });
});
