/**
 * The X calls a browser can make Riposte make are limited: the public sign-in start per address,
 * connect starts and the test tweet per user (429 with Retry-After and a clear message); one
 * browser's pending requests are capped, so a flood only replaces the flooder's own; the
 * credentials status is for admins only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startTestServer, type Client, type TestServer } from '../api/support';
import { consent, openCallback, xAccountsOf } from './x-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const expectLimited = (res: { status: number; headers: Headers }, message: RegExp) => {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(errorOf(res as never).message).toMatch(message);
};

const connectByPin = async (client: Client, handle: string) => {
  const { url, token } = (await client.get('/api/x/auth/url')).body as { url: string; token: string };
  const { pin } = await consent(url, handle);
  expect((await client.post('/api/x/auth/verify-pin', { token, pinCode: pin })).status).toBe(200);
  const [account] = await xAccountsOf(client);
  return account?.id ?? '';
};

describe('pending requests per browser', () => {
  it("a flood of starts replaces only that browser's oldest requests, never another browser's", async () => {
    const other = server.client();
    const kept = (await other.get('/api/x/auth/login')).body as { url: string };
    const flooder = server.client();
    const urls: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await flooder.get('/api/x/auth/login');
      expect(res.status).toBe(200);
      urls.push((res.body as { url: string }).url);
    }
    // Five per browser: the first two were replaced by the sixth and seventh.
    const first = await consent(urls[0] ?? '', 'cap_first');
    expect((await openCallback(flooder, first.location ?? '')).redirect).toBe('/x-auth-callback?auth_status=error&code=expired');
    const last = await consent(urls[6] ?? '', 'cap_last');
    expect((await openCallback(flooder, last.location ?? '')).redirect).toBe('/x-auth-callback?auth_status=success&username=cap_last&new_user=1');
    // The other browser's request survived the flood.
    const theirs = await consent(kept.url, 'cap_other');
    expect((await openCallback(other, theirs.location ?? '')).redirect).toBe('/x-auth-callback?auth_status=success&username=cap_other&new_user=1');
  });
});

describe('connect starts and the test tweet, per user', () => {
  it('refuses the 11th connect start in 10 minutes with 429, and not another user', async () => {
    const { client } = await server.newUser();
    for (let i = 0; i < 10; i += 1) expect((await client.get(i % 2 === 0 ? '/api/x/auth/url' : '/api/x/auth/direct')).status).toBe(200);
    expectLimited(await client.get('/api/x/auth/url'), /^Too many X connection attempts\. Please try again in \d+ minutes?\.$/);
    expectLimited(await client.get('/api/x/auth/direct'), /Too many X connection attempts/);
    const { client: other } = await server.newUser();
    expect((await other.get('/api/x/auth/url')).status).toBe(200);
  });

  it('allows 5 test tweets in 15 minutes, then 429', async () => {
    const { client } = await server.newUser();
    const accountId = await connectByPin(client, 'limit_tweeter');
    for (let i = 0; i < 5; i += 1) {
      const res = await client.post('/api/x/test-tweet', { connectedAccountId: accountId, content: `Limit check number ${i}` });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expectLimited(await client.post('/api/x/test-tweet', { connectedAccountId: accountId, content: 'One too many' }), /^Too many test tweets\./);
  });
});

describe('the credentials status', () => {
  it('answers admins only', async () => {
    const { client } = await server.newUser();
    for (const path of ['/api/x/auth/credentials-check', '/api/x/test-credentials']) {
      const res = await client.get(path);
      expect(res.status).toBe(403);
      expect(errorOf(res)).toMatchObject({ code: 'ADMIN_ONLY', message: 'Admin access required' });
      expect(res.text).not.toMatch(/sandbox|apiKey/);
    }
    const admin = await server.admin();
    expect(((await admin.get('/api/x/auth/credentials-check')).body as { sandbox: boolean }).sandbox).toBe(true);
  });
});

describe('the public sign-in start, per address', () => {
  let fresh: TestServer;
  beforeAll(async () => {
    fresh = await startTestServer();
  });
  afterAll(async () => {
    await fresh?.close();
  });

  it('answers 20 starts from one address in 10 minutes, then 429 with Retry-After, whatever the browser', async () => {
    for (let i = 0; i < 20; i += 1) expect((await fresh.client().get('/api/x/auth/login')).status).toBe(200);
    const res = await fresh.client().get('/api/x/auth/login');
    expectLimited(res, /^Too many sign-in attempts with X from this address\. Please try again in \d+ minutes?\.$/);
  });
});
