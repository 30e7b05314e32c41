/**
 * Walks EVERY route the server registered (RunningServer.routes, read from the routers
 * themselves), as a visitor, a user and an admin. A route added later is walked automatically:
 * unless it is listed as public below, it must refuse visitors with 401, and every /api/admin
 * route must refuse users with 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from './support';

let server: TestServer;
let user: Client;
let userId: string;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer();
  const created = await server.newUser();
  user = created.client;
  userId = created.user.id;
  admin = await server.admin();
});
afterAll(async () => {
  await server?.close();
});

/** Routes a visitor may call, with what a visitor gets. Everything else must answer 401. */
const PUBLIC: Record<string, number[]> = {
  'GET /healthz': [200],
  'GET /health': [200],
  'GET /livez': [200],
  'GET /readyz': [200],
  'GET /api/config': [200],
  // The API's description: the surface is no secret (docs/adr/0036).
  'GET /api/openapi.json': [200],
  'GET /api/docs': [200],
  // Sandbox X by default: the sign-in URL of the emulator (503 with diagnostics when X is not configured).
  'GET /api/x/auth/login': [200],
  // X returns the browser here; without a pending request it redirects to the error page.
  'GET /api/x/auth/callback': [302],
  // The status call answers a visitor with 401 and the spec's body (checked in auth tests).
  'GET /api/auth/status': [401],
  'POST /api/auth/login': [400],
  'POST /api/auth/register': [400],
  // Password reset by e-mailed link: an empty body is refused with its field.
  'POST /api/auth/forgot-password': [400],
  'POST /api/auth/reset-password': [400],
  'POST /api/auth/logout': [200],
  'GET /api/auth/logout': [302],
  // PayPal calls it; without a signature PayPal verifies, it is refused and changes nothing.
  'POST /paypal/webhook': [400],
};

/** Admin-only routes outside /api/admin (each checks the role itself). */
const ADMIN_ONLY = new Set(['GET /api/x/auth/credentials-check', 'GET /api/x/test-credentials']);

/** Calls that end the caller's session: walked with a throwaway session. */
const ENDS_SESSION = new Set(['POST /api/auth/logout', 'GET /api/auth/logout']);

const concrete = (path: string) => path.replace(/:id\b/g, userId);

const call = (client: Client, method: string, path: string) =>
  client.request(method, concrete(path), method === 'GET' ? undefined : {});

describe('route walk', () => {
  it('knows the routes of the contract', () => {
    const keys = server.routes.map((r) => `${r.method} ${r.path}`);
    for (const expected of [
      'GET /api/auth/status',
      'POST /api/auth/login',
      'POST /api/auth/register',
      'POST /api/auth/logout',
      'GET /api/auth/logout',
      'PUT /api/auth/profile',
      'PUT /api/auth/change-password',
      'GET /api/user/needs-email',
      'POST /api/user/email',
      'GET /api/user/trial-status',
      'GET /api/settings',
      'PUT /api/settings/preferences',
      'GET /api/settings/export',
      'GET /api/tokens',
      'POST /api/tokens',
      'DELETE /api/tokens/:id',
      'POST /api/auth/forgot-password',
      'POST /api/auth/reset-password',
      'GET /api/metrics/overview',
      'GET /api/dashboard/activity',
      'GET /api/connected-accounts',
      'GET /api/recent-activities',
      'GET /api/config',
      'GET /api/x/auth/login',
      'GET /api/admin/users',
      'PUT /api/admin/users/:id/role',
      'PUT /api/admin/users/:id/permissions',
      'GET /api/admin/audit/users/:username',
      'GET /api/admin/audit/schedules/:id',
      'GET /api/admin/audit/state',
      'GET /healthz',
      'GET /paypal/setup',
      'POST /paypal/order',
      'POST /paypal/order/:id/capture',
      'POST /paypal/webhook',
    ]) {
      expect(keys).toContain(expected);
    }
  });

  it('refuses visitors on every route that is not public (401)', async () => {
    const seen: string[] = [];
    for (const { method, path } of server.routes) {
      const key = `${method} ${path}`;
      const res = await call(server.client(), method, path);
      const allowed = PUBLIC[key] ?? [401];
      expect({ key, status: res.status }).toEqual({ key, status: allowed.includes(res.status) ? res.status : allowed[0] });
      seen.push(key);
    }
    expect(seen.length).toBe(server.routes.length);
  });

  it('refuses users on every /api/admin route (403) and lets them through elsewhere', async () => {
    for (const { method, path } of server.routes) {
      const key = `${method} ${path}`;
      const client = ENDS_SESSION.has(key) ? (await server.newUser()).client : user;
      const res = await call(client, method, path);
      if (path.startsWith('/api/admin') || ADMIN_ONLY.has(key)) expect({ key, status: res.status }).toEqual({ key, status: 403 });
      else expect({ key, status: res.status }).not.toMatchObject({ status: expect.toBeOneOf([401, 403]) });
    }
  });

  it('lets the admin through on every route', async () => {
    for (const { method, path } of server.routes) {
      const key = `${method} ${path}`;
      if (ENDS_SESSION.has(key)) continue; // walked as a user above; the admin keeps its session
      const res = await call(admin, method, path);
      expect({ key, status: res.status }).not.toMatchObject({ status: expect.toBeOneOf([401, 403]) });
    }
  });
});
