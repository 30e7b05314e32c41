/**
 * Premium users add accounts of their own to reply to (core/monitoring/access.ts addRightOf): looked
 * up on X (the bundled emulator answers), under the admin's approval rule (the 'limits' setting
 * review_user_accounts): reviewed, the account waits for an admin, only its adder sees it and X is
 * not read for it until approved; automatic, it is approved (and read) at once. The trial may not
 * add; a plan that ends takes the right with it. The Premium user schedules a reply under it.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchableAccounts } from '@adapters/read-models/monitoring';
import type { ReadDb } from '@adapters/projections-sqlite';
import { SANDBOX_APP, startXEmulator, type XEmulator } from '@adapters/x-emulator/server';
import { errorOf, startTestServer, type Client, type TestServer } from './support';
import { connectXAccount } from './schedules.support';

let emulator: XEmulator;
let server: TestServer;
let admin: Client;
beforeAll(async () => {
  emulator = await startXEmulator({ host: '127.0.0.1', port: 0 });
  server = await startTestServer({ RIPOSTE_X_API_KEY: SANDBOX_APP.consumerKey, RIPOSTE_X_API_SECRET: SANDBOX_APP.consumerSecret, RIPOSTE_X_API_URL: emulator.url });
  admin = await server.admin();
}, 30_000);
afterAll(async () => {
  await server?.close();
  await emulator?.close();
});

type Account = { id: string; username: string; xUserId: string | null; approval: string };

const premiumUser = async () => {
  const made = await server.newUser();
  const res = await admin.put(`/api/admin/users/${made.user.id}/plan`, { plan: 'premium', until: '2099-12-31' });
  expect(res.status).toBe(200);
  return made;
};

/** Whether the watcher would read this account (the read model it reads). */
const watched = (accountId: string): boolean => {
  const db = new Database(join(server.dataDir, 'read.db'), { readonly: true, fileMustExist: true });
  try {
    return watchableAccounts(db as unknown as ReadDb).find((a) => a.accountId === accountId)?.active ?? false;
  } finally {
    db.close();
  }
};

const setRule = async (review: boolean) => {
  const res = await admin.put('/api/admin/polling-settings/review_user_accounts', { value: String(review) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

describe('accounts a user adds', () => {
  it('are refused to the trial, offered to Premium', async () => {
    const trial = await server.newUser();
    expect(((await trial.client.get('/api/accounts/access')).body as { canAdd: boolean }).canAdd).toBe(false);
    emulator.control.createUser('trial_target', { displayName: 'Trial Target' });
    const refused = await trial.client.post('/api/accounts', { username: 'trial_target', displayName: 'Trial Target' });
    expect(refused.status).toBe(403);
    expect(errorOf(refused).code).toBe('ADD_NOT_ALLOWED');

    const premium = await premiumUser();
    expect(((await premium.client.get('/api/accounts/access')).body as { canAdd: boolean }).canAdd).toBe(true);
    // The plan taken back takes the right with it.
    await admin.put(`/api/admin/users/${premium.user.id}/plan`, { plan: 'none' });
    expect(((await premium.client.get('/api/accounts/access')).body as { canAdd: boolean }).canAdd).toBe(false);
  });

  it('reviewed: looked up on X, seen only by its adder, not read until an admin approves it; then scheduled under', async () => {
    await setRule(true);
    const { client, user } = await premiumUser();
    const other = await server.newUser();
    const onX = emulator.control.createUser('own_pick', { displayName: 'Own Pick' });
    const added = await client.post('/api/accounts', { username: '@own_pick', displayName: 'Own Pick' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const account = added.body as Account;
    expect(account).toMatchObject({ username: 'own_pick', xUserId: onX.id, approval: 'pending' });
    expect(watched(account.id)).toBe(false);
    expect(((await other.client.get('/api/accounts')).body as Account[]).map((a) => a.id)).not.toContain(account.id);

    const from = await connectXAccount(server, user.id, 'own_poster');
    const schedule = await client.post('/api/schedules', {
      accountId: account.id,
      connectedAccountId: from,
      peakWindowType: 'evening_peak',
      conditions: { content: 'Under my own account', targetAccount: null, imageIncluded: false },
    });
    expect(schedule.status, JSON.stringify(schedule.body)).toBe(201);

    expect((await admin.put(`/api/admin/accounts/${account.id}/approve`)).status).toBe(200);
    expect(((await client.get(`/api/accounts/${account.id}`)).body as Account).approval).toBe('approved');
    await expect.poll(() => watched(account.id)).toBe(true);
  });

  it('automatic: approved and read at once', async () => {
    await setRule(false);
    try {
      const { client } = await premiumUser();
      emulator.control.createUser('auto_pick', { displayName: 'Auto Pick' });
      const added = await client.post('/api/accounts', { username: 'auto_pick', displayName: 'Auto Pick' });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      expect((added.body as Account).approval).toBe('approved');
      await expect.poll(() => watched((added.body as Account).id)).toBe(true);
    } finally {
      await setRule(true);
    }
  });

  it('an unknown name on X is refused on its field, and nothing is added', async () => {
    const { client } = await premiumUser();
    const res = await client.post('/api/accounts', { username: 'nobody_on_x_9', displayName: 'Nobody' });
    expect(res.status).toBe(400);
    expect(errorOf(res).field).toBe('username');
    expect(((await client.get('/api/accounts')).body as Account[]).map((a) => a.username)).not.toContain('nobody_on_x_9');
  });
});
