/**
 * The probe paths orchestrators and monitors ask by their usual names answer JSON from the server,
 * never the web app's HTML: /livez (the process answers), /readyz (it may take traffic), /health
 * (the same report as /healthz); and any other path under the API or a probe that nobody serves
 * is a JSON 404, while page paths still get the web app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const get = (path: string) => fetch(`${server.url}${path}`);
const json = async (res: Response) => {
  expect(res.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  return (await res.json()) as Record<string, unknown>;
};

describe('probes', () => {
  it('/livez, /readyz and /health answer JSON', async () => {
    const live = await get('/livez');
    expect(live.status).toBe(200);
    expect(await json(live)).toMatchObject({ status: 'alive', uptimeSeconds: expect.any(Number) });
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(await json(ready)).toEqual({ status: 'ready', store: { read: true, write: true } });
    const health = await get('/health');
    expect(health.status).toBe(200);
    expect(await json(health)).toMatchObject({ status: 'ok', store: { read: { ok: true }, write: { ok: true } } });
    for (const path of ['/livez', '/readyz', '/health']) expect((await get(path)).headers.get('cache-control'), path).toBe('no-store');
  });

  it('a miss under the API or a probe path is a JSON 404, never the web app', async () => {
    for (const path of ['/metrics/nothing', '/livez/deeper', '/api/no-such-call', '/readyz/x', '/health/x']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect((await json(res)).code, path).toBe('NO_ROUTE');
    }
    // Other spellings of a probe are refused, not handed to the web app.
    for (const path of ['/LIVEZ', '/livez/', '//readyz']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type') ?? '', path).toMatch(/^application\/json/);
    }
  });

  it('page paths still get the web app', async () => {
    const res = await get('/dashboard');
    expect(res.headers.get('content-type') ?? '').toMatch(/^text\/html/);
  });
});
