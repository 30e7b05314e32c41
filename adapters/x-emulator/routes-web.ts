/**
 * Pages of the emulator's "x.com": sign in, the web intent of assisted delivery (X's composer,
 * pre-filled; the signed-in person presses Post, as themselves), a page per post so links from
 * Riposte open, and a home page that shows the sandbox and switches X's 2026 reply rule.
 */
import type { DuplicateRuleSetting } from './duplicates';
import type { Ctx } from './auth';
import { escapeHtml, intentPage, loginPage, messagePage, page, postPage } from './pages';
import { localPath, sameOrigin, type WebSessions } from './web-session';
import type { Reply } from './wire';
import type { World } from './world';

const USERNAME = /^[A-Za-z0-9_]{1,15}$/;

const html = (status: number, text: string, headers: Record<string, string> = {}): Reply => ({ status, text, contentType: 'text/html; charset=utf-8', headers });
const redirect = (location: string, headers: Record<string, string> = {}): Reply => ({ status: 302, text: '', contentType: 'text/html; charset=utf-8', headers: { location, ...headers } });
const crossSite = (): Reply => html(403, messagePage('Forbidden', 'This form was sent from another site.'));

export interface WebDeps {
  world: World;
  sessions: WebSessions;
  summonRule: { get(): boolean; set(on: boolean): void };
  duplicates: DuplicateRuleSetting;
  now: () => number;
}

export const createWebRoutes = ({ world, sessions, summonRule, duplicates, now }: WebDeps) => {
  const targetOf = (id: string | null | undefined) => {
    const post = id ? world.visiblePost(id) : undefined;
    const author = post ? world.users.get(post.authorId) : undefined;
    return post && author ? { post, author } : undefined;
  };
  const loginUrl = (back: string) => `/i/flow/login?redirect_after_login=${encodeURIComponent(back)}`;

  const loginForm = (ctx: Ctx): Reply => html(200, loginPage({ redirect: localPath(ctx.query.get('redirect_after_login')) }));

  const login = (ctx: Ctx): Reply => {
    if (!sameOrigin(ctx)) return crossSite();
    const form = ctx.form ?? new URLSearchParams();
    const redirectTo = localPath(form.get('redirect_after_login'));
    const username = (form.get('username') ?? '').trim().replace(/^@/, '');
    const again = (error: string) => html(400, loginPage({ redirect: redirectTo, error, username }));
    if (!USERNAME.test(username)) return again('Enter a username of 1-15 letters, digits or underscores.');
    const existing = world.userByName(username);
    if (existing?.simulated) return again('That is a simulated account; sign in with a sandbox account.');
    const user = existing ?? world.addUser({ username, displayName: username });
    if (user.suspended) return again('This account is suspended.');
    return redirect(redirectTo, sessions.signIn(user));
  };

  const logout = (ctx: Ctx): Reply => (sameOrigin(ctx) ? redirect('/', sessions.signOut(ctx)) : crossSite());

  /** X's intent: signed out, the person signs in first and comes back to the same composer. */
  const intentForm = (ctx: Ctx): Reply => {
    const signedIn = sessions.current(ctx);
    if (!signedIn) return redirect(loginUrl(ctx.req.url ?? ctx.path));
    const inReplyTo = ctx.query.get('in_reply_to') ?? undefined;
    const target = targetOf(inReplyTo);
    return html(
      200,
      intentPage({ user: signedIn.user, csrf: signedIn.session.csrf, ...(inReplyTo ? { inReplyTo } : {}), ...(target ? { target } : {}), text: ctx.query.get('text') ?? '' }),
    );
  };

  /** The person posts as themselves in X's own composer: no API rules apply, only X's content rules. */
  const intentPost = (ctx: Ctx): Reply => {
    const form = ctx.form ?? new URLSearchParams();
    const signedIn = sessions.current(ctx);
    if (!signedIn) return redirect(loginUrl('/intent/post'));
    if (!sameOrigin(ctx) || form.get('authenticity_token') !== signedIn.session.csrf) return crossSite();
    const { user, session } = signedIn;
    const inReplyTo = form.get('in_reply_to') ?? undefined;
    const text = (form.get('text') ?? '').trim();
    const target = targetOf(inReplyTo);
    const again = (error: string) =>
      html(400, intentPage({ user, csrf: session.csrf, ...(inReplyTo ? { inReplyTo } : {}), ...(target ? { target } : {}), text, error }));
    if (text === '') return again('Write something first.');
    if (inReplyTo && !target) return again('That post is deleted or not visible.');
    if (duplicates.refuses(world.postsBy(user.id), text, now())) return again('Whoops! You already said that.');
    const post = world.addPost(user.id, {
      text,
      replySettings: 'everyone',
      mediaKeys: [],
      ...(target ? { replyToId: target.post.id, replyToUserId: target.post.authorId } : {}),
    });
    return html(
      200,
      page('Your post was sent', `<h1>Your post was sent.</h1><p><a id="post-link" data-post-id="${post.id}" href="/${escapeHtml(user.username)}/status/${post.id}">View post ${post.id}</a></p>`),
    );
  };

  const status = (username: string, id: string): Reply => {
    const target = targetOf(id);
    if (!target || target.author.username.toLowerCase() !== username.toLowerCase()) return html(404, messagePage('Hmm...this page doesn’t exist.', 'Try searching for something else.'));
    return html(200, postPage(target.post, target.author));
  };

  const home = (ctx: Ctx): Reply => {
    const signedIn = sessions.current(ctx);
    const accounts = [...world.users.values()].filter((u) => u.simulated);
    const sandbox = [...world.users.values()].filter((u) => !u.simulated);
    const list = (users: typeof accounts) => users.map((u) => `<li>@${escapeHtml(u.username)} — ${escapeHtml(u.displayName)}</li>`).join('');
    const on = summonRule.get();
    const who = signedIn
      ? `<p id="signed-in-as">Signed in as <strong>@${escapeHtml(signedIn.user.username)}</strong></p><form method="post" action="/logout"><button type="submit" class="secondary">Sign out</button></form>`
      : `<p><a href="/i/flow/login">Sign in</a></p>`;
    const rule = `<h2>X's reply rule</h2><p id="summon-rule">Summoned replies only: <strong>${on ? 'on' : 'off'}</strong>. ${
      on ? 'Apps without Enterprise access may reply through the API only to posts that mention or quote the replying account, as on X since February 2026.' : 'Every reply may go through the API (not how X behaves).'
    }</p><form method="post" action="/sandbox/summon-rule"><input type="hidden" name="value" value="${on ? 'off' : 'on'}"><button type="submit" id="toggle-summon-rule">Turn ${on ? 'off' : 'on'}</button></form>`;
    return html(
      200,
      page('Home', `<h1>Sandbox X</h1><p>A local stand-in for X, for trying Riposte without X credentials.</p>${who}${rule}<h2>Simulated accounts</h2><ul>${list(accounts)}</ul><h2>Sandbox users</h2><ul>${list(sandbox) || '<li>none yet</li>'}</ul>`),
    );
  };

  /** POST value=on|off (a form on the home page, or curl): the rule X applies to API replies. */
  const setSummonRule = (ctx: Ctx): Reply => {
    if (!sameOrigin(ctx)) return crossSite();
    const value = (ctx.form ?? new URLSearchParams()).get('value') ?? ctx.query.get('value');
    if (value !== 'on' && value !== 'off') return html(400, messagePage('Bad request', 'value must be on or off'));
    summonRule.set(value === 'on');
    return redirect('/');
  };

  return { loginForm, login, logout, intentForm, intentPost, status, home, setSummonRule };
};
