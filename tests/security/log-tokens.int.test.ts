/**
 * No token reaches the server's log, whatever the key or path segment it is sent under. Real
 * secrets are made first (a personal access token, a password-reset link, the request token of a
 * sign-in with X, the session cookie), then sent the ways a leaked link or a careless script
 * would: under arbitrary query keys, as a query key, inside a nested URL, as path segments of API
 * and page routes, in the Authorization and Cookie headers. The log stream of the real server is
 * read back and searched for each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../api/support';
import { eventually } from '../api/schedules.support';

let server: TestServer;
let alice: Client;
const secrets: Record<string, string> = {};

type Mail = { to: string; text: string };

beforeAll(async () => {
  server = await startTestServer({ RIPOSTE_SCHEDULER: 'off', LOG_LEVEL: 'trace' });
  const made = await server.newUser();
  alice = made.client;
  const minted = await alice.post('/api/tokens', { name: 'script', scopes: ['read'], expiresInDays: 30, currentPassword: 'secret-pw-1' });
  expect(minted.status).toBe(201);
  secrets.accessToken = (minted.body as { secret: string }).secret;
  const email = `${made.user.username}@example.com`;
  expect((await server.client().post('/api/auth/forgot-password', { email })).status).toBe(200);
  const admin = await server.admin();
  const mails = await eventually(
    async () => ((await admin.get('/api/admin/mailbox')).body as { messages: Mail[] }).messages.filter((m) => m.to === email),
    (list) => list.length > 0,
    'the reset mail',
  );
  secrets.resetToken = /#token=([^\s]+)/.exec(mails[0]!.text)![1]!;
  secrets.resetSecret = secrets.resetToken.split('.').at(-1)!;
  const signIn = await server.client().get('/api/x/auth/login');
  expect(signIn.status, signIn.text).toBe(200);
  secrets.xRequestToken = new URL((signIn.body as { url: string }).url).searchParams.get('oauth_token')!;
  secrets.session = alice.sessionId()!;
  for (const [name, value] of Object.entries(secrets)) expect(value.length, name).toBeGreaterThanOrEqual(16);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('token-shaped values never reach the log', () => {
  it('redacts tokens under any query key, as a key, nested, and in path segments; never logs the Authorization or Cookie header', async () => {
    const { accessToken, resetToken, xRequestToken, session } = secrets as Record<'accessToken' | 'resetToken' | 'xRequestToken' | 'session', string>;
    const before = server.logs.lines.length;
    expect((await server.client().get('/api/settings', { headers: { Authorization: `Bearer ${accessToken}` } })).status).toBe(200);
    const paths = [
      `/api/settings?q=${accessToken}`,
      `/api/settings?next=${encodeURIComponent(resetToken)}&page=2`,
      `/api/settings?r=${xRequestToken}`,
      `/api/settings?s=${session}`,
      `/api/settings?${accessToken}`,
      `/api/settings?redirect=${encodeURIComponent(`https://example.com/back?t=${accessToken}`)}`,
      `/api/schedules/${accessToken}`,
      `/api/nothing-here/${encodeURIComponent(resetToken)}`,
      `/reset-password/${resetToken}`,
      `/x-auth-callback?state=${xRequestToken}&oauth_token=${xRequestToken}`,
      `/api/auth/status?code=${session}`,
    ];
    for (const path of paths) await alice.get(path, { csrf: false });
    await server.client().get('/api/settings', { headers: { Cookie: `riposte.sid=${session}; other=${accessToken}` } });

    const logged = await eventually(
      async () => server.logs.lines.slice(before),
      (lines) => lines.filter((l) => l.includes('"msg":"request"')).length >= paths.length + 2,
      'a request line for each request',
    );
    const text = logged.join('\n');
    const found = Object.entries(secrets).filter(([, value]) => text.includes(value) || text.includes(encodeURIComponent(value)));
    expect(found.map(([name]) => name)).toEqual([]);
    expect(text).toContain('[redacted]');
    // What is not a secret stays readable: the route, the other query values, the user's id.
    expect(text).toContain('/api/nothing-here/');
    expect(text).toContain('page=2');
  });
});
