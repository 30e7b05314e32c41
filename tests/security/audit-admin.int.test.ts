/**
 * The admin audit API attacked from outside (real HTTP, real server): visitors 401, users 403,
 * tokens need the admin scope and an admin user, and no spelling of the paths (/API, //, %2F, an
 * upper-cased segment, a trailing slash) answers a non-admin with anyone's history. A refused
 * request shows nothing and records no look.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../api/support';
import { eventCount, rawRequest } from './support';

let server: TestServer;
let admin: Client;
let alice: { client: Client; user: { id: string; username: string } };
let bob: { client: Client; user: { id: string; username: string } };

beforeAll(async () => {
  server = await startTestServer({ RIPOSTE_SCHEDULER: 'off', RIPOSTE_TOKEN_RATE_LIMIT: '100000' });
  admin = await server.admin();
  alice = await server.newUser();
  bob = await server.newUser();
}, 30_000);
afterAll(async () => {
  await server?.close();
});

const paths = () => [`/api/admin/audit/users/${alice.user.username}`, `/api/admin/audit/state?stream=user-${alice.user.id}&position=1`];

const token = async (client: Client, scopes: string[], currentPassword = 'secret-pw-1'): Promise<string> => {
  const res = await client.post('/api/tokens', { name: 'audit script', scopes, expiresInDays: 30, currentPassword });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { secret: string }).secret;
};
const withToken = (secret: string, path: string) => rawRequest(server.client(), 'GET', path, { csrf: false, headers: { Authorization: `Bearer ${secret}` } });

describe('who may read the audit', () => {
  it('answers a visitor 401 and a user 403, showing nothing and recording nothing', async () => {
    const before = eventCount(server);
    for (const path of paths()) {
      const visitor = await rawRequest(server.client(), 'GET', path);
      expect({ path, status: visitor.status }).toEqual({ path, status: 401 });
      const user = await rawRequest(bob.client, 'GET', path);
      expect({ path, status: user.status, code: user.code }).toEqual({ path, status: 403, code: 'ADMIN_ONLY' });
      expect(user.text).not.toContain(alice.user.id);
    }
    expect(eventCount(server)).toBe(before);
  });

  it('lets a token through only with the admin scope and an admin behind it', async () => {
    const path = `/api/admin/audit/users/${alice.user.username}`;
    const plain = await withToken(await token(admin, ['read'], 'admin-new-pw'), path);
    expect(plain.status).toBe(403);
    expect(plain.text).not.toContain('UserRegistered');
    const usersOwn = await withToken(await token(bob.client, ['read', 'write']), path);
    expect(usersOwn.status).toBe(403);
    const scoped = await withToken(await token(admin, ['read', 'admin'], 'admin-new-pw'), path);
    expect(scoped.status).toBe(200);
    expect(JSON.parse(scoped.text)).toMatchObject({ subject: { kind: 'user', userId: alice.user.id } });
  });

  it.each([
    '/API/admin/audit/users/:name',
    '/api/ADMIN/audit/users/:name',
    '/api/admin/Audit/users/:name',
    '//api/admin/audit/users/:name',
    '/api//admin/audit/users/:name',
    '/api%2Fadmin/audit/users/:name',
    '/api/admin%2Faudit/users/:name',
    '/api/admin/audit/users/:name/',
    '/api/./admin/audit/users/:name',
  ])('GET %s as a user or a visitor shows no history and records no look', async (pattern) => {
    const path = pattern.replace(':name', alice.user.username);
    const before = eventCount(server);
    for (const client of [bob.client, server.client()]) {
      const res = await rawRequest(client, 'GET', path);
      expect([401, 403, 404]).toContain(res.status);
      expect(res.text).not.toContain(alice.user.id);
      expect(res.text).not.toContain('entries');
    }
    expect(eventCount(server)).toBe(before);
  });
});
