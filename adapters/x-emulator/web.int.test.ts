// The emulator's pages as a browser uses them, over raw HTTP with a cookie jar: signing in (on the
// consent page or the sign-in page), X's web intent of assisted delivery, and the home page's switch
// of X's reply rule. The posted reply is then found as Riposte finds it, through the real adapter.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createXClient } from '@adapters/x-twitter';
import { startXEmulator, type XEmulator, type XEmulatorOptions } from '@adapters/x-emulator';
import { findOwnReply, replyIntentUrl } from '@core/x';

const running: XEmulator[] = [];
const start = async (options: XEmulatorOptions = {}) => {
  const emulator = await startXEmulator(options);
  running.push(emulator);
  return emulator;
};
afterEach(async () => {
  await Promise.all(running.splice(0).map((e) => e.close()));
});

/** One browser: keeps the emulator's cookie, sends Origin on posts as browsers do, follows nothing. */
const browser = (emu: XEmulator) => {
  let cookie = '';
  const keep = (res: Response) => {
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0] ?? '';
    return res;
  };
  const open = async (url: string) => keep(await fetch(new URL(url, emu.url), { headers: { cookie }, redirect: 'manual' }));
  const submit = async (path: string, form: Record<string, string>, origin = emu.url) =>
    keep(await fetch(new URL(path, emu.url), { method: 'POST', headers: { cookie, origin }, body: new URLSearchParams(form), redirect: 'manual' }));
  return { open, submit, setCookie: (value: string) => (cookie = value), cookie: () => cookie };
};

/** A hidden field's value, as the browser would send it back. */
const field = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`)
    .exec(html)?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('web intent (assisted delivery)', () => {
  it('signed out, sends the person to sign in and back to the same composer', async () => {
    const emu = await start();
    const target = emu.control.post('naval', 'A thought with no mention');
    const b = browser(emu);
    const intent = replyIntentUrl(emu.url, target.id, 'Well said & true');
    const first = await b.open(intent);
    expect(first.status).toBe(302);
    const login = new URL(first.headers.get('location')!, emu.url);
    expect(login.pathname).toBe('/i/flow/login');
    const back = login.searchParams.get('redirect_after_login')!;
    expect(`${emu.url}${back}`).toBe(intent);
    const form = await (await b.open(login.toString())).text();
    expect(form).toContain('Sign in to Sandbox X');
    const signedIn = await b.submit('/i/flow/login', { username: 'alice', redirect_after_login: field(form, 'redirect_after_login')! });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get('location')).toBe(back);
    const composer = await (await b.open(back)).text();
    expect(composer).toMatch(/Posting as <strong>@alice<\/strong>/);
    expect(composer).toContain('Replying to <strong>@naval</strong>: A thought with no mention');
    expect(composer).toContain('Well said &amp; true</textarea>');
    expect(composer).toContain('<button type="submit" id="post">Post</button>');
  });

  it('posts as the person who authorized Riposte on the consent page, and Riposte finds the reply among their recent replies', async () => {
    const emu = await start();
    const client = createXClient({ consumerKey: emu.app.consumerKey, consumerSecret: emu.app.consumerSecret, apiBaseUrl: emu.url, webUrl: emu.url, sandbox: true });
    const b = browser(emu);
    const start_ = await client.startAuthorization({ callback: 'oob', linkMode: 'authorize' });
    // The consent page in the same browser: authorizing signs the person in to Sandbox X.
    const consentPage = await (await b.open(start_.url)).text();
    const pinPage = await b.submit(new URL(start_.url).pathname, { oauth_token: field(consentPage, 'oauth_token')!, username: 'riposte_user', decision: 'allow' });
    const pin = /<code>(\d{7})<\/code>/.exec(await pinPage.text())?.[1];
    expect(b.cookie()).toMatch(/^sandbox_x_session=/);
    const me = await client.completeAuthorization({ ...start_, verifier: pin! });

    const target = emu.control.post('naval', 'Nobody summoned here');
    // The API refuses this reply (the 2026 rule); the person's own composer does not.
    expect((await client.asUser(me.tokens).reply({ inReplyToPostId: target.id, text: 'Via the API' })).kind).toBe('not_summoned');
    const composer = await (await b.open(replyIntentUrl(client.webUrl, target.id, 'Posted by hand'))).text();
    expect(composer).toContain('@riposte_user');
    const sent = await b.submit('/intent/post', { authenticity_token: field(composer, 'authenticity_token')!, in_reply_to: target.id, text: 'Posted by hand' });
    expect(sent.status).toBe(200);
    const postId = /data-post-id="(\d+)"/.exec(await sent.text())?.[1];

    const own = await client.asUser(me.tokens).recentPosts({ userId: me.userId, includeReplies: true, maxResults: 10 });
    expect(findOwnReply(own, { inReplyToPostId: target.id })).toMatchObject({ id: postId, text: 'Posted by hand', authorId: me.userId });
    expect((await b.open(`/riposte_user/status/${postId}`)).status).toBe(200);
  });

  it('refuses a post without the session token, from another site, or signed out; nothing is posted', async () => {
    const emu = await start();
    const target = emu.control.post('naval', 'Guarded');
    const b = browser(emu);
    await b.submit('/i/flow/login', { username: 'carol', redirect_after_login: '/' });
    const composer = await (await b.open(replyIntentUrl(emu.url, target.id, 'hello'))).text();
    const token = field(composer, 'authenticity_token')!;
    expect((await b.submit('/intent/post', { in_reply_to: target.id, text: 'no token' })).status).toBe(403);
    expect((await b.submit('/intent/post', { authenticity_token: token, in_reply_to: target.id, text: 'forged' }, 'https://evil.example')).status).toBe(403);
    const stranger = browser(emu);
    expect((await stranger.submit('/intent/post', { authenticity_token: token, in_reply_to: target.id, text: 'signed out' })).status).toBe(302);
    expect(emu.control.postsBy('carol')).toEqual([]);
  });

  it('says when the text was already posted or the post is gone, as X composer does', async () => {
    const emu = await start();
    const target = emu.control.post('naval', 'Soon deleted');
    const b = browser(emu);
    await b.submit('/i/flow/login', { username: 'dave', redirect_after_login: '/' });
    const token = field(await (await b.open(replyIntentUrl(emu.url, target.id, 'x'))).text(), 'authenticity_token')!;
    expect((await b.submit('/intent/post', { authenticity_token: token, in_reply_to: target.id, text: 'Once' })).status).toBe(200);
    const again = await b.submit('/intent/post', { authenticity_token: token, in_reply_to: target.id, text: 'Once' });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('You already said that');
    emu.control.deletePost(target.id);
    expect((await b.submit('/intent/post', { authenticity_token: token, in_reply_to: target.id, text: 'Twice' })).status).toBe(400);
    expect(emu.control.postsBy('dave').map((p) => p.text)).toEqual(['Once']);
  });

  it('signs in only sandbox accounts, and never sends the person to another site afterwards', async () => {
    const emu = await start();
    const b = browser(emu);
    expect((await b.submit('/i/flow/login', { username: 'naval', redirect_after_login: '/' })).status).toBe(400);
    const elsewhere = await b.submit('/i/flow/login', { username: 'erin', redirect_after_login: '//evil.example/x' });
    expect(elsewhere.headers.get('location')).toBe('/');
    expect(await (await b.open('/')).text()).toContain('Signed in as <strong>@erin</strong>');
  });
});

describe('home page', () => {
  it("shows and switches X's reply rule (a form on the page, or a plain POST); another site cannot", async () => {
    const emu = await start({ summonRule: false });
    const b = browser(emu);
    expect(await (await b.open('/')).text()).toMatch(/Summoned replies only: <strong>off<\/strong>/);
    expect((await b.submit('/sandbox/summon-rule', { value: 'on' })).headers.get('location')).toBe('/');
    expect(emu.control.summonRule()).toBe(true);
    expect((await b.submit('/sandbox/summon-rule', { value: 'off' }, 'http://evil.example')).status).toBe(403);
    expect(emu.control.summonRule()).toBe(true);
    expect((await fetch(`${emu.url}/sandbox/summon-rule`, { method: 'POST', body: new URLSearchParams({ value: 'off' }), redirect: 'manual' })).status).toBe(302);
    expect(emu.control.summonRule()).toBe(false);
    expect((await b.submit('/sandbox/summon-rule', { value: 'maybe' })).status).toBe(400);
  });
});

describe('latency', () => {
  it('makes every API call take at least the configured time, and is adjustable while running', async () => {
    const emu = await start({ latencyMs: 150, latencyJitterMs: 50 });
    expect(emu.control.latency()).toEqual({ ms: 150, jitterMs: 50 });
    const timed = async () => {
      const started = performance.now();
      await fetch(`${emu.url}/2/users/by/username/naval`, { headers: { authorization: `Bearer ${emu.app.bearerToken}` } });
      return performance.now() - started;
    };
    expect(await timed()).toBeGreaterThanOrEqual(145);
    emu.control.latency({ ms: 0 });
    expect(emu.control.latency()).toEqual({ ms: 0, jitterMs: 0 });
  });
});

describe('the saved world (stateFile)', () => {
  it('keeps sandbox users, their tokens and their posts across a restart; simulated timelines come back from the seed', async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), 'sandbox-x-')), 'sandbox-x.json');
    const first = await start({ stateFile });
    const clientOf = (emu: XEmulator) => createXClient({ consumerKey: emu.app.consumerKey, consumerSecret: emu.app.consumerSecret, apiBaseUrl: emu.url });
    const client = clientOf(first);
    const begun = await client.startAuthorization({ callback: 'oob', linkMode: 'authorize' });
    const b = browser(first);
    const consent = await (await b.open(begun.url)).text();
    const pin = /<code>(\d{7})<\/code>/.exec(await (await b.submit('/oauth/authorize', { oauth_token: field(consent, 'oauth_token')!, username: 'keeper', decision: 'allow' })).text())?.[1];
    const me = await client.completeAuthorization({ ...begun, verifier: pin! });
    const target = first.control.post('naval', `Thoughts, @keeper?`);
    const sent = await client.asUser(me.tokens).reply({ inReplyToPostId: target.id, text: 'Kept' });
    expect(sent.kind).toBe('sent');
    await first.close();
    running.splice(running.indexOf(first), 1);

    const second = await start({ stateFile });
    const again = clientOf(second).asUser(me.tokens);
    expect(await again.me()).toMatchObject({ id: me.userId, username: 'keeper' });
    const own = await again.recentPosts({ userId: me.userId, includeReplies: true, maxResults: 5 });
    expect(findOwnReply(own, { inReplyToPostId: target.id, text: 'Kept' })?.id).toBe(sent.kind === 'sent' ? sent.postId : '');
    expect((await clientOf(second).getPost(target.id))?.text).toBe('Thoughts, @keeper?');
    expect(second.control.createUser('newcomer').id).not.toBe(me.userId);
  });
});
