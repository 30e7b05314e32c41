/**
 * The X port. Two clients, split by whose credentials sign the calls:
 *  - `XAppClient` holds the app's consumer key and secret: it checks them, runs the OAuth 1.0a
 *    three-legged flow (sign in with X, connect an account by PIN or callback) and reads public
 *    data with an app-only token;
 *  - `XUserClient` acts for one user with that user's access token and secret: who am I, post a
 *    reply, post a plain post (the test tweet). It reads too, in the user's context.
 *
 * Error policy: reads throw an XError (errors.ts) whose `outcome` says what X answered; writes
 * never throw for an X answer or a network failure, they return the classified outcome
 * (outcomes.ts), because the dispatcher must record every outcome, including "unknown".
 *
 * Implementations: adapters/x-twitter (twitter-api-v2, against api.x.com or the bundled emulator
 * in adapters/x-emulator). One contract suite checks both: tests/contracts/x.contract.ts.
 */
import type { XOutcome } from './outcomes';
import type { XFilteredStream } from './stream';
import type { XApiAccess, XDeliveryMode } from './summon';
import type { XCredentialsStatus, XPost, XPostMetrics, XUser, XUserTokens } from './types';

/**
 * 'authenticate' is sign in with X: a user who already approved the app goes straight back.
 * 'authorize' always shows the consent page: connecting or reconnecting an account.
 */
export type XLinkMode = 'authenticate' | 'authorize';

export interface XAuthorizationStart {
  /** 'oob' shows the user a PIN to type back into Riposte; a URL receives oauth_token and oauth_verifier. */
  callback: 'oob' | (string & {});
  linkMode: XLinkMode;
  /** Ask X to show its login form even when someone is signed in there (a second account). */
  forceLogin?: boolean;
  /** Pre-fill X's login form (reconnecting a known account). */
  screenName?: string;
}

export interface XAuthorizationRequest {
  /** Where the user's browser goes: X's page, or the emulator's in sandbox mode. */
  url: string;
  requestToken: string;
  /** Kept on the server until the user comes back; never sent to a browser. */
  requestTokenSecret: string;
}

export interface XAuthorizationGrant {
  requestToken: string;
  requestTokenSecret: string;
  /** The PIN the user typed (oob) or the oauth_verifier of the callback. */
  verifier: string;
}

export interface XAuthorizedUser {
  tokens: XUserTokens;
  userId: string;
  username: string;
}

export interface XRecentPostsQuery {
  userId: string;
  /** Only posts newer than this id. */
  sinceId?: string;
  /** 5 to 100 (X's bounds); default 10. */
  maxResults?: number;
  /** Replies and reposts are left out unless asked for: Riposte replies under original posts. */
  includeReplies?: boolean;
  includeReposts?: boolean;
}

/**
 * X's recent search (`GET /2/tweets/search/recent`, the last 7 days): the watcher's batched read of
 * several accounts, `(from:a OR from:b) -is:retweet -is:reply` (core/watching/batch.ts builds it).
 */
export interface XSearchQuery {
  query: string;
  /** Only posts newer than this id. */
  sinceId?: string;
  /** 10 to 100 (X's bounds); default 10. */
  maxResults?: number;
  /** The `next_token` of the previous page (older posts of the same search). */
  nextToken?: string;
}

export interface XSearchPage {
  /** Newest first. */
  posts: XPost[];
  /** Present when older posts of this search are left: ask again with it. */
  nextToken?: string;
}

export interface XMedia {
  data: Uint8Array;
  /** image/jpeg, image/png, image/gif or image/webp. */
  mimeType: string;
}

export interface XReplyRequest {
  inReplyToPostId: string;
  text: string;
  /** Uploaded first; a failed upload means no post was attempted. */
  media?: XMedia;
}

export interface XPostRequest {
  text: string;
  media?: XMedia;
}

export interface XReader {
  /** Null when X has no such user (or it is suspended). */
  lookupUser(username: string): Promise<XUser | null>;
  /** Newest first. */
  recentPosts(query: XRecentPostsQuery): Promise<XPost[]>;
  /** With its author, mentions, references and reply settings; null when deleted or not visible. */
  getPost(postId: string): Promise<XPost | null>;
  /**
   * The public metrics of up to X_METRICS_IDS_PER_READ posts in one read (GET /2/tweets?ids=...).
   * Deleted or invisible posts are left out of the answer; more ids than the bound throw.
   */
  postMetrics(postIds: readonly string[]): Promise<XPostMetrics[]>;
  /** One page of a recent search; its rate limit is separate from the timeline's. */
  searchRecent(query: XSearchQuery): Promise<XSearchPage>;
}

export interface XUserClient extends XReader {
  me(): Promise<XUser>;
  /** Outcome 'sent' carries the new post's id; anything else says why not, or that nobody knows. */
  reply(request: XReplyRequest): Promise<XOutcome>;
  post(request: XPostRequest): Promise<XOutcome>;
  /**
   * Revokes these tokens at X (OAuth 1.0a invalidate_token): they sign nothing afterwards. Throws
   * an XError when X could not be told (the caller decides whether that blocks anything).
   */
  revoke(): Promise<void>;
}

export interface XAppClient extends XReader {
  /** True when talking to the bundled emulator rather than X. */
  readonly sandbox: boolean;
  /** Base of X's web pages for people (https://x.com, or the emulator): post links, web intents. */
  readonly webUrl: string;
  /** The app's API access: self-serve access is bound by X's 2026 reply rule (summon.ts). */
  readonly access: XApiAccess;
  /** How due replies go out (RIPOSTE_X_DELIVERY); `deliveryFor` (summon.ts) applies it to one post. */
  readonly deliveryMode: XDeliveryMode;
  checkCredentials(): Promise<XCredentialsStatus>;
  startAuthorization(start: XAuthorizationStart): Promise<XAuthorizationRequest>;
  /** Exchanges the PIN or verifier for the user's tokens (an XError with auth_failed when X refuses it). */
  completeAuthorization(grant: XAuthorizationGrant): Promise<XAuthorizedUser>;
  asUser(tokens: XUserTokens): XUserClient;
  /** X's filtered stream for the app (stream.ts), where the adapter offers it. */
  readonly filteredStream?: XFilteredStream;
}
