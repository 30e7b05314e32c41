/**
 * The low-severity findings, each seen from outside:
 * - API answers (errors included) carry `Cache-Control: no-store`;
 * - uploaded images are cached privately and briefly, not for a year;
 * - a session ends 30 days after its sign-in however active it stays (the server's clock moves);
 * - a 500 answers a fixed message with the request id: no stack, SQL or library message.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@adapters/logging';
import { AppError } from '@core/shared/errors';
import { errorHandler } from '@apps/server/src/http/errors';
import { requestContext } from '@apps/server/src/http/request-context';
import { Client, startTestServer, type TestServer } from '../api/support';
import { multipart, PNG_1X1 } from '../api/schedules.support';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('caching', () => {
  let server: TestServer;
  let user: Client;
  beforeAll(async () => {
    server = await startTestServer({ RIPOSTE_SCHEDULER: 'off' });
    user = (await server.newUser()).client;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('marks every API answer no-store, errors included', async () => {
    const answers = [
      await server.client().get('/api/config'),
      await server.client().get('/api/auth/status'),
      await user.get('/api/auth/status'),
      await user.get('/api/templates'),
      await user.get('/api/no-such-call'),
      await user.post('/api/templates', {}, { csrf: false }),
      await user.post('/api/templates', { name: '' }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 401, 200, 200, 404, 403, 400]);
    for (const a of answers) expect(a.headers.get('cache-control')).toBe('no-store');
  });

  it('lets only the owner keep an uploaded image, and only for minutes', async () => {
    const body = multipart('image', 'dot.png', 'image/png', PNG_1X1);
    const uploaded = await user.request('POST', '/api/v2/upload-image', undefined, { raw: body.body, headers: { 'Content-Type': body.contentType } });
    expect([200, 201]).toContain(uploaded.status);
    const { imageUrl } = uploaded.body as { imageUrl: string };
    const image = await user.get(imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('cache-control')).toBe('private, max-age=300');
  });
});

describe('absolute session lifetime', () => {
  let server: TestServer;
  let now = Date.parse('2026-03-01T10:00:00Z');
  beforeAll(async () => {
    server = await startTestServer({ RIPOSTE_SCHEDULER: 'off' }, { clock: () => new Date(now) });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps an active session for 30 days from sign-in, then refuses it however active it was', async () => {
    const signedInAt = now;
    const { client, user } = await server.newUser();
    for (const day of [1, 10, 20, 29]) {
      now = signedInAt + day * DAY_MS;
      expect({ day, status: (await client.get('/api/auth/status')).status }).toEqual({ day, status: 200 });
    }
    now = signedInAt + 30 * DAY_MS + 60_000;
    const stale = client.clone();
    expect((await client.get('/api/auth/status')).status).toBe(401);
    expect((await client.get('/api/templates')).status).toBe(401);
    // The session is gone on the server too: the old cookie does not come back to life.
    expect((await stale.get('/api/auth/status')).status).toBe(401);
    // Signing in again starts a new 30 days.
    const again = server.client();
    expect((await again.post('/api/auth/login', { username: user.username, password: 'secret-pw-1' })).status).toBe(200);
    now += 29 * DAY_MS;
    expect((await again.get('/api/auth/status')).status).toBe(200);
  });
});

describe('500 answers', () => {
  let app: Server;
  let base = '';
  beforeAll(async () => {
    const koa = new Koa();
    koa.use(requestContext(createLogger({ level: 'silent' })));
    koa.use(errorHandler());
    koa.use((ctx) => {
      if (ctx.path === '/sql') throw new Error('SQLITE_ERROR: no such column: password_hash in "SELECT password_hash FROM users WHERE id = ?" at /srv/riposte/adapters/x.ts:12');
      if (ctx.path === '/internal') throw new AppError('internal', 'No session middleware on this route');
      if (ctx.path === '/library') throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { status: 502, expose: false });
      ctx.body = 'ok';
    });
    app = createServer(koa.callback());
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => app.close(() => resolve())));

  it.each(['/sql', '/internal', '/library'])('%s answers a fixed message with the request id and nothing else', async (path) => {
    const res = await new Client(base).get(path);
    expect(res.status).toBe(500);
    const requestId = res.headers.get('x-request-id') ?? '';
    expect(requestId).not.toBe('');
    const message = `Internal server error (request id ${requestId})`;
    expect(res.body).toEqual({ message, error: message, code: 'internal', requestId });
    for (const leak of ['SQLITE', 'SELECT', 'password_hash', '/srv/', 'session middleware', 'ECONNREFUSED', '10.0.0.5', ' at ']) {
      expect(res.text).not.toContain(leak);
    }
  });
});
