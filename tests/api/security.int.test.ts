import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, errorOf, startTestServer, uniqueName, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { loginLimits: { perAccount: { attempts: 5, windowSeconds: 900 }, perAddress: { attempts: 1000, windowSeconds: 900 } } });
});
afterAll(async () => {
  await server?.close();
});

const registration = (name: string) => ({
  email: `${name}@example.com`,
  username: name,
  fullName: 'X',
  password: 'secret-pw-1',
  confirmPassword: 'secret-pw-1',
});

describe('CSRF defence', () => {
  it('refuses an unsafe call without the X-Riposte-Request header, and nothing changes', async () => {
    const name = uniqueName('csrf');
    const res = await server.client().post('/api/auth/register', registration(name), { csrf: false });
    expect(res.status).toBe(403);
    expect(errorOf(res).message).toBe('Missing X-Riposte-Request header');
    // The name is still free: the refused request created nothing.
    expect((await server.client().post('/api/auth/register', registration(name))).status).toBe(201);
  });

  it('refuses a foreign Origin even with the header, and nothing changes', async () => {
    const { client } = await server.newUser();
    const res = await client.put('/api/auth/profile', { fullName: 'Changed by evil' }, { headers: { Origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    const status = (await client.get('/api/auth/status')).body as { user: { fullName: string } };
    expect(status.user.fullName).not.toBe('Changed by evil');
  });

  it('refuses Sec-Fetch-Site cross-site, accepts same-origin and a matching Origin', async () => {
    const { client } = await server.newUser();
    const cross = await client.put('/api/auth/profile', { fullName: 'A' }, { headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(cross.status).toBe(403);
    const same = await client.put('/api/auth/profile', { fullName: 'B' }, { headers: { 'Sec-Fetch-Site': 'same-origin', Origin: server.url } });
    expect(same.status).toBe(200);
  });

  it('refuses a cross-site form post of a login (no header, form content type)', async () => {
    const res = await server.client().post('/api/auth/login', undefined, {
      csrf: false,
      raw: `username=admin&password=${ADMIN_PASSWORD}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(res.status).toBe(403);
  });
});

describe('login rate limiting', () => {
  it('answers the same for wrong user and wrong password, then 429 after the limit', async () => {
    const { user } = await server.newUser();
    const client = server.client();
    const answers = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push(await client.post('/api/auth/login', { username: user.username, password: `wrong-pw-${i}` }));
    }
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
    const nobody = await client.post('/api/auth/login', { username: uniqueName('ghost'), password: 'wrong-pw-x' });
    expect(nobody.body).toEqual(answers[0]?.body);
    const limited = await client.post('/api/auth/login', { username: user.username, password: 'secret-pw-1' });
    expect(limited.status).toBe(429);
    expect(errorOf(limited).message).toMatch(/^Too many login attempts/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account is not locked by this one's failures.
    const other = await server.newUser();
    const fine = await server.client().post('/api/auth/login', { username: other.user.username, password: 'secret-pw-1' });
    expect(fine.status).toBe(200);
  });
});

describe('security headers', () => {
  it('sends a strict CSP and the usual hardening headers on pages and API answers', async () => {
    for (const path of ['/', '/api/config']) {
      const res = await server.client().get(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval)/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain("form-action 'self'");
      expect(csp).toContain("connect-src 'self'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-request-id')).toMatch(/.{8,}/);
    }
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, without Secure over http', async () => {
    const client = server.client();
    const name = uniqueName('cookie');
    const res = await client.request('POST', '/api/auth/register', registration(name));
    expect(res.status).toBe(201);
    const raw = await rawSetCookies(server.url, registration(uniqueName('cookie')));
    const sid = raw.find((c) => c.startsWith('riposte.sid='));
    expect(sid).toBeDefined();
    expect(sid).toMatch(/httponly/i);
    expect(sid).toMatch(/samesite=lax/i);
    expect(sid).not.toMatch(/;\s*secure/i);
    expect(sid).toMatch(/path=\//i);
  });
});

/** The raw Set-Cookie lines of a registration (to look at the attributes). */
const rawSetCookies = async (base: string, body: unknown): Promise<string[]> => {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/api/auth/register`,
      { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Riposte-Request': '1' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.headers['set-cookie'] ?? []));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
};

describe('behind https (RIPOSTE_PUBLIC_URL=https://...)', () => {
  it('uses the __Host- cookie with Secure, and HSTS', async () => {
    const https = await startTestServer({ RIPOSTE_PUBLIC_URL: 'https://riposte.example' });
    try {
      const cookies = await rawSetCookies(https.url, registration(uniqueName('tls')));
      const sid = cookies.find((c) => c.startsWith('__Host-riposte.sid='));
      expect(sid).toBeDefined();
      expect(sid).toMatch(/;\s*secure/i);
      expect(sid).toMatch(/path=\//i);
      expect(sid).not.toMatch(/domain=/i);
      const res = await https.client().get('/api/config');
      expect(res.headers.get('strict-transport-security')).toContain('max-age=');
      // The public origin counts as same-origin for the CSRF check.
      const c = https.client();
      const ok = await c.post('/api/auth/register', registration(uniqueName('tls')), { headers: { Origin: 'https://riposte.example' } });
      expect(ok.status).toBe(201);
    } finally {
      await https.close();
    }
  });
});

describe('errors and routing', () => {
  it('answers unknown /api paths with 404 JSON', async () => {
    const res = await server.client().get('/api/nothing/here');
    expect(res.status).toBe(404);
    expect(errorOf(res)).toMatchObject({ code: 'NO_ROUTE' });
  });

  it('answers a wrong method on a known path with 405', async () => {
    const res = await server.client().request('DELETE', '/api/auth/status');
    expect(res.status).toBe(405);
  });

  // `npm test` builds the web app first; `npm run test:int` alone may run before any build.
  const built = existsSync(fileURLToPath(new URL('../../apps/web/dist/index.html', import.meta.url)));
  it.skipIf(!built)(`serves the SPA for any other GET, hashed assets as immutable, missing assets as 404${built ? '' : ' (SKIPPED: apps/web/dist not built; run npm run build:web)'}`, async () => {
    const page = await server.client().get('/some/client/route', { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(page.text)?.[1];
    expect(asset).toBeDefined();
    const js = await server.client().get(asset as string);
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toContain('immutable');
    expect((await server.client().get('/assets/missing-deadbeef.js')).status).toBe(404);
    expect((await server.client().get('/../../package.json')).status).not.toBe(200);
  });
});
