// Sign in with X and connected X accounts over real HTTP, against the bundled X emulator (sandbox
// mode: no RIPOSTE_X_API_KEY), with the real adapter (twitter-api-v2) in between.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client} from './support';
import { errorOf, startTestServer, type TestServer } from './support';
import { consent } from './x.support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const signInWithX = async (handle: string) => {
  const client = server.client();
  const start = await client.get('/api/x/auth/login');
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const { url } = start.body as { url: string };
  const { location } = await consent(url, handle);
  expect(location).toContain('/api/x/auth/callback?');
  const back = new URL(location ?? '');
  const done = await client.get(`${back.pathname}${back.search}`);
  expect(done.status).toBe(302);
  return { client, redirect: done.headers.get('location') ?? '' };
};

const connectByPin = async (client: Client, handle: string) => {
  const start = await client.get('/api/x/auth/url');
  expect(start.status).toBe(200);
  const { url, token } = start.body as { url: string; token: string };
  const { pin } = await consent(url, handle);
  expect(pin).toMatch(/^\d+$/);
  return client.post('/api/x/auth/verify-pin', { token, pinCode: pin });
};

const accounts = async (client: Client) =>
  (await client.get('/api/x/accounts')).body as { accounts: { id: string; username: string }[]; accountLimit: number | null; remainingSlots: number | null };

describe('sign in with X', () => {
  it('creates the user by X id, starts a session, auto-connects the account, and finds the same user next time', async () => {
    const first = await signInWithX('xsign_alice');
    expect(first.redirect).toMatch(/^\/x-auth-callback\?auth_status=success&username=xsign_alice&new_user=1$/);
    const status = await first.client.get('/api/auth/status');
    const user = (status.body as { user: { id: string; username: string; xUserId: string; passwordChangeRequired: boolean } }).user;
    // Signed in with X: no password to choose now (Settings offers one).
    expect(user).toMatchObject({ username: 'xsign_alice', passwordChangeRequired: false, hasPassword: false });
    expect(user.xUserId).toMatch(/^\d+$/);
    const list = await accounts(first.client);
    expect(list.accounts.map((a) => a.username)).toEqual(['xsign_alice']);
    expect(list).toMatchObject({ accountLimit: 1, remainingSlots: 0 });
    expect(JSON.stringify(list)).not.toMatch(/accessToken|accessSecret|rtk1\./);
    // The dashboard's connected-accounts query reads the same read model.
    const onDashboard = (await first.client.get('/api/connected-accounts')).body as { id: string; username: string }[];
    expect(onDashboard.map((a) => [a.id, a.username])).toEqual(list.accounts.map((a) => [a.id, a.username]));

    const again = await signInWithX('xsign_alice');
    expect(again.redirect).toMatch(/^\/x-auth-callback\?auth_status=success&username=xsign_alice$/);
    const same = (await again.client.get('/api/auth/status')).body as { user: { id: string } };
    expect(same.user.id).toBe(user.id);
    expect(again.client.sessionId()).not.toBe(first.client.sessionId());
  });

  it('makes the username unique when the X handle is taken by a password user', async () => {
    await server.newUser('xtaken_bob');
    const { client, redirect } = await signInWithX('xtaken_bob');
    expect(redirect).toContain('username=xtaken_bob_x');
    expect(((await client.get('/api/auth/status')).body as { user: { username: string } }).user.username).toBe('xtaken_bob_x');
  });
});

describe('connected X accounts', () => {
  it('connects by PIN, enforces the slot, refuses the same X account for another user, keeps accounts private, disconnects', async () => {
    const { client: owner } = await server.newUser();
    expect((await accounts(owner)).accounts).toEqual([]);
    const verified = await connectByPin(owner, 'pin_carol');
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ success: true, username: 'pin_carol' });
    const list = await accounts(owner);
    expect(list).toMatchObject({ accountLimit: 1, remainingSlots: 0 });
    const [account] = list.accounts;
    expect(account).toMatchObject({ username: 'pin_carol', isActive: true, usedInSchedules: false, schedulesCount: 0 });

    // Trial: one slot.
    const full = await owner.get('/api/x/auth/url');
    expect(full.status).toBe(402);
    expect(errorOf(full).code).toBe('ACCOUNT_LIMIT_REACHED');

    // Another user: the same X account is refused clearly; the owner's account does not exist for them.
    const { client: other } = await server.newUser();
    const taken = await connectByPin(other, 'pin_carol');
    expect(taken.status).toBe(409);
    expect(errorOf(taken)).toMatchObject({ code: 'X_ACCOUNT_TAKEN', message: expect.stringContaining('already connected to another Riposte user') });
    expect((await other.request('DELETE', `/api/x/accounts/${account?.id}`)).status).toBe(404);
    expect((await other.get(`/api/x/auth/reconnect/${account?.id}`)).status).toBe(404);

    // A PIN token is single-use and bound to the user who started it.
    const bad = await owner.post('/api/x/auth/verify-pin', { token: 'nope', pinCode: '123' });
    expect(bad.status).toBe(404);
    expect((await owner.post('/api/x/auth/verify-pin', { token: 'x', pinCode: ' ' })).body).toMatchObject({ message: 'Please enter the PIN provided by X.', field: 'pinCode' });

    // Test tweet through the emulator.
    const tweet = await owner.post('/api/x/test-tweet', { connectedAccountId: account?.id, content: 'Hello from the sandbox' });
    expect(tweet.status).toBe(200);
    expect((tweet.body as { tweetId: string }).tweetId).toMatch(/^\d+$/);

    // Disconnect; the X account is free again, for the other user.
    const gone = await owner.request('DELETE', `/api/x/accounts/${account?.id}`);
    expect(gone.status).toBe(200);
    expect((await accounts(owner)).accounts).toEqual([]);
    expect((await connectByPin(other, 'pin_carol')).status).toBe(200);
  });

  it('keeps the authorisation open after a mistyped PIN, and gives it up after 5 wrong ones', async () => {
    const wrongOf = (pin: string) => String((Number(pin) + 1) % 10_000_000).padStart(pin.length, '0');
    const { client } = await server.newUser();
    const start = (await client.get('/api/x/auth/url')).body as { url: string; token: string };
    const { pin } = await consent(start.url, 'pin_typo');
    const typo = await client.post('/api/x/auth/verify-pin', { token: start.token, pinCode: wrongOf(pin ?? '') });
    expect(typo.status).toBe(400);
    expect(errorOf(typo)).toMatchObject({ field: 'pinCode', code: 'PIN_REJECTED', message: 'X did not accept this PIN. Check the PIN X shows and type it again.' });
    expect((await accounts(client)).accounts).toEqual([]);
    // The status poll still says pending, and the right PIN then connects.
    expect((await client.get(`/api/x/auth/status/${start.token}`)).body).toMatchObject({ status: 'pending' });
    const right = await client.post('/api/x/auth/verify-pin', { token: start.token, pinCode: pin });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect((await accounts(client)).accounts.map((a) => a.username)).toEqual(['pin_typo']);
    // Spent: the same PIN again is refused as used.
    expect((await client.post('/api/x/auth/verify-pin', { token: start.token, pinCode: pin })).status).toBe(404);

    const { client: guesser } = await server.newUser();
    const again = (await guesser.get('/api/x/auth/url')).body as { url: string; token: string };
    const { pin: real } = await consent(again.url, 'pin_guess');
    for (let i = 0; i < 4; i += 1) expect(errorOf(await guesser.post('/api/x/auth/verify-pin', { token: again.token, pinCode: `000000${i}` })).code).toBe('PIN_REJECTED');
    const fifth = await guesser.post('/api/x/auth/verify-pin', { token: again.token, pinCode: '0000009' });
    expect(fifth.status).toBe(400);
    expect(errorOf(fifth).message).toBe('Failed to verify PIN. Please try again with a new PIN.');
    // Given up: even the right PIN is refused now, and the user starts again.
    const late = await guesser.post('/api/x/auth/verify-pin', { token: again.token, pinCode: real });
    expect(late.status).toBe(404);
    expect(errorOf(late).message).toBe('This X authorisation has expired or was already used. Please start again.');
    expect((await accounts(guesser)).accounts).toEqual([]);
  });

  it('answers the credentials status (to admins) and sandbox config', async () => {
    const client = await server.admin();
    const creds = (await client.get('/api/x/auth/credentials-check')).body as { status: string; sandbox: boolean };
    expect(creds.sandbox).toBe(true);
    expect(['success', 'partial']).toContain(creds.status);
    expect(((await client.get('/api/config')).body as { sandboxX: boolean }).sandboxX).toBe(true);
    expect((await server.client().get('/api/x/accounts')).status).toBe(401);
  });

  it('never writes a plaintext token to the database files', async () => {
    const { client } = await signInWithX('xgrep_dave');
    const me = ((await client.get('/api/auth/status')).body as { user: { xUserId: string } }).user;
    // Emulator access tokens are "<x user id>-<secret>": grep for that prefix.
    const needle = `${me.xUserId}-`;
    const files = readdirSync(server.dataDir).filter((f) => /^(events|read|sessions)\.db(-wal)?$/.test(f));
    expect(files.length).toBeGreaterThanOrEqual(3);
    let sealed = false;
    for (const f of files) {
      const bytes = readFileSync(join(server.dataDir, f)).toString('latin1');
      expect(bytes.includes(needle), `${f} holds a plaintext token`).toBe(false);
      sealed ||= bytes.includes('rtk1.');
    }
    expect(sealed).toBe(true);
  });
});
