/**
 * Links to X's pages for people. `webUrl` is https://x.com, or the emulator's address in sandbox
 * mode (XAppClient.webUrl), so the same links work in both.
 */
const base = (webUrl: string) => webUrl.replace(/\/+$/, '');

export const postUrl = (webUrl: string, username: string, postId: string): string =>
  `${base(webUrl)}/${encodeURIComponent(username)}/status/${encodeURIComponent(postId)}`;

/** The post's link when both its author and its id are known (a reply not sent yet has neither). */
export const postUrlOrNull = (webUrl: string, username: string | null, postId: string | null): string | null =>
  username === null || postId === null ? null : postUrl(webUrl, username, postId);

/**
 * X's web intent: opens X's own composer with the reply pre-filled; the user presses Post. This is
 * assisted delivery (design.md), for replies the API may not send.
 */
export const replyIntentUrl = (webUrl: string, inReplyToPostId: string, text: string): string =>
  `${base(webUrl)}/intent/post?in_reply_to=${encodeURIComponent(inReplyToPostId)}&text=${encodeURIComponent(text)}`;
