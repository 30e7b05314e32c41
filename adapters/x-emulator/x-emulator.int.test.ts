// The emulator on its own, over raw HTTP: OAuth 1.0a checking, X's answer shapes, rate limits,
// the consent page, web intents, the simulated clock, faults. The adapter's view of it is the X
// contract (tests/contracts/x.emulator.int.test.ts).
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createXClient } from '@adapters/x-twitter';
import { startXEmulator, type XEmulator, type XEmulatorOptions } from '@adapters/x-emulator';
import { consentOverHttp } from '../../tests/contracts/x.contract-helpers';
import { emulatedMetrics } from './metrics';
import { hmacSha1, percentEncode, signatureBaseString } from './oauth';

const running: XEmulator[] = [];
const start = async (options: XEmulatorOptions = {}) => {
  const emulator = await startXEmulator(options);
  running.push(emulator);
  return emulator;
};
afterEach(async () => {
  await Promise.all(running.splice(0).map((e) => e.close()));
});

interface Signing {
  key: string;
  secret: string;
  token?: string;
  tokenSecret?: string;
  timestamp?: number;
  nonce?: string;
}

/** Signs like a correct client would; `tamper` changes the request after signing. */
const signedFetch = async (emu: XEmulator, method: string, path: string, signing: Signing, form?: Record<string, string>, tamper?: (f: URLSearchParams) => void) => {
  const url = new URL(path, emu.url);
  const oauth: Record<string, string> = {
    oauth_consumer_key: signing.key,
    oauth_nonce: signing.nonce ?? randomBytes(16).toString('hex'),
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(signing.timestamp ?? Math.floor(Date.now() / 1000)),
    oauth_version: '1.0',
    ...(signing.token ? { oauth_token: signing.token } : {}),
  };
  const pairs: [string, string][] = [...Object.entries(oauth), ...url.searchParams, ...Object.entries(form ?? {})];
  const signature = hmacSha1(signatureBaseString(method, `${url.origin}${url.pathname}`, pairs), signing.secret, signing.tokenSecret ?? '');
  const header = `OAuth ${Object.entries({ ...oauth, oauth_signature: signature }).map(([k, v]) => `${k}="${percentEncode(v)}"`).join(', ')}`;
  const body = form ? new URLSearchParams(form) : undefined;
  if (body && tamper) tamper(body);
  return fetch(url, { method, headers: { authorization: header, ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) }, ...(body ? { body } : {}) });
};

const consumer = (emu: XEmulator): Signing => ({ key: emu.app.consumerKey, secret: emu.app.consumerSecret });

describe('OAuth 1.0a checking', () => {
  it('accepts a correctly signed request_token call and answers form-encoded like X', async () => {
    const emu = await start();
    const res = await signedFetch(emu, 'POST', '/oauth/request_token', consumer(emu), { oauth_callback: 'oob' });
    expect(res.status).toBe(200);
    const answer = new URLSearchParams(await res.text());
    expect(answer.get('oauth_callback_confirmed')).toBe('true');
    expect(answer.get('oauth_token')).toBeTruthy();
  });

  it('refuses a wrong secret, a body changed after signing, a replayed nonce and an old timestamp', async () => {
    const emu = await start();
    const wrong = await signedFetch(emu, 'POST', '/oauth/request_token', { ...consumer(emu), secret: 'nope' }, { oauth_callback: 'oob' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ errors: [{ code: 32, message: 'Could not authenticate you.' }] });
    const tampered = await signedFetch(emu, 'POST', '/oauth/request_token', consumer(emu), { oauth_callback: 'oob' }, (f) => f.set('oauth_callback', 'https://evil.example/cb'));
    expect(tampered.status).toBe(401);
    // A nonce is unique per timestamp (RFC 5849 §3.3): the replay carries the same one, so the two
    // calls need not fall in the same second.
    const nonce = randomBytes(8).toString('hex');
    const timestamp = Math.floor(Date.now() / 1000);
    expect((await signedFetch(emu, 'POST', '/oauth/request_token', { ...consumer(emu), nonce, timestamp }, { oauth_callback: 'oob' })).status).toBe(200);
    expect((await signedFetch(emu, 'POST', '/oauth/request_token', { ...consumer(emu), nonce, timestamp }, { oauth_callback: 'oob' })).status).toBe(401);
    const old = await signedFetch(emu, 'POST', '/oauth/request_token', { ...consumer(emu), timestamp: Math.floor(Date.now() / 1000) - 7200 }, { oauth_callback: 'oob' });
    expect(await old.json()).toEqual({ errors: [{ code: 135, message: 'Timestamp out of bounds.' }] });
  });

  it('answers the v2 Unauthorized problem on /2 without valid credentials, and refuses callbacks the app did not approve', async () => {
    const emu = await start({ app: { callbackUrls: ['https://riposte.example/api/x/'] } });
    const res = await fetch(`${emu.url}/2/users/me`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' });
    const refused = await signedFetch(emu, 'POST', '/oauth/request_token', consumer(emu), { oauth_callback: 'https://elsewhere.example/cb' });
    expect(refused.status).toBe(403);
    expect((await signedFetch(emu, 'POST', '/oauth/request_token', consumer(emu), { oauth_callback: 'https://riposte.example/api/x/auth/callback' })).status).toBe(200);
  });

  it('hands out the app-only bearer for the consumer key and secret (Basic), and refuses others', async () => {
    const emu = await start();
    const basic = (k: string, s: string) => `Basic ${Buffer.from(`${k}:${s}`).toString('base64')}`;
    const ok = await fetch(`${emu.url}/oauth2/token`, { method: 'POST', headers: { authorization: basic(emu.app.consumerKey, emu.app.consumerSecret), 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' });
    expect(await ok.json()).toEqual({ token_type: 'bearer', access_token: emu.app.bearerToken });
    const bad = await fetch(`${emu.url}/oauth2/token`, { method: 'POST', headers: { authorization: basic(emu.app.consumerKey, 'x'), 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' });
    expect(bad.status).toBe(403);
    const me = await fetch(`${emu.url}/2/users/me`, { headers: { authorization: `Bearer ${emu.app.bearerToken}` } });
    expect(me.status).toBe(403);
    expect(((await me.json()) as { type: string }).type).toBe('https://api.twitter.com/2/problems/unsupported-authentication');
  });
});

describe('rate limits', () => {
  it('sends x-rate-limit headers and answers 429 once the window is used up', async () => {
    const emu = await start({ limits: { 'GET /2/users/by/username': 2 } });
    const get = () => fetch(`${emu.url}/2/users/by/username/naval`, { headers: { authorization: `Bearer ${emu.app.bearerToken}` } });
    const first = await get();
    expect(first.headers.get('x-rate-limit-limit')).toBe('2');
    expect(first.headers.get('x-rate-limit-remaining')).toBe('1');
    expect(Number(first.headers.get('x-rate-limit-reset'))).toBeGreaterThan(Date.now() / 1000);
    expect((await get()).status).toBe(200);
    const third = await get();
    expect(third.status).toBe(429);
    expect(third.headers.get('x-rate-limit-remaining')).toBe('0');
    emu.control.resetRateLimits();
    expect((await get()).status).toBe(200);
  });
});

describe('the app-wide daily post cap', () => {
  it('is shared by all the users of one app, and the 429 says when it resets (x-app-limit-24hour-reset)', async () => {
    const emu = await start({ appPostsPerDay: 2 });
    const client = createXClient({ consumerKey: emu.app.consumerKey, consumerSecret: emu.app.consumerSecret, apiBaseUrl: emu.url });
    const person = async (username: string) => {
      const begun = await client.startAuthorization({ callback: 'oob', linkMode: 'authorize' });
      return client.asUser((await client.completeAuthorization({ ...begun, verifier: (await consentOverHttp(begun.url, username)).verifier })).tokens);
    };
    const [ann, ben] = [await person('ann'), await person('ben')];
    expect((await ann.post({ text: 'one' })).kind).toBe('sent');
    expect((await ben.post({ text: 'two' })).kind).toBe('sent');
    const refused = await ben.post({ text: 'three' });
    expect(refused.kind).toBe('rate_limited');
    const resetAt = refused.kind === 'rate_limited' ? Date.parse(refused.resetAt ?? '') : NaN;
    expect(resetAt).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(emu.control.postsBy('ben').map((p) => p.text)).toEqual(['two']);
  });
});

describe('the simulated clock and seed', () => {
  const clientOf = (emu: XEmulator) => createXClient({ consumerKey: emu.app.consumerKey, consumerSecret: emu.app.consumerSecret, apiBaseUrl: emu.url });

  it('shows the same timelines for the same seed and clock, and new posts as the clock moves', async () => {
    let now = Date.parse('2026-03-10T12:00:00Z');
    const clock = () => now;
    const a = clientOf(await start({ seed: 5, clock }));
    const b = clientOf(await start({ seed: 5, clock }));
    const c = clientOf(await start({ seed: 6, clock }));
    const idOf = async (x: typeof a) => (await x.lookupUser('CNN'))!.id;
    const postsOf = async (x: typeof a) => (await x.recentPosts({ userId: await idOf(x), maxResults: 100 })).map((p) => `${p.id} ${p.text}`);
    const before = await postsOf(a);
    expect(before.length).toBeGreaterThan(20);
    expect(await postsOf(b)).toEqual(before);
    expect(await postsOf(c)).not.toEqual(before);
    const newest = before[0]!.split(' ')[0]!;
    now += 24 * 3600_000;
    const fresh = await a.recentPosts({ userId: await idOf(a), sinceId: newest, maxResults: 100 });
    expect(fresh.length).toBeGreaterThan(3);
    expect(fresh.every((p) => Date.parse(p.createdAt!) <= now && Date.parse(p.createdAt!) > Date.parse('2026-03-10T12:00:00Z'))).toBe(true);
  });

  it('keeps the simulated accounts quiet when told: same account, only the posts control makes', async () => {
    let now = Date.parse('2026-03-10T12:00:00Z');
    const emu = await start({ seed: 5, clock: () => now, simulatedPosts: false });
    const x = clientOf(emu);
    const cnn = (await x.lookupUser('CNN'))!;
    expect(cnn.id).toBe((await clientOf(await start({ seed: 5, clock: () => now })).lookupUser('CNN'))!.id);
    expect(await x.recentPosts({ userId: cnn.id, maxResults: 100 })).toEqual([]);
    const made = emu.control.post('CNN', 'Only this one');
    now += 24 * 3600_000;
    expect((await x.recentPosts({ userId: cnn.id, maxResults: 100 })).map((p) => p.id)).toEqual([made.id]);
  });
});

describe('public metrics', () => {
  const clientOf = (emu: XEmulator) => createXClient({ consumerKey: emu.app.consumerKey, consumerSecret: emu.app.consumerSecret, apiBaseUrl: emu.url });

  it('grow with the age of a post, flatten after two days, match the seeded curve, and can be pinned', async () => {
    let now = Date.parse('2026-03-10T12:00:00Z');
    const emu = await start({ seed: 9, clock: () => now });
    const client = clientOf(emu);
    const post = emu.control.post('metrics_person', 'a reply worth reading');
    const at = async () => (await client.postMetrics([post.id]))[0]!;
    expect((await at()).impressions).toBe(0);
    const seen: number[] = [];
    for (const hours of [0.25, 2, 12, 48, 96]) {
      now = post.createdAt + hours * 3_600_000;
      const m = await at();
      expect(m).toEqual({ postId: post.id, ...emulatedMetrics(9, post.id, 0, hours * 3_600_000) });
      expect(m).toEqual({ postId: post.id, ...emu.control.metricsOf(post.id) });
      seen.push(m.impressions);
    }
    // Growing, and by 48 h within 2 % of where it ends.
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(seen[0]).toBeGreaterThan(0);
    expect(seen[3]! / seen[4]!).toBeGreaterThan(0.98);
    const last = await at();
    const engagements = last.likes + last.reposts + last.replies + last.quotes + last.bookmarks;
    expect(engagements / last.impressions).toBeGreaterThan(0.01);
    expect(engagements / last.impressions).toBeLessThan(0.1);
    // Another seed, other figures; pinned figures are answered as they are.
    expect(emulatedMetrics(10, post.id, 0, 96 * 3_600_000)).not.toEqual(emulatedMetrics(9, post.id, 0, 96 * 3_600_000));
    emu.control.setMetrics(post.id, { impressions: 1234, likes: 56 });
    expect(await at()).toMatchObject({ impressions: 1234, likes: 56, reposts: last.reposts });
    emu.control.setAuthorMetrics('metrics_person', { impressions: 77 });
    const later = emu.control.post('metrics_person', 'another one');
    expect((await client.postMetrics([later.id, post.id])).map((m) => [m.postId, m.impressions])).toEqual([
      [later.id, 77],
      [post.id, 1234],
    ]);
  });

  it('answer GET /2/tweets?ids= like X: up to 100 ids, missing posts in errors, bad ids refused', async () => {
    const emu = await start();
    const post = emu.control.post('metrics_person', 'hello');
    const get = (ids: string) =>
      fetch(`${emu.url}/2/tweets?ids=${ids}&tweet.fields=public_metrics`, { headers: { authorization: `Bearer ${emu.app.bearerToken}` } }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { data?: { id: string; public_metrics: Record<string, number> }[]; errors?: { resource_id: string }[] },
      }));
    const ok = await get(`${post.id},1`);
    expect(ok.status).toBe(200);
    expect(ok.body.data?.map((d) => d.id)).toEqual([post.id]);
    expect(Object.keys(ok.body.data?.[0]?.public_metrics ?? {}).sort()).toEqual(
      ['bookmark_count', 'impression_count', 'like_count', 'quote_count', 'reply_count', 'retweet_count'],
    );
    expect(ok.body.errors?.map((e) => e.resource_id)).toEqual(['1']);
    expect((await get(Array.from({ length: 101 }, (_, i) => i + 1).join(','))).status).toBe(400);
    expect((await get('12,abc')).status).toBe(400);
    expect((await get('')).status).toBe(400);
  });
});

describe('pages for people', () => {
  it('consent page: lists sandbox users, refuses a bad username, and Cancel returns denied to the callback', async () => {
    const emu = await start({ sandboxUsers: ['alice', 'bob'] });
    const res = await signedFetch(emu, 'POST', '/oauth/request_token', consumer(emu), { oauth_callback: 'http://127.0.0.1:9/cb' });
    const token = new URLSearchParams(await res.text()).get('oauth_token')!;
    const page = await (await fetch(`${emu.url}/oauth/authenticate?oauth_token=${token}&screen_name=carol`)).text();
    expect(page).toContain('Sandbox X');
    expect(page).toContain('value="alice"');
    expect(page).toContain('value="carol"');
    expect(page).toContain('Authorize app');
    const post = (form: Record<string, string>) => fetch(`${emu.url}/oauth/authenticate`, { method: 'POST', body: new URLSearchParams({ oauth_token: token, ...form }), redirect: 'manual' });
    const bad = await post({ username: 'not valid!', decision: 'allow' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Enter a username');
    const denied = await post({ decision: 'deny' });
    expect(denied.headers.get('location')).toBe(`http://127.0.0.1:9/cb?denied=${token}`);
    expect((await fetch(`${emu.url}/oauth/authorize?oauth_token=${token}`)).status).toBe(400);
  });
});

describe('faults', () => {
  it('delays an answer and then answers normally', async () => {
    const emu = await start();
    emu.control.inject({ kind: 'delay', ms: 300 }, { path: '/2/users/by/username/naval' });
    const started = Date.now();
    const res = await fetch(`${emu.url}/2/users/by/username/naval`, { headers: { authorization: `Bearer ${emu.app.bearerToken}` } });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('applies a fault only to matching requests, as many times as asked', async () => {
    const emu = await start();
    emu.control.inject({ kind: 'status', status: 502 }, { path: /^\/2\/users\/by\//, times: 2 });
    const get = (name: string) => fetch(`${emu.url}/2/users/by/username/${name}`, { headers: { authorization: `Bearer ${emu.app.bearerToken}` } }).then((r) => r.status);
    expect(await fetch(`${emu.url}/2/tweets/1`, { headers: { authorization: `Bearer ${emu.app.bearerToken}` } }).then((r) => r.status)).toBe(200);
    expect([await get('naval'), await get('sama'), await get('paulg')]).toEqual([502, 502, 200]);
  });
});
