/**
 * The X API v2 endpoints Riposte uses: users/me, users/by/username, users/:id/tweets, tweets/:id,
 * tweets?ids= (public metrics) and POST tweets, with X's checks on a post in X's order: caller, suspension, rate limit, body,
 * length, media, reply target, reply settings, the 2026 summon rule, duplicate content.
 */
import type { DuplicateRuleSetting } from './duplicates';
import { canReplyDirectly, isSummoned, replySettingsAllow, type XReplySettings } from '@core/x';
import { isReply, type Caller, type Ctx } from './auth';
import type { Endpoint, RateLimits } from './rate-limits';
import { PREMIUM_LIMIT, STANDARD_LIMIT, weightedLength } from './weighted-length';
import { fieldsOf, includesFor, invalidRequest, notFoundError, problem, PROBLEMS, tweetJson, userJson, type Reply } from './wire';
import type { World } from './world';

/** X's words for a reply the post's reply settings do not allow (and, before 2026-02-23, for the summon rule). */
export const NOT_SUMMONED_DETAIL =
  'Reply to this conversation is not allowed because you have not been mentioned or otherwise engaged by the author of the post you are replying to.';
/** X's words for the 2026 summon rule, as public code quotes them since 2026-02-23. */
export const SUMMON_RULE_DETAIL = 'You can only reply to or quote posts where you are mentioned or are the author.';

/**
 * X's answers to an app it refuses as a whole, switchable from control: pay-per-use credits used
 * up (402 CreditsDepleted) and keys of an app not enrolled in a project (403 client-not-enrolled).
 * Every v2 call of that app gets them, reads and posts alike.
 */
export interface AppStanding {
  creditsDepleted: boolean;
  notEnrolled: boolean;
  /** Which words the summon rule's refusal uses: X's since 2026-02-23, or the older ones. */
  summonWording: '2026' | 'legacy';
}

export const creditsDepleted = (accountId: string): Reply => ({
  status: 402,
  body: {
    account_id: Number(accountId),
    title: 'CreditsDepleted',
    detail: `Your enrolled account [${accountId}] does not have any credits to fulfill this request.`,
    type: `${PROBLEMS}credits`,
  },
});

export const clientNotEnrolled = (clientId: string): Reply => ({
  status: 403,
  body: {
    client_id: clientId,
    detail:
      'When authenticating requests to the Twitter API v2 endpoints, you must use keys and tokens from a Twitter developer App that is attached to a Project. You can create a project via the developer portal.',
    registration_url: 'https://developer.twitter.com/en/docs/projects/overview',
    title: 'Client Forbidden',
    required_enrollment: 'Appropriate Level of API Access',
    reason: 'client-not-enrolled',
    type: `${PROBLEMS}client-forbidden`,
  },
});

/** request_token's answer to a callback the app's settings at X do not list. */
export const CALLBACK_NOT_APPROVED_XML =
  '<?xml version="1.0" encoding="UTF-8"?><errors><error code="415">Callback URL not approved for this client application. Approved callback URLs can be adjusted in your application settings</error></errors>';

/** A stable number for an app, as X's account and client ids are. */
const numericIdOf = (key: string): string => String([...key].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 1_000_000_007, 7) + 1_000_000_000);
const REPLY_SETTINGS: readonly XReplySettings[] = ['everyone', 'mentionedUsers', 'following', 'subscribers', 'verified'];

const userOnly = (): Reply =>
  problem(
    403,
    'Unsupported Authentication',
    'Authenticating with OAuth 2.0 Application-Only is forbidden for this endpoint.  Supported authentication types are [OAuth 1.0a User Context, OAuth 2.0 User Context].',
    `${PROBLEMS}unsupported-authentication`,
  );
const forbidden = (detail: string): Reply => problem(403, 'Forbidden', detail);
const tooMany = (headers: Record<string, string>): Reply => ({ ...problem(429, 'Too Many Requests', 'Too Many Requests'), headers });

export interface ApiDeps {
  world: World;
  limits: RateLimits;
  authenticate: (ctx: Ctx, dialect: 'v1' | 'v2') => Caller | Reply;
  /** Whether the 2026 summon rule is enforced for self-serve apps (control.setSummonRule). */
  summonRule: () => boolean;
  duplicates: DuplicateRuleSetting;
  now: () => number;
  standing: AppStanding;
}

export const createApiRoutes = ({ world, limits, authenticate, summonRule, duplicates, now, standing }: ApiDeps) => {
  /** Authenticates, applies the endpoint's rate limit and adds its headers to the answer. */
  const guarded = (endpoint: Endpoint, needsUser: boolean, handler: (ctx: Ctx, caller: Caller) => Reply) => (ctx: Ctx): Reply => {
    const caller = authenticate(ctx, 'v2');
    if (isReply(caller)) return caller;
    if (caller.kind === 'consumer') return problem(401, 'Unauthorized', 'Unauthorized');
    if (standing.notEnrolled) return clientNotEnrolled(numericIdOf(caller.app.consumerKey));
    if (standing.creditsDepleted) return creditsDepleted(numericIdOf(`account:${caller.app.consumerKey}`));
    if (needsUser && caller.kind !== 'user') return userOnly();
    const identity = caller.kind === 'user' ? `user:${caller.user.id}` : `app:${caller.app.consumerKey}`;
    const check = limits.take(endpoint, identity, endpoint === 'POST /2/tweets' && caller.kind === 'user' ? { userId: caller.user.id, appKey: caller.app.consumerKey } : undefined);
    if (!check.ok) return tooMany(check.headers);
    const reply = handler(ctx, caller);
    return { ...reply, headers: { ...check.headers, ...reply.headers } };
  };

  const me = guarded('GET /2/users/me', true, (ctx, caller) => ({
    status: 200,
    body: { data: userJson((caller as Extract<Caller, { kind: 'user' }>).user, fieldsOf(ctx.query, 'user.fields')) },
  }));

  const userByUsername = (username: string) =>
    guarded('GET /2/users/by/username', false, (ctx) => {
      if (!/^[A-Za-z0-9_]{1,15}$/.test(username)) return invalidRequest(`The \`username\` query parameter value [${username}] does not match ^[A-Za-z0-9_]{1,15}$`, 'username');
      const user = world.userByName(username);
      if (!user) return { status: 200, body: { errors: [notFoundError('user', 'username', username, `Could not find user with username: [${username}].`)] } };
      if (user.suspended) {
        return { status: 200, body: { errors: [{ ...notFoundError('user', 'username', username, `User has been suspended: [${username}].`), title: 'Forbidden' }] } };
      }
      return { status: 200, body: { data: userJson(user, fieldsOf(ctx.query, 'user.fields')) } };
    });

  const userTweets = (userId: string) =>
    guarded('GET /2/users/:id/tweets', false, (ctx) => {
      const max = Number(ctx.query.get('max_results') ?? '10');
      if (!Number.isInteger(max) || max < 5 || max > 100) return invalidRequest(`The \`max_results\` query parameter value [${ctx.query.get('max_results')}] is not between 5 and 100`, 'max_results');
      for (const name of ['since_id', 'until_id', 'pagination_token'] as const) {
        const v = ctx.query.get(name);
        if (v !== null && !/^\d{1,19}$/.test(v)) return invalidRequest(`The \`${name}\` query parameter value [${v}] is not valid`, name);
      }
      const user = world.users.get(userId);
      if (!user || user.suspended) return { status: 200, body: { errors: [notFoundError('user', 'id', userId, `Could not find user with id: [${userId}].`)] } };
      const exclude = fieldsOf(ctx.query, 'exclude');
      const untilId = ctx.query.get('pagination_token') ?? ctx.query.get('until_id') ?? undefined;
      const { page, more } = world.timeline(user, {
        max,
        excludeReplies: exclude.has('replies'),
        excludeReposts: exclude.has('retweets'),
        ...(ctx.query.get('since_id') ? { sinceId: ctx.query.get('since_id') as string } : {}),
        ...(untilId ? { untilId } : {}),
      });
      const first = page[0];
      const last = page.at(-1);
      const meta = { result_count: page.length, ...(first && last ? { newest_id: first.id, oldest_id: last.id } : {}), ...(more && last ? { next_token: last.id } : {}) };
      if (page.length === 0) return { status: 200, body: { meta } };
      const fields = fieldsOf(ctx.query, 'tweet.fields');
      return { status: 200, body: { data: page.map((p) => tweetJson(world, p, fields)), ...includesFor(world, page, ctx.query), meta } };
    });

  const tweet = (id: string) =>
    guarded('GET /2/tweets/:id', false, (ctx) => {
      if (!/^\d{1,19}$/.test(id)) return invalidRequest(`The \`id\` query parameter value [${id}] does not match ^[0-9]{1,19}$`, 'id');
      const post = world.visiblePost(id);
      if (!post) return { status: 200, body: { errors: [notFoundError('tweet', 'id', id, `Could not find tweet with id: [${id}].`)] } };
      return { status: 200, body: { data: tweetJson(world, post, fieldsOf(ctx.query, 'tweet.fields')), ...includesFor(world, [post], ctx.query) } };
    });

  /** GET /2/tweets?ids=: up to 100 posts; missing ones come back in `errors` (X's lookup shape). */
  const tweets = guarded('GET /2/tweets', false, (ctx) => {
    const raw = ctx.query.get('ids');
    if (raw === null || raw.trim() === '') return invalidRequest('The `ids` query parameter can not be empty', 'ids');
    const ids = raw.split(',').map((s) => s.trim());
    if (ids.length > 100) return invalidRequest(`The \`ids\` query parameter value [${raw}] is not between 1 and 100`, 'ids');
    const bad = ids.find((id) => !/^\d{1,19}$/.test(id));
    if (bad !== undefined) return invalidRequest(`The \`ids\` query parameter value [${bad}] does not match ^[0-9]{1,19}$`, 'ids');
    const found = ids.map((id) => ({ id, post: world.visiblePost(id) }));
    const shown = found.flatMap((f) => (f.post ? [f.post] : []));
    const fields = fieldsOf(ctx.query, 'tweet.fields');
    const errors = found.filter((f) => !f.post).map((f) => notFoundError('tweet', 'ids', f.id, `Could not find tweet with ids: [${f.id}].`));
    return {
      status: 200,
      body: {
        ...(shown.length > 0 ? { data: shown.map((p) => tweetJson(world, p, fields)), ...includesFor(world, shown, ctx.query) } : {}),
        ...(errors.length > 0 ? { errors } : {}),
      },
    };
  });

  const createTweet = guarded('POST /2/tweets', true, (ctx, caller) => {
    const { user, app } = caller as Extract<Caller, { kind: 'user' }>;
    if (user.suspended) return forbidden('Your account is suspended and is not permitted to access this feature.');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(ctx.body.toString('utf8') || 'null') as Record<string, unknown>;
      if (typeof body !== 'object' || body === null) throw new Error('not an object');
    } catch {
      return invalidRequest('Request body is not valid JSON.');
    }
    const text = typeof body.text === 'string' ? body.text : '';
    const reply = body.reply as { in_reply_to_tweet_id?: unknown } | undefined;
    const mediaIds = ((body.media as { media_ids?: unknown } | undefined)?.media_ids ?? []) as unknown;
    const quoteId = typeof body.quote_tweet_id === 'string' ? body.quote_tweet_id : undefined;
    const replySettings = body.reply_settings === undefined ? 'everyone' : body.reply_settings;
    if (!Array.isArray(mediaIds) || !mediaIds.every((m) => typeof m === 'string')) return invalidRequest('media.media_ids must be a list of ids.', 'media.media_ids');
    if (text.trim() === '' && mediaIds.length === 0) return invalidRequest('Tweet text or media is required.', 'text');
    if (!REPLY_SETTINGS.includes(replySettings as XReplySettings)) return invalidRequest(`reply_settings [${String(replySettings)}] is not one of ${REPLY_SETTINGS.join(', ')}`, 'reply_settings');
    if (weightedLength(text) > (user.premium ? PREMIUM_LIMIT : STANDARD_LIMIT)) {
      return problem(400, 'Invalid Request', 'Your Tweet text is too long. For more information on how Twitter determines text length see https://github.com/twitter/twitter-text.');
    }
    const media = mediaIds.map((id) => world.media.get(id as string));
    if (media.some((m) => !m || !m.finalized || m.ownerId !== user.id)) return invalidRequest('Your media IDs are invalid.', 'media.media_ids');
    let replyToId: string | undefined;
    if (reply !== undefined) {
      replyToId = typeof reply.in_reply_to_tweet_id === 'string' ? reply.in_reply_to_tweet_id : undefined;
      if (!replyToId || !/^\d{1,19}$/.test(replyToId)) return invalidRequest('reply.in_reply_to_tweet_id must be a post id.', 'reply.in_reply_to_tweet_id');
      const target = world.visiblePost(replyToId);
      if (!target) return forbidden('You attempted to reply to a Tweet that is deleted or not visible to you.');
      const targetPost = world.asXPost(target);
      const replier = { id: user.id, username: user.username };
      if (replySettingsAllow(targetPost, replier) !== true && !isSummoned(targetPost, replier)) return forbidden(NOT_SUMMONED_DETAIL);
      if (summonRule() && canReplyDirectly(targetPost, replier, app.access) === false) return forbidden(standing.summonWording === '2026' ? SUMMON_RULE_DETAIL : NOT_SUMMONED_DETAIL);
    }
    if (quoteId !== undefined && !world.visiblePost(quoteId)) return forbidden('You attempted to quote a Tweet that is deleted or not visible to you.');
    if (duplicates.refuses(world.postsBy(user.id), text, now())) {
      return forbidden('You are not allowed to create a Tweet with duplicate content.');
    }
    const target = replyToId === undefined ? undefined : world.visiblePost(replyToId);
    const post = world.addPost(user.id, {
      text,
      replySettings: replySettings as XReplySettings,
      mediaKeys: media.map((m) => `3_${m?.id ?? ''}`),
      ...(target ? { replyToId: target.id, replyToUserId: target.authorId } : {}),
      ...(quoteId ? { quotedId: quoteId } : {}),
    });
    return { status: 201, body: { data: { id: post.id, text: post.text, edit_history_tweet_ids: [post.id] } } };
  });

  return { guarded, me, userByUsername, userTweets, tweet, tweets, createTweet };
};
