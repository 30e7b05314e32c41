/**
 * The X contract's error classes: every way a call can go wrong ends in the outcome the rest of
 * Riposte relies on (core/x/outcomes.ts). Driving X into these states needs the emulator's
 * control, so this part runs on the emulator only; against real X it is skipped with its reason.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CALLBACK_NOT_APPROVED_CODE,
  findOwnReply,
  isCallbackRefused,
  isXError,
  NOT_SUMMONED_MESSAGE,
  showsAuthFailedBadge,
  type XAuthorizedUser,
  type XOutcome,
  type XUserClient,
} from '@core/x';
import { PNG_1X1, uniqueText, type XContractOptions, type XContractSubject } from './x.contract-helpers';

const errorOf = async (call: () => Promise<unknown>) => {
  const error = await call().then(
    () => null,
    (e: unknown) => e,
  );
  if (!isXError(error)) throw new Error(`expected an XError, got ${String(error)}`);
  return error.outcome;
};

export const xErrorContract = (options: XContractOptions, subjectOf: () => XContractSubject) => {
  describe.runIf(options.emulated)('error classes (X driven into each state through the emulator)', () => {
    let subject: XContractSubject;
    let me: XAuthorizedUser;
    let client: XUserClient;
    /** A fresh post of the known account that mentions the user, so the summon rule lets a reply through. */
    const summoningPost = () => subject.control!.post(subject.knownAccount, `What do you think, @${me.username}? ${uniqueText('q')}`);
    const replyTo = (postId: string, text = uniqueText('A reply')) => client.reply({ inReplyToPostId: postId, text });
    const stored = (postId: string, text: string) => subject.control!.postsBy(me.username).find((p) => p.replyToId === postId && p.text === text);

    beforeAll(async () => {
      subject = subjectOf();
      me = await subject.user();
      client = subject.client.asUser(me.tokens);
    });

    it('401: a revoked token is an auth failure, for posts (stored as failed, Auth Failed badge) and for reads', async () => {
      const victim = await subject.user();
      subject.control!.revokeTokens(victim.username);
      const outcome = await subject.client.asUser(victim.tokens).post({ text: uniqueText('after revoke') });
      expect(outcome).toMatchObject({ kind: 'auth_failed', status: 'failed', next: 'never', httpStatus: 401 });
      expect(showsAuthFailedBadge(outcome.status, outcome.message)).toBe(true);
      expect((await errorOf(() => subject.client.asUser(victim.tokens).me())).kind).toBe('auth_failed');
    });

    it('401: a wrongly signed request is refused (the emulator checks OAuth 1.0a signatures)', async () => {
      const wrong = subject.variants!.wrongSecret;
      expect((await errorOf(() => wrong.startAuthorization({ callback: 'oob', linkMode: 'authorize' }))).kind).toBe('auth_failed');
      const status = await wrong.checkCredentials();
      expect(status).toMatchObject({ status: 'failed', tests: { generateAuthLink: false, bearerTokenAccess: false } });
      expect(status.error).toMatch(/Could not authenticate you/);
      const forged = subject.variants!.wrongSecret.asUser(me.tokens);
      expect((await forged.post({ text: uniqueText('forged') })).kind).toBe('auth_failed');
    });

    it('403 not summoned: a reply to a post that neither mentions nor quotes the account, unless the rule is off', async () => {
      const target = subject.control!.post(subject.knownAccount, uniqueText('No mention here'));
      const text = uniqueText('Unsolicited');
      const outcome = await replyTo(target.id, text);
      expect(outcome).toMatchObject({ kind: 'not_summoned', status: 'not_summoned', message: NOT_SUMMONED_MESSAGE, httpStatus: 403, next: 'never' });
      expect(stored(target.id, text)).toBeUndefined();
      subject.control!.summonRule(false);
      try {
        expect((await replyTo(target.id)).kind).toBe('sent');
      } finally {
        subject.control!.summonRule(true);
      }
      const quoting = subject.control!.post(subject.knownAccount, uniqueText('Quoting you'), { quote: (await client.post({ text: uniqueText('mine') }) as { postId: string }).postId });
      expect((await replyTo(quoting.id)).kind).toBe('sent');
    });

    it("403 not summoned in X's words since 2026-02-23 and in the older ones: both hand the reply to the ready queue", async () => {
      for (const wording of ['2026', 'legacy'] as const) {
        subject.control!.standing({ summonWording: wording });
        try {
          const outcome = await replyTo(subject.control!.post(subject.knownAccount, uniqueText('No mention')).id);
          expect(outcome).toMatchObject({ kind: 'not_summoned', status: 'not_summoned', httpStatus: 403 });
          expect(outcome.detail).toMatch(wording === '2026' ? /^You can only reply to or quote posts where you are mentioned or are the author\.$/ : /not been mentioned or otherwise engaged/);
        } finally {
          subject.control!.standing({ summonWording: '2026' });
        }
      }
    });

    it('402 CreditsDepleted and 403 client-not-enrolled refuse the app on every call, posts and reads alike, and end when switched back', async () => {
      const cases = [
        { standing: { creditsDepleted: true }, kind: 'credits_depleted', httpStatus: 402, detail: /does not have any credits/ },
        { standing: { notEnrolled: true }, kind: 'client_not_enrolled', httpStatus: 403, detail: /attached to a Project/ },
      ] as const;
      for (const c of cases) {
        subject.control!.standing(c.standing);
        try {
          const text = uniqueText('refused app');
          const outcome = await client.post({ text });
          expect(outcome).toMatchObject({ kind: c.kind, status: 'rate_limited', next: 'after_reset', httpStatus: c.httpStatus });
          expect(outcome.detail).toMatch(c.detail);
          expect(subject.control!.postsBy(me.username).some((p) => p.text === text)).toBe(false);
          expect((await errorOf(() => subject.client.lookupUser(subject.knownAccount))).kind).toBe(c.kind);
          expect((await errorOf(() => client.me())).kind).toBe(c.kind);
        } finally {
          subject.control!.standing({ creditsDepleted: false, notEnrolled: false });
        }
        expect((await client.post({ text: uniqueText('credits back') })).kind).toBe('sent');
      }
    });

    it('415 in XML: request_token refuses a callback the app did not register, and the outcome carries X\'s code and words', async () => {
      subject.control!.callbackUrls(['https://riposte.example/api/x/auth/callback']);
      try {
        const outcome = await errorOf(() => subject.client.startAuthorization({ callback: 'https://elsewhere.example/api/x/auth/callback', linkMode: 'authenticate' }));
        expect(outcome.codes).toEqual([CALLBACK_NOT_APPROVED_CODE]);
        expect(isCallbackRefused(outcome)).toBe(true);
        expect(outcome.detail).toMatch(/^Callback URL not approved for this client application/);
        await expect(subject.client.startAuthorization({ callback: 'https://riposte.example/api/x/auth/callback', linkMode: 'authenticate' })).resolves.toMatchObject({ url: expect.any(String) });
      } finally {
        subject.control!.callbackUrls(null);
      }
    });

    it('403: reply settings that leave the account out answer like the summon rule', async () => {
      subject.control!.summonRule(false);
      try {
        const target = subject.control!.post(subject.knownAccount, uniqueText('Only people I mention'), { replySettings: 'mentionedUsers' });
        expect((await replyTo(target.id)).kind).toBe('not_summoned');
        expect((await subject.client.getPost(target.id))?.replySettings).toBe('mentionedUsers');
      } finally {
        subject.control!.summonRule(true);
      }
    });

    it('403 other: a suspended account, a refusal without reason, a request flagged as automated', async () => {
      const suspended = await subject.user();
      subject.control!.suspend(suspended.username);
      expect(await subject.client.asUser(suspended.tokens).post({ text: uniqueText('suspended') })).toMatchObject({ kind: 'account_suspended', status: 'account_suspended' });
      expect(await subject.client.lookupUser(suspended.username)).toBeNull();
      subject.control!.inject({ kind: 'status', status: 403, body: { title: 'Forbidden', detail: 'You are not permitted to perform this action.', type: 'about:blank', status: 403 } }, { path: '/2/tweets', method: 'POST' });
      expect((await client.post({ text: uniqueText('not permitted') })).kind).toBe('insufficient_permissions');
      subject.control!.inject({ kind: 'status', status: 403, body: { errors: [{ code: 226, message: 'This request looks like it might be automated.' }] } }, { path: '/2/tweets', method: 'POST' });
      expect(await client.post({ text: uniqueText('automated') })).toMatchObject({ kind: 'rejected', status: 'rejected' });
    });

    it('404 / deleted: a reply to a deleted post; a read of it is null', async () => {
      const target = summoningPost();
      subject.control!.deletePost(target.id);
      expect(await replyTo(target.id)).toMatchObject({ kind: 'post_unavailable', status: 'post_unavailable' });
      expect(await subject.client.getPost(target.id)).toBeNull();
      subject.control!.inject({ kind: 'status', status: 404, body: { errors: [{ code: 144, message: 'No status found with that ID.' }] } }, { path: '/2/tweets', method: 'POST' });
      expect((await replyTo(summoningPost().id)).kind).toBe('post_unavailable');
    });

    it('duplicate: the same text twice from one account', async () => {
      const text = uniqueText('Said once');
      expect((await client.post({ text })).kind).toBe('sent');
      expect(await client.post({ text })).toMatchObject({ kind: 'duplicate', status: 'duplicate', httpStatus: 403 });
    });

    it('duplicate: a reply with a text this account already posted, whatever the post it answers', async () => {
      const text = uniqueText('Same words');
      expect((await replyTo(summoningPost().id, text)).kind).toBe('sent');
      expect(await replyTo(summoningPost().id, text)).toMatchObject({ kind: 'duplicate', status: 'duplicate', next: 'never', httpStatus: 403 });
    });

    it("duplicate: X compares loosely (case, spacing, links), only within its window, and the emulator's rule can be switched off", async () => {
      const control = subject.control!;
      const text = uniqueText('Loose words');
      const before = control.duplicateRule().refused;
      expect((await client.post({ text })).kind).toBe('sent');
      expect((await client.post({ text: `  ${text.toUpperCase()}   https://t.co/x1` })).kind).toBe('duplicate');
      expect(control.duplicateRule().refused).toBe(before + 1);
      try {
        // A window that has passed: X no longer remembers the post.
        control.duplicateRule({ windowMs: 0 });
        expect((await client.post({ text: `${text} ` })).kind).toBe('sent');
        control.duplicateRule({ windowMs: 7 * 86_400_000, on: false });
        expect((await client.post({ text })).kind).toBe('sent');
      } finally {
        control.duplicateRule({ on: true, windowMs: 7 * 86_400_000 });
      }
      expect((await client.post({ text })).kind).toBe('duplicate');
    });

    it('invalid content: too long, and an upload that is not an image (nothing is posted)', async () => {
      expect(await client.post({ text: 'x'.repeat(281) })).toMatchObject({ kind: 'invalid_content', status: 'invalid_content', httpStatus: 400 });
      const text = uniqueText('With a fake image');
      const target = summoningPost();
      const outcome = await client.reply({ inReplyToPostId: target.id, text, media: { data: Buffer.from('GIF? no, plain text'), mimeType: 'image/png' } });
      expect(outcome.kind).toBe('invalid_content');
      expect(stored(target.id, text)).toBeUndefined();
    });

    it('429: rate limited, with the time X said the limit resets', async () => {
      const until = Date.now() + 10 * 60_000;
      subject.control!.exhaustRateLimit('POST /2/tweets', until);
      try {
        const outcome = await client.post({ text: uniqueText('too soon') });
        expect(outcome).toMatchObject({ kind: 'rate_limited', status: 'rate_limited', next: 'after_reset', httpStatus: 429 });
        expect(outcome.kind === 'rate_limited' && outcome.resetAt).toBe(new Date(Math.ceil(until / 1000) * 1000).toISOString());
        subject.control!.exhaustRateLimit('GET /2/users/by/username', until);
        const read = await errorOf(() => subject.client.lookupUser(subject.knownAccount));
        expect(read).toMatchObject({ kind: 'rate_limited' });
      } finally {
        subject.control!.resetRateLimits();
      }
    });

    it('429 storm on replies: each answer carries when X resets (x-rate-limit-reset) and retry-after; the next reply after it goes out', async () => {
      const resetS = Math.ceil(Date.now() / 1000) + 900;
      const headers = { 'x-rate-limit-limit': '100', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(resetS), 'retry-after': '900' };
      subject.control!.inject({ kind: 'status', status: 429, headers }, { path: '/2/tweets', method: 'POST', times: 3 });
      const text = uniqueText('Storm');
      const answers = await Promise.all([0, 1, 2].map((i) => replyTo(summoningPost().id, `${text} ${i}`)));
      for (const outcome of answers) {
        expect(outcome).toMatchObject({ kind: 'rate_limited', status: 'rate_limited', next: 'after_reset', httpStatus: 429, retryAfterSeconds: 900 });
        expect(outcome.kind === 'rate_limited' && outcome.resetAt).toBe(new Date(resetS * 1000).toISOString());
      }
      expect(subject.control!.postsBy(me.username).filter((p) => p.text.startsWith(text))).toEqual([]);
      expect((await replyTo(summoningPost().id)).kind).toBe('sent');
      const until = Date.now() + 5 * 60_000;
      subject.control!.exhaustRateLimit('POST /2/tweets', until);
      try {
        const outcome = await replyTo(summoningPost().id);
        expect(outcome.kind === 'rate_limited' && outcome.resetAt).toBe(new Date(Math.ceil(until / 1000) * 1000).toISOString());
      } finally {
        subject.control!.resetRateLimits();
      }
    });

    const unknownAfter = async (fault: Parameters<NonNullable<XContractSubject['control']>['inject']>[0], via: XUserClient = client) => {
      const target = summoningPost();
      const text = uniqueText('Maybe sent');
      subject.control!.inject(fault, { path: '/2/tweets', method: 'POST' });
      const outcome: XOutcome = await via.reply({ inReplyToPostId: target.id, text });
      expect(outcome).toMatchObject({ kind: 'unknown', status: 'unconfirmed', next: 'reconcile' });
      return { target, text, outcome };
    };

    it('5xx after sending is unknown, and reconciling finds the post X stored', async () => {
      const { target, text } = await unknownAfter({ kind: 'status', status: 503, afterStore: true });
      const own = await client.recentPosts({ userId: me.userId, includeReplies: true, maxResults: 20 });
      expect(findOwnReply(own, { inReplyToPostId: target.id, text })).toBeDefined();
    });

    it('a connection dropped after the post was stored is unknown (the post exists)', async () => {
      const { target, text } = await unknownAfter({ kind: 'drop', afterStore: true });
      expect(stored(target.id, text)).toBeDefined();
    });

    it('a connection dropped before anything happened is unknown too (the client cannot tell), and no post exists', async () => {
      const { target, text } = await unknownAfter({ kind: 'drop' });
      expect(stored(target.id, text)).toBeUndefined();
    });

    it('a read that went out on a connection X had closed is asked again once on a new one; a post never is', async () => {
      await client.me(); // a kept-alive connection to reuse
      const asked = () => subject.control!.requests.filter((r) => r.method === 'GET' && r.path === '/2/users/me').length;
      const before = asked();
      subject.control!.inject({ kind: 'drop' }, { path: '/2/users/me', method: 'GET' });
      expect((await client.me()).id).toBe(me.userId);
      expect(asked() - before).toBe(2);
      // Closed twice in a row: one retry only, then the read fails as X not reachable.
      subject.control!.inject({ kind: 'drop' }, { path: '/2/users/me', method: 'GET', times: 2 });
      expect(isXError(await client.me().then(() => null, (e: unknown) => e))).toBe(true);
    });

    it('no answer in time is unknown', async () => {
      const variants = subject.variants!;
      const started = Date.now();
      await unknownAfter({ kind: 'hang', afterStore: true }, variants.shortTimeout.asUser(me.tokens));
      expect(Date.now() - started).toBeGreaterThanOrEqual(variants.timeoutMs - 50);
    });

    it('any 5xx to a reply is unknown, even when X stored nothing (the client cannot tell)', async () => {
      for (const status of [500, 502, 504]) {
        const { target, text } = await unknownAfter({ kind: 'status', status });
        expect(stored(target.id, text)).toBeUndefined();
      }
    });

    it('slow X: an answer later than the client timeout is unknown, and the post X stored meanwhile is found by reconciling', async () => {
      const variants = subject.variants!;
      const { target, text } = await unknownAfter({ kind: 'delay', ms: variants.timeoutMs + 400 }, variants.shortTimeout.asUser(me.tokens));
      await expect.poll(() => stored(target.id, text), { timeout: 10_000 }).toBeDefined();
      const own = await client.recentPosts({ userId: me.userId, includeReplies: true, sinceId: target.id, maxResults: 5 });
      expect(findOwnReply(own, { inReplyToPostId: target.id, text })?.id).toBe(stored(target.id, text)?.id);
    });

    it('an answer that never finishes (a byte now and then) is unknown after the deadline, for replies; reads fail as transient', async () => {
      const variants = subject.variants!;
      const slow = variants.shortTimeout;
      await unknownAfter({ kind: 'trickle', everyMs: 100, afterStore: true }, slow.asUser(me.tokens));
      subject.control!.inject({ kind: 'trickle', everyMs: 100 }, { path: /^\/2\/users\/by\/username\// });
      expect((await errorOf(() => slow.lookupUser(subject.knownAccount))).kind).toBe('transient');
    });

    it('X unreachable: nothing was sent, safe to retry; reads fail as transient', async () => {
      const unreachable = subject.variants!.unreachable;
      expect(await unreachable.asUser(me.tokens).post({ text: uniqueText('nowhere') })).toMatchObject({ kind: 'transient', status: 'failed', next: 'retry' });
      expect((await errorOf(() => unreachable.lookupUser(subject.knownAccount))).kind).toBe('transient');
    });

    it('5xx on a read or an upload is transient: nothing was posted', async () => {
      subject.control!.inject({ kind: 'status', status: 500 }, { path: '/2/tweets/1' });
      expect((await errorOf(() => subject.client.getPost('1'))).kind).toBe('transient');
      subject.control!.inject({ kind: 'status', status: 503 }, { path: '/2/media/upload/initialize' });
      const target = summoningPost();
      const text = uniqueText('With image');
      expect(await client.reply({ inReplyToPostId: target.id, text, media: { data: PNG_1X1, mimeType: 'image/png' } })).toMatchObject({ kind: 'transient', next: 'retry' });
      expect(stored(target.id, text)).toBeUndefined();
    });
  });

  if (!options.emulated) {
    describe('error classes', () => {
      it.skip('need the emulator to drive X into each state (revoked tokens, deleted posts, faults): see x.emulator.int.test.ts', () => {});
    });
  }
};
