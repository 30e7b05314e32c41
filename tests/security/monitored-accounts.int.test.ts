// Monitored accounts added by non-admins used to be published to every user at once, with the X
// id, name and picture the adder chose; and the one legacy PIN could be guessed 5 times per user,
// so many accounts meant unlimited guesses. Now a non-admin's account is private to its adder
// until an admin approves it, and PIN guesses are limited per user, per address and overall.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectXAccount } from '../api/schedules.support';
import { errorOf, startTestServer, uniqueName, type Client, type TestServer } from '../api/support';

const PIN = '2468';

/** A fresh, valid X username (1-15 characters). */
const handle = () => `m${uniqueName('').slice(-12)}`;

const ids = async (client: Client, path = '/api/accounts'): Promise<string[]> => {
  const res = await client.get(path);
  expect(res.status).toBe(200);
  return (res.body as { id: string }[]).map((a) => a.id);
};

describe('accounts added by non-admins wait for approval', () => {
  let server: TestServer;
  let admin: Client;
  beforeAll(async () => {
    server = await startTestServer({ RIPOSTE_LEGACY_PIN: PIN, RIPOSTE_X_SANDBOX: 'false' });
    admin = await server.admin();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("B can neither see nor schedule against A's unapproved account, until an admin approves it", async () => {
    const a = await server.newUser();
    expect((await admin.put(`/api/admin/users/${a.user.id}/permissions`, { mayAddMonitoredAccounts: true })).status).toBe(200);
    const b = await server.newUser();
    const bX = await connectXAccount(server, b.user.id, uniqueName('bx').slice(0, 15));

    const added = await a.client.post('/api/accounts', {
      username: handle(),
      displayName: 'Totally Official',
      xUserId: '44196397',
      profilePicture: 'https://evil.example/face.png',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const account = added.body as { id: string; approval: string };
    expect(account.approval).toBe('pending');
    // The adder sees and may target their own account.
    expect(await ids(a.client)).toContain(account.id);
    expect((await a.client.get(`/api/accounts/${account.id}`)).status).toBe(200);

    // B: not in the lists, not by id, not as a schedule target.
    expect(await ids(b.client)).not.toContain(account.id);
    expect(await ids(b.client, '/api/user/accounts')).not.toContain(account.id);
    expect((await b.client.get('/api/accounts/activity')).text).not.toContain(account.id);
    expect((await b.client.get(`/api/accounts/${account.id}`)).status).toBe(404);
    const schedule = { accountId: account.id, connectedAccountId: bX, peakWindowType: 'evening_peak', conditions: { content: 'Hi', targetAccount: null, imageIncluded: false } };
    const refused = await b.client.post('/api/schedules', schedule);
    expect(refused.status).toBe(404);
    expect(errorOf(refused).field).toBe('accountId');

    // Admins see it, marked pending; only an admin may approve (the adder may not).
    const seen = ((await admin.get('/api/accounts')).body as { id: string; approval: string }[]).find((x) => x.id === account.id);
    expect(seen?.approval).toBe('pending');
    expect((await a.client.put(`/api/admin/accounts/${account.id}/approve`)).status).toBe(403);
    expect((await b.client.put(`/api/admin/accounts/${account.id}/approve`)).status).toBe(403);
    const approved = await admin.put(`/api/admin/accounts/${account.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: account.id, approval: 'approved' });

    expect(await ids(b.client)).toContain(account.id);
    expect((await b.client.get(`/api/accounts/${account.id}`)).status).toBe(200);
    expect((await b.client.post('/api/schedules', schedule)).status).toBe(201);
  });

  it('a legacy-mode add shared with everyone (userOnly: false) also waits for approval', async () => {
    const a = await server.newUser();
    const b = await server.newUser();
    const added = await a.client.post('/api/accounts', { addedByOwner: true, pin: PIN, username: handle(), userOnly: false });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const { id } = added.body as { id: string };
    expect(await ids(b.client)).not.toContain(id);
    expect((await admin.put(`/api/admin/accounts/${id}/approve`)).status).toBe(200);
    expect(await ids(b.client)).toContain(id);
  });

  it("an admin's own add is approved at once", async () => {
    const b = await server.newUser();
    const added = await admin.post('/api/accounts', { username: handle(), displayName: 'By admin' });
    expect(added.body).toMatchObject({ approval: 'approved' });
    expect(await ids(b.client)).toContain((added.body as { id: string }).id);
  });
});

describe('legacy PIN guessing', () => {
  it('a brute force spread over many accounts from one address is stopped (429 with Retry-After), even for a fresh account with the right PIN', async () => {
    const server = await startTestServer({ RIPOSTE_LEGACY_PIN: PIN, RIPOSTE_X_SANDBOX: 'false' });
    try {
      let guess = 1000;
      let wrong = 0;
      let stopped: Awaited<ReturnType<Client['post']>> | null = null;
      // Each account stays under its own allowance of 5; 50 accounts would mean 200 guesses.
      for (let account = 0; account < 50 && stopped === null; account += 1) {
        const { client } = await server.newUser();
        for (let i = 0; i < 4; i += 1) {
          const res = await client.post('/api/accounts/legacy/verify-pin', { pin: String((guess += 1)) });
          if (res.status === 429) {
            stopped = res;
            break;
          }
          expect(res.status).toBe(403);
          wrong += 1;
        }
      }
      expect(stopped?.status).toBe(429);
      expect(wrong).toBeLessThanOrEqual(20);
      expect(Number(stopped?.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(errorOf(stopped!)).toMatchObject({ code: 'PIN_RATE_LIMITED', field: 'pin', message: expect.stringMatching(/^Too many incorrect PINs\. Please try again in \d+ minutes?\.$/) });
      const fresh = await server.newUser();
      expect((await fresh.client.post('/api/accounts/legacy/verify-pin', { pin: PIN })).status).toBe(429);
    } finally {
      await server.close();
    }
  });

  it('an overall cap stops guesses before any per-user or per-address limit is reached', async () => {
    // The overall cap, lowered here, counts guesses from every address and account together.
    const server = await startTestServer(
      { RIPOSTE_LEGACY_PIN: PIN, RIPOSTE_X_SANDBOX: 'false' },
      {
        pinLimits: {
          perUser: { attempts: 5, windowSeconds: 900 },
          perAddress: { attempts: 1000, windowSeconds: 3600 },
          overall: { attempts: 6, windowSeconds: 3600 },
        },
      },
    );
    try {
      const statuses: number[] = [];
      for (let account = 0; account < 3; account += 1) {
        const { client } = await server.newUser();
        for (let i = 0; i < 3; i += 1) statuses.push((await client.post('/api/accounts/legacy/verify-pin', { pin: `9${account}${i}0` })).status);
      }
      expect(statuses).toEqual([403, 403, 403, 403, 403, 403, 429, 429, 429]);
      // A right PIN does not use the allowance up.
      const other = await startTestServer(
        { RIPOSTE_LEGACY_PIN: PIN, RIPOSTE_X_SANDBOX: 'false' },
        { pinLimits: { perUser: { attempts: 5, windowSeconds: 900 }, perAddress: { attempts: 1000, windowSeconds: 3600 }, overall: { attempts: 2, windowSeconds: 3600 } } },
      );
      try {
        const { client } = await other.newUser();
        for (let i = 0; i < 5; i += 1) expect((await client.post('/api/accounts/legacy/verify-pin', { pin: PIN })).status).toBe(200);
      } finally {
        await other.close();
      }
    } finally {
      await server.close();
    }
  });
});
