/**
 * X flows, smaller holes: the GETs that start a flow or connect an account answer only the web
 * app's own fetch (not a link, an image or a form on another site); OAuth secrets that travel in
 * URLs (the status poll token, a refused authorisation's request token) never reach the log; the
 * public sign-in start does not tell the world what the library said.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_APP, startXEmulator, type XEmulator } from '@adapters/x-emulator/server';
import { errorOf, startTestServer, type TestServer } from '../api/support';
import { consent, openCallback, xAccountsOf } from './x-support';
import { rawRequest } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'trace' });
});
afterAll(async () => {
  await server?.close();
});

const STATE_CHANGING_GETS = ['/api/x/auth/login', '/api/x/auth/url', '/api/x/auth/direct', '/api/x/auto-connect'];

describe('GETs that change state', () => {
  it('are refused without the X-Riposte-Request header or from another site, and start nothing', async () => {
    const { client } = await server.newUser();
    const before = server.logs.lines.length;
    for (const path of STATE_CHANGING_GETS) {
      const bare = await client.get(path, { csrf: false });
      expect(bare.status, path).toBe(403);
      expect(errorOf(bare).code).toBe('CSRF_HEADER_MISSING');
      const crossSite = await client.get(path, { headers: { 'Sec-Fetch-Site': 'cross-site' } });
      expect(crossSite.status, path).toBe(403);
      expect(errorOf(crossSite).code).toBe('CSRF_CROSS_SITE');
    }
    // No request token was asked of X for any of them: the first real start still works, and the
    // per-user start limit was not spent.
    expect(server.logs.lines.slice(before).some((l) => l.includes('"status":200') && l.includes('/api/x/auth/'))).toBe(false);
    expect((await client.get('/api/x/auth/url')).status).toBe(200);
    expect(await xAccountsOf(client)).toEqual([]);
  });

  it('the reconnect starts too', async () => {
    const { client } = await server.newUser();
    const { url, token } = (await client.get('/api/x/auth/url')).body as { url: string; token: string };
    const { pin } = await consent(url, 'low_reconnect');
    expect((await client.post('/api/x/auth/verify-pin', { token, pinCode: pin })).status).toBe(200);
    const [account] = await xAccountsOf(client);
    for (const path of [`/api/x/auth/reconnect/${account?.id}`, `/api/x/auth/direct/reconnect/${account?.id}`]) {
      expect((await client.get(path, { csrf: false })).status, path).toBe(403);
      expect((await client.get(path, { headers: { 'Sec-Fetch-Site': 'same-site' } })).status, path).toBe(403);
      expect((await client.get(path)).status, path).toBe(200);
    }
  });
});

describe('secrets in OAuth URLs stay out of the log', () => {
  it('the status poll token, the refused request token and a failed exchange', async () => {
    const { client } = await server.newUser();
    const direct = (await client.get('/api/x/auth/direct')).body as { url: string; token: string };
    expect((await client.get(`/api/x/auth/status/${direct.token}`)).status).toBe(200);
    // Refused at X: X sends the browser back with ?denied=<request token>.
    const denied = await consent(direct.url, 'low_denier', 'deny');
    const requestToken = new URL(direct.url).searchParams.get('oauth_token') ?? '';
    expect(denied.location).toContain(`denied=${requestToken}`);
    expect((await openCallback(client, denied.location ?? '')).redirect).toBe('/connected-accounts?x_auth=error&code=denied');

    // Approved, but the verifier is tampered with: the exchange fails at X and is logged.
    const second = (await client.get('/api/x/auth/direct')).body as { url: string; token: string };
    const approved = await consent(second.url, 'low_tamper');
    const tampered = new URL(approved.location ?? '');
    tampered.searchParams.set('oauth_verifier', 'not-the-verifier');
    expect((await openCallback(client, tampered.toString())).redirect).toMatch(/x_auth=error&code=/);
    const secondRequestToken = new URL(second.url).searchParams.get('oauth_token') ?? '';

    const text = server.logs.text();
    expect(text).toContain('X callback failed');
    for (const secret of [direct.token, requestToken, second.token, secondRequestToken]) {
      expect(secret.length).toBeGreaterThan(10);
      expect(text).not.toContain(secret);
    }
  });
});

describe('the public sign-in start when X refuses', () => {
  let emulator: XEmulator;
  let broken: TestServer;
  beforeAll(async () => {
    emulator = await startXEmulator({ host: '127.0.0.1', port: 0 });
    // A consumer secret X does not know: request_token answers 401 with X's own words.
    broken = await startTestServer({ RIPOSTE_X_API_KEY: SANDBOX_APP.consumerKey, RIPOSTE_X_API_SECRET: 'not-the-secret', RIPOSTE_X_API_URL: emulator.url });
  });
  afterAll(async () => {
    await broken?.close();
    await emulator?.close();
  });

  it('answers a fixed message and logs the cause', async () => {
    const res = await broken.client().get('/api/x/auth/login');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      error: 'X authentication failed to start',
      message: 'X authentication failed to start: X did not answer the sign-in request. Please try again later.',
      diagnostics: { errorMessage: 'X did not answer the sign-in request. Please try again later.' },
    });
    // Word boundaries: the diagnostics name the server's host, whose random port may hold '401'.
    expect(res.text).not.toMatch(/\b401\b|Could not authenticate|\bcode\b|Request failed/i);
    expect(broken.logs.lines.some((l) => l.includes('sign in with X could not start') && /401|Could not authenticate/.test(l))).toBe(true);
  });
});

describe('the anonymous 503 when X is not configured', () => {
  let bare: TestServer;
  beforeAll(async () => {
    bare = await startTestServer({ RIPOSTE_X_SANDBOX: 'false', RIPOSTE_PUBLIC_URL: 'https://riposte.example.com' });
  });
  afterAll(async () => {
    await bare?.close();
  });

  it("names the installation's own host, never the Host the request chose", async () => {
    const client = bare.client();
    const own = new URL(client.base).host;
    // The listening address as Host: the answer still names the configured public host.
    const direct = await rawRequest(client, 'GET', '/api/x/auth/login', { headers: { Host: own } });
    expect(direct.status).toBe(503);
    expect((JSON.parse(direct.text) as { diagnostics: { host: string } }).diagnostics.host).toBe('riposte.example.com');
    // A Host an attacker made up is never echoed, whatever the answer.
    const chosen = await rawRequest(client, 'GET', '/api/x/auth/login', { headers: { Host: 'attacker-chosen.example:8443' } });
    expect(chosen.text).not.toContain('attacker-chosen');
  });
});

describe('sign in with X when X refuses the callback URL (XML, code 415)', () => {
  let emulator: XEmulator;
  let unregistered: TestServer;
  beforeAll(async () => {
    emulator = await startXEmulator({ host: '127.0.0.1', port: 0, app: { callbackUrls: ['https://riposte.example/api/x/auth/callback'] } });
    unregistered = await startTestServer({ RIPOSTE_X_API_KEY: SANDBOX_APP.consumerKey, RIPOSTE_X_API_SECRET: SANDBOX_APP.consumerSecret, RIPOSTE_X_API_URL: emulator.url });
  });
  afterAll(async () => {
    await unregistered?.close();
    await emulator?.close();
  });

  it("shows X's reason and the exact callback URL to register", async () => {
    const res = await unregistered.client().get('/api/x/auth/login');
    expect(res.status).toBe(503);
    const { message, diagnostics } = res.body as { message: string; diagnostics: { errorMessage: string } };
    const callback = `${unregistered.url}/api/x/auth/callback`;
    expect(diagnostics.errorMessage).toContain(`X refused the callback URL ${callback}`);
    expect(diagnostics.errorMessage).toContain('X said: Callback URL not approved for this client application');
    expect(message).toContain(diagnostics.errorMessage);
  });
});
