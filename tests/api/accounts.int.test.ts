/**
 * Monitored accounts over real HTTP against a real server (SQLite store, projections): the spec's
 * calls and defaults, the permission matrix (admin / legacy / permitted user / plain user /
 * anonymous) enforced on the server, visibility, every validation message with its field, legacy
 * mode with a server-checked PIN and its cap of 3, and the activity overview's honest zeros.
 *
 * X is switched off here (no credentials, sandbox refused), so accounts added without an X id keep
 * it unresolved (null): never a made-up placeholder. Lookups through X (the real adapter against
 * the emulator) are covered in accounts-x.int.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startTestServer, uniqueName, type Client, type TestServer } from './support';

const PIN = '4321';

let server: TestServer;
let admin: Client;
let legacy: { client: Client; id: string };
let permitted: { client: Client; id: string };
let plain: { client: Client; id: string };

type Account = {
  id: string;
  username: string;
  displayName: string;
  bio: string | null;
  xUserId: string | null;
  isActive: boolean;
  shouldMonitor: boolean;
  monitoringInterval: number;
  monitoringTier: string;
  visibleToLegacy: boolean;
  visibleToNormal: boolean;
  adminOnly: boolean;
  addedByOwner: boolean;
  isMonitored: boolean;
  userOnly: boolean;
  userId: string | null;
  createdAt: string;
  updatedAt: string;
};

const del = (client: Client, path: string) => client.request('DELETE', path);
const patch = (client: Client, path: string, body: unknown) => client.request('PATCH', path, body);

/** A fresh, valid X username (1-15 characters). */
const handle = () => `a${uniqueName('').slice(-12)}`;

const add = async (client: Client, body: Record<string, unknown>): Promise<Account> => {
  const res = await client.post('/api/accounts', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Account;
};

const ids = async (client: Client): Promise<string[]> => {
  const res = await client.get('/api/accounts');
  expect(res.status).toBe(200);
  return (res.body as Account[]).map((a) => a.id);
};

beforeAll(async () => {
  server = await startTestServer({ RIPOSTE_LEGACY_PIN: PIN, RIPOSTE_X_SANDBOX: 'false' });
  admin = await server.admin();
  const make = async () => {
    const u = await server.newUser();
    return { client: u.client, id: u.user.id };
  };
  legacy = await make();
  permitted = await make();
  plain = await make();
  expect((await admin.put(`/api/admin/users/${legacy.id}/role`, { role: 'legacy' })).status).toBe(200);
  expect((await admin.put(`/api/admin/users/${permitted.id}/permissions`, { mayAddMonitoredAccounts: true })).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

describe('calls', () => {
  it('registers every call', () => {
    const keys = server.routes.map((r) => `${r.method} ${r.path}`);
    for (const k of [
      'GET /api/accounts',
      'GET /api/accounts/access',
      'GET /api/accounts/activity',
      'GET /api/accounts/:id',
      'POST /api/accounts',
      'POST /api/accounts/legacy/verify-pin',
      'PUT /api/accounts/:id',
      'PATCH /api/accounts/:id/visibility',
      'PATCH /api/accounts/:id/tier',
      'DELETE /api/accounts/:id',
      'GET /api/user/accounts',
    ]) {
      expect(keys).toContain(k);
    }
  });

  it('refuses visitors with 401 everywhere', async () => {
    const visitor = server.client();
    for (const [method, path] of [
      ['GET', '/api/accounts'],
      ['GET', '/api/accounts/access'],
      ['GET', '/api/accounts/activity'],
      ['POST', '/api/accounts'],
      ['PUT', '/api/accounts/x'],
      ['DELETE', '/api/accounts/x'],
      ['GET', '/api/user/accounts'],
    ] as const) {
      const res = await visitor.request(method, path, method === 'GET' ? undefined : { username: 'a', displayName: 'A' });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 401 });
    }
  });
});

describe('adding', () => {
  it('stores the defaults of spec §3, the adder, and no made-up X id', async () => {
    const me = (await admin.get('/api/auth/status')).body as { user: { id: string } };
    const name = handle();
    const account = await add(admin, { username: ` @${name} `, displayName: ' Naval ', bio: 'Angel investor' });
    expect(account).toMatchObject({
      username: name,
      displayName: 'Naval',
      bio: 'Angel investor',
      xUserId: null,
      isActive: true,
      monitoringInterval: 15,
      shouldMonitor: true,
      monitoringTier: 'standard',
      visibleToLegacy: true,
      visibleToNormal: true,
      adminOnly: false,
      addedByOwner: false,
      isMonitored: true,
      userOnly: false,
      userId: me.user.id,
    });
    expect(account.createdAt).toBe(account.updatedAt);
    expect((await admin.get(`/api/accounts/${account.id}`)).body).toEqual(account);
  });

  it('reduces a profile URL to the username and keeps a given X id', async () => {
    const name = handle();
    const account = await add(admin, { username: `https://x.com/${name}?s=20`, displayName: 'From link', xUserId: '44196397' });
    expect(account).toMatchObject({ username: name, xUserId: '44196397' });
  });

  it('refuses a username already monitored, in any case or spelling', async () => {
    const name = handle();
    await add(admin, { username: name, displayName: 'First' });
    for (const spelling of [name.toUpperCase(), `@${name}`, `twitter.com/${name}`]) {
      const res = await permitted.client.post('/api/accounts', { username: spelling, displayName: 'Second' });
      expect(res.status).toBe(409);
      expect(errorOf(res)).toMatchObject({ message: 'This account is already being monitored', field: 'username' });
    }
  });

  it.each([
    [{ displayName: 'A' }, 'X username is required', 'username'],
    [{ username: '   ', displayName: 'A' }, 'X username is required', 'username'],
    [{ username: '@', displayName: 'A' }, 'X username is required', 'username'],
    [{ username: 'sixteen_chars_xx', displayName: 'A' }, 'Username must be 1-15 characters and can only contain letters, numbers, and underscores', 'username'],
    [{ username: 'bad-name', displayName: 'A' }, 'Username must be 1-15 characters and can only contain letters, numbers, and underscores', 'username'],
    [{ username: 'https://example.com/naval', displayName: 'A' }, 'Enter an X profile link such as https://x.com/username, or the @username', 'username'],
    [{ username: 'ok_name' }, 'Display name is required', 'displayName'],
    [{ username: 'ok_name', displayName: '  ' }, 'Display name is required', 'displayName'],
    [{ username: 'ok_name', displayName: 'x'.repeat(51) }, 'Display name cannot exceed 50 characters', 'displayName'],
    [{ username: 'ok_name', displayName: 'A', bio: 'x'.repeat(161) }, 'Bio cannot exceed 160 characters', 'bio'],
    [{ username: 'ok_name', displayName: 'A', xUserId: 'abc' }, 'X user ID must contain only digits (at most 20)', 'xUserId'],
    [{ username: 'ok_name', displayName: 'A', topicKeyword: 'x'.repeat(101) }, 'Topic keyword cannot exceed 100 characters', 'topicKeyword'],
    [{ username: 'ok_name', displayName: 'A', profilePicture: 'ftp://x' }, 'Profile picture must be an http(s) address', 'profilePicture'],
    [{ username: 'ok_name', displayName: 'A', monitoringInterval: 0 }, 'Monitoring interval must be a whole number of minutes from 1 to 1440', 'monitoringInterval'],
    [{ username: 'ok_name', displayName: 'A', monitoringTier: 'urgent' }, 'Tier must be one of high, standard or low', 'monitoringTier'],
    [{ username: 'ok_name', displayName: 'A', isActive: 'yes' }, 'isActive must be true or false', 'isActive'],
  ])('refuses %j with its message and field, and stores nothing', async (body, message, field) => {
    const before = await ids(admin);
    const res = await admin.post('/api/accounts', body);
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({ message, field });
    expect(await ids(admin)).toEqual(before);
  });
});

describe('permission matrix', () => {
  let shared: Account;
  beforeAll(async () => {
    shared = await add(admin, { username: handle(), displayName: 'Shared' });
  });

  it('says what each caller may do', async () => {
    const access = async (client: Client) => (await client.get('/api/accounts/access')).body;
    const legacyOn = { enabled: true, used: 0, limit: 3 };
    expect(await access(admin)).toEqual({ canAdd: true, canEdit: true, canDelete: true, canSetVisibility: true, canSetTier: true, seesAll: true, legacyMode: legacyOn });
    const adder = { canAdd: true, canEdit: false, canDelete: false, canSetVisibility: false, canSetTier: false, seesAll: false, legacyMode: legacyOn };
    expect(await access(legacy.client)).toEqual(adder);
    expect(await access(permitted.client)).toEqual(adder);
    expect(await access(plain.client)).toEqual({ ...adder, canAdd: false });
  });

  it('legacy and permitted users add; a plain user is refused (403) and nothing is stored', async () => {
    const byLegacy = await add(legacy.client, { username: handle(), displayName: 'By legacy' });
    expect(byLegacy.userId).toBe(legacy.id);
    const byPermitted = await add(permitted.client, { username: handle(), displayName: 'By permitted' });
    expect(byPermitted.userId).toBe(permitted.id);
    const before = await ids(admin);
    const res = await plain.client.post('/api/accounts', { username: handle(), displayName: 'By plain' });
    expect(res.status).toBe(403);
    expect(errorOf(res).message).toBe('You do not have permission to add monitored accounts');
    expect(await ids(admin)).toEqual(before);
  });

  it('only admins choose visibility and tiers, even when adding', async () => {
    const res = await legacy.client.post('/api/accounts', { username: handle(), displayName: 'Hidden', adminOnly: true });
    expect(res.status).toBe(403);
    expect(errorOf(res).message).toBe('Only admins can set visibility and monitoring tiers');
    expect((await permitted.client.post('/api/accounts', { username: handle(), displayName: 'Fast', monitoringTier: 'high' })).status).toBe(403);
  });

  it('non-admins can neither edit nor delete (403), even their own', async () => {
    const own = await add(legacy.client, { username: handle(), displayName: 'Own' });
    for (const client of [legacy.client, permitted.client, plain.client]) {
      for (const target of [shared, own]) {
        // The legacy user's own account waits for approval: nobody else sees it (404).
        const refused = target === own && client !== legacy.client ? 404 : 403;
        expect((await client.put(`/api/accounts/${target.id}`, { displayName: 'Changed' })).status).toBe(refused);
        expect((await patch(client, `/api/accounts/${target.id}/visibility`, { adminOnly: true })).status).toBe(refused);
        expect((await patch(client, `/api/accounts/${target.id}/tier`, { tier: 'high' })).status).toBe(refused);
        const removed = await del(client, `/api/accounts/${target.id}`);
        // The legacy adder sees their own; the others see the shared one only.
        expect([403, 404]).toContain(removed.status);
      }
    }
    expect(errorOf(await legacy.client.put(`/api/accounts/${own.id}`, { displayName: 'x' })).message).toBe('Only admins can edit or delete monitored accounts');
    expect((await admin.get(`/api/accounts/${own.id}`)).body).toMatchObject({ displayName: 'Own' });
    expect((await admin.get(`/api/accounts/${shared.id}`)).body).toMatchObject({ displayName: 'Shared' });
  });

  it('admins edit, set visibility and tiers, pause and resume, and delete', async () => {
    const a = await add(admin, { username: handle(), displayName: 'Target' });
    const edited = await admin.put(`/api/accounts/${a.id}`, { displayName: 'Renamed', bio: 'New bio', isActive: true });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ displayName: 'Renamed', bio: 'New bio' });

    // Tier changes need the X Admin step-up, which needs an X app (none here: sandbox X is off);
    // tests/security/tier-step-up.int.test.ts changes tiers with it.
    const tier = await patch(admin, `/api/accounts/${a.id}/tier`, { tier: 'high' });
    expect(errorOf(tier).message).toBe('X Admin authentication is required to change account tiers.');
    expect((await admin.post('/api/admin/polling-settings/verify-x-admin', { xAdminToken: 'anything' })).status).toBe(503);

    const hidden = await patch(admin, `/api/accounts/${a.id}/visibility`, { visibleToNormal: false });
    expect(hidden.body).toMatchObject({ visibleToNormal: false, visibleToLegacy: true, adminOnly: false });

    const paused = await admin.put(`/api/accounts/${a.id}`, { shouldMonitor: false });
    expect(paused.body).toMatchObject({ shouldMonitor: false, isMonitored: false });
    const resumed = await admin.put(`/api/accounts/${a.id}`, { shouldMonitor: true });
    expect(resumed.body).toMatchObject({ shouldMonitor: true, isMonitored: true });

    const removed = await del(admin, `/api/accounts/${a.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ success: true, id: a.id, message: 'Account deleted successfully' });
    expect((await admin.get(`/api/accounts/${a.id}`)).status).toBe(404);
    expect(await ids(admin)).not.toContain(a.id);
    // Deleting again answers the same; the username is free again.
    expect((await del(admin, `/api/accounts/${a.id}`)).status).toBe(200);
    await add(admin, { username: a.username.toUpperCase(), displayName: 'Back again' });
  });

  it('a rename frees the old username and takes the new one', async () => {
    const a = await add(admin, { username: handle(), displayName: 'Renamer' });
    const newName = handle();
    const res = await admin.put(`/api/accounts/${a.id}`, { username: `@${newName}` });
    expect(res.body).toMatchObject({ username: newName });
    await add(admin, { username: a.username, displayName: 'Old name reused' });
    expect((await admin.post('/api/accounts', { username: newName, displayName: 'Clash' })).status).toBe(409);
  });

  it('refuses bad edits with the message and field', async () => {
    expect(errorOf(await admin.put(`/api/accounts/${shared.id}`, { username: 'no way!' }))).toMatchObject({
      message: 'Username must be 1-15 characters and can only contain letters, numbers, and underscores',
      field: 'username',
    });
    expect(errorOf(await admin.put(`/api/accounts/${shared.id}`, { displayName: '' }))).toMatchObject({ message: 'Display name is required', field: 'displayName' });
    expect(errorOf(await patch(admin, `/api/accounts/${shared.id}/visibility`, {}))).toMatchObject({
      message: 'Choose at least one of visibleToLegacy, visibleToNormal or adminOnly',
    });
    expect(errorOf(await patch(admin, `/api/accounts/${shared.id}/tier`, { tier: 'max' }))).toMatchObject({ message: 'Tier must be one of high, standard or low', field: 'tier' });
  });

  it('answers 404 for ids nobody can see, for everyone', async () => {
    for (const client of [admin, plain.client]) {
      expect((await client.get('/api/accounts/no-such-id')).status).toBe(404);
      expect((await client.put('/api/accounts/no-such-id', { displayName: 'x' })).status).toBe(404);
      expect((await del(client, '/api/accounts/no-such-id')).status).toBe(404);
      expect((await client.get('/api/accounts/bad%20id!')).status).toBe(404);
    }
  });
});

describe('visibility', () => {
  it('admin-only, legacy-only, normal-only and user-only accounts reach exactly their audiences', async () => {
    const adminOnly = await add(admin, { username: handle(), displayName: 'Admin only', adminOnly: true });
    const legacyOnly = await add(admin, { username: handle(), displayName: 'Legacy only', visibleToNormal: false });
    const normalOnly = await add(admin, { username: handle(), displayName: 'Normal only', visibleToLegacy: false });
    const mine = await add(legacy.client, { username: handle(), displayName: 'Mine only', userOnly: true });

    const seen = async (client: Client) => new Set(await ids(client));
    const forAdmin = await seen(admin);
    const forLegacy = await seen(legacy.client);
    const forNormal = await seen(plain.client);
    const forPermitted = await seen(permitted.client);

    for (const a of [adminOnly, legacyOnly, normalOnly, mine]) expect(forAdmin.has(a.id)).toBe(true);
    expect([forLegacy.has(adminOnly.id), forLegacy.has(legacyOnly.id), forLegacy.has(normalOnly.id), forLegacy.has(mine.id)]).toEqual([false, true, false, true]);
    expect([forNormal.has(adminOnly.id), forNormal.has(legacyOnly.id), forNormal.has(normalOnly.id), forNormal.has(mine.id)]).toEqual([false, false, true, false]);
    expect([forPermitted.has(adminOnly.id), forPermitted.has(mine.id)]).toEqual([false, false]);

    // Hidden means not found, also for edits: ids reveal nothing.
    expect((await plain.client.get(`/api/accounts/${adminOnly.id}`)).status).toBe(404);
    expect((await plain.client.put(`/api/accounts/${adminOnly.id}`, { displayName: 'x' })).status).toBe(404);
    expect((await plain.client.request('DELETE', `/api/accounts/${mine.id}`)).status).toBe(404);

    // An adder keeps seeing their own account even after an admin hides it.
    await patch(admin, `/api/accounts/${mine.id}/visibility`, { adminOnly: true });
    expect(await ids(legacy.client)).toContain(mine.id);

    // The slim list for forms follows the same rule.
    const options = (await plain.client.get('/api/user/accounts')).body as { id: string; username: string; xUserId: string | null; displayName: string }[];
    expect(options.map((o) => o.id).sort()).toEqual([...forNormal].sort());
    expect(Object.keys(options[0] ?? {}).sort()).toEqual(['displayName', 'id', 'isActive', 'profilePicture', 'username', 'xUserId']);
  });
});

describe('legacy mode', () => {
  it('checks the PIN on the server', async () => {
    const { client } = await server.newUser();
    const empty = await client.post('/api/accounts/legacy/verify-pin', { pin: '' });
    expect(empty.status).toBe(400);
    expect(errorOf(empty)).toMatchObject({ message: 'Please enter the PIN.', field: 'pin' });
    const wrong = await client.post('/api/accounts/legacy/verify-pin', { pin: '0000' });
    expect(wrong.status).toBe(403);
    expect(errorOf(wrong)).toMatchObject({ message: 'Incorrect PIN. Please try again.', field: 'pin', code: 'PIN_INCORRECT' });
    const right = await client.post('/api/accounts/legacy/verify-pin', { pin: PIN });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ success: true, used: 0, limit: 3 });
  });

  it('lets any user with the PIN add 3 accounts from links, flagged addedByOwner, and no more', async () => {
    const { client, user } = await server.newUser();
    const names = [handle(), handle(), handle(), handle()];
    const first = await add(client, { addedByOwner: true, pin: PIN, username: `https://x.com/${names[0]}`, isMonitored: true, userOnly: true });
    expect(first).toMatchObject({ username: names[0], displayName: names[0], addedByOwner: true, userOnly: true, isMonitored: true, userId: user.id, xUserId: null });
    await add(client, { addedByOwner: true, pin: PIN, username: `@${names[1]}`, displayName: 'Second' });
    await add(client, { addedByOwner: true, pin: PIN, username: `twitter.com/${names[2]}` });
    expect((await client.get('/api/accounts/access')).body).toMatchObject({ legacyMode: { enabled: true, used: 3, limit: 3 } });

    const fourth = await client.post('/api/accounts', { addedByOwner: true, pin: PIN, username: names[3] });
    expect(fourth.status).toBe(409);
    expect(errorOf(fourth)).toMatchObject({ message: "You've reached the maximum limit of 3 accounts in Legacy Mode.", code: 'LEGACY_LIMIT_REACHED' });

    // The user-only accounts are theirs: others do not see them.
    expect(await ids(plain.client)).not.toContain(first.id);
    // An admin deleting one frees a slot.
    expect((await del(admin, `/api/accounts/${first.id}`)).status).toBe(200);
    await add(client, { addedByOwner: true, pin: PIN, username: names[3] });
    expect((await client.get('/api/accounts/access')).body).toMatchObject({ legacyMode: { used: 3 } });
  });

  it('refuses a wrong or missing PIN, an empty link, and a taken username, using no slot', async () => {
    const { client } = await server.newUser();
    const wrong = await client.post('/api/accounts', { addedByOwner: true, pin: '9999', username: handle() });
    expect(wrong.status).toBe(403);
    expect(errorOf(wrong)).toMatchObject({ message: 'Incorrect PIN. Please try again.', field: 'pin' });
    expect(errorOf(await client.post('/api/accounts', { addedByOwner: true, username: handle() }))).toMatchObject({ message: 'Please enter the PIN.', field: 'pin' });
    expect(errorOf(await client.post('/api/accounts', { addedByOwner: true, pin: PIN, username: ' ' }))).toMatchObject({
      message: 'Please enter an X profile URL or @username',
      field: 'username',
    });
    const taken = await add(admin, { username: handle(), displayName: 'Taken' });
    const clash = await client.post('/api/accounts', { addedByOwner: true, pin: PIN, username: taken.username });
    expect(clash.status).toBe(409);
    expect((await client.get('/api/accounts/access')).body).toMatchObject({ legacyMode: { used: 0 } });
  });

  it('holds the cap when adds race', async () => {
    const { client } = await server.newUser();
    const results = await Promise.all(Array.from({ length: 6 }, () => client.post('/api/accounts', { addedByOwner: true, pin: PIN, username: handle() })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    expect((await client.get('/api/accounts/access')).body).toMatchObject({ legacyMode: { used: 3 } });
  });

  it('stops guessing after 5 wrong PINs', async () => {
    const { client } = await server.newUser();
    for (let i = 0; i < 5; i += 1) expect((await client.post('/api/accounts/legacy/verify-pin', { pin: `000${i}` })).status).toBe(403);
    const blocked = await client.post('/api/accounts/legacy/verify-pin', { pin: PIN });
    expect(blocked.status).toBe(429);
    expect(errorOf(blocked)).toMatchObject({ message: 'Too many incorrect PINs. Please try again in 15 minutes.', field: 'pin' });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('activity overview', () => {
  it('lists every visible account with honest zeros and Monitoring or Paused', async () => {
    const a = await add(admin, { username: handle(), displayName: 'Watched' });
    await admin.put(`/api/accounts/${a.id}`, { shouldMonitor: false });
    const res = await plain.client.get('/api/accounts/activity');
    expect(res.status).toBe(200);
    const rows = res.body as { accountId: string; lastActivity: string | null; repliesSent: number; scheduledReplies: number; status: string }[];
    expect(rows.map((r) => r.accountId).sort()).toEqual((await ids(plain.client)).sort());
    expect(rows.find((r) => r.accountId === a.id)).toMatchObject({ lastActivity: null, repliesSent: 0, scheduledReplies: 0, status: 'Paused' });
    expect(rows.every((r) => r.repliesSent === 0 && r.scheduledReplies === 0)).toBe(true);
    expect(rows.some((r) => r.status === 'Monitoring')).toBe(true);
  });
});
