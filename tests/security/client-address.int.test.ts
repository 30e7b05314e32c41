/**
 * The client's address behind reverse proxies: RIPOSTE_TRUST_PROXY=n takes the n-th
 * X-Forwarded-For entry from the right (each proxy appends what it saw); entries further left
 * are the client's own words. Seen from outside through the login limiter, which counts attempts
 * per address, and through the request log line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, uniqueName, type TestServer } from '../api/support';

const PER_ADDRESS = 3;
const limits = { perAccount: { attempts: 1000, windowSeconds: 900 }, perAddress: { attempts: PER_ADDRESS, windowSeconds: 900 } };

/** A wrong password for a fresh username (so only the address count can run out). */
const attempt = (server: TestServer, forwardedFor: string) =>
  server.client().post('/api/auth/login', { username: uniqueName('nobody'), password: 'wrong-password' }, { headers: { 'X-Forwarded-For': forwardedFor } });

/** The address the server logged for one request carrying this X-Forwarded-For. */
const loggedAddress = async (server: TestServer, forwardedFor: string): Promise<string | undefined> => {
  const requestId = `probe-${uniqueName('r')}`;
  await server.client().get('/api/config', { headers: { 'X-Forwarded-For': forwardedFor, 'X-Request-Id': requestId } });
  const line = server.logs.lines.map((l) => JSON.parse(l) as { requestId?: string; ip?: string; msg?: string }).find((l) => l.requestId === requestId && l.msg === 'request');
  return line?.ip;
};

describe('one trusted proxy (RIPOSTE_TRUST_PROXY=1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RIPOSTE_TRUST_PROXY: '1', RIPOSTE_SCHEDULER: 'off' }, { loginLimits: limits });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('takes the address the proxy appended, whatever the client wrote to its left', async () => {
    expect(await loggedAddress(server, '198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
    expect(await loggedAddress(server, '203.0.113.9')).toBe('203.0.113.9');
  });

  it('a spoofed leftmost X-Forwarded-For does not give a client a fresh login allowance', async () => {
    for (let i = 0; i < PER_ADDRESS; i += 1) {
      expect((await attempt(server, `10.0.0.${i}, 203.0.113.7`)).status).toBe(401);
    }
    const next = await attempt(server, '10.9.9.9, 203.0.113.7');
    expect(next.status).toBe(429);
    expect(next.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another client behind the same proxy keeps its own allowance.
    expect((await attempt(server, '10.0.0.1, 203.0.113.8')).status).toBe(401);
  });
});

describe('two trusted proxies (RIPOSTE_TRUST_PROXY=2)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RIPOSTE_TRUST_PROXY: '2', RIPOSTE_SCHEDULER: 'off' }, { loginLimits: limits });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('takes the second entry from the right', async () => {
    expect(await loggedAddress(server, '198.51.100.1, 203.0.113.9, 192.0.2.1')).toBe('203.0.113.9');
    for (let i = 0; i < PER_ADDRESS; i += 1) {
      expect((await attempt(server, `10.0.0.${i}, 203.0.113.7, 192.0.2.1`)).status).toBe(401);
    }
    expect((await attempt(server, '10.9.9.9, 203.0.113.7, 192.0.2.1')).status).toBe(429);
  });
});

describe('no proxy (default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RIPOSTE_SCHEDULER: 'off' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('ignores X-Forwarded-For entirely', async () => {
    expect(await loggedAddress(server, '198.51.100.1, 203.0.113.9')).toMatch(/127\.0\.0\.1$/);
  });
});
