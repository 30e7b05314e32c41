// Password length follows NIST SP 800-63B: at least 8 characters (Unicode code points), at least
// 64 allowed (we allow 256), every character allowed, no composition rules. Every door that sets
// a password applies it: registration, change password, the profile form, the admin bootstrap.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startServer, startTestServer, testEnv, uniqueName, type TestServer } from '../api/support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const SEVEN = 'abcdefg';

const register = (password: string, name = uniqueName('pw')) =>
  server.client().post('/api/auth/register', { email: `${name}@example.com`, username: name, password, confirmPassword: password });

describe('password length', () => {
  it('registration refuses 7 characters and creates nothing', async () => {
    const name = uniqueName('pw');
    const res = await register(SEVEN, name);
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({ field: 'password', message: 'Password must be at least 8 characters' });
    expect((await server.client().post('/api/auth/login', { username: name, password: SEVEN })).status).toBe(401);
  });

  it('registration takes a long passphrase of any characters, which then signs in', async () => {
    const name = uniqueName('pw');
    const passphrase = `Ünïcødé 密码 😀 ${'correct horse battery staple '.repeat(4)}`;
    expect([...passphrase].length).toBeGreaterThan(64);
    expect((await register(passphrase, name)).status).toBe(201);
    expect((await server.client().post('/api/auth/login', { username: name, password: passphrase })).status).toBe(200);
    // Four emoji are 8 UTF-16 units but only 4 characters.
    expect((await register('😀😀😀😀')).status).toBe(400);
  });

  it('change password and the profile form refuse 7 characters and keep the old password', async () => {
    const { client, user } = await server.newUser();
    const change = await client.put('/api/auth/change-password', { currentPassword: 'secret-pw-1', newPassword: SEVEN, confirmPassword: SEVEN });
    expect(change.status).toBe(400);
    expect(errorOf(change)).toMatchObject({ field: 'newPassword', message: 'New password must be at least 8 characters' });
    const profile = await client.put('/api/auth/profile', { currentPassword: 'secret-pw-1', newPassword: SEVEN, confirmPassword: SEVEN });
    expect(profile.status).toBe(400);
    expect(errorOf(profile).field).toBe('newPassword');
    expect((await server.client().post('/api/auth/login', { username: user.username, password: 'secret-pw-1' })).status).toBe(200);
  });

  it('a bootstrap admin password under 8 characters stops the server at start, naming the variable', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'riposte-pw-'));
    try {
      const outcome = await startServer({ ...testEnv(dataDir), RIPOSTE_ADMIN_PASSWORD: 'admin12' }).then(
        async (started) => {
          await started.close();
          return 'started';
        },
        (error: unknown) => String(error),
      );
      expect(outcome).toMatch(/RIPOSTE_ADMIN_PASSWORD.*at least 8 characters/s);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
