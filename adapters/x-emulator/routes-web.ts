/**
 * Pages of the emulator's "x.com": the web intent of assisted delivery (X's composer, pre-filled;
 * the person presses Post, as themselves) and a page per post so links from Riposte open.
 */
import type { Ctx } from './auth';
import { intentPage, messagePage, page, escapeHtml, postPage } from './pages';
import type { Reply } from './wire';
import type { World } from './world';

const html = (status: number, text: string): Reply => ({ status, text, contentType: 'text/html; charset=utf-8' });

export const createWebRoutes = (world: World) => {
  const targetOf = (id: string | null | undefined) => {
    const post = id ? world.visiblePost(id) : undefined;
    const author = post ? world.users.get(post.authorId) : undefined;
    return post && author ? { post, author } : undefined;
  };

  const intentForm = (ctx: Ctx): Reply => {
    const inReplyTo = ctx.query.get('in_reply_to') ?? undefined;
    const target = targetOf(inReplyTo);
    return html(200, intentPage({ ...(inReplyTo ? { inReplyTo } : {}), ...(target ? { target } : {}), text: ctx.query.get('text') ?? '' }));
  };

  /** The person posts as themselves in X's own composer: no API rules apply, only X's content rules. */
  const intentPost = (ctx: Ctx): Reply => {
    const form = ctx.form ?? new URLSearchParams();
    const inReplyTo = form.get('in_reply_to') ?? undefined;
    const text = (form.get('text') ?? '').trim();
    const user = world.userByName((form.get('username') ?? '').trim().replace(/^@/, ''));
    const target = targetOf(inReplyTo);
    const again = (error: string) => html(400, intentPage({ ...(inReplyTo ? { inReplyTo } : {}), ...(target ? { target } : {}), text, error }));
    if (!user || user.suspended) return again('No such sandbox account (sign in to Riposte with it first).');
    if (text === '') return again('Write something first.');
    if (inReplyTo && !target) return again('That post is deleted or not visible.');
    const post = world.addPost(user.id, {
      text,
      replySettings: 'everyone',
      mediaKeys: [],
      ...(target ? { replyToId: target.post.id, replyToUserId: target.post.authorId } : {}),
    });
    return html(200, page('Your post was sent', `<h1>Your post was sent.</h1><p><a id="post-link" href="/${escapeHtml(user.username)}/status/${post.id}">View post ${post.id}</a></p>`));
  };

  const status = (username: string, id: string): Reply => {
    const target = targetOf(id);
    if (!target || target.author.username.toLowerCase() !== username.toLowerCase()) return html(404, messagePage('Hmm...this page doesn’t exist.', 'Try searching for something else.'));
    return html(200, postPage(target.post, target.author));
  };

  const home = (): Reply => {
    const accounts = [...world.users.values()].filter((u) => u.simulated);
    const sandbox = [...world.users.values()].filter((u) => !u.simulated);
    const list = (users: typeof accounts) => users.map((u) => `<li>@${escapeHtml(u.username)} — ${escapeHtml(u.displayName)}</li>`).join('');
    return html(200, page('Home', `<h1>Sandbox X</h1><p>A local stand-in for X, for trying Riposte without X credentials.</p><h2>Simulated accounts</h2><ul>${list(accounts)}</ul><h2>Sandbox users</h2><ul>${list(sandbox) || '<li>none yet</li>'}</ul>`));
  };

  return { intentForm, intentPost, status, home };
};
