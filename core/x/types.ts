/**
 * The X data Riposte reads and writes, in its own terms (not the wire shapes of X API v2): the
 * adapter maps X's JSON into these, so the rest of the product never sees `author_id` or
 * `referenced_tweets`. Times are ISO-8601 UTC strings; ids are X's decimal snowflake strings.
 */

/** The user's X subscription (X API `subscription_type`): 'None' for a free account. */
export const X_SUBSCRIPTION_TYPES = ['None', 'Basic', 'Premium', 'PremiumPlus'] as const;
export type XSubscriptionType = (typeof X_SUBSCRIPTION_TYPES)[number];

export const isXSubscriptionType = (value: unknown): value is XSubscriptionType => (X_SUBSCRIPTION_TYPES as readonly unknown[]).includes(value);

/**
 * True when X lets the account post up to 25,000 weighted characters instead of 280 ('Longer
 * posts' comes with every paid tier: Basic, Premium and Premium+). Unknown (null or absent: X did
 * not say) counts as a free account: a text cut to 280 still goes out, a longer one would be refused.
 */
export const hasLongPosts = (subscriptionType: XSubscriptionType | null | undefined): boolean =>
  subscriptionType === 'Basic' || subscriptionType === 'Premium' || subscriptionType === 'PremiumPlus';

export interface XUser {
  id: string;
  username: string;
  displayName: string;
  profileImageUrl?: string;
  description?: string;
  protected?: boolean;
  verified?: boolean;
  followersCount?: number;
  /** Absent when X did not say. */
  subscriptionType?: XSubscriptionType;
}

/** Who may reply to a post, as the author set it (X API `reply_settings`). */
export type XReplySettings = 'everyone' | 'mentionedUsers' | 'following' | 'subscribers' | 'verified';

export interface XPostReference {
  type: 'replied_to' | 'quoted' | 'retweeted';
  postId: string;
  /** The referenced post's author, when X expanded it. */
  authorId?: string;
}

export interface XMention {
  username: string;
  /** X fills it in when the mentioned user exists. */
  userId?: string;
}

export interface XPost {
  id: string;
  text: string;
  authorId: string;
  /** The author as X expanded it, when asked for. */
  author?: XUser;
  createdAt?: string;
  conversationId?: string;
  inReplyToUserId?: string;
  references: XPostReference[];
  mentions: XMention[];
  /** Absent when X did not say; treat as 'everyone'. */
  replySettings?: XReplySettings;
}

/**
 * A post's public counts as X shows them to anyone (X API `public_metrics`). X counts impressions
 * for every post; the others are engagements.
 */
export interface XPublicCounts {
  impressions: number;
  likes: number;
  reposts: number;
  replies: number;
  quotes: number;
  bookmarks: number;
}

/** One post's public counts, as a metrics read answers them. */
export interface XPostMetrics extends XPublicCounts {
  postId: string;
}

/** How many ids one metrics read may carry (X's `ids` bound for GET /2/tweets). */
export const X_METRICS_IDS_PER_READ = 100;

/** A user's OAuth 1.0a access token pair. X does not expire these; the user may revoke them. */
export interface XUserTokens {
  accessToken: string;
  accessSecret: string;
}

/**
 * The credentials status of spec part 2 §3 ("Credentials status"), shown on the admin credentials
 * card and answered by GET /api/x/auth/credentials-check and /api/x/test-credentials.
 *  - success: the app can start sign-ins and read X with an app-only (bearer) token;
 *  - partial: sign-in works, app-only reads do not (bearerError says why);
 *  - failed: X refused the consumer key and secret;
 *  - incomplete: the key or the secret is not configured;
 *  - error: X could not be reached or answered something unexpected.
 */
export type XCredentialsState = 'success' | 'partial' | 'failed' | 'incomplete' | 'error';

export interface XCredentialsStatus {
  status: XCredentialsState;
  message: string;
  error?: string;
  bearerError?: string;
  possibleSolution?: string;
  /** True when this is the bundled X emulator (the UI shows a 'Sandbox X' marker). */
  sandbox: boolean;
  credentials: {
    apiKey: boolean;
    apiSecret: boolean;
    /** OAuth 2.0 client credentials: Riposte uses OAuth 1.0a (docs/adr/0008), so these stay false. */
    clientId: boolean;
    clientSecret: boolean;
    bearerToken: boolean;
  };
  tests: {
    /** A request token was obtained, so a sign-in link can be generated. */
    generateAuthLink: boolean;
    /** An app-only (bearer) call succeeded, with the configured bearer or one obtained from the key. */
    bearerTokenAccess: boolean;
  };
}
