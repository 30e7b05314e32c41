/**
 * The X port on twitter-api-v2 (adapters implement core/x/port.ts). OAuth 1.0a throughout: the
 * consumer key and secret sign the app's calls and the sign-in flow; each user's access token and
 * secret (which X does not expire) sign that user's calls. App-only reads use a bearer token,
 * configured or obtained once from the key and secret.
 *
 * Reads throw XError; posting returns the classified outcome, never throws for what X or the
 * network did (core/x/outcomes.ts): the dispatcher must record "unknown" as such.
 */
import { TwitterApi, type TwitterApiReadOnly, type TwitterApiTokens, type TweetV2, type UserV2 } from 'twitter-api-v2';
import {
  classifyXAnswer,
  streamRuleLengthFor,
  X_METRICS_IDS_PER_READ,
  XError,
  type XAppClient,
  type XMedia,
  type XOperation,
  type XOutcome,
  type XReader,
  type XRecentPostsQuery,
  type XSearchQuery,
  type XUserClient,
  type XUserTokens,
} from '@core/x';
import { isStaleConnection, toXAnswer } from './answers';
import { checkCredentials } from './credentials';
import type { XClientConfig } from './config';
import type { PostWindow } from '@core/replies';
import { POST_QUERY, toMetrics, toPost, toUser, USER_FIELDS, type Includes } from './mapping';
import { createFilteredStream } from './stream';
import { browserUrl, postingAgent, redirectingAgent, timeoutPlugin, withDeadline } from './transport';

const DEFAULT_TIMEOUT_MS = 15_000;

type Read = <T>(call: () => Promise<T>, operation?: XOperation) => Promise<T>;

/** Runs a read within the deadline; anything X or the network did becomes an XError with its outcome. */
const readWithin =
  (deadlineMs: number): Read =>
  async (call, operation = 'read') => {
    try {
      try {
        return await withDeadline(call(), deadlineMs);
      } catch (error) {
        // A read X never received (a connection it had closed) is asked again, once, on a new one.
        if (!isStaleConnection(error)) throw error;
        return await withDeadline(call(), deadlineMs);
      }
    } catch (error) {
      if (error instanceof XError) throw error;
      throw new XError(classifyXAnswer(toXAnswer(error), operation), undefined, { cause: error });
    }
  };

interface ErrorsOnly {
  data?: unknown;
  errors?: { type?: string; title?: string }[];
}
/** X answers 200 with `errors` and no `data` for a missing or suspended user or post. */
const missing = (answer: ErrorsOnly): boolean => answer.data === undefined && (answer.errors?.length ?? 0) > 0;

const reader = (client: () => Promise<TwitterApiReadOnly>, read: Read): XReader => ({
  lookupUser: (username) =>
    read(async () => {
      const answer = await (await client()).v2.userByUsername(username.replace(/^@/, ''), { 'user.fields': USER_FIELDS });
      return missing(answer) ? null : toUser(answer.data);
    }),
  getPost: (postId) =>
    read(async () => {
      const answer = await (await client()).v2.singleTweet(postId, POST_QUERY);
      return missing(answer) ? null : toPost(answer.data, (answer.includes ?? {}) as Includes);
    }),
  recentPosts: (q: XRecentPostsQuery) =>
    read(async () => {
      const exclude = [...(q.includeReplies ? [] : ['replies']), ...(q.includeReposts ? [] : ['retweets'])];
      const answer = await (await client()).v2.get<{ data?: TweetV2[]; includes?: Includes; errors?: unknown[] }>(
        'users/:id/tweets',
        {
          ...POST_QUERY,
          max_results: Math.min(100, Math.max(5, q.maxResults ?? 10)),
          ...(q.sinceId ? { since_id: q.sinceId } : {}),
          ...(exclude.length > 0 ? { exclude } : {}),
        },
        { params: { id: q.userId } },
      );
      return (answer.data ?? []).map((t) => toPost(t, answer.includes ?? {}));
    }),
  postMetrics: async (postIds) => {
    if (postIds.length > X_METRICS_IDS_PER_READ) throw new RangeError(`At most ${X_METRICS_IDS_PER_READ} post ids per metrics read (${postIds.length} given)`);
    if (postIds.length === 0) return [];
    return read(async () => {
      // Missing posts come back in `errors`, the others in `data`.
      const answer = await (await client()).v2.tweets([...postIds], { 'tweet.fields': ['public_metrics'] });
      return (answer.data ?? []).map(toMetrics).filter((m) => m !== null);
    });
  },
  searchRecent: (q: XSearchQuery) =>
    read(async () => {
      const page = await (await client()).v2.search(q.query, {
        ...POST_QUERY,
        max_results: Math.min(100, Math.max(10, q.maxResults ?? 10)),
        ...(q.sinceId ? { since_id: q.sinceId } : {}),
        ...(q.nextToken ? { next_token: q.nextToken } : {}),
      });
      const answer = page.data as { data?: TweetV2[]; includes?: Includes; meta?: { next_token?: string } };
      const nextToken = answer.meta?.next_token;
      return { posts: (answer.data ?? []).map((t) => toPost(t, answer.includes ?? {})), ...(nextToken ? { nextToken } : {}) };
    }),
});

/** A chunked upload is several calls (initialize, append, finalize, status). */
const UPLOAD_STEPS = 4;

/**
 * How long a post can take with `timeoutMs` (RIPOSTE_X_TIMEOUT_MS): each call's deadline, and the
 * upload's calls before it. Dispatch waits this out before it calls a reply not found on X not
 * posted (core/replies notFoundSettlesFrom).
 */
export const xPostWindow = (timeoutMs: number | undefined): PostWindow => ({ callDeadlineMs: (timeoutMs ?? DEFAULT_TIMEOUT_MS) * 2, uploadSteps: UPLOAD_STEPS });

export const createXClient = (config: XClientConfig): XAppClient => {
  // The idle timeout ends a silent X; the deadline ends one that answers too slowly to ever finish.
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadlineMs = xPostWindow(timeoutMs).callDeadlineMs;
  const read = readWithin(deadlineMs);
  const settings = {
    plugins: [timeoutPlugin(timeoutMs)],
    ...(config.apiBaseUrl ? { httpAgent: redirectingAgent(config.apiBaseUrl) } : {}),
  };
  const app = (extra: Partial<TwitterApiTokens> = {}, agent: Partial<typeof settings> = {}) =>
    new TwitterApi({ appKey: config.consumerKey, appSecret: config.consumerSecret, ...extra }, { ...settings, ...agent });
  /** Posts and their media go on fresh connections (transport.ts postingAgent). */
  const posting = { httpAgent: postingAgent(config.apiBaseUrl) };

  let bearer: Promise<TwitterApiReadOnly> | undefined;
  /** The app-only client, made once; a failed attempt is forgotten so the next call tries again. */
  const appOnly = (): Promise<TwitterApiReadOnly> => {
    bearer ??= (config.bearerToken ? Promise.resolve(new TwitterApi(config.bearerToken, settings).readOnly) : app().appLogin().then((c) => c.readOnly)).catch(
      (error: unknown) => {
        bearer = undefined;
        throw error;
      },
    );
    return bearer;
  };

  const asUser = (tokens: XUserTokens): XUserClient => {
    const user = app({ accessToken: tokens.accessToken, accessSecret: tokens.accessSecret });
    const poster = app({ accessToken: tokens.accessToken, accessSecret: tokens.accessSecret }, posting);
    const write = async (text: string, media: XMedia | undefined, replyTo?: string): Promise<XOutcome> => {
      let mediaIds: [string] | undefined;
      if (media) {
        try {
          mediaIds = [await withDeadline(poster.v2.uploadMedia(Buffer.from(media.data), { media_type: media.mimeType as 'image/png' }), deadlineMs * UPLOAD_STEPS)];
        } catch (error) {
          return classifyXAnswer(toXAnswer(error), 'upload');
        }
      }
      try {
        const payload = mediaIds ? { media: { media_ids: mediaIds } } : {};
        const result = await withDeadline(replyTo === undefined ? poster.v2.tweet(text, payload) : poster.v2.reply(text, replyTo, payload), deadlineMs);
        return classifyXAnswer({ kind: 'response', status: 201, body: result }, 'post');
      } catch (error) {
        return classifyXAnswer(toXAnswer(error), 'post');
      }
    };
    return {
      ...reader(() => Promise.resolve(user.readOnly), read),
      me: () => read(async () => toUser((await user.v2.me({ 'user.fields': USER_FIELDS })).data as UserV2)),
      reply: (r) => write(r.text, r.media, r.inReplyToPostId),
      post: (p) => write(p.text, p.media),
      revoke: () =>
        read(async () => {
          await user.v1.post('oauth/invalidate_token');
        }, 'auth'),
    };
  };

  const webUrl = config.webUrl ?? config.apiBaseUrl ?? 'https://x.com';
  return {
    sandbox: config.sandbox ?? false,
    webUrl,
    access: config.access ?? 'self_serve',
    deliveryMode: config.deliveryMode ?? 'auto',
    ...reader(appOnly, read),
    checkCredentials: () => checkCredentials(config, { app: () => app(), appOnly }),
    startAuthorization: (start) =>
      read(async () => {
        const link = await app().generateAuthLink(start.callback, {
          linkMode: start.linkMode,
          ...(start.forceLogin !== undefined ? { forceLogin: start.forceLogin } : {}),
          ...(start.screenName !== undefined ? { screenName: start.screenName } : {}),
        });
        return { url: browserUrl(link.url, config.apiBaseUrl), requestToken: link.oauth_token, requestTokenSecret: link.oauth_token_secret };
      }, 'auth'),
    completeAuthorization: (grant) =>
      read(async () => {
        const result = await app({ accessToken: grant.requestToken, accessSecret: grant.requestTokenSecret }).login(grant.verifier.trim());
        return { tokens: { accessToken: result.accessToken, accessSecret: result.accessSecret }, userId: result.userId, username: result.screenName };
      }, 'auth'),
    asUser,
    filteredStream: createFilteredStream({ appOnly, read, maxRuleLength: streamRuleLengthFor(config.access ?? 'self_serve'), connectTimeoutMs: deadlineMs }),
  };
};
