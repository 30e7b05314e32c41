/**
 * The API's own description (docs/adr/0036): GET /api/openapi.json is an OpenAPI 3.1 document
 * with EVERY route the server registered (read from the routers' stacks at run time, the list the
 * route walk uses), its schemas are the ones that refuse bad input, and GET /api/docs shows it.
 * Both are public and answer only to their one spelling.
 */
import Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openApiDocument, openApiPath } from '@apps/server/src/http/openapi';
import { requireUser } from '@apps/server/src/http/guards';
import { body, noBody } from '@apps/server/src/http/validate';
import { rawRequest } from '../security/support';
import { errorOf, startTestServer, type TestServer } from './support';

type Json = Record<string, unknown>;
type Operation = Json & {
  parameters?: Json[];
  security: Json[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { headers?: Record<string, unknown> }>;
};

let server: TestServer;
let document: Json & { openapi: string; paths: Record<string, Record<string, Operation>>; components: Json };
beforeAll(async () => {
  server = await startTestServer();
  const res = await server.client().get('/api/openapi.json');
  expect(res.status).toBe(200);
  document = res.body as typeof document;
});
afterAll(async () => {
  await server?.close();
});

/** Routes (`METHOD /path/:id`) that have no operation in the document. */
const missingFromDocument = (routes: { method: string; path: string }[], doc: { paths: Record<string, Record<string, unknown>> }): string[] =>
  routes.filter(({ method, path }) => doc.paths[openApiPath(path)]?.[method.toLowerCase()] === undefined).map(({ method, path }) => `${method} ${path}`);

/** Every `$ref` in the document, with where it is. */
const refsIn = (value: unknown, at = '#'): { at: string; ref: string }[] => {
  if (Array.isArray(value)) return value.flatMap((v, i) => refsIn(v, `${at}/${i}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Json).flatMap(([k, v]) => (k === '$ref' && typeof v === 'string' ? [{ at, ref: v }] : refsIn(v, `${at}/${k}`)));
};

const resolve = (doc: unknown, ref: string): unknown =>
  ref.startsWith('#/')
    ? ref
        .slice(2)
        .split('/')
        .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'))
        .reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Json)[key] : undefined), doc)
    : undefined;

const operation = (method: string, path: string): Operation => {
  const op = document.paths[path]?.[method];
  if (op === undefined) throw new Error(`no ${method} ${path} in the document`);
  return op;
};

describe('GET /api/openapi.json', () => {
  it('has an operation for every route registered on every router, and none that is not registered', () => {
    expect(server.routes.length).toBeGreaterThan(100);
    expect(missingFromDocument(server.routes, document)).toEqual([]);
    const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    const registered = new Set(server.routes.map((r) => `${r.method} ${openApiPath(r.path)}`));
    expect(operations.filter((o) => !registered.has(o))).toEqual([]);
    expect(operations.length).toBe(registered.size);
    // The two routes describe themselves too.
    expect(operations).toEqual(expect.arrayContaining(['GET /api/openapi.json', 'GET /api/docs', 'GET /healthz', 'POST /paypal/webhook']));
  });

  it('the coverage check catches a registered route the document lacks', () => {
    const described = new Router({ sensitive: true, strict: true });
    described.get('/api/things', requireUser, () => undefined);
    described.post('/api/things', requireUser, body(z.object({ name: z.string().min(1) })), () => undefined);
    const doc = openApiDocument([described], { version: 'test', https: false }) as { paths: Record<string, Record<string, Operation>> };
    expect(doc.paths['/api/things']?.post?.requestBody?.content['application/json']?.schema).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string', minLength: 1 } },
      required: ['name'],
    });
    const later = new Router({ sensitive: true, strict: true });
    later.post('/api/things/:id/archive', requireUser, () => undefined);
    const routes = [described, later].flatMap((r) => r.stack.flatMap((l) => l.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path: String(l.path) }))));
    expect(missingFromDocument(routes, doc)).toEqual(['POST /api/things/:id/archive']);
  });

  it('is OpenAPI 3.1 in shape: version, info, paths, unique operation ids, declared path parameters, every $ref resolves', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(document.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
    const ids: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      expect(path.startsWith('/')).toBe(true);
      expect(path).not.toContain(':');
      for (const [method, op] of Object.entries(item)) {
        expect(['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace']).toContain(method);
        ids.push(String(op.operationId));
        expect(Object.keys(op.responses as Json).length).toBeGreaterThan(0);
        const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        expect({ path, declared }).toEqual({ path, declared: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]) });
        for (const requirement of op.security) {
          for (const scheme of Object.keys(requirement)) expect((document.components.securitySchemes as Json)[scheme]).toBeDefined();
        }
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(100);
    expect(refs.filter(({ ref }) => resolve(document, ref) === undefined)).toEqual([]);
  });

  it('documents the error body once, as a component, with message, field and code', () => {
    const error = (document.components.schemas as Record<string, Json>).Error;
    expect(error).toMatchObject({ type: 'object', required: expect.arrayContaining(['message', 'error', 'code']) });
    expect(Object.keys(error?.properties as Json)).toEqual(expect.arrayContaining(['message', 'field', 'code']));
  });

  it('says who may call each route: public, a session, a token with its scope', () => {
    expect(operation('get', '/api/config').security).toEqual([]);
    expect(operation('get', '/api/openapi.json').security).toEqual([]);
    expect(operation('get', '/api/templates').security).toEqual([{ session: [] }, { token: ['read'] }]);
    expect(operation('post', '/api/templates').security).toEqual([{ session: [] }, { token: ['write'] }]);
    expect(operation('get', '/api/admin/users').security).toEqual([{ session: [] }, { token: ['admin'] }]);
    // Token management belongs to the browser session (ADR 0030).
    expect(operation('post', '/api/tokens').security).toEqual([{ session: [] }]);
    expect(operation('get', '/api/auth/status').security).toEqual([]);
  });

  it('lists Idempotency-Key on the creating calls that honour it', () => {
    const header = (op: Operation) => (op.parameters ?? []).find((p) => p.in === 'header' && p.name === 'Idempotency-Key');
    for (const [method, path] of [
      ['post', '/api/templates'],
      ['post', '/api/template-groups'],
      ['post', '/api/schedules'],
      ['post', '/api/bulk-replies/batch'],
    ] as const) {
      expect({ path, header: header(operation(method, path)) }).toMatchObject({ path, header: { required: false } });
    }
    expect(header(operation('put', '/api/templates/{id}'))).toBeUndefined();
    // The batch is described by the schema that validates it: entries, each a bulk entry.
    const batch = operation('post', '/api/bulk-replies/batch').requestBody?.content['application/json']?.schema;
    expect(batch).toMatchObject({ type: 'object', properties: { entries: { type: 'array' } } });
  });

  it('names X-Next-Cursor and Link on the answers of every cursor-paged list, and of no other', () => {
    const paged = [
      '/api/schedules',
      '/api/v2/schedules',
      '/api/templates',
      '/api/template-groups',
      '/api/schedules/{id}/replies',
      '/api/replies',
      '/api/admin/audit/users/{username}',
      '/api/admin/audit/schedules/{id}',
      '/api/admin/users',
    ];
    const withHeaders = Object.entries(document.paths).flatMap(([path, ops]) =>
      Object.entries(ops).flatMap(([method, op]) => {
        const answers = Object.values(op.responses);
        return answers.some((r) => r.headers?.['X-Next-Cursor'] !== undefined) ? [`${method} ${path}`] : [];
      }),
    );
    expect(withHeaders.sort()).toEqual(paged.map((p) => `get ${p}`).sort());
    const ok = operation('get', '/api/templates').responses['200']!;
    expect(ok.headers).toEqual({ 'X-Next-Cursor': { $ref: '#/components/headers/NextCursor' }, Link: { $ref: '#/components/headers/NextLink' } });
    expect((document.components as { headers: Record<string, unknown> }).headers).toHaveProperty('NextCursor');
    const parameters = (operation('get', '/api/templates').parameters ?? []).map((p) => p.name);
    expect(parameters).toEqual(expect.arrayContaining(['cursor', 'limit']));
  });

  it('describes a body with the schema that validates it: what it calls required, the server asks for', async () => {
    const schema = operation('post', '/api/templates').requestBody?.content['application/json']?.schema;
    expect(schema).toMatchObject({ type: 'object', properties: expect.objectContaining({ name: expect.any(Object), content: expect.any(Object) }) });
    const { client } = await server.newUser();
    const refused = await client.post('/api/templates', {});
    expect(refused.status).toBe(400);
    expect((schema?.required as string[] | undefined) ?? []).toContain(errorOf(refused).field);
  });
});

describe('what each operation declares', () => {
  const UNSAFE = new Set(['post', 'put', 'patch']);
  const operations = () => Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ method, path, op })));

  it('every POST, PUT and PATCH says its body: a schema, its variants, a body described in words, or none', () => {
    const undeclared = operations()
      .filter(({ method, op }) => UNSAFE.has(method) && op.requestBody === undefined && op['x-riposte-no-body'] !== true)
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(undeclared).toEqual([]);
    // The two forms of POST /api/accounts and POST /api/schedules are both described.
    for (const path of ['/api/accounts', '/api/schedules']) {
      const variants = (operation('post', path).requestBody?.content['application/json']?.schema as { oneOf?: unknown[] } | undefined)?.oneOf;
      expect({ path, variants: variants?.length }).toEqual({ path, variants: 2 });
    }
  });

  it('the coverage check catches an unsafe route that says nothing about its body', () => {
    const router = new Router({ sensitive: true, strict: true });
    router.post('/api/things', requireUser, () => undefined);
    router.post('/api/things/:id/archive', requireUser, noBody, () => undefined);
    const doc = openApiDocument([router], { version: 'test', https: false }) as { paths: Record<string, Record<string, Operation>> };
    expect(doc.paths['/api/things']?.post?.requestBody).toBeUndefined();
    expect(doc.paths['/api/things']?.post?.['x-riposte-no-body']).toBeUndefined();
    expect(doc.paths['/api/things/{id}/archive']?.post?.['x-riposte-no-body']).toBe(true);
  });

  it("marks admin routes as admin wherever their path is, and the server's guard agrees: a user's session and token get 403 there and only there", async () => {
    const { client: user } = await server.newUser();
    const made = await user.post('/api/tokens', { name: 'walk', scopes: ['read', 'write'], expiresInDays: 1, currentPassword: 'secret-pw-1' });
    expect(made.status).toBe(201);
    const secret = (made.body as { secret: string }).secret;
    const asToken = (method: string, path: string) =>
      server.client().request(method, path, method === 'GET' || method === 'DELETE' ? undefined : {}, { csrf: false, headers: { Authorization: `Bearer ${secret}` } });
    const admin = operations().filter(({ op }) => op['x-riposte-access'] === 'admin');
    expect(admin.map(({ method, path }) => `${method.toUpperCase()} ${path}`)).toEqual(
      expect.arrayContaining(['GET /api/x/auth/credentials-check', 'GET /api/x/test-credentials', 'GET /api/admin/users']),
    );
    for (const { op } of admin) {
      expect((op.tags as string[])[0]).toBe('admin');
      expect(String(op.description)).toMatch(/^Admins only\./);
    }
    const mismatches: string[] = [];
    for (const { method, path, op } of operations()) {
      if (op['x-riposte-access'] === 'public') continue;
      // Calls that end or delete the caller are walked by the route walk with throwaway sessions.
      if (path === '/api/auth/logout' || path === '/api/settings/delete-account') continue;
      const url = path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
      const M = method.toUpperCase();
      const bySession = await user.request(M, url, M === 'GET' || M === 'DELETE' ? undefined : {});
      const byToken = await asToken(M, url);
      const adminOnly = (r: Awaited<ReturnType<typeof asToken>>) => r.status === 403 && errorOf(r).code === 'ADMIN_ONLY';
      const markedAdmin = op['x-riposte-access'] === 'admin';
      // A session is refused by the admin guard exactly where the document says admin.
      if (adminOnly(bySession) !== markedAdmin) mismatches.push(`${M} ${path}: marked ${String(op['x-riposte-access'])}, session got ${bySession.status} ${errorOf(bySession).code ?? ''}`);
      // A user's token: 403 on every admin route (the scope, the browser-only rule or the guard), never the admin guard elsewhere.
      if (markedAdmin ? byToken.status !== 403 : adminOnly(byToken)) mismatches.push(`${M} ${path}: marked ${String(op['x-riposte-access'])}, token got ${byToken.status}`);
    }
    expect(mismatches).toEqual([]);
  }, 60_000);
});

describe('GET /api/docs', () => {
  it('answers a visitor with an HTML page that links the document and names every path', async () => {
    const res = await server.client().get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.text).toContain('href="/api/openapi.json"');
    for (const path of Object.keys(document.paths)) expect(res.text).toContain(`<code>${path}</code>`);
    // No script: it renders under the app's CSP and offline.
    expect(res.text).not.toMatch(/<script/i);
    // The app's own icon, which the server serves (a browser otherwise asks for /favicon.ico: 404).
    const icon = /<link rel="icon"[^>]* href="([^"]+)"/.exec(res.text)?.[1];
    expect(icon).toBe('/favicon.svg');
    expect((await server.client().get(icon ?? '')).status).toBe(200);
  });

  it('answers a visitor with the document as JSON', async () => {
    const res = await server.client().get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers only to the one spelling, like every other route', async () => {
    for (const path of ['/API/openapi.json', '/api/OPENAPI.json', '//api/openapi.json', '/api/openapi.json/', '/api//docs', '//api/docs', '/api/docs/', '/Api/docs', '/api%2Fdocs', '/api/./docs']) {
      const res = await rawRequest(server.client(), 'GET', path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
  });
});
