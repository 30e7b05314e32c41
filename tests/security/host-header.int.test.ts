/**
 * The Host a request names must be this server's: the configured public origin's host, the
 * address it listens on (loopback names when that is loopback) or a host named in
 * RIPOSTE_ALLOWED_HOSTS. A page on a rebinding DNS name (evil.example resolving to 127.0.0.1) sends
 * `Host: evil.example` and `Origin: http://evil.example`; were that Host served, the Origin check
 * would compare the Origin with it and let the page drive the API. Any other host: 421 JSON, and
 * nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, uniqueName, type TestServer } from '../api/support';
import { eventCount, rawRequest } from './support';

const registration = (name: string) =>
  JSON.stringify({ email: `${name}@example.com`, username: name, fullName: name, password: 'secret-pw-1', confirmPassword: 'secret-pw-1' });

const expectMisdirected = (res: { status: number; text: string; code: string | undefined }) => {
  expect(res.status).toBe(421);
  expect(res.code).toBe('HOST_NOT_ALLOWED');
  expect(JSON.parse(res.text)).toMatchObject({ message: expect.stringMatching(/not served here/) });
};

describe('with RIPOSTE_PUBLIC_URL set', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RIPOSTE_PUBLIC_URL: 'https://riposte.example', RIPOSTE_SCHEDULER: 'off' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a rebinding page: another Host with its own Origin changes nothing', async () => {
    const before = eventCount(server);
    const res = await rawRequest(server.client(), 'POST', '/api/auth/register', {
      headers: { Host: 'evil.example', Origin: 'http://evil.example' },
      body: registration(uniqueName('rebind')),
    });
    expectMisdirected(res);
    expect(eventCount(server)).toBe(before);
  });

  it('refuses other hosts on reads, the web app and uploads alike', async () => {
    for (const path of ['/api/config', '/', '/schedules', '/uploads/x.png', '/api/auth/status']) {
      expectMisdirected(await rawRequest(server.client(), 'GET', path, { headers: { Host: 'evil.example:3000' } }));
    }
    expectMisdirected(await rawRequest(server.client(), 'GET', '/api/config', { headers: { Host: 'riposte.example.evil.example' } }));
  });

  it('serves the public host and the listening address', async () => {
    const port = new URL(server.url).port;
    for (const host of ['riposte.example', 'RIPOSTE.example', `127.0.0.1:${port}`, `localhost:${port}`]) {
      const res = await rawRequest(server.client(), 'GET', '/api/config', { headers: { Host: host } });
      expect(res.status, host).toBe(200);
    }
    const ok = await rawRequest(server.client(), 'POST', '/api/auth/register', {
      headers: { Host: 'riposte.example', Origin: 'https://riposte.example' },
      body: registration(uniqueName('public')),
    });
    expect(ok.status).toBe(201);
  });

  it('answers health probes under any host (load balancers probe by address)', async () => {
    expect((await rawRequest(server.client(), 'GET', '/healthz', { headers: { Host: '10.1.2.3:3000' } })).status).toBe(200);
  });
});

describe('without a public URL, listening on loopback', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RIPOSTE_SCHEDULER: 'off', RIPOSTE_ALLOWED_HOSTS: 'riposte.lan' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('serves loopback names and the hosts RIPOSTE_ALLOWED_HOSTS names, nothing else', async () => {
    const port = new URL(server.url).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `riposte.lan:${port}`]) {
      expect((await rawRequest(server.client(), 'GET', '/api/config', { headers: { Host: host } })).status, host).toBe(200);
    }
    for (const host of [`evil.example:${port}`, `10.0.0.7:${port}`, `localhost.evil.example:${port}`]) {
      expectMisdirected(await rawRequest(server.client(), 'GET', '/api/config', { headers: { Host: host } }));
    }
  });

  it('refuses a cross-origin write sent under a rebinding name', async () => {
    const before = eventCount(server);
    const port = new URL(server.url).port;
    const res = await rawRequest(server.client(), 'POST', '/api/auth/register', {
      headers: { Host: `evil.example:${port}`, Origin: `http://evil.example:${port}` },
      body: registration(uniqueName('rebind')),
    });
    expectMisdirected(res);
    expect(eventCount(server)).toBe(before);
  });
});
