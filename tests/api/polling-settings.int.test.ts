/**
 * Admin polling settings and account tiers over real HTTP (spec part 2 §7): admin-only, validated
 * by type with the field named and nothing written on refusal, protected settings and tiers behind
 * the X Admin step-up (the configured X app's secret; the sandbox emulator's here), which holds for
 * the session that passed it and no other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_APP } from '@adapters/x-emulator/server';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { errorOf, startTestServer, type Client, type TestServer } from './support';

const TOKEN = SANDBOX_APP.consumerSecret;
const AUTH_REQUIRED_TIERS = 'X Admin authentication is required to change account tiers.';

interface Setting {
  settingKey: string;
  settingValue: string;
  settingType: string;
  category: string;
  requiresXAuth: boolean;
  updatedAt: string | null;
  updatedBy: string | null;
}
interface Account {
  id: string;
  username: string;
  monitoringTier: string;
  monitoringInterval: number;
  profilePicture: string | null;
}

let server: TestServer;
let admin: Client;
let accountId: string;

/** Events that change a setting or a tier (sign-ins and background jobs write others meanwhile). */
const changes = (): number => {
  const db = new Database(join(server.dataDir, 'events.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare<[], number>("SELECT count(*) FROM events WHERE stream = 'polling-settings' OR type = 'MonitoringScheduleChanged'").pluck().get() ?? 0;
  } finally {
    db.close();
  }
};
const patch = (client: Client, path: string, body: unknown) => client.request('PATCH', path, body);
const settings = async (client: Client) => (await client.get('/api/admin/polling-settings')).body as Setting[];
const setting = async (client: Client, key: string) => (await settings(client)).find((s) => s.settingKey === key);
/** A second session of the same admin account (a new sign-in). */
const anotherAdminSession = async (): Promise<Client> => {
  const c = server.client();
  expect((await c.post('/api/auth/login', { username: 'admin', password: 'admin-new-pw' })).status).toBe(200);
  return c;
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  // One of the curated accounts every installation starts with, on the default tier.
  const accounts = (await admin.get('/api/admin/accounts')).body as Account[];
  const standard = accounts.find((a) => a.monitoringTier === 'standard');
  if (standard === undefined) throw new Error('no curated account on the standard tier');
  accountId = standard.id;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('who may call', () => {
  it('answers visitors 401 and non-admins 403 on every route, and changes nothing', async () => {
    const { client: user } = await server.newUser();
    const visitor = server.client();
    const before = changes();
    const calls: [string, string, unknown][] = [
      ['GET', '/api/admin/polling-settings', undefined],
      ['GET', '/api/admin/polling-settings/category/tiers', undefined],
      ['PUT', '/api/admin/polling-settings/morning_peak_start_hour', { value: '8', xAdminToken: TOKEN }],
      ['POST', '/api/admin/polling-settings/verify-x-admin', { xAdminToken: TOKEN }],
      ['GET', '/api/admin/accounts', undefined],
      ['PATCH', `/api/admin/accounts/${accountId}/tier`, { tier: 'high', xAdminToken: TOKEN }],
    ];
    for (const [method, path, body] of calls) {
      expect((await visitor.request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await user.request(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    expect(changes()).toBe(before);
  });
});

describe('reading', () => {
  it('lists every setting at its default before anyone changed one, values as strings', async () => {
    const all = await settings(admin);
    expect(all.find((s) => s.settingKey === 'interval_standard_peak')).toMatchObject({ settingValue: '5', settingType: 'number', category: 'tiers', requiresXAuth: true, updatedAt: null });
    expect(all.find((s) => s.settingKey === 'weekend_uses_own_intervals')).toMatchObject({ settingValue: 'true', settingType: 'boolean', requiresXAuth: false });
    const tiers = (await admin.get('/api/admin/polling-settings/category/tiers')).body as Setting[];
    expect(tiers).toHaveLength(12);
    expect(tiers.every((s) => s.category === 'tiers')).toBe(true);
  });

  it('lists monitored accounts with their tier and picture', async () => {
    const accounts = (await admin.get('/api/admin/accounts')).body as Account[];
    expect(accounts.length).toBeGreaterThan(0);
    for (const a of accounts) expect(Object.keys(a)).toEqual(expect.arrayContaining(['id', 'username', 'monitoringTier', 'profilePicture']));
    expect(accounts.find((a) => a.id === accountId)?.monitoringTier).toBe('standard');
  });
});

describe('changing a setting', () => {
  it('stores the change with who made it and when', async () => {
    const res = await admin.put('/api/admin/polling-settings/morning_peak_start_hour', { value: 8 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ settingKey: 'morning_peak_start_hour', settingValue: '8', updatedBy: 'admin', updatedAt: expect.any(String) });
    expect(await setting(admin, 'morning_peak_start_hour')).toMatchObject({ settingValue: '8', updatedBy: 'admin' });
    expect((await admin.put('/api/admin/polling-settings/poll_unused_accounts', { value: true })).body).toMatchObject({ settingValue: 'true' });
  });

  it('refuses bad values with the field named, and writes nothing', async () => {
    const before = changes();
    const cases: [string, unknown, string][] = [
      ['evening_peak_end_hour', { value: '24' }, 'Evening peak ends must be a whole number from 0 to 23'],
      ['evening_peak_end_hour', { value: 'noon' }, 'Evening peak ends must be a whole number from 0 to 23'],
      ['poll_unused_accounts', { value: 'maybe' }, 'Read accounts no schedule uses must be true or false'],
      ['accounts_per_search', { value: 0 }, 'Accounts per search must be a whole number from 1 to 20'],
      ['accounts_per_search', {}, 'value is required'],
      ['accounts_per_search', { value: { n: 1 } }, 'value must be text, a number or true/false'],
    ];
    for (const [key, body, message] of cases) {
      const res = await admin.put(`/api/admin/polling-settings/${key}`, body);
      expect(res.status, message).toBe(400);
      expect(errorOf(res)).toMatchObject({ message, field: 'value' });
    }
    expect((await admin.put('/api/admin/polling-settings/no_such_key', { value: '1' })).status).toBe(404);
    expect((await admin.put('/api/admin/polling-settings/NO-SUCH', { value: '1' })).status).toBe(404);
    expect(changes()).toBe(before);
    expect(await setting(admin, 'evening_peak_end_hour')).toMatchObject({ settingValue: '20', updatedAt: null });
  });

  it('keeps protected settings behind the step-up: none, a wrong token, then the right one', async () => {
    const session = await anotherAdminSession();
    const before = changes();
    const none = await session.put('/api/admin/polling-settings/interval_low_peak', { value: '20' });
    expect(none.status).toBe(403);
    expect(errorOf(none).message).toBe('X Admin authentication is required to change this setting.');
    const wrong = await session.put('/api/admin/polling-settings/interval_low_peak', { value: '20', xAdminToken: 'not-the-secret' });
    expect(wrong.status).toBe(403);
    expect(errorOf(wrong)).toMatchObject({ message: 'Invalid X Admin credentials.', field: 'xAdminToken' });
    expect(changes()).toBe(before);
    const right = await session.put('/api/admin/polling-settings/interval_low_peak', { value: '20', xAdminToken: TOKEN });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ settingValue: '20' });
    // The order of the tiers holds: a high-tier account is never read less often than a standard one.
    const order = await session.put('/api/admin/polling-settings/interval_high_peak', { value: '6' });
    expect(order.status).toBe(400);
    expect(errorOf(order)).toMatchObject({ field: 'value', message: expect.stringMatching(/^High tier must be read at least as often as Standard tier/) });
  });
});

describe('the X Admin step-up and account tiers', () => {
  it('verifies the token: empty, wrong, right', async () => {
    const session = await anotherAdminSession();
    const empty = await session.post('/api/admin/polling-settings/verify-x-admin', { xAdminToken: '  ' });
    expect(empty.status).toBe(400);
    expect(errorOf(empty)).toMatchObject({ message: 'Please enter your X Admin token.', field: 'xAdminToken' });
    const wrong = await session.post('/api/admin/polling-settings/verify-x-admin', { xAdminToken: `${TOKEN}x` });
    expect(wrong.status).toBe(403);
    expect(errorOf(wrong).message).toBe('Invalid X Admin credentials.');
    expect((await session.post('/api/admin/polling-settings/verify-x-admin', { xAdminToken: TOKEN })).body).toEqual({ success: true });
  });

  it('holds for the verified session only, until it ends', async () => {
    const verified = await anotherAdminSession();
    const other = await anotherAdminSession();
    const before = changes();
    const refused = await patch(verified, `/api/admin/accounts/${accountId}/tier`, { tier: 'high' });
    expect(refused.status).toBe(403);
    expect(errorOf(refused).message).toBe(AUTH_REQUIRED_TIERS);
    expect(changes()).toBe(before);

    expect((await verified.post('/api/admin/polling-settings/verify-x-admin', { xAdminToken: TOKEN })).status).toBe(200);
    const high = await patch(verified, `/api/admin/accounts/${accountId}/tier`, { tier: 'high' });
    expect(high.status).toBe(200);
    expect(high.body).toMatchObject({ id: accountId, monitoringTier: 'high', monitoringInterval: 5 });

    // Another session of the same admin did not pass the step-up.
    const elsewhere = await patch(other, `/api/admin/accounts/${accountId}/tier`, { tier: 'low' });
    expect(elsewhere.status).toBe(403);
    expect(errorOf(elsewhere).message).toBe(AUTH_REQUIRED_TIERS);

    // Signing out ends the session and its step-up; the next sign-in starts unverified.
    expect((await verified.post('/api/auth/logout')).status).toBeLessThan(300);
    expect((await verified.post('/api/auth/login', { username: 'admin', password: 'admin-new-pw' })).status).toBe(200);
    expect((await patch(verified, `/api/admin/accounts/${accountId}/tier`, { tier: 'low' })).status).toBe(403);
    const accounts = (await admin.get('/api/admin/accounts')).body as Account[];
    expect(accounts.find((a) => a.id === accountId)?.monitoringTier).toBe('high');
  });

  it('refuses a bad tier on its field and an unknown account as not found', async () => {
    const session = await anotherAdminSession();
    const bad = await patch(session, `/api/admin/accounts/${accountId}/tier`, { tier: 'max', xAdminToken: TOKEN });
    expect(bad.status).toBe(400);
    expect(errorOf(bad)).toMatchObject({ message: 'Tier must be one of high, standard or low', field: 'tier' });
    expect((await patch(session, '/api/admin/accounts/00000000-0000-4000-8000-000000000000/tier', { tier: 'low', xAdminToken: TOKEN })).status).toBe(404);
    const low = await patch(session, `/api/admin/accounts/${accountId}/tier`, { tier: 'low', xAdminToken: TOKEN });
    expect(low.body).toMatchObject({ monitoringTier: 'low', monitoringInterval: 60 });
  });
});
