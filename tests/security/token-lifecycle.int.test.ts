// Personal access tokens end with what should end them: a password change, a password reset and
// the forced change of the bootstrap password revoke every token of the user (the answer says
// how many); minting asks for a fresh proof; nothing is minted while the bootstrap password is
// still in force (that token would become a full admin token once the operator changed it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, errorOf, startTestServer, uniqueName, type Client, type Reply, type TestServer } from '../api/support';
import { eventCount } from './support';
import { consent, openCallback } from './x-support';

const MINUTE = 60_000;
let offset = 0;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RIPOSTE_SCHEDULER: 'off' }, { clock: () => new Date(Date.now() + offset) });
}, 30_000);
afterAll(async () => {
  await server?.close();
});

const bearer = (secret: string, path = '/api/templates'): Promise<Reply> => server.client().request('GET', path, undefined, { csrf: false, headers: { Authorization: `Bearer ${secret}` } });

const mint = (client: Client, body: Record<string, unknown> = {}) => client.post('/api/tokens', { name: 'script', scopes: ['read', 'write'], expiresInDays: 30, ...body });

const minted = async (client: Client, currentPassword = 'secret-pw-1'): Promise<string> => {
  const res = await mint(client, { currentPassword });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { secret: string }).secret;
};

type Mail = { to: string; text: string };
const resetLinkFor = async (email: string): Promise<string> => {
  const admin = await server.admin();
  expect((await server.client().post('/api/auth/forgot-password', { email })).status).toBe(200);
  let token: string | undefined;
  await expect
    .poll(async () => {
      const mails = ((await admin.get('/api/admin/mailbox')).body as { messages: Mail[] }).messages.filter((m) => m.to === email);
      token = /\/reset-password#token=(\S+)/.exec(mails[0]?.text ?? '')?.[1];
      return token;
    }, { timeout: 10_000 })
    .toBeDefined();
  return token as string;
};

describe('minting asks for a fresh proof', () => {
  it('an account with a password gives it; a missing or wrong one mints nothing', async () => {
    const { client } = await server.newUser();
    const before = eventCount(server);
    const without = await mint(client);
    expect(without.status).toBe(400);
    expect(errorOf(without)).toMatchObject({ field: 'currentPassword', message: 'Current password is required' });
    const wrong = await mint(client, { currentPassword: 'not-my-password' });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong)).toMatchObject({ field: 'currentPassword', message: 'Current password is incorrect' });
    expect(eventCount(server)).toBe(before);
    expect((await client.get('/api/tokens')).body).toEqual([]);
    expect((await bearer(await minted(client))).status).toBe(200);
  });

  it('an account made through X mints within 10 minutes of signing in with X, not after', async () => {
    offset = 0;
    const client = server.client();
    const start = await client.get('/api/x/auth/login');
    const { location } = await consent((start.body as { url: string }).url, `tokx_${uniqueName('').slice(-8)}`);
    expect((await openCallback(client, location ?? '')).redirect).toContain('auth_status=success');
    expect((await mint(client)).status).toBe(201);
    offset = 11 * MINUTE;
    const late = await mint(client);
    expect(late.status).toBe(403);
    expect(errorOf(late).code).toBe('REAUTH_REQUIRED');
    offset = 0;
  });
});

describe('a password change and a reset revoke every token', () => {
  it('a password change: the tokens stop working, the answer counts them, the list shows them revoked', async () => {
    const { client } = await server.newUser();
    const first = await minted(client);
    const second = await minted(client);
    expect((await bearer(first)).status).toBe(200);
    const changed = await client.put('/api/auth/change-password', { currentPassword: 'secret-pw-1', newPassword: 'changed-pw-2', confirmPassword: 'changed-pw-2' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((changed.body as { tokensRevoked: number }).tokensRevoked).toBe(2);
    for (const secret of [first, second]) {
      const res = await bearer(secret);
      expect([res.status, errorOf(res).code]).toEqual([401, 'TOKEN_REVOKED']);
    }
    expect(((await client.get('/api/tokens')).body as { status: string }[]).map((t) => t.status)).toEqual(['revoked', 'revoked']);
    // A token minted after the change works.
    expect((await bearer(await minted(client, 'changed-pw-2'))).status).toBe(200);
  });

  it('a new password through the profile form revokes them too', async () => {
    const { client } = await server.newUser();
    const secret = await minted(client);
    const res = await client.put('/api/auth/profile', { currentPassword: 'secret-pw-1', newPassword: 'changed-pw-3', confirmPassword: 'changed-pw-3' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as { tokensRevoked: number }).tokensRevoked).toBe(1);
    expect((await bearer(secret)).status).toBe(401);
  });

  it('a password reset: the tokens stop working and the answer counts them', async () => {
    const { client, user } = await server.newUser();
    const secret = await minted(client);
    const token = await resetLinkFor(`${user.username}@example.com`);
    const done = await server.client().post('/api/auth/reset-password', { token, newPassword: 'reset-pw-4', confirmPassword: 'reset-pw-4' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((done.body as { tokensRevoked: number }).tokensRevoked).toBe(1);
    const res = await bearer(secret);
    expect([res.status, errorOf(res).code]).toEqual([401, 'TOKEN_REVOKED']);
  });
});

describe('the bootstrap password', () => {
  it('no token is minted while it is in force; its forced change answers how many tokens it revoked', async () => {
    const fresh = await startTestServer({ RIPOSTE_SCHEDULER: 'off' });
    try {
      const admin = fresh.client();
      const login = await admin.post('/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
      expect((login.body as { user: { passwordChangeRequired: boolean } }).user.passwordChangeRequired).toBe(true);
      const before = eventCount(fresh);
      for (const scopes of [['read'], ['read', 'write'], ['read', 'write', 'admin']]) {
        const res = await admin.post('/api/tokens', { name: 'early', scopes, expiresInDays: null, currentPassword: ADMIN_PASSWORD });
        expect([res.status, errorOf(res).code]).toEqual([403, 'PASSWORD_CHANGE_REQUIRED']);
      }
      expect(eventCount(fresh)).toBe(before);
      const changed = await admin.put('/api/auth/change-password', { currentPassword: ADMIN_PASSWORD, newPassword: 'admin-new-pw', confirmPassword: 'admin-new-pw' });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ tokensRevoked: 0, user: { passwordChangeRequired: false } });
      expect((await admin.post('/api/tokens', { name: 'now', scopes: ['read'], expiresInDays: 30, currentPassword: 'admin-new-pw' })).status).toBe(201);
    } finally {
      await fresh.close();
    }
  });
});
