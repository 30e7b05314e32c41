// The web app's HTTP client against a real loopback server: the spec's error catalogue (part 1
// §8), the headers of every call, and 401 handling.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiGet, apiRequest, CSRF_HEADER, revisionOf, StaleRevisionError } from '@web/lib/api';
import { retryDelay } from '@web/lib/swr-config';

let server: Server;
let base = '';
const seen: IncomingMessage[] = [];
const bodies: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req);
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      bodies.push(body);
      const path = req.url ?? '';
      if (path === '/json-error') {
        res.writeHead(409, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Email already in use', field: 'email' }));
      } else if (path === '/json-error-no-message') {
        res.writeHead(503, 'Service Unavailable', { 'content-type': 'application/json' });
        res.end(JSON.stringify({ detail: 'x' }));
      } else if (path === '/text-error') {
        res.writeHead(502, 'Bad Gateway', { 'content-type': 'text/html' });
        res.end('<h1>upstream down</h1>');
      } else if (path === '/bad-json') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"half":');
      } else if (path === '/thing') {
        // A thing at revision 3; a write naming another revision is stale (412 with the thing at 5).
        const ifMatch = req.headers['if-match'];
        if (req.method === 'GET') {
          res.writeHead(200, { 'content-type': 'application/json', etag: '"3"' });
          res.end(JSON.stringify({ name: 'as read' }));
        } else if (ifMatch !== undefined && ifMatch !== '"5"') {
          res.writeHead(412, { 'content-type': 'application/json', etag: '"5"' });
          res.end(JSON.stringify({ success: false, code: 'STALE_REVISION', message: 'This was changed elsewhere', current: { name: 'from elsewhere' } }));
        } else {
          res.writeHead(200, { 'content-type': 'application/json', etag: '"6"' });
          res.end(JSON.stringify({ name: 'saved' }));
        }
      } else if (path === '/unauthorized') {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'No authentication token provided' }));
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: true, echo: body }));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('api client', () => {
  it('sends JSON with the CSRF header, Accept and a request id on every call', async () => {
    const answer = await apiRequest<{ echo: string }>('POST', `${base}/ok`, { a: 1 });
    expect(JSON.parse(answer.echo)).toEqual({ a: 1 });
    const post = seen.at(-1)!;
    expect(post.headers[CSRF_HEADER.toLowerCase()]).toBe('1');
    expect(post.headers['content-type']).toBe('application/json');
    expect(post.headers.accept).toBe('application/json');
    expect(post.headers['x-request-id']).toMatch(/\S{8,}/);

    await apiGet(`${base}/ok`);
    const get = seen.at(-1)!;
    expect(get.headers[CSRF_HEADER.toLowerCase()]).toBe('1');
    expect(get.headers['content-type']).toBeUndefined();
  });

  it('uses the message of a JSON error body, keeping status, data and field', async () => {
    const err = await failure(apiRequest('POST', `${base}/json-error`, {}));
    expect(err.message).toBe('Email already in use');
    expect(err.status).toBe(409);
    expect(err.field).toBe('email');
    expect(err.requestId).toMatch(/\S{8,}/);
  });

  it('falls back to status and status text for a JSON error without a message', async () => {
    const err = await failure(apiGet(`${base}/json-error-no-message`));
    expect(err.message).toBe('503 Service Unavailable');
  });

  it('reports status, body text and request id for a non-JSON error', async () => {
    const err = await failure(apiGet(`${base}/text-error`));
    expect(err.message).toBe(`502: <h1>upstream down</h1> (Request ID: ${err.requestId})`);
  });

  it('reports a success body that is not JSON', async () => {
    const err = await failure(apiGet(`${base}/bad-json`));
    expect(err.message).toMatch(/^Failed to parse response as JSON: .+ \(Request ID: .+\)$/);
  });

  it('answers null for a 401 only when asked to', async () => {
    expect(await apiGet(`${base}/unauthorized`, 'returnNull')).toBeNull();
    const err = await failure(apiGet(`${base}/unauthorized`));
    expect(err.status).toBe(401);
    expect(err.message).toBe('No authentication token provided');
  });

  it('words network failures differently for queries and mutations', async () => {
    const closed = 'http://127.0.0.1:9/nothing';
    expect((await failure(apiGet(closed))).message).toMatch(/^Network error when fetching http:\/\/127\.0\.0\.1:9\/nothing: /);
    expect((await failure(apiRequest('POST', closed, {}))).message).toMatch(/^Network request failed\. Please check your connection: /);
  });

  it('refuses a body that cannot be serialised, without calling the server', async () => {
    const before = seen.length;
    const err = await failure(apiRequest('POST', `${base}/ok`, { n: 1n }));
    expect(err.message).toMatch(/^Failed to serialize request data: /);
    expect(seen.length).toBe(before);
  });
});

describe('conditional writes', () => {
  it('sends If-Match with the revision the thing was read at, and none for a thing without one', async () => {
    const read = await apiGet<{ name: string }>(`${base}/thing`);
    expect(revisionOf(read)).toBe('"3"');
    await failure(apiRequest('PUT', `${base}/thing`, { name: 'x' }, { basedOn: read }));
    expect(seen.at(-1)!.headers['if-match']).toBe('"3"');

    await apiRequest('PUT', `${base}/thing`, { name: 'x' }, { basedOn: { name: 'from a list' } });
    expect(seen.at(-1)!.headers['if-match']).toBeUndefined();
    await apiRequest('PUT', `${base}/thing`, { name: 'x' });
    expect(seen.at(-1)!.headers['if-match']).toBeUndefined();
  });

  it('turns a 412 STALE_REVISION into the current state at its revision; saving on top of it goes through', async () => {
    const read = await apiGet<{ name: string }>(`${base}/thing`);
    const err = await failure(apiRequest('PUT', `${base}/thing`, { name: 'mine' }, { basedOn: read }));
    expect(err).toBeInstanceOf(StaleRevisionError);
    expect(err.status).toBe(412);
    const current = (err as StaleRevisionError<{ name: string }>).current;
    expect(current).toEqual({ name: 'from elsewhere' });
    expect(revisionOf(current)).toBe('"5"');

    const saved = await apiRequest<{ name: string }>('PUT', `${base}/thing`, { name: 'mine' }, { basedOn: current });
    expect(seen.at(-1)!.headers['if-match']).toBe('"5"');
    expect(saved).toEqual({ name: 'saved' });
    // The answer of a write is read at its new revision, so the next save is based on it.
    expect(revisionOf(saved)).toBe('"6"');
  });
});

describe('query retry delay', () => {
  it('starts at 1 s, doubles, and stops at 10 s', () => {
    expect([1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });
});
