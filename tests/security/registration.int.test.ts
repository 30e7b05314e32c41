// Registration used to hash the password (argon2id, 19 MiB) before any cheap check, with no limit:
// a flood of sign-ups exhausted CPU and memory and created accounts without bound. Now the form,
// the address's allowance and the username/e-mail are checked before any hash, sign-ups are
// limited per address (429 with Retry-After), and argon2 work in flight has a cap.
import { afterEach, describe, expect, it } from 'vitest';
import type { PasswordHasher } from '@adapters/password';
import { createPasswordHasher } from '@adapters/password';
import { eventually } from '../api/schedules.support';
import { errorOf, startTestServer, uniqueName, type TestServer } from '../api/support';

const running: TestServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});
const start = async (...args: Parameters<typeof startTestServer>) => {
  const server = await startTestServer(...args);
  running.push(server);
  return server;
};

const form = (name: string, extra: Record<string, unknown> = {}) => ({
  email: `${name}@example.com`,
  username: name,
  password: 'secret-pw-1',
  confirmPassword: 'secret-pw-1',
  ...extra,
});

/** The real (cheap, test-profile) hasher, counting hashes. */
const countingHasher = () => {
  const real = createPasswordHasher('test');
  const counter = { hashes: 0 };
  const hasher: PasswordHasher = {
    hash: (password) => {
      counter.hashes += 1;
      return real.hash(password);
    },
    verify: (h, p) => real.verify(h, p),
    verifyNobody: (p) => real.verifyNobody(p),
  };
  return { hasher, counter };
};

describe('registration abuse', () => {
  it('limits sign-ups per address: 429 with Retry-After and a clear message, nothing created', async () => {
    const server = await start({ RIPOSTE_REGISTER_LIMIT: '3' });
    for (let i = 0; i < 3; i += 1) expect((await server.client().post('/api/auth/register', form(uniqueName('flood')))).status).toBe(201);
    const name = uniqueName('flood');
    const refused = await server.client().post('/api/auth/register', form(name));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(errorOf(refused)).toMatchObject({ code: 'REGISTRATION_RATE_LIMITED', message: expect.stringMatching(/^Too many sign-ups from this address\. Please try again in \d+ minutes?\.$/) });
    expect((await server.client().post('/api/auth/login', { username: name, password: 'secret-pw-1' })).status).toBe(401);
  });

  it('hashes nothing for a bad form, a taken username or a taken e-mail', async () => {
    const { hasher, counter } = countingHasher();
    const server = await start({}, { hasher });
    const before = counter.hashes;
    const taken = uniqueName('taken');
    expect((await server.client().post('/api/auth/register', form(taken))).status).toBe(201);
    expect(counter.hashes).toBe(before + 1);

    const sameName = await server.client().post('/api/auth/register', form(taken.toUpperCase(), { email: `${uniqueName()}@example.com` }));
    expect(sameName.status).toBe(409);
    expect(errorOf(sameName).field).toBe('username');
    const sameEmail = await server.client().post('/api/auth/register', form(uniqueName(), { email: `${taken}@example.com` }));
    expect(sameEmail.status).toBe(409);
    expect(errorOf(sameEmail).field).toBe('email');
    expect((await server.client().post('/api/auth/register', form(uniqueName(), { confirmPassword: 'different-pw' }))).status).toBe(400);
    expect(counter.hashes).toBe(before + 1);
  });

  it('caps argon2 work in flight: past the cap a sign-up or sign-in is refused at once with 429, and served once a turn is free', async () => {
    const real = createPasswordHasher('test');
    let entered = 0;
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    // Holds every hash until the gate opens (the bootstrap admin's hash is made before the hold).
    let holding = false;
    const hasher: PasswordHasher = {
      hash: async (password) => {
        if (holding) {
          entered += 1;
          await gate;
        }
        return real.hash(password);
      },
      verify: (h, p) => real.verify(h, p),
      verifyNobody: (p) => real.verifyNobody(p),
    };
    const server = await start({}, { hasher, hashLimits: { concurrency: 1, queue: 0 } });
    holding = true;
    const first = server.client().post('/api/auth/register', form(uniqueName('slow')));
    await eventually(async () => entered, (n) => n === 1, 'the first sign-up to be hashing');

    const second = await server.client().post('/api/auth/register', form(uniqueName('busy')));
    expect(second.status).toBe(429);
    expect(errorOf(second).code).toBe('BUSY');
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    const signIn = await server.client().post('/api/auth/login', { username: 'admin', password: 'whatever-pw' });
    expect(signIn.status).toBe(429);
    // Cheap requests are not held up.
    expect((await server.client().get('/healthz')).status).toBe(200);

    holding = false;
    open();
    expect((await first).status).toBe(201);
    expect((await server.client().post('/api/auth/register', form(uniqueName('after')))).status).toBe(201);
  });
});
