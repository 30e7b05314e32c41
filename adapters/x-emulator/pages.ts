/**
 * The emulator's pages for people: the OAuth consent page (where a sandbox user is picked or
 * typed), the PIN page of oob mode, the web-intent composer of assisted delivery, and a plain post
 * page for links. Every page says it is Sandbox X.
 */
import type { EmuPost, EmuUser } from './world';

export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `body{font-family:system-ui,sans-serif;background:#f7f9f9;color:#0f1419;margin:0}
main{max-width:480px;margin:40px auto;background:#fff;border-radius:16px;padding:24px;box-shadow:0 1px 4px #0002}
.badge{display:inline-block;background:#ffd400;color:#000;border-radius:999px;padding:2px 10px;font-size:12px;font-weight:700}
h1{font-size:22px}label{display:block;margin:12px 0 4px;font-weight:600}
input,textarea{width:100%;box-sizing:border-box;font-size:16px;padding:8px;border:1px solid #cfd9de;border-radius:8px}
button{font-size:15px;font-weight:700;border-radius:999px;padding:10px 18px;border:1px solid #0f1419;background:#0f1419;color:#fff;margin:12px 8px 0 0;cursor:pointer}
button.secondary{background:#fff;color:#0f1419}.users button{background:#fff;color:#0f1419;border-color:#cfd9de}
.error{color:#f4212e}kbd{font-size:32px;letter-spacing:4px}@media(max-width:520px){main{margin:0;border-radius:0}}`;

export const page = (title: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">` +
  `<title>${escapeHtml(title)} | Sandbox X</title><style>${STYLE}</style></head><body><main><p class="badge">Sandbox X (emulator)</p>${body}</main></body></html>`;

export interface AuthorizePageInput {
  appName: string;
  oauthToken: string;
  action: '/oauth/authorize' | '/oauth/authenticate';
  sandboxUsers: readonly EmuUser[];
  screenName?: string;
  error?: string;
}

export const authorizePage = (input: AuthorizePageInput): string => {
  const users =
    input.sandboxUsers.length === 0
      ? ''
      : `<p>Sign in as</p><div class="users">${input.sandboxUsers
          .map((u) => `<button type="submit" name="pick" value="${escapeHtml(u.username)}">@${escapeHtml(u.username)}</button>`)
          .join('')}</div><p>or another sandbox account:</p>`;
  return page(
    `Authorize ${input.appName}`,
    `<h1>Authorize ${escapeHtml(input.appName)} to access your account?</h1>
<form method="post" action="${input.action}">
<input type="hidden" name="oauth_token" value="${escapeHtml(input.oauthToken)}">
${users}<label for="username">Username</label>
<input id="username" name="username" autocomplete="username" placeholder="sandbox_user" maxlength="15" value="${escapeHtml(input.screenName ?? '')}">
${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
<button type="submit" name="decision" value="allow" id="allow">Authorize app</button>
<button type="submit" name="decision" value="deny" id="cancel" class="secondary">Cancel</button>
</form>
<p>This app will be able to read your posts and post for you. Sandbox accounts exist only in this emulator.</p>`,
  );
};

export const pinPage = (appName: string, pin: string, username: string): string =>
  page(
    'Authorization PIN',
    `<h1>You've granted access to ${escapeHtml(appName)} as @${escapeHtml(username)}</h1>
<div id="oauth_pin"><p>Next, return to ${escapeHtml(appName)} and enter this PIN to complete the authorization process:</p>
<p><kbd aria-label="PIN"><code>${escapeHtml(pin)}</code></kbd></p></div>`,
  );

export const messagePage = (title: string, message: string): string => page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);

export interface IntentPageInput {
  /** The signed-in person the post goes out as. */
  user: EmuUser;
  csrf: string;
  inReplyTo?: string;
  target?: { post: EmuPost; author: EmuUser };
  text: string;
  error?: string;
}

/** X's composer of a web intent: whose account it posts as, the post answered, the text, Post. */
export const intentPage = (input: IntentPageInput): string =>
  page(
    'Post your reply',
    `<h1>${input.inReplyTo ? 'Post your reply' : 'What is happening?'}</h1>
<p id="signed-in-as">Posting as <strong>@${escapeHtml(input.user.username)}</strong> (${escapeHtml(input.user.displayName)}) · <a href="/i/flow/login?redirect_after_login=${encodeURIComponent(`/intent/post?${new URLSearchParams({ ...(input.inReplyTo ? { in_reply_to: input.inReplyTo } : {}), text: input.text }).toString()}`)}">Switch account</a></p>
${input.target ? `<blockquote id="in-reply-to">Replying to <strong>@${escapeHtml(input.target.author.username)}</strong>: ${escapeHtml(input.target.post.text)}</blockquote>` : ''}
<form method="post" action="/intent/post">
<input type="hidden" name="authenticity_token" value="${escapeHtml(input.csrf)}">
${input.inReplyTo ? `<input type="hidden" name="in_reply_to" value="${escapeHtml(input.inReplyTo)}">` : ''}
<label for="text">Your reply</label><textarea id="text" name="text" rows="5">${escapeHtml(input.text)}</textarea>
${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
<button type="submit" id="post">Post</button></form>`,
  );

/** The sign-in page: a sandbox account by name, no password (it exists only in this emulator). */
export const loginPage = (input: { redirect: string; error?: string; username?: string }): string =>
  page(
    'Sign in',
    `<h1>Sign in to Sandbox X</h1>
<form method="post" action="/i/flow/login">
<input type="hidden" name="redirect_after_login" value="${escapeHtml(input.redirect)}">
<label for="username">Username</label>
<input id="username" name="username" autocomplete="username" placeholder="sandbox_user" maxlength="15" value="${escapeHtml(input.username ?? '')}">
${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
<button type="submit" id="sign-in">Sign in</button></form>
<p>Use the account you connected to Riposte. Sandbox accounts exist only in this emulator and need no password.</p>`,
  );

export const postPage = (post: EmuPost, author: EmuUser): string =>
  page(
    `@${author.username}`,
    `<h1>${escapeHtml(author.displayName)} <small>@${escapeHtml(author.username)}</small></h1>
<article data-post-id="${escapeHtml(post.id)}"><p>${escapeHtml(post.text)}</p><time datetime="${new Date(post.createdAt).toISOString()}">${new Date(post.createdAt).toUTCString()}</time></article>`,
  );
