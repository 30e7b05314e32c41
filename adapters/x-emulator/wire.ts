/**
 * X API v2 wire shapes: users and posts with the fields and expansions a request asks for, and
 * X's error bodies (v2 problems, v1.1 error codes).
 */
import { publicMetricsJson } from './metrics';
import type { EmuPost, EmuUser, World } from './world';

export interface Reply {
  status: number;
  body?: unknown;
  /** Sent as is (text/html, form-encoded); otherwise `body` is JSON. */
  text?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export const PROBLEMS = 'https://api.twitter.com/2/problems/';

export const problem = (status: number, title: string, detail: string, type = 'about:blank', extra: Record<string, unknown> = {}): Reply => ({
  status,
  body: { title, detail, type, status, ...extra },
  contentType: type === 'about:blank' ? 'application/json; charset=utf-8' : 'application/problem+json',
});

export const v1Error = (status: number, code: number, message: string): Reply => ({ status, body: { errors: [{ code, message }] } });

export const unauthorizedV2 = (): Reply => problem(401, 'Unauthorized', 'Unauthorized');

export const invalidRequest = (message: string, parameter?: string): Reply =>
  problem(400, 'Invalid Request', 'One or more parameters to your request was invalid.', `${PROBLEMS}invalid-request`, {
    errors: [{ message, ...(parameter ? { parameters: { [parameter]: [] } } : {}) }],
  });

export const notFoundError = (resourceType: 'user' | 'tweet', parameter: string, value: string, detail: string) => ({
  value,
  detail,
  title: 'Not Found Error',
  resource_type: resourceType,
  parameter,
  resource_id: value,
  type: `${PROBLEMS}resource-not-found`,
});

export const fieldsOf = (query: URLSearchParams, name: string): Set<string> =>
  new Set((query.get(name) ?? '').split(',').map((s) => s.trim()).filter((s) => s !== ''));

export const userJson = (user: EmuUser, fields: Set<string>) => ({
  id: user.id,
  name: user.displayName,
  username: user.username,
  ...(fields.has('profile_image_url') ? { profile_image_url: user.profileImageUrl } : {}),
  ...(fields.has('description') ? { description: user.description } : {}),
  ...(fields.has('verified') ? { verified: user.verified } : {}),
  // A sandbox Premium user is on X Premium (a blue check); everyone else has no subscription.
  ...(fields.has('verified_type') ? { verified_type: user.premium ? 'blue' : 'none' } : {}),
  ...(fields.has('subscription_type') ? { subscription_type: user.premium ? 'Premium' : 'None' } : {}),
  ...(fields.has('protected') ? { protected: false } : {}),
  ...(fields.has('created_at') ? { created_at: new Date(user.createdAt).toISOString() } : {}),
  ...(fields.has('public_metrics') ? { public_metrics: { followers_count: user.followers, following_count: 0, tweet_count: 0, listed_count: 0 } } : {}),
});

const referencesOf = (post: EmuPost) => [
  ...(post.replyToId ? [{ type: 'replied_to', id: post.replyToId }] : []),
  ...(post.quotedId ? [{ type: 'quoted', id: post.quotedId }] : []),
  ...(post.repostOfId ? [{ type: 'retweeted', id: post.repostOfId }] : []),
];

export const tweetJson = (world: World, post: EmuPost, fields: Set<string>) => {
  const references = referencesOf(post);
  const mentions = world.mentionsOf(post).map((m) => ({ start: m.start, end: m.end, username: m.username, ...(m.userId ? { id: m.userId } : {}) }));
  return {
    id: post.id,
    text: post.text,
    edit_history_tweet_ids: [post.id],
    ...(fields.has('author_id') ? { author_id: post.authorId } : {}),
    ...(fields.has('created_at') ? { created_at: new Date(post.createdAt).toISOString() } : {}),
    ...(fields.has('conversation_id') ? { conversation_id: post.conversationId } : {}),
    ...(fields.has('in_reply_to_user_id') && post.replyToUserId ? { in_reply_to_user_id: post.replyToUserId } : {}),
    ...(fields.has('referenced_tweets') && references.length > 0 ? { referenced_tweets: references } : {}),
    ...(fields.has('entities') && mentions.length > 0 ? { entities: { mentions } } : {}),
    ...(fields.has('reply_settings') ? { reply_settings: post.replySettings } : {}),
    ...(fields.has('attachments') && post.mediaKeys.length > 0 ? { attachments: { media_keys: post.mediaKeys } } : {}),
    ...(fields.has('public_metrics') ? { public_metrics: publicMetricsJson(world.metricsOf(post)) } : {}),
  };
};

/** The `includes` object for `expansions` over a set of posts. */
export const includesFor = (world: World, postsShown: readonly EmuPost[], query: URLSearchParams) => {
  const expansions = fieldsOf(query, 'expansions');
  const userFields = fieldsOf(query, 'user.fields');
  const tweetFields = fieldsOf(query, 'tweet.fields');
  const userIds = new Set<string>();
  const referenced = new Map<string, EmuPost>();
  for (const post of postsShown) {
    if (expansions.has('author_id')) userIds.add(post.authorId);
    if (expansions.has('in_reply_to_user_id') && post.replyToUserId) userIds.add(post.replyToUserId);
    if (expansions.has('entities.mentions.username')) for (const m of world.mentionsOf(post)) if (m.userId) userIds.add(m.userId);
    if (expansions.has('referenced_tweets.id')) {
      for (const id of [post.replyToId, post.quotedId, post.repostOfId]) {
        const ref = id === undefined ? undefined : world.visiblePost(id);
        if (ref) referenced.set(ref.id, ref);
      }
    }
  }
  if (expansions.has('referenced_tweets.id.author_id')) for (const ref of referenced.values()) userIds.add(ref.authorId);
  const users = [...userIds].map((id) => world.users.get(id)).filter((u): u is EmuUser => u !== undefined && !u.suspended);
  const includes: Record<string, unknown> = {};
  if (users.length > 0) includes.users = users.map((u) => userJson(u, userFields));
  if (referenced.size > 0) includes.tweets = [...referenced.values()].map((p) => tweetJson(world, p, tweetFields));
  return Object.keys(includes).length > 0 ? { includes } : {};
};
