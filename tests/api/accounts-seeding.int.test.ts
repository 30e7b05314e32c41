/**
 * The 30 curated accounts are seeded on first start, by the system, once: a restart on the same
 * data seeds nothing again and brings back nothing an admin deleted, and two seedings racing on
 * one store write each account once.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryEventStore } from '@adapters/eventstore-memory';
import { monitoredAccountStream } from '@core/monitoring';
import { CURATED_ACCOUNTS } from '@core/monitoring/curated-accounts';
import { curatedAccountId } from '@apps/server/src/accounts/curated-id';
import { createLegacyPinChecker } from '@apps/server/src/accounts/legacy-pin';
import { createAccountsService } from '@apps/server/src/accounts/service';
import { ADMIN_PASSWORD, Client, logCapture, startServer, testEnv } from './support';

type Account = { id: string; username: string; source: string; userId: string | null; xUserId: string | null; monitoringTier: string; monitoringInterval: number };

const dataDir = mkdtempSync(join(tmpdir(), 'riposte-seed-'));
// X switched off: the curated ids stay unresolved, so the test sees exactly what seeding wrote.
const env = () => ({ ...testEnv(dataDir), RIPOSTE_X_SANDBOX: 'false' });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const signInAdmin = async (url: string, password: string): Promise<Client> => {
  const c = new Client(url);
  const res = await c.post('/api/auth/login', { username: 'admin', password });
  expect(res.status).toBe(200);
  return c;
};

const curatedOf = async (c: Client): Promise<Account[]> => ((await c.get('/api/accounts')).body as Account[]).filter((a) => a.source === 'curated');

describe('curated accounts', () => {
  it('are seeded on first start, once, and a deleted one stays deleted across restarts', async () => {
    const logs = logCapture();
    const first = await startServer(env(), { logDestination: logs.stream });
    let removed: Account;
    try {
      const admin = await signInAdmin(first.url, ADMIN_PASSWORD);
      const curated = await curatedOf(admin);
      expect(curated).toHaveLength(30);
      expect(new Set(curated.map((a) => a.username.toLowerCase()))).toEqual(new Set(CURATED_ACCOUNTS.map((a) => a.username.toLowerCase())));
      // By the system: no adder; X ids unresolved until X is asked (no X client here).
      expect(curated.every((a) => a.userId === null && a.xUserId === null)).toBe(true);
      const naval = curated.find((a) => a.username === 'naval');
      expect(naval).toMatchObject({ id: curatedAccountId('naval'), monitoringTier: 'high', monitoringInterval: 5 });
      expect(logs.text()).toContain('seeded the curated monitored accounts');

      // Every user sees them (visible to legacy and normal users by default).
      const user = new Client(first.url);
      await user.post('/api/auth/register', { email: 'seed@example.com', username: 'seeduser', fullName: 'Seed User', password: 'secret-pw-1', confirmPassword: 'secret-pw-1' });
      expect(await curatedOf(user)).toHaveLength(30);

      // The admin must change the bootstrap password before changing anything (as on /api/admin).
      removed = curated[0] as Account;
      const early = await admin.request('DELETE', `/api/accounts/${removed.id}`);
      expect(early.status).toBe(403);
      expect((early.body as { code: string }).code).toBe('PASSWORD_CHANGE_REQUIRED');
      expect((await admin.put('/api/auth/change-password', { currentPassword: ADMIN_PASSWORD, newPassword: 'admin-new-pw', confirmPassword: 'admin-new-pw' })).status).toBe(200);
      expect((await admin.request('DELETE', `/api/accounts/${removed.id}`)).status).toBe(200);
    } finally {
      await first.close();
    }

    const logs2 = logCapture();
    const second = await startServer(env(), { logDestination: logs2.stream });
    try {
      const admin = await signInAdmin(second.url, 'admin-new-pw');
      const curated = await curatedOf(admin);
      expect(curated).toHaveLength(29);
      expect(curated.map((a) => a.id)).not.toContain(removed.id);
      expect(logs2.text()).not.toContain('seeded the curated monitored accounts');
    } finally {
      await second.close();
    }
  });

  it('write each account once when two seedings race on one store', async () => {
    const store = createMemoryEventStore();
    const a = createAccountsService({ store, legacyPin: createLegacyPinChecker(undefined) });
    const b = createAccountsService({ store, legacyPin: createLegacyPinChecker(undefined) });
    const ctx = () => ({ actor: 'system', correlationId: randomUUID() });
    const [x, y] = await Promise.all([a.seedCurated(CURATED_ACCOUNTS, ctx()), b.seedCurated(CURATED_ACCOUNTS, ctx())]);
    expect(x.seeded + y.seeded).toBe(30);
    for (const seed of CURATED_ACCOUNTS) {
      const events = await store.readStream(monitoredAccountStream(curatedAccountId(seed.username)));
      expect(events.map((e) => e.type)).toEqual(['MonitoredAccountAdded']);
    }
    expect((await a.seedCurated(CURATED_ACCOUNTS, ctx())).seeded).toBe(0);
    await store.close();
  });
});
