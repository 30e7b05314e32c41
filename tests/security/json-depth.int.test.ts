/**
 * A JSON body nested deeper than any API call needs is refused as bad input (400), whatever route
 * it reaches. 45,000 nested arrays fit in the 100 kB body cap and JSON.parse reads them, but the
 * Idempotency-Key fingerprint (JSON.stringify) overflowed the stack on them: 500.
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

const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
const groups = async () => ((await user.get('/api/template-groups')).body as unknown[]).length;

describe('deeply nested JSON bodies', () => {
  it('refuses a body nested deeper than 32 levels with a 400 and stores nothing, with or without an Idempotency-Key', async () => {
    const before = await groups();
    for (const headers of [{ 'Idempotency-Key': 'deep-1' }, {}] as Record<string, string>[]) {
      for (const depth of [33, 45_000]) {
        const res = await user.request('POST', '/api/template-groups', undefined, { raw: `{"name":${nested(depth)}}`, headers });
        expect({ depth, headers, status: res.status }).toEqual({ depth, headers, status: 400 });
        expect(errorOf(res)).toMatchObject({ message: 'The request body is nested too deeply (32 levels at most)', code: 'JSON_TOO_DEEP' });
      }
    }
    expect(await groups()).toBe(before);
  });

  it('reads a body of 32 levels as usual (the route judges its fields)', async () => {
    // 31 arrays inside the object: 32 levels in all.
    const res = await user.request('POST', '/api/template-groups', undefined, { raw: `{"name":${nested(31)}}`, headers: { 'Idempotency-Key': 'deep-2' } });
    expect(res.status).toBe(400);
    expect(errorOf(res).field).toBe('name');
    const fine = await user.post('/api/template-groups', { name: 'Shallow' }, { headers: { 'Idempotency-Key': 'deep-3' } });
    expect(fine.status).toBe(201);
  });
});
