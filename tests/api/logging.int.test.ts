/**
 * Logs never carry secrets: plant passwords, cookies, authorization headers, tokens and secrets in
 * requests of every kind, read back everything the server logged, and grep.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@adapters/logging';
import { logCapture, startTestServer, uniqueName, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'trace' });
});
afterAll(async () => {
  await server?.close();
});

describe('log redaction', () => {
  it('logs one line per request with its id, and none of the planted secrets', async () => {
    const secrets = {
      password: 'PLANTED-password-4f1c',
      newPassword: 'PLANTED-newpw-9a2b',
      bearer: 'PLANTED-bearer-77de',
      token: 'PLANTED-token-31aa',
      oauthVerifier: 'PLANTED-verifier-c0c0',
      cookie: 'PLANTED-cookie-e5e5',
      secret: 'PLANTED-secret-1b1b',
    };
    const name = uniqueName('log');
    const client = server.client();
    await client.post(
      '/api/auth/register',
      { email: `${name}@example.com`, username: name, fullName: 'L', password: secrets.password, confirmPassword: secrets.password },
      { headers: { 'X-Request-Id': 'planted-request-id-1' } },
    );
    const sid = client.sessionId() ?? '';
    expect(sid).not.toBe('');
    // A bearer token nobody issued: refused (401), and its value never reaches the log.
    expect((await server.client().get('/api/user', { headers: { Authorization: `Bearer ${secrets.bearer}` } })).status).toBe(401);
    await client.post('/api/auth/login', { username: name, password: secrets.password });
    await client.post('/api/auth/login', { username: name, password: `${secrets.password}-wrong` });
    await client.put('/api/auth/change-password', {
      currentPassword: secrets.password,
      newPassword: secrets.newPassword,
      confirmPassword: secrets.newPassword,
    });
    await client.get(`/api/auth/status?token=${secrets.token}&oauth_verifier=${secrets.oauthVerifier}`, {
      headers: { Cookie: `${client.cookieHeader()}; other=${secrets.cookie}`, 'X-Api-Secret': secrets.secret },
    });
    await client.post('/api/auth/register', undefined, { raw: `{"password":"${secrets.password}"` });

    const text = server.logs.text();
    expect(text).toContain('planted-request-id-1');
    expect(server.logs.lines.filter((l) => l.includes('"msg":"request"')).length).toBeGreaterThanOrEqual(6);
    for (const value of [...Object.values(secrets), sid, client.sessionId() ?? 'none']) {
      expect(text).not.toContain(value);
    }
    expect(text).toContain('[redacted]'); // the query values were replaced, not dropped silently
  });

  it('censors sensitive keys at any depth when code logs an object', () => {
    const logs = logCapture();
    const logger = createLogger({ level: 'info', destination: logs.stream });
    logger.info(
      {
        password: 'p1-SECRET',
        body: { currentPassword: 'p2-SECRET', nested: { token: 't-SECRET' } },
        req: { headers: { cookie: 'c-SECRET', authorization: 'a-SECRET' } },
        res: { headers: { 'set-cookie': 's-SECRET' } },
        account: { accessSecret: 'x-SECRET', oauth_token_secret: 'o-SECRET' },
      },
      'planted',
    );
    logger.flush();
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        expect(logs.text()).toContain('planted');
        expect(logs.text()).not.toContain('SECRET');
        resolve();
      }),
    );
  });
});
