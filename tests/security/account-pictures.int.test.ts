/**
 * A monitored account's picture is shown by every browser that lists it, the admin's first (the
 * approval queue). A user who adds one may name any https address as its picture: a browser that
 * showed it would call the adder's server with the admin's address, browser and timing. Pictures
 * are answered only from X's image hosts (pbs.twimg.com, abs.twimg.com: where X and the sandbox
 * emulator put them); anything else is answered as no picture (initials) — pending or approved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, uniqueName, type Client, type TestServer } from '../api/support';

let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer({ RIPOSTE_X_SANDBOX: 'false', RIPOSTE_SCHEDULER: 'off' });
  admin = await server.admin();
});
afterAll(async () => {
  await server?.close();
});

const handle = () => `p${uniqueName('').slice(-12)}`;
type Listed = { id: string; profilePicture: string | null };

/** Every answer that carries the account's picture, as `viewer` gets them. */
const picturesOf = async (viewer: Client, id: string, adminViews: boolean) => {
  const answers: unknown[] = [];
  answers.push(((await viewer.get('/api/accounts')).body as Listed[]).find((a) => a.id === id)?.profilePicture);
  answers.push(((await viewer.get(`/api/accounts/${id}`)).body as Listed).profilePicture);
  answers.push(((await viewer.get('/api/user/accounts')).body as Listed[]).find((a) => a.id === id)?.profilePicture);
  answers.push(((await viewer.get('/api/accounts/activity')).body as { accountId: string; profilePicture: string | null }[]).find((a) => a.accountId === id)?.profilePicture);
  if (adminViews) answers.push(((await viewer.get('/api/admin/accounts')).body as Listed[]).find((a) => a.id === id)?.profilePicture);
  return answers;
};

describe("pictures of user-added monitored accounts", () => {
  it("are never answered from a host of the adder's choosing, before or after approval", async () => {
    const adder = await server.newUser();
    expect((await admin.put(`/api/admin/users/${adder.user.id}/permissions`, { mayAddMonitoredAccounts: true })).status).toBe(200);
    const added = await adder.client.post('/api/accounts', { username: handle(), displayName: 'Looks Real', profilePicture: 'https://evil.example/track.png?who=admin' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const { id } = added.body as { id: string };
    for (const p of await picturesOf(admin, id, true)) expect(p).toBeNull();
    for (const p of await picturesOf(adder.client, id, false)) expect(p).toBeNull();
    expect((await admin.put(`/api/admin/accounts/${id}/approve`)).status).toBe(200);
    const other = await server.newUser();
    for (const p of await picturesOf(other.client, id, false)) expect(p).toBeNull();
    // Other spellings that are not X's image hosts.
    for (const url of ['http://pbs.twimg.com/a.png', 'https://pbs.twimg.com.evil.example/a.png', 'https://user@pbs.twimg.com/a.png', 'https://pbs.twimg.com:8443/a.png']) {
      expect((await admin.put(`/api/accounts/${id}`, { profilePicture: url })).status, url).toBe(200);
      for (const p of await picturesOf(admin, id, true)) expect(p, url).toBeNull();
    }
  });

  it("are answered when they are on X's image hosts", async () => {
    const adder = await server.newUser();
    expect((await admin.put(`/api/admin/users/${adder.user.id}/permissions`, { mayAddMonitoredAccounts: true })).status).toBe(200);
    const picture = 'https://pbs.twimg.com/profile_images/1/face_normal.jpg';
    const added = await adder.client.post('/api/accounts', { username: handle(), displayName: 'On X', profilePicture: picture });
    expect(added.status).toBe(201);
    const { id } = added.body as { id: string };
    for (const p of await picturesOf(admin, id, true)) expect(p).toBe(picture);
  });
});
