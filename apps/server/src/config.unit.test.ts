import { describe, expect, it } from 'vitest';
import { isEnvError } from '@adapters/env';
import { loadServerConfig } from './config';

const problemsOf = (env: Record<string, string | undefined>) => {
  try {
    loadServerConfig(env);
  } catch (error) {
    if (isEnvError(error)) return error.problems.map((p) => p.variable);
    throw error;
  }
  return [];
};

describe('server configuration', () => {
  it('has defaults for everything', () => {
    const c = loadServerConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      eventStore: { kind: 'sqlite', synchronous: 'FULL' },
      https: false,
      trustedProxyHops: 0,
      scheduler: 'embedded',
      legacyUsernames: [],
      emailTestModeEverywhere: false,
      logLevel: 'info',
      fastHashes: false,
    });
    expect(c.dataDir).toMatch(/\/data$/);
  });

  it('reads every variable', () => {
    const c = loadServerConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      RIPOSTE_DATA_DIR: '/var/lib/riposte',
      RIPOSTE_EVENT_STORE: 'kurrentdb',
      RIPOSTE_KURRENTDB_URL: 'kurrentdb://localhost:2113?tls=false',
      RIPOSTE_ADMIN_PASSWORD: 'long-enough',
      RIPOSTE_SESSION_KEYS: `${'a'.repeat(32)}, ${'b'.repeat(40)}`,
      RIPOSTE_PUBLIC_URL: 'https://riposte.example.com/',
      RIPOSTE_TRUST_PROXY: 'yes',
      RIPOSTE_SCHEDULER: 'external',
      RIPOSTE_LEGACY_USERNAMES: ' alice, ,Bob ',
      RIPOSTE_EMAIL_TEST_MODE: '1',
      LOG_LEVEL: 'debug',
      RIPOSTE_SQLITE_SYNCHRONOUS: 'normal',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/riposte',
      eventStore: { kind: 'kurrentdb', connectionString: 'kurrentdb://localhost:2113?tls=false' },
      adminPassword: 'long-enough',
      sessionKeys: ['a'.repeat(32), 'b'.repeat(40)],
      publicUrl: 'https://riposte.example.com',
      https: true,
      trustedProxyHops: 1,
      scheduler: 'external',
      legacyUsernames: ['alice', 'Bob'],
      emailTestModeEverywhere: true,
      logLevel: 'debug',
    });
  });

  it('treats empty values as unset', () => {
    expect(loadServerConfig({ PORT: '', RIPOSTE_ADMIN_PASSWORD: '' })).toMatchObject({ port: 3000, adminPassword: undefined });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ HOST: 'bad host!' }, 'HOST'],
    [{ RIPOSTE_EVENT_STORE: 'postgres' }, 'RIPOSTE_EVENT_STORE'],
    [{ RIPOSTE_EVENT_STORE: 'kurrentdb' }, 'RIPOSTE_KURRENTDB_URL'],
    [{ RIPOSTE_KURRENTDB_URL: 'http://x' }, 'RIPOSTE_KURRENTDB_URL'],
    [{ RIPOSTE_EVENT_STORE: 'kurrentdb', RIPOSTE_KURRENTDB_URL: 'kurrentdb://h:2113?tls=false&throwOnAppendFailure=false' }, 'RIPOSTE_KURRENTDB_URL'],
    [{ RIPOSTE_EVENT_STORE: 'kurrentdb', RIPOSTE_KURRENTDB_URL: 'kurrentdb://h:2113?ThrowOnAppendFailure=0' }, 'RIPOSTE_KURRENTDB_URL'],
    [{ RIPOSTE_SQLITE_SYNCHRONOUS: 'OFF' }, 'RIPOSTE_SQLITE_SYNCHRONOUS'],
    [{ RIPOSTE_ADMIN_PASSWORD: '123' }, 'RIPOSTE_ADMIN_PASSWORD'],
    [{ RIPOSTE_SESSION_KEYS: 'short' }, 'RIPOSTE_SESSION_KEYS'],
    [{ RIPOSTE_PUBLIC_URL: 'ftp://x' }, 'RIPOSTE_PUBLIC_URL'],
    [{ RIPOSTE_TRUST_PROXY: 'maybe' }, 'RIPOSTE_TRUST_PROXY'],
    [{ RIPOSTE_SCHEDULER: 'sometimes' }, 'RIPOSTE_SCHEDULER'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ RIPOSTE_TEST_FAST_HASHES: 'true' }, 'RIPOSTE_TEST_FAST_HASHES'],
    [{ RIPOSTE_X_DELIVERY: 'sometimes' }, 'RIPOSTE_X_DELIVERY'],
    [{ RIPOSTE_X_ACCESS: 'pro' }, 'RIPOSTE_X_ACCESS'],
    [{ RIPOSTE_X_SUMMON_RULE: 'maybe' }, 'RIPOSTE_X_SUMMON_RULE'],
    [{ RIPOSTE_X_SANDBOX_PORT: '70000' }, 'RIPOSTE_X_SANDBOX_PORT'],
  ])('names the bad variable in %j', (env, variable) => {
    expect(problemsOf(env)).toContain(variable);
  });

  it.each([
    ['true', 1],
    ['on', 1],
    ['1', 1],
    ['2', 2],
    ['false', 0],
    ['0', 0],
  ])('reads RIPOSTE_TRUST_PROXY=%s as %i trusted proxies', (value, hops) => {
    expect(loadServerConfig({ RIPOSTE_TRUST_PROXY: value }).trustedProxyHops).toBe(hops);
  });

  it.each(['-1', '11', '1.5', 'two'])('refuses RIPOSTE_TRUST_PROXY=%s', (value) => {
    expect(problemsOf({ RIPOSTE_TRUST_PROXY: value })).toContain('RIPOSTE_TRUST_PROXY');
  });

  it('never echoes the value of a secret-looking variable', () => {
    try {
      loadServerConfig({ RIPOSTE_ADMIN_PASSWORD: 'abc', RIPOSTE_SESSION_KEYS: 'tiny-secret' });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).not.toContain('abc');
      expect(String(error)).not.toContain('tiny-secret');
    }
  });

  it('reads how replies reach X: delivery auto and self-serve access unless set, the sandbox summon rule on', () => {
    expect(loadServerConfig({}).x).toMatchObject({ RIPOSTE_X_DELIVERY: 'auto', RIPOSTE_X_ACCESS: 'self_serve', RIPOSTE_X_SUMMON_RULE: true, RIPOSTE_X_SANDBOX_PORT: 0 });
    expect(loadServerConfig({ RIPOSTE_X_SANDBOX_PORT: '4100' }).x.RIPOSTE_X_SANDBOX_PORT).toBe(4100);
    expect(loadServerConfig({ RIPOSTE_X_DELIVERY: 'assisted', RIPOSTE_X_ACCESS: 'enterprise', RIPOSTE_X_SUMMON_RULE: 'OFF' }).x).toMatchObject({
      RIPOSTE_X_DELIVERY: 'assisted',
      RIPOSTE_X_ACCESS: 'enterprise',
      RIPOSTE_X_SUMMON_RULE: false,
    });
    expect(loadServerConfig({ RIPOSTE_X_DELIVERY: 'direct', RIPOSTE_X_SUMMON_RULE: ' ' }).x).toMatchObject({ RIPOSTE_X_DELIVERY: 'direct', RIPOSTE_X_SUMMON_RULE: true });
  });

  it('says at start what RIPOSTE_X_DELIVERY and RIPOSTE_X_ACCESS accept', () => {
    expect(() => loadServerConfig({ RIPOSTE_X_DELIVERY: 'api', RIPOSTE_X_ACCESS: 'pro' })).toThrow(
      /RIPOSTE_X_DELIVERY must be auto, direct or assisted[\s\S]*RIPOSTE_X_ACCESS must be self_serve or enterprise|RIPOSTE_X_ACCESS must be self_serve or enterprise[\s\S]*RIPOSTE_X_DELIVERY must be auto, direct or assisted/,
    );
  });

  it('honours the fast test hashes only with NODE_ENV=test', () => {
    expect(loadServerConfig({ NODE_ENV: 'test', RIPOSTE_TEST_FAST_HASHES: 'true' }).fastHashes).toBe(true);
  });

  it('reads the upload limits and the disk reserve, with defaults', () => {
    expect(loadServerConfig({}).uploads).toEqual({
      quota: { maxBytes: 100 * 1024 * 1024, maxFiles: 200 },
      ratePerWindow: 30,
      reserve: { kind: 'bytes', bytes: 1024 ** 3 },
      graceHours: 24,
    });
    const c = loadServerConfig({
      RIPOSTE_UPLOAD_QUOTA_MB: '0',
      RIPOSTE_UPLOAD_QUOTA_FILES: '10',
      RIPOSTE_UPLOAD_RATE: '0',
      RIPOSTE_UPLOAD_GRACE_HOURS: '48',
      RIPOSTE_DISK_RESERVE: '5%',
    });
    expect(c.uploads).toEqual({ quota: { maxBytes: 0, maxFiles: 10 }, ratePerWindow: 0, reserve: { kind: 'percent', percent: 5 }, graceHours: 48 });
    expect(loadServerConfig({ RIPOSTE_DISK_RESERVE: '512MiB' }).uploads.reserve).toEqual({ kind: 'bytes', bytes: 512 * 1024 * 1024 });
    expect(loadServerConfig({ RIPOSTE_DISK_RESERVE: '1.5 GiB' }).uploads.reserve).toEqual({ kind: 'bytes', bytes: 1.5 * 1024 ** 3 });
  });

  it.each([
    ['RIPOSTE_DISK_RESERVE', '1GB'],
    ['RIPOSTE_DISK_RESERVE', '120%'],
    ['RIPOSTE_DISK_RESERVE', 'lots'],
    ['RIPOSTE_UPLOAD_QUOTA_MB', '-1'],
    ['RIPOSTE_UPLOAD_RATE', 'many'],
    ['RIPOSTE_UPLOAD_GRACE_HOURS', '0'],
  ])('refuses %s=%s naming the variable', (name, value) => {
    expect(problemsOf({ [name]: value })).toEqual([name]);
  });
});
