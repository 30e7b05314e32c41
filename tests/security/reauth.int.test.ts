// An account made through X has no password, and could set one or replace its e-mail with nothing
// but a session: a stolen session could thereby keep the account for good. These changes now need
// the owner to prove it: the current password for an account with one, a sign-in with X within the
// last 10 minutes for an account without. The server's clock is moved forward to age the sign-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startTestServer, uniqueName, type Client, type TestServer } from '../api/support';
import { consent, openCallback } from './x-support';

const MINUTE = 60_000;
let offset = 0;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { clock: () => new Date(Date.now() + offset) });
});
afterAll(async () => {
  await server?.close();
});

const signInWithX = async (client: Client, handle: string) => {
  const start = await client.get('/api/x/auth/login');
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const { location } = await consent((start.body as { url: string }).url, handle);
  const done = await openCallback(client, location ?? '');
  expect(done.redirect).toContain('auth_status=success');
};

const me = async (client: Client) => ((await client.get('/api/auth/status')).body as { user: { email: string | null; hasPassword: boolean } }).user;

describe('an account made through X (no password)', () => {
  it('sets its first password and replaces its e-mail only within 10 minutes of signing in with X', async () => {
    offset = 0;
    const client = server.client();
    const handle = `reauth_${uniqueName('').slice(-8)}`;
    await signInWithX(client, handle);
    // A first e-mail is the welcome dialog's job: no re-authentication.
    const first = `${uniqueName('first')}@example.com`;
    expect((await client.post('/api/user/email', { email: first })).status).toBe(200);

    offset = 11 * MINUTE;
    const password = await client.put('/api/auth/change-password', { newPassword: 'stolen-session-pw', confirmPassword: 'stolen-session-pw' });
    expect(password.status).toBe(403);
    expect(errorOf(password)).toMatchObject({ code: 'REAUTH_REQUIRED', message: expect.stringContaining('sign in with X again') });
    const email = await client.post('/api/user/email', { email: `${uniqueName('evil')}@example.com` });
    expect(email.status).toBe(403);
    expect(errorOf(email).code).toBe('REAUTH_REQUIRED');
    const profile = await client.put('/api/auth/profile', { email: `${uniqueName('evil')}@example.com` });
    expect(profile.status).toBe(403);
    // Nothing changed.
    expect(await me(client)).toMatchObject({ email: first, hasPassword: false });
    // Other profile fields need no re-authentication.
    expect((await client.put('/api/auth/profile', { fullName: 'Still Me' })).status).toBe(200);

    // Signing in with X again opens the window.
    await signInWithX(client, handle);
    const second = `${uniqueName('second')}@example.com`;
    expect((await client.post('/api/user/email', { email: second })).status).toBe(200);
    expect((await client.put('/api/auth/change-password', { newPassword: 'owner-chosen-pw', confirmPassword: 'owner-chosen-pw' })).status).toBe(200);
    expect(await me(client)).toMatchObject({ email: second, hasPassword: true });
    offset = 0;
  });
});

describe('an account with a password', () => {
  it('replaces its e-mail only with the current password', async () => {
    const { client, user } = await server.newUser();
    const without = await client.post('/api/user/email', { email: `${uniqueName('evil')}@example.com` });
    expect(without.status).toBe(400);
    expect(errorOf(without)).toMatchObject({ field: 'currentPassword', message: 'Current password is required' });
    const wrong = await client.put('/api/auth/profile', { email: `${uniqueName('evil')}@example.com`, currentPassword: 'not-my-password' });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong)).toMatchObject({ field: 'currentPassword', message: 'Current password is incorrect' });
    expect((await me(client)).email).toBe(user.email);

    const mine = `${uniqueName('mine')}@example.com`;
    expect((await client.put('/api/auth/profile', { email: mine, currentPassword: 'secret-pw-1' })).status).toBe(200);
    expect((await me(client)).email).toBe(mine);
  });
});
