/**
 * The X port contract: what every implementation of core/x/port.ts promises, run against the real
 * adapter talking to the emulator (x.emulator.int.test.ts) and, when credentials are given, to X
 * itself (x.real.int.test.ts). Error classes are in x.contract-errors.ts.
 *
 * Options describe real differences: only the emulator lets a test act as the person on the
 * consent page or as X (delete a post, revoke a token, inject a fault); posting on real X is
 * opt-in because the posts are public.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryFor, findOwnReply, isSummoned, isXError, postUrl, type XAuthorizedUser } from '@core/x';
import { PNG_1X1, uniqueText, type XContractOptions, type XContractSubject } from './x.contract-helpers';
import { xErrorContract } from './x.contract-errors';
import { xSearchContract } from './x.contract-search';

export const xContract = (name: string, options: XContractOptions, setup: () => Promise<XContractSubject>) => {
  describe(`X contract: ${name}`, () => {
    let subject: XContractSubject;
    beforeAll(async () => {
      subject = await setup();
    });
    afterAll(async () => {
      await subject?.teardown();
    });

    describe('app level', () => {
      it('checks the app credentials: a sign-in link and app-only reads work', async () => {
        const status = await subject.client.checkCredentials();
        expect(status).toMatchObject({ status: 'success', tests: { generateAuthLink: true, bearerTokenAccess: true } });
        expect(status.credentials).toMatchObject({ apiKey: true, apiSecret: true });
        expect(status.sandbox).toBe(subject.client.sandbox);
      });

      it('starts an authorization in PIN mode and in callback mode', async () => {
        const pin = await subject.client.startAuthorization({ callback: 'oob', linkMode: 'authorize' });
        expect(new URL(pin.url).pathname).toBe('/oauth/authorize');
        expect(new URL(pin.url).searchParams.get('oauth_token')).toBe(pin.requestToken);
        expect(pin.requestTokenSecret).not.toBe('');
        const signIn = await subject.client.startAuthorization({ callback: 'http://127.0.0.1:3000/api/x/auth/callback', linkMode: 'authenticate', forceLogin: true });
        expect(new URL(signIn.url).pathname).toBe('/oauth/authenticate');
        expect(new URL(signIn.url).searchParams.get('force_login')).toBe('true');
        expect(signIn.requestToken).not.toBe(pin.requestToken);
      });

      it('looks users up by username, and answers null for nobody', async () => {
        const user = await subject.client.lookupUser(subject.knownAccount);
        expect(user?.username.toLowerCase()).toBe(subject.knownAccount.toLowerCase());
        expect(user?.id).toMatch(/^\d+$/);
        expect(user?.displayName).not.toBe('');
        expect(await subject.client.lookupUser(`@${subject.knownAccount}`)).toEqual(user);
        expect(await subject.client.lookupUser('no_such_user_q9')).toBeNull();
      });

      it("reads a user's recent original posts, newest first, and only newer ones after since_id", async () => {
        const user = await subject.client.lookupUser(subject.knownAccount);
        const posts = await subject.client.recentPosts({ userId: user!.id, maxResults: 20 });
        expect(posts.length).toBeGreaterThan(0);
        for (const p of posts) {
          expect(p.authorId).toBe(user!.id);
          expect(p.references.filter((r) => r.type === 'replied_to' || r.type === 'retweeted')).toEqual([]);
          // What picking a target post and predicting the summon rule read: when, who is mentioned, who may reply.
          expect(p.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
          expect(Array.isArray(p.mentions)).toBe(true);
          expect(p.replySettings).toMatch(/^(everyone|mentionedUsers|following|subscribers|verified)$/);
        }
        const ids = posts.map((p) => BigInt(p.id));
        expect([...ids].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0))).toEqual(ids);
        const older = posts.at(-1)!;
        const newer = await subject.client.recentPosts({ userId: user!.id, sinceId: older.id, maxResults: 20 });
        expect(newer.every((p) => BigInt(p.id) > BigInt(older.id))).toBe(true);
        expect(newer.map((p) => p.id)).not.toContain(older.id);
      });

      it('reads the public metrics of several posts in one read, leaving out the ones that do not exist', async () => {
        const user = await subject.client.lookupUser(subject.knownAccount);
        const posts = await subject.client.recentPosts({ userId: user!.id, maxResults: 5 });
        const ids = posts.slice(0, 3).map((p) => p.id);
        const metrics = await subject.client.postMetrics([...ids, '1']);
        expect(metrics.map((m) => m.postId).sort()).toEqual([...ids].sort());
        for (const m of metrics) {
          for (const n of [m.impressions, m.likes, m.reposts, m.replies, m.quotes, m.bookmarks]) expect(Number.isInteger(n) && n >= 0).toBe(true);
        }
        expect(await subject.client.postMetrics([])).toEqual([]);
        await expect(subject.client.postMetrics(Array.from({ length: 101 }, (_, i) => String(i + 1)))).rejects.toThrow(/At most 100/);
      });

      it('reads a post with its author, mentions, references and reply settings; null when it does not exist', async () => {
        const user = await subject.client.lookupUser(subject.knownAccount);
        const [latest] = await subject.client.recentPosts({ userId: user!.id, maxResults: 5 });
        const post = await subject.client.getPost(latest!.id);
        expect(post).toMatchObject({ id: latest!.id, text: latest!.text, authorId: user!.id, author: { id: user!.id } });
        expect(Array.isArray(post!.mentions)).toBe(true);
        expect(Array.isArray(post!.references)).toBe(true);
        expect(post!.replySettings ?? 'everyone').toMatch(/^(everyone|mentionedUsers|following|subscribers|verified)$/);
        expect(await subject.client.getPost('1')).toBeNull();
        expect(postUrl(subject.client.webUrl, user!.username, latest!.id)).toContain(`/status/${latest!.id}`);
      });
    });

    describe.runIf(options.emulated)('sign-in (the consent page driven as a person would)', () => {
      it('exchanges a PIN for tokens that do not expire and name the user', async () => {
        const start = await subject.client.startAuthorization({ callback: 'oob', linkMode: 'authorize' });
        const { verifier } = await subject.consent!(start.url, 'pin_person');
        expect(verifier).toMatch(/^\d{7}$/);
        const user = await subject.client.completeAuthorization({ ...start, verifier: ` ${verifier} ` });
        expect(user).toMatchObject({ username: 'pin_person', userId: expect.stringMatching(/^\d+$/) });
        expect(await subject.client.asUser(user.tokens).me()).toMatchObject({ id: user.userId, username: 'pin_person' });
      });

      it('redirects to the callback with oauth_token and oauth_verifier (sign in with X), and the verifier works once', async () => {
        const callback = 'http://127.0.0.1:3000/api/x/auth/callback?flow=login';
        const start = await subject.client.startAuthorization({ callback, linkMode: 'authenticate' });
        const { verifier, redirectedTo } = await subject.consent!(start.url, 'callback_person');
        const back = new URL(redirectedTo!);
        expect(`${back.origin}${back.pathname}`).toBe('http://127.0.0.1:3000/api/x/auth/callback');
        expect(back.searchParams.get('flow')).toBe('login');
        expect(back.searchParams.get('oauth_token')).toBe(start.requestToken);
        const user = await subject.client.completeAuthorization({ ...start, verifier });
        expect(user.username).toBe('callback_person');
        const again = await subject.client.completeAuthorization({ ...start, verifier }).catch((e: unknown) => e);
        expect(isXError(again) && again.outcome.kind).toBe('auth_failed');
      });

      it('gives the same tokens again when the same person authorizes the app twice', async () => {
        const first = await subject.user();
        const start = await subject.client.startAuthorization({ callback: 'oob', linkMode: 'authorize' });
        const { verifier } = await subject.consent!(start.url, first.username);
        const second = await subject.client.completeAuthorization({ ...start, verifier });
        expect(second.tokens).toEqual(first.tokens);
      });

      it('revokes tokens (invalidate_token): they sign nothing afterwards, and the next authorization gives new ones', async () => {
        const start = await subject.client.startAuthorization({ callback: 'oob', linkMode: 'authorize' });
        const { verifier } = await subject.consent!(start.url, 'revoke_person');
        const user = await subject.client.completeAuthorization({ ...start, verifier });
        await subject.client.asUser(user.tokens).revoke();
        const refused = await subject.client.asUser(user.tokens).me().catch((e: unknown) => e);
        expect(isXError(refused) && refused.outcome.kind).toBe('auth_failed');
        const again = await subject.client.startAuthorization({ callback: 'oob', linkMode: 'authorize' });
        const next = await subject.client.completeAuthorization({ ...again, verifier: (await subject.consent!(again.url, 'revoke_person')).verifier });
        expect(next.tokens.accessToken).not.toBe(user.tokens.accessToken);
        expect(await subject.client.asUser(next.tokens).me()).toMatchObject({ username: 'revoke_person' });
      });

      it("reports the user's X subscription: None by default, Premium for an X Premium user", async () => {
        const plain = await subject.user();
        expect(await subject.client.asUser(plain.tokens).me()).toMatchObject({ id: plain.userId, subscriptionType: 'None' });
        subject.control!.createUser('premium_person', { premium: true });
        const start = await subject.client.startAuthorization({ callback: 'oob', linkMode: 'authorize' });
        const premium = await subject.client.completeAuthorization({ ...start, verifier: (await subject.consent!(start.url, 'premium_person')).verifier });
        expect(await subject.client.asUser(premium.tokens).me()).toMatchObject({ username: 'premium_person', subscriptionType: 'Premium' });
        expect(await subject.client.lookupUser('premium_person')).toMatchObject({ subscriptionType: 'Premium' });
        subject.control!.setPremium('premium_person', false);
        expect(await subject.client.asUser(premium.tokens).me()).toMatchObject({ subscriptionType: 'None' });
      });

      it('refuses a wrong PIN as an auth failure', async () => {
        const start = await subject.client.startAuthorization({ callback: 'oob', linkMode: 'authorize' });
        await subject.consent!(start.url, 'bad_pin_person');
        const error = await subject.client.completeAuthorization({ ...start, verifier: '0000000' }).catch((e: unknown) => e);
        expect(isXError(error) && error.outcome.kind).toBe('auth_failed');
        expect(isXError(error) && error.reason).toBe('X_AUTH_FAILED');
      });
    });

    describe('user level', () => {
      let me: XAuthorizedUser;
      beforeAll(async () => {
        me = await subject.user();
      });

      it('says who the signed-in user is', async () => {
        expect(await subject.client.asUser(me.tokens).me()).toMatchObject({ id: me.userId, username: me.username });
      });

      it('reads in the user context too', async () => {
        const user = await subject.client.asUser(me.tokens).lookupUser(subject.knownAccount);
        expect(user?.username.toLowerCase()).toBe(subject.knownAccount.toLowerCase());
      });

      it.runIf(options.allowPosts)('posts a plain post (the test tweet) and finds it', async () => {
        const text = uniqueText('Testing Riposte');
        const outcome = await subject.client.asUser(me.tokens).post({ text });
        expect(outcome).toMatchObject({ kind: 'sent', status: 'sent', next: 'done' });
        const post = await subject.client.getPost(outcome.kind === 'sent' ? outcome.postId : '');
        expect(post).toMatchObject({ text, authorId: me.userId });
      });

      it.runIf(options.allowPosts && options.emulated)('replies to a post whose author mentioned the replier, with an image uploaded first', async () => {
        const target = subject.control!.post(subject.knownAccount, `Who has thoughts on this, @${me.username}? ${uniqueText('q')}`);
        const text = uniqueText('Here is mine');
        const client = subject.client.asUser(me.tokens);
        const outcome = await client.reply({ inReplyToPostId: target.id, text, media: { data: PNG_1X1, mimeType: 'image/png' } });
        expect(outcome.kind).toBe('sent');
        const reply = await subject.client.getPost(outcome.kind === 'sent' ? outcome.postId : '');
        expect(reply?.references).toEqual([{ type: 'replied_to', postId: target.id, authorId: target.authorId }]);
        expect(subject.control!.getPost(reply!.id)?.mediaKeys).toHaveLength(1);
        const own = await client.recentPosts({ userId: me.userId, includeReplies: true, maxResults: 10 });
        expect(findOwnReply(own, { inReplyToPostId: target.id, text })?.id).toBe(reply!.id);
        // Reconcile and detection read only what is newer than the target post.
        const newer = await client.recentPosts({ userId: me.userId, includeReplies: true, sinceId: target.id, maxResults: 5 });
        expect(newer.map((p) => p.id)).toContain(reply!.id);
        expect(findOwnReply(newer, { inReplyToPostId: target.id })?.references[0]).toMatchObject({ type: 'replied_to', postId: target.id });
        expect(await client.recentPosts({ userId: me.userId, maxResults: 10 })).not.toContainEqual(expect.objectContaining({ id: reply!.id }));
      });

      it.runIf(options.allowPosts && options.emulated)("reads a target's new original posts with what the summon rule needs: mentions, quotes, reply settings", async () => {
        const client = subject.client.asUser(me.tokens);
        const target = await subject.client.lookupUser(subject.knownAccount);
        const [newest] = await subject.client.recentPosts({ userId: target!.id, maxResults: 5 });
        const mine = await client.post({ text: uniqueText('Something quotable') });
        const mention = subject.control!.post(subject.knownAccount, `Agree, @${me.username}? ${uniqueText('m')}`);
        const quote = subject.control!.post(subject.knownAccount, uniqueText('Look at this'), { quote: mine.kind === 'sent' ? mine.postId : '' });
        const plain = subject.control!.post(subject.knownAccount, uniqueText('Nothing to do with you'), { replySettings: 'following' });
        subject.control!.post(subject.knownAccount, uniqueText('A reply, left out'), { inReplyTo: plain.id });
        const fresh = await client.recentPosts({ userId: target!.id, sinceId: newest!.id, maxResults: 10 });
        expect(fresh.map((p) => p.id)).toEqual([plain.id, quote.id, mention.id]);
        const [p, q, m] = fresh;
        const replier = { id: me.userId, username: me.username };
        expect(m!.mentions).toContainEqual({ username: me.username, userId: me.userId });
        expect(q!.references).toEqual([{ type: 'quoted', postId: mine.kind === 'sent' ? mine.postId : '', authorId: me.userId }]);
        expect(p!.replySettings).toBe('following');
        expect([isSummoned(m!, replier), isSummoned(q!, replier), isSummoned(p!, replier)]).toEqual([true, true, false]);
        expect(fresh.map((x) => deliveryFor('auto', x, replier, 'self_serve'))).toEqual(['assisted', 'direct', 'direct']);
      });
    });

    xSearchContract(options, () => subject);
    xErrorContract(options, () => subject);
  });
};
