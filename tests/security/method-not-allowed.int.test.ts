/**
 * A method a route does not have is answered like every other API error: JSON with a message
 * (the router's own 405 and 501 answers were plain text), keeping the status and the Allow header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startTestServer, type Client, type TestServer } from '../api/support';

let server: TestServer;
let user: Client;
beforeAll(async () => {
  server = await startTestServer();
  user = (await server.newUser()).client;
});
afterAll(async () => {
  await server?.close();
});

describe('methods a route does not have', () => {
  it('answers 405 in JSON with a message and the Allow header', async () => {
    // (A trailing slash no longer matches anything: /api/accounts/ is 404 NON_CANONICAL_PATH.)
    for (const [method, path] of [
      ['PUT', '/api/metrics/overview'],
      ['DELETE', '/api/templates'],
      ['PATCH', '/api/auth/status'],
    ] as const) {
      const res = await user.request(method, path, {});
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 405 });
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(errorOf(res)).toMatchObject({ message: `${method} is not allowed on ${path}`, code: 'METHOD_NOT_ALLOWED' });
      expect(res.headers.get('allow')).toContain('GET');
    }
  });

  it('answers 501 in JSON with a message for a method no route knows', async () => {
    const res = await user.request('PROPFIND', '/api/templates');
    expect(res.status).toBe(501);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(errorOf(res)).toMatchObject({ message: 'PROPFIND is not supported', code: 'NOT_IMPLEMENTED' });
  });
});
