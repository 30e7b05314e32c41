/**
 * The template lists are cursor-paged like the schedules (docs/api.md "Paging"): one answer holds
 * at most 100 items unless the client asks for up to 500, never the whole list, so a user with
 * many templates or groups cannot make one request as large as their data. Following X-Next-Cursor
 * gives every item once, only the user's own; the CLI follows it and lists them all. A schedule's
 * replies take the same paging parameters. The reply history and the admin's audit views keep
 * their own answers and page by a key cursor when asked (`cursor=`, empty for the first page): a
 * walk gives every item once even while new ones are written between its pages. Real HTTP against
 * a real server.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '@adapters/eventstore-sqlite';
import { replyStream } from '@core/replies';
import { at, prepared, run } from '@core/replies/testing/fixtures';
import { errorOf, startTestServer, type Client, type TestServer } from '../api/support';
import { eventually } from '../api/schedules.support';
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

/** Replies of `userId` written to the server's store as the dispatcher writes them (the read model follows). */
const writeReplies = async (userId: string, from: number, count: number, seconds: (i: number) => number) => {
  const store = createSqliteEventStore({ path: join(server.dataDir, 'events.db'), synchronous: 'NORMAL' });
  try {
    for (let i = from; i < from + count; i += 1) {
      const replyId = randomUUID();
      const data = { ...run({ replyId, userId, scheduleId: `s-${i % 7}`, slot: at(seconds(i)) }), ...prepared({ text: `Reply ${i}`, postId: String(1_900_000_000_000_000_000n + BigInt(i)) }), preparedAt: at(seconds(i)) };
      const metadata = { actor: 'scheduler', correlationId: randomUUID(), causationId: null, time: new Date().toISOString() };
      await store.append(replyStream(replyId), [{ id: randomUUID(), type: 'ReplyPrepared', data, metadata }], 'no_stream');
    }
  } finally {
    await store.close();
  }
};

type Reply = { id: string; content: string };
type History = { items: Reply[]; total: number; page: number | null; limit: number };

/** Walks a list by its key cursor from `first`, running `between` after each page; the pages' items and the last answer. */
const walk = async <T>(client: Client, first: string, itemsOf: (body: unknown) => T[], between: () => Promise<void> = async () => {}) => {
  const pages: T[][] = [];
  let url: string | null = first;
  while (url !== null && pages.length < 100) {
    const res = await client.get(url);
    expect(res.status, `${url}: ${res.text}`).toBe(200);
    pages.push(itemsOf(res.body));
    const next = res.headers.get('x-next-cursor');
    const link = res.headers.get('link');
    if (next !== null) expect(link, 'Link names the next page').toMatch(new RegExp(`^<[^>]*[?&]cursor=${next}(&|>)`));
    url = next === null ? null : (/^<([^>]+)>; rel="next"$/.exec(link ?? '')?.[1] ?? null);
    if (url !== null) await between();
  }
  return pages;
};

describe('reply history by cursor', () => {
  const SEEDED = 250;
  let carol: Client;
  let carolId: string;

  beforeAll(async () => {
    const made = await server.newUser();
    carol = made.client;
    carolId = made.user.id;
    // Many replies in the same second too: the order's tie-break must hold across pages.
    await writeReplies(carolId, 0, SEEDED, (i) => 1_000 + Math.floor(i / 5));
    await eventually(async () => ((await carol.get('/api/replies?page=1&limit=10')).body as History).total, (n) => n === SEEDED, 'the seeded replies in the read model', 30_000);
  }, 120_000);

  it('keeps the numbered pages the web app reads, without a next-page header', async () => {
    const res = await carol.get('/api/replies?page=2&limit=50');
    expect(res.status).toBe(200);
    const body = res.body as History;
    expect({ total: body.total, page: body.page, limit: body.limit, n: body.items.length }).toEqual({ total: SEEDED, page: 2, limit: 50, n: 50 });
    expect(res.headers.get('x-next-cursor')).toBeNull();
    expect(((await carol.get('/api/replies')).body as History).items).toHaveLength(25);
    expect((await carol.get('/api/replies?limit=500')).status, 'numbered pages stay at most 100').toBe(400);
  });

  it('walks every reply once by cursor, 100 a page unless asked, newest first as the numbered pages', async () => {
    const pages = await walk(carol, '/api/replies?cursor=', (b) => (b as History).items);
    expect(pages.map((p) => p.length)).toEqual([100, 100, 50]);
    const ids = pages.flat().map((r) => r.id);
    expect(new Set(ids).size).toBe(SEEDED);
    const numbered = await Promise.all([1, 2, 3].map(async (page) => ((await carol.get(`/api/replies?page=${page}&limit=100`)).body as History).items));
    expect(numbered.flat().map((r) => r.id)).toEqual(ids);
  });

  it('gives no reply twice and skips none while replies are written between its pages', async () => {
    const before = new Set<string>();
    for (const page of await walk(carol, '/api/replies?cursor=&limit=40', (b) => (b as History).items)) for (const r of page) before.add(r.id);
    let written = SEEDED;
    // Each pause writes replies that sort first (newest) and some in the seeded replies' seconds:
    // numbered pages would shift under the walk and show replies again.
    const between = async () => {
      await writeReplies(carolId, written, 6, (i) => (i % 2 === 0 ? 5_000 + i : 1_000 + (i % 50)));
      written += 6;
      await eventually(async () => ((await carol.get('/api/replies?page=1&limit=10')).body as History).total, (n) => n === written, 'the new replies in the read model', 30_000);
    };
    const pages = await walk(carol, '/api/replies?cursor=&limit=40', (b) => (b as History).items, between);
    const ids = pages.flat().map((r) => r.id);
    expect(ids.length - new Set(ids).size, 'replies shown twice').toBe(0);
    expect([...before].filter((id) => !ids.includes(id)), 'replies skipped').toEqual([]);
    expect(written).toBeGreaterThan(SEEDED);
  });

  it('keeps a search in the next page and answers only the matching replies', async () => {
    const pages = await walk(carol, '/api/replies?cursor=&limit=3&search=Reply%2012', (b) => (b as History).items);
    const contents = pages.flat().map((r) => r.content);
    expect(contents.length).toBeGreaterThan(3);
    expect(contents.every((c) => c.includes('Reply 12'))).toBe(true);
  });

  it.each([
    ['cursor=nope', 'cursor'],
    ['cursor=k12x', 'cursor'],
    ['cursor=k999999999', 'cursor'],
    ['cursor=&page=2', 'cursor'],
    ['cursor=&limit=0', 'limit'],
    ['cursor=&limit=501', 'limit'],
    ['cursor=&limit=1000000000', 'limit'],
  ])('refuses %s on the field %s', async (q, field) => {
    const res = await carol.get(`/api/replies?${q}`);
    expect(res.status, q).toBe(400);
    expect(errorOf(res).field, q).toBe(field);
  });

  it('a cursor names a place in one user’s history only', async () => {
    const first = await carol.get('/api/replies?cursor=&limit=10');
    const next = first.headers.get('x-next-cursor');
    expect(next).not.toBeNull();
    const res = await alice.get(`/api/replies?cursor=${next}`);
    expect(res.status).toBe(400);
    expect(errorOf(res).field).toBe('cursor');
  });
});

describe('the audit history by cursor', () => {
  type Audit = { entries: { position: string; type: string }[]; truncated: boolean; total: number | null };
  let admin: Client;
  let dave: { client: Client; user: { username: string } };

  beforeAll(async () => {
    admin = await server.admin();
    dave = await server.newUser();
    await inBatches(60, async (i) => {
      expect((await dave.client.post('/api/templates', { name: `D${i}`, content: `Dave ${i}` })).status).toBe(201);
    });
  }, 120_000);

  it('walks a history by cursor: every entry once, while the walk itself and the user add entries', async () => {
    const path = `/api/admin/audit/users/${dave.user.username}`;
    let made = 0;
    // Every answered look is itself an entry of the history (AuditViewed), and the user writes too.
    const between = async () => {
      expect((await dave.client.post('/api/templates', { name: `More${made}`, content: `More ${made}` })).status).toBe(201);
      made += 1;
    };
    const pages = await walk(admin, `${path}?cursor=&limit=25`, (b) => (b as Audit).entries, between);
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.slice(0, -1).every((p) => p.length === 25)).toBe(true);
    const positions = pages.flat().map((e) => e.position);
    expect(positions.length - new Set(positions).size, 'entries shown twice').toBe(0);
    // Each page is older than the one before it.
    for (let i = 1; i < pages.length; i += 1) expect(pages[i]!.at(-1)!.position < pages[i - 1]![0]!.position).toBe(true);
    // Every entry up to the walk's first page, read whole now, was on one of its pages.
    const newest = pages[0]!.at(-1)!.position;
    const whole = ((await admin.get(`${path}?limit=2000`)).body as Audit).entries.map((e) => e.position).filter((p) => p <= newest);
    expect(whole.filter((p) => !positions.includes(p)), 'entries skipped').toEqual([]);
    expect(whole.length).toBe(positions.length);
  });

  it('keeps the latest-N answer without a next-page header, and refuses a bad cursor or a huge limit', async () => {
    const path = `/api/admin/audit/users/${dave.user.username}`;
    const plain = await admin.get(`${path}?limit=10`);
    expect((plain.body as Audit).truncated).toBe(true);
    expect(plain.headers.get('x-next-cursor')).toBeNull();
    for (const [q, field] of [['cursor=nope', 'cursor'], ['cursor=o12', 'cursor'], ['cursor=&limit=2001', 'limit'], ['limit=99999999', 'limit']] as const) {
      const res = await admin.get(`${path}?${q}`);
      expect(res.status, q).toBe(400);
      expect(errorOf(res).field, q).toBe(field);
    }
  });
});
