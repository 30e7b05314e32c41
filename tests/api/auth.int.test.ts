import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startTestServer, uniqueName, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const registration = (name: string, extra: Record<string, unknown> = {}) => ({
  email: `${name}@example.com`,
  username: name,
  fullName: `Full ${name}`,
  password: 'secret-pw-1',
  confirmPassword: 'secret-pw-1',
  ...extra,
});

describe('GET /api/auth/status', () => {
  it('answers 401 with the spec error shape without a session', async () => {
    const res = await server.client().get('/api/auth/status');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      isAuthenticated: false,
      user: null,
      message: 'No authentication token provided',
      error: 'No authentication token provided',
    });
  });

  it('answers the public user when signed in, never the password hash', async () => {
    const { client, user } = await server.newUser();
    const res = await client.get('/api/auth/status');
    expect(res.status).toBe(200);
    const body = res.body as { isAuthenticated: boolean; user: Record<string, unknown> };
    expect(body.isAuthenticated).toBe(true);
    expect(body.user.id).toBe(user.id);
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(res.text).not.toContain('$argon2');
  });
});

describe('POST /api/auth/register', () => {
  it('creates the user with the spec defaults and starts a session', async () => {
    const name = uniqueName('reg');
    const client = server.client();
    const res = await client.post('/api/auth/register', registration(name, { timeZone: 'Europe/Paris' }));
    expect(res.status).toBe(201);
    const { user } = res.body as { user: Record<string, unknown> };
    expect(user).toMatchObject({
      username: name,
      email: `${name}@example.com`,
      fullName: `Full ${name}`,
      role: 'user',
      isActive: true,
      repliesRemaining: 25,
      trialActive: true,
      isPremium: false,
      // A password chosen at registration is not forced to change again.
      passwordChangeRequired: false,
      subscribedToUpdates: false,
      tier: 'trial',
      timeZone: 'Europe/Paris',
      permissions: [],
      hasPassword: true,
    });
    expect(typeof user.trialEndsAt).toBe('string');
    expect(client.sessionId()).toBeDefined();
    expect((await client.get('/api/auth/status')).status).toBe(200);
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    [{ password: '1234567', confirmPassword: '1234567' }, 'password', 'Password must be at least 8 characters'],
    [{ confirmPassword: '1234567' }, 'confirmPassword', 'Confirm password must be at least 8 characters'],
    [{ confirmPassword: 'other-pw-2' }, 'confirmPassword', 'Passwords do not match'],
    [{ username: undefined }, 'username', 'Required'],
    [{ email: 42 }, 'email', 'Invalid input'],
  ])('refuses %j with the message on the field', async (change, field, message) => {
    const name = uniqueName('bad');
    const res = await server.client().post('/api/auth/register', registration(name, change));
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({ field, message });
    // Nothing was created: the name is still free.
    const ok = await server.client().post('/api/auth/register', registration(name));
    expect(ok.status).toBe(201);
  });

  it('keeps usernames and e-mails unique, case-insensitively', async () => {
    const name = uniqueName('dup');
    expect((await server.client().post('/api/auth/register', registration(name))).status).toBe(201);
    const sameName = await server
      .client()
      .post('/api/auth/register', registration(name.toUpperCase(), { email: `${uniqueName()}@example.com` }));
    expect(sameName.status).toBe(409);
    expect(errorOf(sameName).field).toBe('username');
    const sameEmail = await server
      .client()
      .post('/api/auth/register', registration(uniqueName(), { email: `${name.toUpperCase()}@EXAMPLE.com` }));
    expect(sameEmail.status).toBe(409);
    expect(errorOf(sameEmail).field).toBe('email');
  });

  it('lets exactly one of two simultaneous registrations of one name win', async () => {
    const name = uniqueName('race');
    const results = await Promise.all(
      [1, 2, 3].map((i) => server.client().post('/api/auth/register', registration(name, { email: `${name}-${i}@example.com` }))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it('refuses a malformed JSON body with 400', async () => {
    const res = await server.client().post('/api/auth/register', undefined, { raw: '{"email": ' });
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toBe('The request body is not valid JSON');
  });

  it('refuses a body over 100 kB with 413, saying so, and registers nobody', async () => {
    const name = uniqueName('huge');
    const res = await server.client().post('/api/auth/register', registration(name, { fullName: 'x'.repeat(200_000) }));
    expect(res.status).toBe(413);
    expect(errorOf(res).message).toBe('The request body is too large (100 kB at most)');
    expect((await server.client().post('/api/auth/login', { username: name, password: 'secret-pw-1' })).status).toBe(401);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in and issues a NEW session id (no fixation)', async () => {
    const { user } = await server.newUser();
    const client = server.client();
    // A visitor who already has a session id (planted, or from an earlier visit)...
    const first = await client.post('/api/auth/login', { username: user.username, password: 'secret-pw-1' });
    expect(first.status).toBe(200);
    const before = client.sessionId();
    const stale = client.clone();
    const again = await client.post('/api/auth/login', { username: user.username, password: 'secret-pw-1' });
    expect(again.status).toBe(200);
    expect(client.sessionId()).toBeDefined();
    expect(client.sessionId()).not.toBe(before);
    // ...the id from before the sign-in is worthless after it.
    expect((await stale.get('/api/auth/status')).status).toBe(401);
    expect((await client.get('/api/auth/status')).status).toBe(200);
  });

  it('accepts the username in any case and records the login', async () => {
    const { user } = await server.newUser();
    const client = server.client();
    const res = await client.post('/api/auth/login', { username: user.username.toUpperCase(), password: 'secret-pw-1' });
    expect(res.status).toBe(200);
    expect((res.body as { user: { lastLogin: string | null } }).user.lastLogin).not.toBeNull();
  });

  it('answers the same for a wrong username and a wrong password', async () => {
    const { user } = await server.newUser();
    const wrongPassword = await server.client().post('/api/auth/login', { username: user.username, password: 'wrong-pw-1' });
    const wrongUser = await server.client().post('/api/auth/login', { username: uniqueName('nobody'), password: 'wrong-pw-1' });
    expect(wrongPassword.status).toBe(401);
    expect(wrongUser.status).toBe(401);
    expect(wrongPassword.body).toEqual(wrongUser.body);
    expect(errorOf(wrongUser).message).toBe('Invalid credentials');
  });

  it('validates the form: password at least 6 characters', async () => {
    const res = await server.client().post('/api/auth/login', { username: 'someone', password: '123' });
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({ field: 'password', message: 'Password must be at least 6 characters' });
  });
});

describe('logout', () => {
  it('POST destroys the session server-side: the old cookie no longer works', async () => {
    const { client } = await server.newUser();
    const copy = client.clone();
    const res = await client.post('/api/auth/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(client.sessionId()).toBeUndefined();
    expect((await copy.get('/api/auth/status')).status).toBe(401);
  });

  it('GET (navigation) logs out and redirects to /auth', async () => {
    const { client } = await server.newUser();
    const copy = client.clone();
    const res = await client.get('/api/auth/logout', { headers: { 'Sec-Fetch-Site': 'same-origin' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth');
    expect((await copy.get('/api/auth/status')).status).toBe(401);
  });

  it('GET from another site is refused and the session survives', async () => {
    const { client } = await server.newUser();
    const res = await client.get('/api/auth/logout', { headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(res.status).toBe(403);
    expect((await client.get('/api/auth/status')).status).toBe(200);
  });
});

describe('PUT /api/auth/profile', () => {
  it('updates profile fields and answers the user', async () => {
    const { client } = await server.newUser();
    const res = await client.put('/api/auth/profile', { fullName: 'New Name', name: 'Nick', timeZone: 'America/New_York' });
    expect(res.status).toBe(200);
    expect((res.body as { user: Record<string, unknown> }).user).toMatchObject({
      fullName: 'New Name',
      name: 'Nick',
      timeZone: 'America/New_York',
    });
  });

  it('moves the username reservation: the old name becomes free, the new one taken', async () => {
    const { client, user } = await server.newUser();
    const newName = uniqueName('renamed');
    const res = await client.put('/api/auth/profile', { username: newName });
    expect(res.status).toBe(200);
    const other = await server.client().post('/api/auth/register', registration(user.username, { email: `${uniqueName()}@example.com` }));
    expect(other.status).toBe(201);
    const clash = await server.client().post('/api/auth/register', registration(newName, { email: `${uniqueName()}@example.com` }));
    expect(clash.status).toBe(409);
  });

  it('refuses a new password without the current one, with the spec message', async () => {
    const { client } = await server.newUser();
    const res = await client.put('/api/auth/profile', { newPassword: 'another-pw', confirmPassword: 'another-pw' });
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({
      field: 'confirmPassword',
      message: 'New password and confirmation must match, and current password is required',
    });
  });

  it('refuses a wrong current password', async () => {
    const { client } = await server.newUser();
    const res = await client.put('/api/auth/profile', {
      currentPassword: 'not-it-123',
      newPassword: 'another-pw',
      confirmPassword: 'another-pw',
    });
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({ field: 'currentPassword', message: 'Current password is incorrect' });
  });

  it('validates fields: username at least 3', async () => {
    const { client } = await server.newUser();
    const res = await client.put('/api/auth/profile', { username: 'ab' });
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({ field: 'username', message: 'Username must be at least 3 characters' });
  });
});

describe('PUT /api/auth/change-password', () => {
  it.each([
    [{ currentPassword: '' }, 'currentPassword', 'Current password is required'],
    [{ newPassword: '1234567', confirmPassword: '1234567' }, 'newPassword', 'New password must be at least 8 characters'],
    [{ confirmPassword: 'different-1' }, 'confirmPassword', 'Passwords do not match'],
    [{ currentPassword: 'wrong-pw-9' }, 'currentPassword', 'Current password is incorrect'],
  ])('refuses %j with the message on the field', async (change, field, message) => {
    const { client } = await server.newUser();
    const res = await client.put('/api/auth/change-password', {
      currentPassword: 'secret-pw-1',
      newPassword: 'brand-new-pw',
      confirmPassword: 'brand-new-pw',
      ...change,
    });
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({ field, message });
  });

  it('changes the password, keeps this session under a new id and ends the others', async () => {
    const { client, user } = await server.newUser();
    const elsewhere = server.client();
    expect((await elsewhere.post('/api/auth/login', { username: user.username, password: 'secret-pw-1' })).status).toBe(200);
    const before = client.sessionId();
    const res = await client.put('/api/auth/change-password', {
      currentPassword: 'secret-pw-1',
      newPassword: 'brand-new-pw',
      confirmPassword: 'brand-new-pw',
    });
    expect(res.status).toBe(200);
    expect((res.body as { user: { passwordChangeRequired: boolean } }).user.passwordChangeRequired).toBe(false);
    expect(client.sessionId()).not.toBe(before);
    expect((await client.get('/api/auth/status')).status).toBe(200);
    expect((await elsewhere.get('/api/auth/status')).status).toBe(401);
    const oldPw = await server.client().post('/api/auth/login', { username: user.username, password: 'secret-pw-1' });
    expect(oldPw.status).toBe(401);
    const newPw = await server.client().post('/api/auth/login', { username: user.username, password: 'brand-new-pw' });
    expect(newPw.status).toBe(200);
  });
});
