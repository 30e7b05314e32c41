/**
 * Password reset by e-mailed link, tried from outside over real HTTP: the link arrives through the
 * mail sink (read on the admin's Mailbox), works once, within the hour, for its own user only, and
 * ends every session; the request answers the same whether or not the address has an account;
 * malformed tokens and other spellings of the paths change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './schedules.support';
import { errorOf, startTestServer, type Client, type TestServer } from './support';

let server: TestServer;
let offsetMs = 0;
const INVALID = 'This reset link is invalid or has expired. Ask for a new one.';
const ANSWER = 'If an account uses that address, we have sent it a link to reset the password. The link works once, for one hour.';

beforeAll(async () => {
  server = await startTestServer({}, { clock: () => new Date(Date.now() + offsetMs) });
});
afterAll(async () => {
  await server?.close();
});

type Mail = { id: string; to: string; kind: string; subject: string; text: string };
const mailTo = async (email: string, count = 1): Promise<Mail[]> => {
  const admin = await server.admin();
  return eventually(
    async () => ((await admin.get('/api/admin/mailbox')).body as { messages: Mail[] }).messages.filter((m) => m.to === email),
    (list) => list.length >= count,
    `${count} message(s) to ${email}`,
  );
};
const tokenOf = (mail: Mail): string => {
  const m = /\/reset-password#token=([^\s]+)/.exec(mail.text);
  if (m === null) throw new Error(`no link in ${mail.text}`);
  return m[1] as string;
};
const requestLink = async (email: string, count = 1) => {
  const res = await server.client().post('/api/auth/forgot-password', { email });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ success: true, message: ANSWER });
  const mails = await mailTo(email, count);
  return tokenOf(mails[0] as Mail);
};
const reset = (token: string, password = 'brand-new-pw-1', client: Client = server.client()) =>
  client.post('/api/auth/reset-password', { token, newPassword: password, confirmPassword: password });
const login = (username: string, password: string) => server.client().post('/api/auth/login', { username, password });

describe('password reset by e-mailed link', () => {
  it('sets the new password through the link, ends every session, and the link works once', async () => {
    const { client, user } = await server.newUser();
    const email = `${user.username}@example.com`;
    const token = await requestLink(email);
    const mail = (await mailTo(email))[0] as Mail;
    expect(mail).toMatchObject({ kind: 'password_reset', subject: 'Reset your Riposte password' });

    const done = await reset(token);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await client.get('/api/auth/status')).status).toBe(401);
    expect((await login(user.username, 'secret-pw-1')).status).toBe(401);
    expect((await login(user.username, 'brand-new-pw-1')).status).toBe(200);

    const again = await reset(token, 'another-pw-22');
    expect(again.status).toBe(400);
    expect(errorOf(again)).toMatchObject({ message: INVALID, field: 'token' });
    expect((await login(user.username, 'another-pw-22')).status).toBe(401);
  });

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const res = await server.client().post('/api/auth/forgot-password', { email: 'nobody-here@example.com' });
    expect(res.body).toEqual({ success: true, message: ANSWER });
    const { user } = await server.newUser();
    await requestLink(`${user.username}@example.com`);
    const admin = await server.admin();
    const all = ((await admin.get('/api/admin/mailbox')).body as { messages: Mail[] }).messages;
    expect(all.some((m) => m.to === 'nobody-here@example.com')).toBe(false);
  });

  it('refuses an expired link', async () => {
    const { user } = await server.newUser();
    const token = await requestLink(`${user.username}@example.com`);
    offsetMs += 61 * 60_000;
    const res = await reset(token);
    expect(errorOf(res)).toMatchObject({ message: INVALID, field: 'token' });
    expect((await login(user.username, 'secret-pw-1')).status).toBe(200);
  });

  it('refuses one user’s secret on another user’s id, and an older link once a newer one was sent', async () => {
    const alice = await server.newUser();
    const bob = await server.newUser();
    const aliceToken = await requestLink(`${alice.user.username}@example.com`);
    const [, secret] = aliceToken.split('.');
    const forged = await reset(`${bob.user.id}.${secret}`);
    expect(errorOf(forged)).toMatchObject({ message: INVALID, field: 'token' });
    expect((await login(bob.user.username, 'secret-pw-1')).status).toBe(200);

    const newer = await requestLink(`${alice.user.username}@example.com`, 2);
    expect(newer).not.toBe(aliceToken);
    expect(errorOf(await reset(aliceToken))).toMatchObject({ message: INVALID });
    expect((await reset(newer)).status).toBe(200);
  });

  it('refuses malformed tokens with the same message, and bad passwords on their fields', async () => {
    const { user } = await server.newUser();
    const token = await requestLink(`${user.username}@example.com`);
    for (const bad of ['', 'x', `${user.id}`, `${user.id}.`, `${user.id}.short`, `../${token}`, `${token}x`, token.toUpperCase(), `${token} `, 'a'.repeat(150)]) {
      const res = await reset(bad);
      expect(res.status, bad).toBe(400);
      expect(errorOf(res)).toMatchObject({ message: INVALID, field: 'token' });
    }
    expect(errorOf(await server.client().post('/api/auth/reset-password', { token, newPassword: 'abc', confirmPassword: 'abc' }))).toMatchObject({ field: 'newPassword' });
    expect(errorOf(await server.client().post('/api/auth/reset-password', { token, newPassword: 'abcdefgh', confirmPassword: 'abcdefgX' }))).toMatchObject({
      field: 'confirmPassword',
      message: 'Passwords do not match',
    });
    expect(errorOf(await server.client().post('/api/auth/forgot-password', { email: 'not-an-address' }))).toMatchObject({ field: 'email' });
    // The token is still good after all that.
    expect((await reset(token)).status).toBe(200);
  });

  it('is not reached through other spellings of its paths, nor without the CSRF header', async () => {
    const { user } = await server.newUser();
    const token = await requestLink(`${user.username}@example.com`);
    const body = { token, newPassword: 'variant-pw-1', confirmPassword: 'variant-pw-1' };
    for (const path of ['/api/auth/reset-password/', '/API/auth/reset-password', '//api/auth/reset-password', '/api/auth/reset%2Dpassword', '/api/auth%2Freset-password', '/api/auth/./reset-password']) {
      const res = await server.client().post(path, body);
      expect([400, 404], `${path} -> ${res.status}`).toContain(res.status);
      expect(res.status === 400 ? errorOf(res).field : 'no route').not.toBe(undefined);
    }
    expect((await server.client().post('/api/auth/reset-password', body, { csrf: false })).status).toBe(403);
    expect((await login(user.username, 'variant-pw-1')).status).toBe(401);
    expect((await reset(token, 'variant-pw-1')).status).toBe(200);
  });

  it('keeps the mailbox for admins: a user is refused', async () => {
    const { client } = await server.newUser();
    expect((await client.get('/api/admin/mailbox')).status).toBe(403);
    expect((await server.client().get('/api/admin/mailbox')).status).toBe(401);
  });
});

describe('rate limits', () => {
  it('refuses an address asking too often (429), after the allowance', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await server.client().post('/api/auth/forgot-password', { email: `flood${i}@example.com` })).status);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(10);
  });
});
