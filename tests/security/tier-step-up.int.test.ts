// An admin session alone used to change monitored accounts' tiers and intervals through the
// Monitored Accounts routes (PATCH /api/accounts/:id/tier, PUT /api/accounts/:id), around the X
// Admin step-up Tier Management asks for. Now every tier or interval change needs a session that
// passed the step-up (docs/adr/0022), or the X app's secret sent with the change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_APP } from '@adapters/x-emulator/server';
import { errorOf, startTestServer, type Client, type TestServer } from '../api/support';

const REQUIRED = 'X Admin authentication is required to change account tiers.';
type Account = { id: string; monitoringTier: string; monitoringInterval: number; displayName: string };

describe('tier changes need the X Admin step-up on every route', () => {
  let server: TestServer;
  let admin: Client;
  let account: Account;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
    const all = (await admin.get('/api/accounts')).body as Account[];
    const standard = all.find((a) => a.monitoringTier === 'standard');
    if (standard === undefined) throw new Error('no curated account on the standard tier');
    account = standard;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('refuses an unverified admin session, changing nothing, and lets the rest of an edit through', async () => {
    const refusals = [
      await admin.request('PATCH', `/api/accounts/${account.id}/tier`, { tier: 'high' }),
      await admin.put(`/api/accounts/${account.id}`, { monitoringTier: 'low' }),
      await admin.put(`/api/accounts/${account.id}`, { monitoringInterval: 3 }),
      await admin.request('PATCH', `/api/accounts/${account.id}/tier`, { tier: 'high', xAdminToken: 'guess' }),
    ];
    expect(refusals.map((r) => r.status)).toEqual([403, 403, 403, 403]);
    expect(refusals.slice(0, 3).map((r) => errorOf(r).message)).toEqual([REQUIRED, REQUIRED, REQUIRED]);
    expect(errorOf(refusals[3]!)).toMatchObject({ message: 'Invalid X Admin credentials.', field: 'xAdminToken' });
    expect((await admin.get(`/api/accounts/${account.id}`)).body).toMatchObject({ monitoringTier: 'standard', monitoringInterval: account.monitoringInterval });
    // The edit dialog sends the tier it shows: unchanged, it needs nothing.
    const renamed = await admin.put(`/api/accounts/${account.id}`, { displayName: 'Renamed', monitoringTier: 'standard' });
    expect(renamed.status).toBe(200);
  });

  it('accepts the change once the session passed the step-up, or with the secret sent along', async () => {
    const sent = await admin.request('PATCH', `/api/accounts/${account.id}/tier`, { tier: 'high', xAdminToken: SANDBOX_APP.consumerSecret });
    expect(sent.body).toMatchObject({ monitoringTier: 'high' });
    const edited = await admin.put(`/api/accounts/${account.id}`, { monitoringTier: 'low' });
    expect(edited.body).toMatchObject({ monitoringTier: 'low', monitoringInterval: 60 });
  });
});
