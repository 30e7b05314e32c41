import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startTestServer, uniqueName, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => {
  // Another name this server answers to (not a local host), for the e-mail test mode checks.
  server = await startTestServer({ RIPOSTE_ALLOWED_HOSTS: 'riposte.example.com' });
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/user/needs-email', () => {
  it('says whether the user still has to give an e-mail', async () => {
    const { client } = await server.newUser();
    const res = await client.get('/api/user/needs-email');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ needsEmail: false });
  });

  it('ignores test=true for a user who is not an admin', async () => {
    const { client } = await server.newUser();
    const res = await client.get(`/api/user/needs-email?test=true&t=${Date.now()}`);
    expect(res.body).toEqual({ needsEmail: false });
  });

  it('honours test=true for an admin on a local host, with the current email shown empty', async () => {
    const admin = await server.admin();
    const res = await admin.get(`/api/user/needs-email?test=true&t=${Date.now()}`);
    expect(res.body).toEqual({ needsEmail: true, testMode: true, currentEmail: '' });
  });

  it('does not honour test mode for an admin reached under another host name', async () => {
    const admin = await server.admin();
    const res = await admin.get('/api/user/needs-email?test=true', { headers: { Host: 'riposte.example.com' } });
    // The bootstrap admin has no e-mail yet: the real answer, not the test one.
    expect(res.body).toEqual({ needsEmail: true });
  });
});

describe('POST /api/user/email', () => {
  it('refuses a bad address with the spec message on the email field', async () => {
    const { client } = await server.newUser();
    const res = await client.post('/api/user/email', { email: 'nope', subscribedToUpdates: true });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: 'Please enter a valid email address',
      message: 'Please enter a valid email address',
      field: 'email',
    });
  });

  it('saves the e-mail and the subscribe flag', async () => {
    const { client } = await server.newUser();
    const email = `${uniqueName('new')}@example.com`;
    // Replacing the address given at registration needs the current password.
    const res = await client.post('/api/user/email', { email, subscribedToUpdates: true, currentPassword: 'secret-pw-1' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, user: { email, subscribedToUpdates: true } });
    const status = await client.get('/api/auth/status');
    expect((status.body as { user: { email: string } }).user.email).toBe(email);
  });

  it('refuses an e-mail another user holds (409) and frees the old one after a change', async () => {
    const a = await server.newUser();
    const b = await server.newUser();
    const pw = { currentPassword: 'secret-pw-1' };
    const taken = await b.client.post('/api/user/email', { email: `${a.user.username.toUpperCase()}@example.com`, ...pw });
    expect(taken.status).toBe(409);
    expect(errorOf(taken).field).toBe('email');
    // a moves to a new address; b may now take a's old one.
    expect((await a.client.post('/api/user/email', { email: `${uniqueName()}@example.com`, ...pw })).status).toBe(200);
    expect((await b.client.post('/api/user/email', { email: `${a.user.username}@example.com`, ...pw })).status).toBe(200);
  });
});

describe('GET /api/user/trial-status', () => {
  it('answers the trial of a new user: 25 replies, active, ends in 7 days', async () => {
    const { client, user } = await server.newUser();
    const res = await client.get('/api/user/trial-status');
    expect(res.status).toBe(200);
    const body = res.body as Record<string, unknown>;
    expect(body).toMatchObject({ isPremium: false, trialActive: true, repliesRemaining: 25, subscriptionEndDate: null });
    const created = Date.parse(String(user.createdAt));
    expect(Date.parse(String(body.trialEndsAt)) - created).toBe(7 * 24 * 60 * 60 * 1000);
  });
});

describe('dashboard queries', () => {
  it('answer real figures: zeros and empty lists while nothing exists', async () => {
    const { client } = await server.newUser();
    // Monitored accounts count what the user sees on /accounts (the curated list is seeded).
    const visible = ((await client.get('/api/accounts')).body as unknown[]).length;
    expect(visible).toBeGreaterThan(0);
    const metrics = await client.get('/api/metrics/overview');
    expect(metrics.status).toBe(200);
    expect(metrics.body).toEqual({
      impressionsToday: 0,
      impressionsWeek: 0,
      impressionsMonth: 0,
      repliesSent: 0,
      scheduledReplies: 0,
      monitoredAccounts: visible,
      engagementRate: 0,
      earliness: {
        direct: { measured: 0, medianMinutes: null, within5: 0, within15: 0 },
        assisted: { measured: 0, medianMinutes: null, within5: 0, within15: 0 },
      },
    });
    expect((await client.get('/api/connected-accounts')).body).toEqual([]);
    expect((await client.get('/api/recent-activities')).body).toEqual([]);
  });
});

describe('GET /api/config', () => {
  it('is public and tells the web app about sandboxes and email test mode', async () => {
    const res = await server.client().get('/api/config');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sandboxX: true, aiOffline: true, emailTestMode: true });
    expect(typeof (res.body as { version: unknown }).version).toBe('string');
    const remote = await server.client().get('/api/config', { headers: { Host: 'riposte.example.com' } });
    expect((remote.body as { emailTestMode: boolean }).emailTestMode).toBe(false);
  });
});

describe('GET /api/x/auth/login', () => {
  it('answers 503 with diagnostics when real X is asked for and not configured', async () => {
    const noSandbox = await startTestServer({ RIPOSTE_X_SANDBOX: 'false' });
    const res = await noSandbox.client().get('/api/x/auth/login');
    await noSandbox.close();
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      error: 'X API credentials not configured',
      diagnostics: { xAPIKeyPresent: false, xAPISecretPresent: false },
    });
  });

  it('answers the sign-in URL of the bundled X emulator in sandbox mode', async () => {
    const res = await server.client().get('/api/x/auth/login');
    expect(res.status).toBe(200);
    expect((res.body as { url: string }).url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/authenticate\?oauth_token=/);
  });
});

describe('two users', () => {
  it('each see only their own data and cannot change the other', async () => {
    const a = await server.newUser();
    const b = await server.newUser();
    const aStatus = (await a.client.get('/api/auth/status')).body as { user: { id: string } };
    const bStatus = (await b.client.get('/api/auth/status')).body as { user: { id: string } };
    expect(aStatus.user.id).toBe(a.user.id);
    expect(bStatus.user.id).toBe(b.user.id);
    // b's profile update changes b only, whatever id the body names.
    const res = await b.client.put('/api/auth/profile', { id: a.user.id, fullName: 'Hijacked' });
    expect(res.status).toBe(200);
    expect((res.body as { user: { id: string } }).user.id).toBe(b.user.id);
    const aAfter = (await a.client.get('/api/auth/status')).body as { user: { fullName: string } };
    expect(aAfter.user.fullName).toBe(`Full ${a.user.username}`);
    // b cannot reach a's user record through the admin calls either.
    expect((await b.client.put(`/api/admin/users/${a.user.id}/role`, { role: 'admin' })).status).toBe(403);
  });
});
