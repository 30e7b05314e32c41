/**
 * The template lists are cursor-paged like the schedules (docs/api.md "Paging"): one answer holds
 * at most 100 items unless the client asks for up to 500, never the whole list, so a user with
 * many templates or groups cannot make one request as large as their data. Following X-Next-Cursor
 * gives every item once, only the user's own; the CLI follows it and lists them all. A schedule's
 * replies take the same paging parameters. Real HTTP against a real server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startTestServer, type Client, type TestServer } from '../api/support';
import { runRiposte } from '../cli/cli.support';

let server: TestServer;
let alice: Client;
let bob: Client;
const TEMPLATES = 130;
const GROUPS = 101;

const inBatches = async (count: number, make: (i: number) => Promise<void>) => {
  for (let start = 0; start < count; start += 10) await Promise.all(Array.from({ length: Math.min(10, count - start) }, (_, j) => make(start + j)));
};

beforeAll(async () => {
  server = await startTestServer({ RIPOSTE_SCHEDULER: 'off' });
  alice = (await server.newUser()).client;
  bob = (await server.newUser()).client;
  await inBatches(TEMPLATES, async (i) => {
    expect((await alice.post('/api/templates', { name: `T${i}`, content: `Template ${i}` })).status).toBe(201);
  });
  await inBatches(GROUPS, async (i) => {
    expect((await alice.post('/api/template-groups', { name: `G${i}`, description: '' })).status).toBe(201);
  });
  expect((await bob.post('/api/templates', { name: 'Bob', content: 'Not for alice' })).status).toBe(201);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

type Item = { id: string; name: string };

/** Every page of a list from its first, by X-Next-Cursor; checks each answer's size and Link. */
const allPages = async (client: Client, path: string, limit: number | null) => {
  const pages: Item[][] = [];
  let next: string | null = null;
  do {
    const query = [next === null ? null : `cursor=${next}`, limit === null ? null : `limit=${limit}`].filter((q) => q !== null).join('&');
    const res = await client.get(query === '' ? path : `${path}?${query}`);
    expect(res.status, res.text).toBe(200);
    const items = res.body as Item[];
    pages.push(items);
    next = res.headers.get('x-next-cursor');
    if (next !== null) {
      expect(items.length).toBe(limit ?? 100);
      expect(res.headers.get('link')).toBe(`<${path}?cursor=${next}&limit=${limit ?? 100}>; rel="next"`);
    }
  } while (next !== null && pages.length < 20);
  return pages;
};

describe('template lists, paged', () => {
  it.each([
    ['/api/templates', TEMPLATES],
    ['/api/template-groups', GROUPS],
  ])('%s answers at most 100 without a limit, and the cursors give every item once', async (path, count) => {
    const pages = await allPages(alice, path, null);
    expect(pages.map((p) => p.length)).toEqual([100, count - 100]);
    const ids = pages.flat().map((t) => t.id);
    expect(new Set(ids).size).toBe(count);
    const whole = (await alice.get(`${path}?limit=500`)).body as Item[];
    expect(whole.map((t) => t.id)).toEqual(ids);
  });

  it('pages by any limit up to 500, newest first, and shows nobody else’s', async () => {
    const pages = await allPages(alice, '/api/templates', 40);
    expect(pages.map((p) => p.length)).toEqual([40, 40, 40, 10]);
    const names = pages.flat().map((t) => t.name);
    expect(names).not.toContain('Bob');
    // The last batch of ten was written last: one of them leads.
    expect(Array.from({ length: 10 }, (_, i) => `T${TEMPLATES - 10 + i}`)).toContain(names[0]);
    expect((await bob.get('/api/templates')).body as Item[]).toHaveLength(1);
    expect((await bob.get('/api/templates')).headers.get('x-next-cursor')).toBeNull();
  });

  it.each(['/api/templates', '/api/template-groups', '/api/schedules/00000000-0000-4000-8000-000000000000/replies'])(
    '%s refuses a bad cursor or limit with the field named',
    async (path) => {
      for (const [q, field] of [['cursor=nope', 'cursor'], ['limit=0', 'limit'], ['limit=501', 'limit'], ['limit=abc', 'limit']] as const) {
        const res = await alice.get(`${path}?${q}`);
        expect(res.status, `${path}?${q}`).toBe(400);
        expect(errorOf(res).field, q).toBe(field);
      }
    },
  );

  it('riposte templates list follows the cursor and lists all of them', async () => {
    const minted = await alice.post('/api/tokens', { name: 'cli', scopes: ['read'], expiresInDays: 30, currentPassword: 'secret-pw-1' });
    expect(minted.status).toBe(201);
    const env = { ...process.env, RIPOSTE_CLI_CONFIG: `${server.dataDir}/cli`, RIPOSTE_TOKEN: (minted.body as { secret: string }).secret };
    expect((await runRiposte(['--json', 'login', '--url', server.url], env)).code).toBe(0);
    const run = await runRiposte(['--json', 'templates', 'list'], env);
    expect(run.code, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as Item[]).length).toBe(TEMPLATES);
  });
});
