// The emulator's recent search over raw HTTP: the query language it honours, its length limits by
// access, since_id and max_results, and its rate limit, a bucket of its own with X's headers.
import { afterEach, describe, expect, it } from 'vitest';
import { startXEmulator, type XEmulator, type XEmulatorOptions } from '@adapters/x-emulator';
import { parseSearchQuery } from './routes-search';

const running: XEmulator[] = [];
const start = async (options: XEmulatorOptions = {}) => {
  const emulator = await startXEmulator(options);
  running.push(emulator);
  return emulator;
};
afterEach(async () => {
  await Promise.all(running.splice(0).map((e) => e.close()));
});

const search = (emu: XEmulator, params: Record<string, string>) =>
  fetch(`${emu.url}/2/tweets/search/recent?${new URLSearchParams({ 'tweet.fields': 'author_id', ...params })}`, { headers: { authorization: `Bearer ${emu.app.bearerToken}` } });
const ids = async (res: Response) => ((await res.json()) as { data?: { id: string }[] }).data?.map((t) => t.id) ?? [];

describe('the search query', () => {
  it('parses from:, groups of OR, and is:reply / is:retweet with or without -', () => {
    expect(parseSearchQuery('(from:a OR from:123) -is:retweet -is:reply')).toEqual({ from: [['a', '123']], replies: 'exclude', reposts: 'exclude' });
    expect(parseSearchQuery('from:a is:reply')).toEqual({ from: [['a']], replies: 'only', reposts: 'any' });
    expect(parseSearchQuery('hello')).toMatch(/unsupported/);
    expect(parseSearchQuery('(from:a from:b)')).toMatch(/expected OR/);
    expect(parseSearchQuery('(from:a OR)')).toMatch(/unbalanced/);
    expect(parseSearchQuery('-is:reply')).toMatch(/from:/);
  });
});

describe('GET /2/tweets/search/recent', () => {
  it('answers the posts of the named accounts, by username or id, without replies or reposts when asked, after since_id', async () => {
    const emu = await start({ accounts: [] });
    const a = emu.control.post('alice', 'first');
    const b = emu.control.post('bob', 'hello');
    const reply = emu.control.post('alice', 'a reply', { inReplyTo: b.id });
    emu.control.post('carol', 'not asked for');
    const bob = emu.control.user('bob')!;
    expect(await ids(await search(emu, { query: `(from:alice OR from:${bob.id})` }))).toEqual([reply.id, b.id, a.id]);
    expect(await ids(await search(emu, { query: `(from:alice OR from:${bob.id}) -is:reply -is:retweet` }))).toEqual([b.id, a.id]);
    expect(await ids(await search(emu, { query: 'from:alice is:reply' }))).toEqual([reply.id]);
    expect(await ids(await search(emu, { query: `(from:alice OR from:bob) -is:reply`, since_id: a.id }))).toEqual([b.id]);
    const empty = await search(emu, { query: 'from:alice', since_id: reply.id });
    expect(await empty.json()).toEqual({ meta: { result_count: 0 } });
  });

  it('pages by max_results (10 to 100) and next_token', async () => {
    const emu = await start({ accounts: [] });
    const made = Array.from({ length: 12 }, (_, i) => emu.control.post('dana', `post ${i}`).id).reverse();
    const first = (await (await search(emu, { query: 'from:dana', max_results: '10' })).json()) as { data: { id: string }[]; meta: { next_token: string } };
    expect(first.data.map((t) => t.id)).toEqual(made.slice(0, 10));
    expect(await ids(await search(emu, { query: 'from:dana', max_results: '10', next_token: first.meta.next_token }))).toEqual(made.slice(10));
    expect((await search(emu, { query: 'from:dana', max_results: '5' })).status).toBe(400);
  });

  it('refuses a query over 512 characters for a self-serve app, and over 1,024 for an enterprise one', async () => {
    const long = `(${Array.from({ length: 30 }, (_, i) => `from:user_number_${i}`).join(' OR ')})`;
    expect(long.length).toBeGreaterThan(512);
    const selfServe = await start({ accounts: [] });
    const refused = await search(selfServe, { query: long });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toMatch(/at most 512 characters/);
    const enterprise = await start({ accounts: [], app: { access: 'enterprise' } });
    expect((await search(enterprise, { query: long })).status).toBe(200);
    expect((await search(enterprise, { query: `${long} ${long}` })).status).toBe(400);
  });

  it("sends X's rate-limit headers and answers 429 past its own limit, while the timeline's bucket is untouched", async () => {
    const emu = await start({ accounts: [], limits: { 'GET /2/tweets/search/recent': 2 } });
    const bob = emu.control.post('bob', 'hi').authorId;
    const one = await search(emu, { query: 'from:bob' });
    expect(one.headers.get('x-rate-limit-limit')).toBe('2');
    expect(one.headers.get('x-rate-limit-remaining')).toBe('1');
    expect(Number(one.headers.get('x-rate-limit-reset'))).toBeGreaterThan(Date.now() / 1000);
    expect((await search(emu, { query: 'from:bob' })).status).toBe(200);
    const over = await search(emu, { query: 'from:bob' });
    expect(over.status).toBe(429);
    expect(over.headers.get('x-rate-limit-remaining')).toBe('0');
    const timeline = await fetch(`${emu.url}/2/users/${bob}/tweets`, { headers: { authorization: `Bearer ${emu.app.bearerToken}` } });
    expect(timeline.status).toBe(200);
  });
});
