/**
 * Links to X's pages for people. `webUrl` is https://x.com, or the emulator's address in sandbox
 * mode (XAppClient.webUrl), so the same links work in both.
 */
const base = (webUrl: string) => webUrl.replace(/\/+$/, '');

export const postUrl = (webUrl: string, username: string, postId: string): string =>
  `${base(webUrl)}/${encodeURIComponent(username)}/status/${encodeURIComponent(postId)}`;

/**
 * X's web intent: opens X's own composer with the reply pre-filled; the user presses Post. This is
 * assisted delivery (design.md), for replies the API may not send.
 */
export const replyIntentUrl = (webUrl: string, inReplyToPostId: string, text: string): string =>
  `${base(webUrl)}/intent/post?in_reply_to=${encodeURIComponent(inReplyToPostId)}&text=${encodeURIComponent(text)}`;
