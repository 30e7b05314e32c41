/**
 * An X authorisation finishes only in the browser that started it. Two independent Clients play
 * two browsers against a real server and the bundled X emulator: the attacker starts a flow and
 * hands the X link (or X's redirect back) to the victim. The victim's browser is refused with a
 * clear answer and nothing changes: no account connected, no session created; the browser that
 * started the flow still finishes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startTestServer, type Client, type TestServer } from '../api/support';
import { consent, openCallback, signedInUser, xAccountsOf } from './x-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const OTHER_BROWSER = 'X_AUTH_OTHER_BROWSER';

/** The same user signed in a second time: another session, another browser. */
const secondSession = async (username: string): Promise<Client> => {
  const c = server.client();
  const res = await c.post('/api/auth/login', { username, password: 'secret-pw-1' });
  expect(res.status).toBe(200);
  return c;
};

const usernames = async () => {
  const admin = await server.admin();
  return ((await admin.get('/api/admin/users')).body as { users: { username: string }[] }).users.map((u) => u.username);
};

describe('connect by callback (popup)', () => {
  it("refuses the victim's browser finishing the attacker's flow: no account for either", async () => {
    const { client: attacker } = await server.newUser();
    const { client: victim } = await server.newUser();
    const start = await attacker.get('/api/x/auth/direct');
    expect(start.status).toBe(200);
    const { url, token } = start.body as { url: string; token: string };

    // The victim opens the consent link, approves with their X account, X sends them back.
    const { location } = await consent(url, 'bind_victim1');
    expect(location).toContain('/api/x/auth/callback?');
    const back = await openCallback(victim, location ?? '');
    expect(back.status).toBe(302);
    expect(back.redirect).toBe('/connected-accounts?x_auth=error&code=other_browser');

    expect(await xAccountsOf(attacker)).toEqual([]);
    expect(await xAccountsOf(victim)).toEqual([]);
    // The attacker's request is untouched: still waiting, never settled by the victim's visit.
    expect((await attacker.get(`/api/x/auth/status/${token}`)).body).toMatchObject({ status: 'pending' });

    // A visitor (no session at all) is refused the same way.
    const anonymous = await openCallback(server.client(), location ?? '');
    expect(anonymous.redirect).toBe('/connected-accounts?x_auth=error&code=other_browser');
    expect(await xAccountsOf(attacker)).toEqual([]);
  });

  it('refuses another session of the same user, and connects in the browser that started', async () => {
    const { client: owner, user } = await server.newUser();
    const other = await secondSession(user.username);
    const { url, token } = (await owner.get('/api/x/auth/direct')).body as { url: string; token: string };
    const { location } = await consent(url, 'bind_owner1');

    expect((await openCallback(other, location ?? '')).redirect).toBe('/connected-accounts?x_auth=error&code=other_browser');
    expect(await xAccountsOf(owner)).toEqual([]);
    // The status poll answers only the starting session.
    expect((await other.get(`/api/x/auth/status/${token}`)).body).toMatchObject({ status: 'error' });

    const done = await openCallback(owner, location ?? '');
    expect(done.redirect).toBe('/connected-accounts?x_auth=success&username=bind_owner1');
    expect((await xAccountsOf(owner)).map((a) => a.username)).toEqual(['bind_owner1']);
    expect((await owner.get(`/api/x/auth/status/${token}`)).body).toMatchObject({ status: 'success', username: 'bind_owner1' });
  });
});

describe('sign in with X (login CSRF)', () => {
  it("does not sign the victim in as the attacker, creates nobody, and the attacker's own browser still signs in", async () => {
    const attacker = server.client();
    const start = await attacker.get('/api/x/auth/login');
    expect(start.status).toBe(200);
    const { location } = await consent((start.body as { url: string }).url, 'bind_csrf_x');
    expect(location).toContain('/api/x/auth/callback?');

    // The victim, signed in as themselves, opens the attacker's callback URL.
    const { client: victim, user: victimUser } = await server.newUser();
    const refused = await openCallback(victim, location ?? '');
    expect(refused.redirect).toBe('/x-auth-callback?auth_status=error&code=other_browser');
    expect((await signedInUser(victim))?.id).toBe(victimUser.id);
    expect(await xAccountsOf(victim)).toEqual([]);

    // A fresh browser with no session is not signed in either.
    const fresh = server.client();
    expect((await openCallback(fresh, location ?? '')).redirect).toBe('/x-auth-callback?auth_status=error&code=other_browser');
    expect(await signedInUser(fresh)).toBeNull();
    expect(fresh.sessionId()).toBeUndefined();
    expect(await usernames()).not.toContain('bind_csrf_x');

    const own = await openCallback(attacker, location ?? '');
    expect(own.redirect).toBe('/x-auth-callback?auth_status=success&username=bind_csrf_x&new_user=1');
    expect((await signedInUser(attacker))?.username).toBe('bind_csrf_x');
  });

  it('sets the sign-in nonce as an HttpOnly SameSite=Lax cookie', async () => {
    const res = await fetch(`${server.url}/api/x/auth/login`, { headers: { 'X-Riposte-Request': '1' } });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('riposte.xflow='));
    expect(cookie).toMatch(/^riposte\.xflow=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/; httponly/i);
    expect(cookie).toMatch(/; samesite=lax/i);
    expect(cookie).toMatch(/; path=\//i);
  });
});

describe('PIN flows', () => {
  it('refuses a PIN sent from another session or another user, then verifies it in the starting session', async () => {
    const { client: owner, user } = await server.newUser();
    const other = await secondSession(user.username);
    const { client: stranger } = await server.newUser();
    const { url, token } = (await owner.get('/api/x/auth/url')).body as { url: string; token: string };
    const { pin } = await consent(url, 'bind_pin1');
    expect(pin).toMatch(/^\d+$/);

    const fromOther = await other.post('/api/x/auth/verify-pin', { token, pinCode: pin });
    expect(fromOther.status).toBe(403);
    expect(errorOf(fromOther)).toMatchObject({ code: OTHER_BROWSER, message: expect.stringContaining('another browser') });
    expect((await stranger.post('/api/x/auth/verify-pin', { token, pinCode: pin })).status).toBe(404);
    expect(await xAccountsOf(owner)).toEqual([]);
    expect(await xAccountsOf(stranger)).toEqual([]);

    const ok = await owner.post('/api/x/auth/verify-pin', { token, pinCode: pin });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, username: 'bind_pin1' });
  });

  it('refuses a reconnect PIN from another session, with or without the token, then reconnects in the starting one', async () => {
    const { client: owner, user } = await server.newUser();
    const first = (await owner.get('/api/x/auth/url')).body as { url: string; token: string };
    const firstPin = (await consent(first.url, 'bind_re1')).pin;
    expect((await owner.post('/api/x/auth/verify-pin', { token: first.token, pinCode: firstPin })).status).toBe(200);
    const [account] = await xAccountsOf(owner);
    expect(account).toBeDefined();

    const other = await secondSession(user.username);
    const re = (await owner.get(`/api/x/auth/reconnect/${account?.id}`)).body as { url: string; token: string };
    const { pin } = await consent(re.url, 'bind_re1');
    for (const body of [{ accountId: account?.id, pinCode: pin }, { accountId: account?.id, pinCode: pin, token: re.token }]) {
      const refused = await other.post('/api/x/auth/reconnect-pin', body);
      expect(refused.status).toBe(403);
      expect(errorOf(refused).code).toBe(OTHER_BROWSER);
    }
    const ok = await owner.post('/api/x/auth/reconnect-pin', { accountId: account?.id, pinCode: pin });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, username: 'bind_re1' });
  });
});
