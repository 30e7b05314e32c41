/** X API v2 JSON into core/x's XUser and XPost, and the fields Riposte asks X for. */
import type { TTweetv2Expansion, TTweetv2TweetField, TTweetv2UserField, TweetV2, UserV2 } from 'twitter-api-v2';
import { isXSubscriptionType, type XPost, type XPostMetrics, type XReplySettings, type XSubscriptionType, type XUser } from '@core/x';

export const USER_FIELDS: TTweetv2UserField[] = [
  'profile_image_url',
  'description',
  'verified',
  'verified_type',
  'subscription_type',
  'protected',
  'public_metrics',
];
export const TWEET_FIELDS: TTweetv2TweetField[] = [
  'author_id',
  'created_at',
  'conversation_id',
  'in_reply_to_user_id',
  'referenced_tweets',
  'entities',
  'reply_settings',
];
export const TWEET_EXPANSIONS: TTweetv2Expansion[] = ['author_id', 'referenced_tweets.id', 'referenced_tweets.id.author_id'];

export const POST_QUERY = {
  'tweet.fields': TWEET_FIELDS,
  'user.fields': USER_FIELDS,
  expansions: TWEET_EXPANSIONS,
};

const REPLY_SETTINGS = new Set<string>(['everyone', 'mentionedUsers', 'following', 'subscribers', 'verified']);

/**
 * X's `subscription_type`; when X leaves it out, a blue check (`verified_type` 'blue') is given
 * only to Premium and Premium+ subscribers, so it says Premium at least.
 */
const subscriptionOf = (u: UserV2): XSubscriptionType | undefined => {
  if (isXSubscriptionType(u.subscription_type)) return u.subscription_type;
  return u.verified_type === 'blue' ? 'Premium' : undefined;
};

export const toUser = (u: UserV2): XUser => {
  const subscriptionType = subscriptionOf(u);
  return {
  id: u.id,
  username: u.username,
  displayName: u.name,
  ...(u.profile_image_url !== undefined ? { profileImageUrl: u.profile_image_url } : {}),
  ...(u.description !== undefined ? { description: u.description } : {}),
  ...(u.protected !== undefined ? { protected: u.protected } : {}),
  ...(u.verified !== undefined ? { verified: u.verified } : {}),
  ...(u.public_metrics?.followers_count !== undefined ? { followersCount: u.public_metrics.followers_count } : {}),
  ...(subscriptionType !== undefined ? { subscriptionType } : {}),
  };
};

export interface Includes {
  users?: UserV2[];
  tweets?: TweetV2[];
}

export const toPost = (t: TweetV2, includes: Includes = {}): XPost => {
  const author = includes.users?.find((u) => u.id === t.author_id);
  const replySettings = (t as { reply_settings?: string }).reply_settings;
  return {
    id: t.id,
    text: t.text,
    authorId: t.author_id ?? '',
    ...(author ? { author: toUser(author) } : {}),
    ...(t.created_at ? { createdAt: t.created_at } : {}),
    ...(t.conversation_id ? { conversationId: t.conversation_id } : {}),
    ...(t.in_reply_to_user_id ? { inReplyToUserId: t.in_reply_to_user_id } : {}),
    references: (t.referenced_tweets ?? []).map((r) => {
      const authorId = includes.tweets?.find((x) => x.id === r.id)?.author_id;
      return { type: r.type, postId: r.id, ...(authorId ? { authorId } : {}) };
    }),
    mentions: (t.entities?.mentions ?? []).map((m) => ({ username: m.username, ...(m.id ? { userId: m.id } : {}) })),
    ...(replySettings && REPLY_SETTINGS.has(replySettings) ? { replySettings: replySettings as XReplySettings } : {}),
  };
};

/** A post's `public_metrics` (a count X leaves out reads as 0: older posts have no bookmark count). */
export const toMetrics = (t: TweetV2): XPostMetrics | null => {
  const m = t.public_metrics;
  if (m === undefined) return null;
  return {
    postId: t.id,
    impressions: m.impression_count ?? 0,
    likes: m.like_count ?? 0,
    reposts: m.retweet_count ?? 0,
    replies: m.reply_count ?? 0,
    quotes: m.quote_count ?? 0,
    bookmarks: m.bookmark_count ?? 0,
  };
};
