// The ways into an account are its password, the e-mail address that receives reset links, the
// X account it signs in with, and its personal access tokens. Changing or adding one needs a fresh
// proof from the owner (the current password, or a sign-in with X within the last 10 minutes for
// an account without a password), never a token. Each case below is an attack that used to turn
// a leaked token or a stolen session into the account for good. The server's clock is moved
// forward to age a sign-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startTestServer, uniqueName, type Client, type Reply, type TestServer } from '../api/support';
import { connectXByPin } from '../api/x.support';
import { eventCount } from './support';
import { consent, openCallback, signedInUser } from './x-support';

const MINUTE = 60_000;
const ADMIN_PW = 'admin-new-pw';
let offset = 0;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RIPOSTE_SCHEDULER: 'off' }, { clock: () => new Date(Date.now() + offset) });
}, 30_000);
afterAll(async () => {
  await server?.close();
});

const signInWithX = async (client: Client, handle: string): Promise<string> => {
  const start = await client.get('/api/x/auth/login');
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const { location } = await consent((start.body as { url: string }).url, handle);
  return (await openCallback(client, location ?? '')).redirect;
};

const bearer = (secret: string, method: string, path: string, body?: unknown): Promise<Reply> =>
  server.client().request(method, path, body, { csrf: false, headers: { Authorization: `Bearer ${secret}` } });

const mint = async (client: Client, scopes: string[], proof: Record<string, string> = {}): Promise<string> => {
  const res = await client.post('/api/tokens', { name: 'leaked', scopes, expiresInDays: 30, ...proof });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { secret: string }).secret;
};

const me = async (client: Client) => ((await client.get('/api/auth/status')).body as { user: { email: string | null; hasPassword: boolean } }).user;

/** Mail the sandbox mailbox holds for `to` (read as the admin). */
const mailTo = async (to: string): Promise<unknown[]> => {
  const admin = await server.admin();
  return ((await admin.get('/api/admin/mailbox')).body as { messages: { to: string }[] }).messages.filter((m) => m.to === to);
};

/**
 * The attacker asks for a reset link to their own address; none may be sent. The sending runs
 * after the answer, so a link asked for next, to a real account, is awaited first: by the time it
 * arrives, the attacker's request has long been decided.
 */
const noResetLinkReaches = async (address: string) => {
  expect((await server.client().post('/api/auth/forgot-password', { email: address })).status).toBe(200);
  const { user: marker } = await server.newUser();
  const markerEmail = `${marker.username}@example.com`;
  expect((await server.client().post('/api/auth/forgot-password', { email: markerEmail })).status).toBe(200);
  await expect.poll(async () => (await mailTo(markerEmail)).length, { timeout: 10_000 }).toBe(1);
  expect(await mailTo(address)).toEqual([]);
};

describe('the bootstrap admin (no e-mail) and a leaked plain admin token', () => {
  it('a [read, write] token cannot give the admin a first e-mail, so no reset link hands over the account', async () => {
    const admin = await server.admin();
    expect((await me(admin)).email).toBeNull();
    const token = await mint(admin, ['read', 'write'], { currentPassword: ADMIN_PW });
    const attacker = `${uniqueName('thief')}@example.com`;
    const before = eventCount(server, ['TokenUsed']);
    const res = await bearer(token, 'POST', '/api/user/email', { email: attacker, currentPassword: ADMIN_PW });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(errorOf(res).code).toBe('WAY_IN_TOKEN');
    expect(eventCount(server, ['TokenUsed'])).toBe(before);
    expect((await me(admin)).email).toBeNull();
    await noResetLinkReaches(attacker);
  });

  it("the admin's own session sets the first e-mail only with the current password", async () => {
    const admin = await server.admin();
    const without = await admin.post('/api/user/email', { email: `${uniqueName('nopw')}@example.com` });
    expect(without.status).toBe(400);
    expect(errorOf(without)).toMatchObject({ field: 'currentPassword', message: 'Current password is required' });
    const wrong = await admin.post('/api/user/email', { email: `${uniqueName('wrong')}@example.com`, currentPassword: 'guessed-pw' });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong).field).toBe('currentPassword');
    expect((await me(admin)).email).toBeNull();
  });
});

describe('an account made through sign in with X', () => {
  it('a write token cannot set a first e-mail, even minutes after the owner signed in with X', async () => {
    offset = 0;
    const owner = server.client();
    expect(await signInWithX(owner, `wayin_${uniqueName('').slice(-8)}`)).toContain('auth_status=success');
    const token = await mint(owner, ['read', 'write']);
    const attacker = `${uniqueName('thief')}@example.com`;
    const before = eventCount(server, ['TokenUsed']);
    const res = await bearer(token, 'POST', '/api/user/email', { email: attacker });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(errorOf(res).code).toBe('WAY_IN_TOKEN');
    expect(eventCount(server, ['TokenUsed'])).toBe(before);
    expect(await me(owner)).toMatchObject({ email: null, hasPassword: false });
    await noResetLinkReaches(attacker);
  });

  it('a session stolen after the 10-minute window cannot set a first e-mail; a new sign-in with X can', async () => {
    offset = 0;
    const owner = server.client();
    const handle = `wayin_${uniqueName('').slice(-8)}`;
    expect(await signInWithX(owner, handle)).toContain('auth_status=success');
    offset = 11 * MINUTE;
    const attacker = `${uniqueName('thief')}@example.com`;
    const res = await owner.post('/api/user/email', { email: attacker });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(errorOf(res)).toMatchObject({ code: 'REAUTH_REQUIRED', message: expect.stringContaining('sign in with X again') });
    expect((await me(owner)).email).toBeNull();
    await noResetLinkReaches(attacker);

    expect(await signInWithX(owner, handle)).toContain('auth_status=success');
    const mine = `${uniqueName('mine')}@example.com`;
    expect((await owner.post('/api/user/email', { email: mine })).status).toBe(200);
    expect((await me(owner)).email).toBe(mine);
    offset = 0;
  });
});

describe('an account with a password', () => {
  it('a write token cannot replace the e-mail, even with the password beside it', async () => {
    const { client, user } = await server.newUser();
    const token = await mint(client, ['read', 'write'], { currentPassword: 'secret-pw-1' });
    const before = eventCount(server, ['TokenUsed']);
    const res = await bearer(token, 'POST', '/api/user/email', { email: `${uniqueName('thief')}@example.com`, currentPassword: 'secret-pw-1' });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(errorOf(res).code).toBe('WAY_IN_TOKEN');
    expect(eventCount(server, ['TokenUsed'])).toBe(before);
    expect((await me(client)).email).toBe(user.email);
  });

  it("an X account connected with a stolen session does not become a way to sign in as the victim", async () => {
    const { client: stolen, user: victim } = await server.newUser();
    const handle = `wayin_${uniqueName('').slice(-8)}`;
    // The attacker connects an X account of their own through the stolen session...
    await connectXByPin(stolen, handle);
    // ...then signs in with X from their own browser, with that X account.
    const attacker = server.client();
    const redirect = await signInWithX(attacker, handle);
    expect(redirect).toBe('/x-auth-callback?auth_status=error&code=not_a_way_in');
    expect((await signedInUser(attacker))?.id).not.toBe(victim.id);
    expect(await signedInUser(attacker)).toBeNull();
  });
});
