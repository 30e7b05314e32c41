/**
 * A typed client generated from the server's own OpenAPI document, compiled and run against the
 * server: openapi-typescript turns GET /api/openapi.json into `paths`, a small program calls the API
 * through openapi-fetch with those types (the answers read as the document types them, and a
 * wrong body or path does not compile), TypeScript compiles it strictly with no error, and the
 * compiled program signs in with a personal access token, creates a template and lists it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support';

const ROOT = join(import.meta.dirname, '..', '..');
let server: TestServer;
let dir: string;

beforeAll(async () => {
  server = await startTestServer({ RIPOSTE_SCHEDULER: 'off' });
  // Under node_modules, so the program resolves openapi-fetch as an installed client would.
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  dir = mkdtempSync(join(cache, 'openapi-client-'));
}, 60_000);
afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const PROGRAM = `
import createClient from 'openapi-fetch';
import type { paths } from './api';

export const run = async (baseUrl: string, token: string) => {
  const api = createClient<paths>({ baseUrl, headers: { Authorization: 'Bearer ' + token } });
  const status = await api.GET('/api/auth/status');
  if (status.data === undefined) throw new Error('auth status: ' + String(status.response.status));
  const username: string = status.data.user.username;
  const made = await api.POST('/api/templates', { body: { name: 'Typed client', content: 'Made through the generated types' } });
  if (made.data === undefined) throw new Error('create: ' + String(made.response.status));
  const id: string = made.data.id;
  const list = await api.GET('/api/templates');
  if (list.data === undefined) throw new Error('list: ' + String(list.response.status));
  const names: string[] = list.data.map((t) => t.name);
  return { username, id, names, status: made.response.status };
};

/** Never called: the types are the document's, not any, so these do not compile. */
export const refused = (api: ReturnType<typeof createClient<paths>>) => [
  // @ts-expect-error a path the API does not have
  api.GET('/api/no-such-route'),
  // @ts-expect-error a template needs its content
  api.POST('/api/templates', { body: { name: 'no content' } }),
];
`;

describe('a typed client generated from GET /api/openapi.json', () => {
  it('compiles strictly and calls the real routes', async () => {
    const document = (await server.client().get('/api/openapi.json')).body as Record<string, unknown>;
    writeFileSync(join(dir, 'api.d.ts'), astToString(await openapiTS(document as never)));
    const source = join(dir, 'client.ts');
    writeFileSync(source, PROGRAM);

    const options: ts.CompilerOptions = {
      strict: true,
      noUncheckedIndexedAccess: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
      types: [],
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      noEmit: true,
    };
    const program = ts.createProgram([source], options);
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);

    const js = ts.transpileModule(PROGRAM, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;
    writeFileSync(join(dir, 'client.mjs'), js);
    const { user, client } = await server.newUser();
    const token = await client.post('/api/tokens', { name: 'typed', scopes: ['read', 'write'], expiresInDays: 1, currentPassword: 'secret-pw-1' });
    expect(token.status).toBe(201);
    const { run } = (await import(pathToFileURL(join(dir, 'client.mjs')).href)) as { run: (url: string, token: string) => Promise<{ username: string; id: string; names: string[]; status: number }> };
    const result = await run(server.url, (token.body as { secret: string }).secret);
    expect(result).toMatchObject({ username: user.username, status: 201, names: ['Typed client'] });
    expect(result.id).toMatch(/^[0-9a-f-]{36}$/);
  }, 120_000);
});
