import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, errorOf, logCapture, startServer, startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type UserBody = { user: Record<string, unknown> & { id: string } };

describe('the bootstrap admin', () => {
  it('exists on first start, must change its password, and is refused admin tools until then', async () => {
    const client = server.client();
    const login = await client.post('/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    expect((login.body as UserBody).user).toMatchObject({ username: 'admin', role: 'admin', passwordChangeRequired: true, tier: 'admin' });
    const blocked = await client.get('/api/admin/users');
    expect(blocked.status).toBe(403);
    expect(errorOf(blocked).code).toBe('PASSWORD_CHANGE_REQUIRED');
    const change = await client.put('/api/auth/change-password', {
      currentPassword: ADMIN_PASSWORD,
      newPassword: 'admin-new-pw',
      confirmPassword: 'admin-new-pw',
    });
    expect(change.status).toBe(200);
    expect((change.body as UserBody).user.passwordChangeRequired).toBe(false);
    expect((await client.get('/api/admin/users')).status).toBe(200);
  });

  it('is created once: a restart on the same data dir does not make another', async () => {
    // One server per data directory (it is locked while a server runs): start, stop, start again.
    const env = { PORT: '0', RIPOSTE_DATA_DIR: mkdtempSync(join(tmpdir(), 'riposte-admin-restart-')), NODE_ENV: 'test', RIPOSTE_TEST_FAST_HASHES: 'true', RIPOSTE_SQLITE_SYNCHRONOUS: 'NORMAL' };
    const firstLogs = logCapture();
    const first = await startServer(env, { logDestination: firstLogs.stream });
    await first.close();
    expect(firstLogs.text()).toContain('Created the admin account');
    const logs = logCapture();
    const second = await startServer(env, { logDestination: logs.stream });
    await second.close();
    expect(logs.text()).not.toContain('Created the admin account');
  });
});

describe('/api/admin/users', () => {
  it('lists users for an admin', async () => {
    const admin = await server.admin();
    const { user } = await server.newUser();
    const res = await admin.get('/api/admin/users');
    expect(res.status).toBe(200);
    const users = (res.body as { users: { id: string; username: string }[] }).users;
    expect(users.map((u) => u.username)).toContain('admin');
    expect(users.map((u) => u.id)).toContain(user.id);
    expect(res.text).not.toContain('passwordHash');
  });

  it('sets a role; the change applies to the user at once', async () => {
    const admin = await server.admin();
    const { client, user } = await server.newUser();
    const res = await admin.put(`/api/admin/users/${user.id}/role`, { role: 'legacy' });
    expect(res.status).toBe(200);
    expect((res.body as UserBody).user).toMatchObject({ role: 'legacy', tier: 'legacy' });
    const status = (await client.get('/api/auth/status')).body as UserBody;
    expect(status.user).toMatchObject({ role: 'legacy', tier: 'legacy' });
    const list = (await admin.get('/api/admin/users')).body as { users: { id: string; role: string }[] };
    expect(list.users.find((u) => u.id === user.id)?.role).toBe('legacy');
  });

  it('an admin made by an admin gets admin access; refuses a bad role', async () => {
    const admin = await server.admin();
    const { client, user } = await server.newUser();
    expect((await client.get('/api/admin/users')).status).toBe(403);
    const bad = await admin.put(`/api/admin/users/${user.id}/role`, { role: 'superuser' });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).field).toBe('role');
    expect((await admin.put(`/api/admin/users/${user.id}/role`, { role: 'admin' })).status).toBe(200);
    expect((await client.get('/api/admin/users')).status).toBe(200);
  });

  it('grants and revokes "may add monitored accounts"', async () => {
    const admin = await server.admin();
    const { user } = await server.newUser();
    const grant = await admin.put(`/api/admin/users/${user.id}/permissions`, { mayAddMonitoredAccounts: true });
    expect(grant.status).toBe(200);
    expect((grant.body as UserBody).user.permissions).toEqual(['may_add_monitored_accounts']);
    const revoke = await admin.put(`/api/admin/users/${user.id}/permissions`, { mayAddMonitoredAccounts: false });
    expect((revoke.body as UserBody).user.permissions).toEqual([]);
    const bad = await admin.put(`/api/admin/users/${user.id}/permissions`, {});
    expect(bad.status).toBe(400);
    expect(errorOf(bad)).toMatchObject({ field: 'mayAddMonitoredAccounts', message: 'Required' });
  });

  it('answers 404 for an unknown user and writes nothing', async () => {
    const admin = await server.admin();
    const res = await admin.put('/api/admin/users/00000000-0000-4000-8000-000000000000/role', { role: 'legacy' });
    expect(res.status).toBe(404);
    const odd = await admin.put('/api/admin/users/..%2F..%2Fetc/role', { role: 'legacy' });
    expect(odd.status).toBe(404);
  });

  it('refuses users (403) and visitors (401)', async () => {
    const { client, user } = await server.newUser();
    expect((await client.get('/api/admin/users')).status).toBe(403);
    expect((await client.put(`/api/admin/users/${user.id}/role`, { role: 'admin' })).status).toBe(403);
    expect((await server.client().get('/api/admin/users')).status).toBe(401);
    // Paths under /api/admin that no route serves are guarded all the same.
    expect((await client.get('/api/admin/anything-later')).status).toBe(403);
  });
});
