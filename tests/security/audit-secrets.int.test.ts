/**
 * The admin audit shows what happened, never a secret: a person's password hash, the hash of a
 * reset link, the sealed tokens of a connected X account, an access token's hash, and a device's
 * push endpoint and keys are written in events, and the admin's "state as of" and history views
 * are read here over real HTTP for every stream that holds one. The secrets are taken from the
 * store's file itself, by field names this test knows, not from the server's list.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../api/support';
import { connectXByPin } from '../api/x.support';
import { startPushService, type PushService } from '../support/push-service';

let server: TestServer;
let push: PushService;
let admin: Client;
let alice: { client: Client; user: { id: string; username: string; email?: unknown } };

beforeAll(async () => {
  push = await startPushService();
  server = await startTestServer({ RIPOSTE_SCHEDULER: 'off', RIPOSTE_PUSH_HOSTS: push.host });
  admin = await server.admin();
  alice = await server.newUser();
  const { client, user } = alice;
  // A reset link asked for, an access token minted, a device subscribed, an X account connected.
  expect((await server.client().post('/api/auth/forgot-password', { email: `${user.username}@example.com` })).status).toBeLessThan(300);
  expect((await client.post('/api/tokens', { name: 'script', scopes: ['read'], expiresInDays: 30, currentPassword: 'secret-pw-1' })).status).toBe(201);
  const key = (await client.get('/api/push/key')).body as { publicKey: string };
  const subscription = await push.subscribe(key.publicKey);
  expect((await client.post('/api/push/devices', { subscription: { endpoint: subscription.endpoint, keys: subscription.keys }, label: 'Phone' })).status).toBe(201);
  await connectXByPin(client, `sec_${user.username.slice(-10)}`);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await push?.close();
});

interface Row {
  position: number;
  stream: string;
  type: string;
  data: string;
}

/** Every event of the store with the secret values it carries, by the names events give them. */
const storedSecrets = () => {
  const db = new Database(join(server.dataDir, 'events.db'), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT position, stream, type, data FROM events ORDER BY position').all() as Row[];
    return rows.map((row) => {
      const data = JSON.parse(row.data) as Record<string, unknown>;
      const tokens = (data.tokens ?? {}) as Record<string, unknown>;
      const values = [data.passwordHash, data.tokenHash, tokens.accessToken, tokens.accessSecret, data.endpoint, data.p256dh, data.auth];
      return { ...row, secrets: values.filter((v): v is string => typeof v === 'string' && v.length >= 8) };
    });
  } finally {
    db.close();
  }
};

describe('the audit views redact every secret an event carries', () => {
  it('holds the secrets this test attacks (the setup did what it says)', () => {
    const types = new Set(storedSecrets().filter((e) => e.secrets.length > 0).map((e) => e.type));
    for (const type of ['UserRegistered', 'PasswordResetRequested', 'TokenCreated', 'PushSubscribed', 'XAccountConnected']) expect(types).toContain(type);
  });

  it("GET /api/admin/audit/state shows no secret of any stream, at any of its events, and still shows the state's shape", async () => {
    const events = storedSecrets();
    const streams = new Set(events.filter((e) => e.secrets.length > 0).map((e) => e.stream));
    expect(streams.size).toBeGreaterThanOrEqual(5);
    for (const stream of streams) {
      const own = events.filter((e) => e.stream === stream);
      const secrets = own.flatMap((e) => e.secrets);
      for (const event of own) {
        const res = await admin.get(`/api/admin/audit/state?stream=${encodeURIComponent(stream)}&position=${event.position}`);
        expect(res.status, res.text).toBe(200);
        for (const secret of secrets) expect({ stream, at: event.type, leaked: res.text.includes(secret) }).toEqual({ stream, at: event.type, leaked: false });
      }
    }
    const user = await admin.get(`/api/admin/audit/state?stream=user-${alice.user.id}&position=${events.filter((e) => e.stream === `user-${alice.user.id}`).at(-1)!.position}`);
    expect((user.body as { state: { user: { passwordHash: string; passwordReset: { tokenHash: string } | null } } }).state.user).toMatchObject({
      passwordHash: '[redacted]',
      passwordReset: { tokenHash: '[redacted]' },
    });
  });

  it("a person's history in words names no secret", async () => {
    const secrets = storedSecrets().flatMap((e) => e.secrets);
    const res = await admin.get(`/api/admin/audit/users/${alice.user.username}?limit=500`);
    expect(res.status, res.text).toBe(200);
    expect((res.body as { entries: unknown[] }).entries.length).toBeGreaterThan(3);
    for (const secret of secrets) expect(res.text.includes(secret)).toBe(false);
  });
});
