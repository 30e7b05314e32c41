/**
 * No token reaches the server's log, whatever the key or path segment it is sent under. Real
 * secrets are made first (a personal access token, a password-reset link, the request token of a
 * sign-in with X, the session cookie), then sent the ways a leaked link or a careless script
 * would: under arbitrary query keys, as a query key, inside a nested URL, as path segments of API
 * and page routes, in the Authorization and Cookie headers. The log stream of the real server is
 * read back and searched for each. Errors too: a message quoting its input (zod names an unknown
 * key as sent) and an outside system's error carrying a secret (an AI provider quoting the key and
 * the prompt) reach neither the answer nor the logged error, its stack and its causes.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../api/support';
import { eventually } from '../api/schedules.support';

let server: TestServer;
let alice: Client;
const secrets: Record<string, string> = {};
const AI_KEY = 'sk-proj-Q7vR2xLmN9pK4tW8yZ3bC6dF1gH5jS0a';

/**
 * An OpenAI-compatible provider that refuses every call, quoting what it got: the key from the
 * Authorization header and the start of the prompt, as some providers' error texts do.
 */
let provider: Server;
const startProvider = async () => {
  provider = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString('utf8')));
    req.on('end', () => {
      const prompt = (JSON.parse(text) as { messages: { content: string }[] }).messages.map((m) => m.content).join(' ');
      res.writeHead(400, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `Rejected ${req.headers.authorization ?? ''} for input: ${prompt.slice(-300)}`, type: 'invalid_request_error' } }));
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`;
};

type Mail = { to: string; text: string };

beforeAll(async () => {
  const aiUrl = await startProvider();
  server = await startTestServer({ RIPOSTE_SCHEDULER: 'off', LOG_LEVEL: 'trace', RIPOSTE_AI_BASE_URL: aiUrl, RIPOSTE_AI_API_KEY: AI_KEY, RIPOSTE_AI_MODEL: 'gpt-test', RIPOSTE_AI_MAX_RETRIES: '0' });
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
  await new Promise((resolve) => provider?.close(resolve));
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

describe('token-shaped values never reach an error answer or a logged error', () => {
  const leaked = (text: string) => [...Object.entries(secrets), ['aiKey', AI_KEY] as const].filter(([, v]) => text.includes(v) || text.includes(encodeURIComponent(v))).map(([name]) => name);

  it('an input echoed in a validation message is answered without the token', async () => {
    const { accessToken, session } = secrets as Record<'accessToken' | 'session', string>;
    // The edit schema is strict: zod names an unknown key as it was sent.
    for (const key of [accessToken, session]) {
      const res = await alice.request('PATCH', '/api/schedules/00000000-0000-4000-8000-000000000000', { [key]: 1 });
      expect(res.status).toBe(400);
      expect(res.text).toContain('Unrecognized key');
      expect(leaked(res.text)).toEqual([]);
    }
  });

  it('an AI provider quoting the key and the prompt: neither the answer nor the logged error, its stack or causes carry them', async () => {
    const { accessToken } = secrets as Record<'accessToken', string>;
    const before = server.logs.lines.length;
    const answers = [
      await alice.post('/api/repurpose-content', { content: `My script token is ${accessToken}, keep it safe` }),
      await alice.post('/api/v2/repurpose', { originalContent: `Token ${accessToken} and key ${AI_KEY}`, targetStyle: 'friendly' }),
    ];
    for (const res of answers) {
      expect(res.status, res.text).toBeGreaterThanOrEqual(400);
      expect(res.text, 'the provider refusal is explained').toContain('The AI service rejected the request: Rejected Bearer');
      expect(leaked(res.text)).toEqual([]);
    }
    const logged = await eventually(
      async () => server.logs.lines.slice(before),
      (lines) => lines.filter((l) => l.includes('AI call failed')).length >= answers.length,
      'a logged AI failure for each call',
    );
    const failures = logged.filter((l) => l.includes('AI call failed'));
    // The logged error keeps its cause chain and stack, only the secrets are gone.
    expect(failures.join('\n')).toContain('caused by');
    expect(failures.join('\n')).toContain('[redacted]');
    expect(leaked(logged.join('\n'))).toEqual([]);
  });
});
