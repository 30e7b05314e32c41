// RIPOSTE_SHARED_URL: several processes serve one installation. Each setting under which a process
// would still keep something the others need is refused at start-up, naming the variable.
import { describe, expect, it } from 'vitest';
import { loadServerConfig } from './config';
import { problemsOf } from './testing/config-problems';

const SHARED = {
  RIPOSTE_SHARED_URL: 'postgres://riposte:secret@db:5432/riposte',
  RIPOSTE_TOKEN_KEY: Buffer.alloc(32, 7).toString('base64'),
  RIPOSTE_SESSION_KEYS: 'k'.repeat(40),
  RIPOSTE_SQLITE_FILE: '/srv/riposte/events.db',
  RIPOSTE_UPLOADS_DIR: '/srv/riposte/uploads',
  RIPOSTE_X_API_URL: 'http://127.0.0.1:4100',
  RIPOSTE_PAYPAL_API_URL: 'http://127.0.0.1:4200',
};

describe('shared state configuration', () => {
  it('keeps the single-process defaults without RIPOSTE_SHARED_URL', () => {
    const c = loadServerConfig({ RIPOSTE_DATA_DIR: '/tmp/riposte-d' });
    expect(c.sharedUrl).toBeUndefined();
    expect(c.uploadsDir).toBe('/tmp/riposte-d/uploads');
    expect(c.eventStore).toEqual({ kind: 'sqlite', synchronous: 'FULL' });
  });

  it('reads a complete shared configuration', () => {
    const c = loadServerConfig(SHARED);
    expect(c.sharedUrl).toBe(SHARED.RIPOSTE_SHARED_URL);
    expect(c.uploadsDir).toBe('/srv/riposte/uploads');
    expect(c.eventStore).toEqual({ kind: 'sqlite', synchronous: 'FULL', path: '/srv/riposte/events.db' });
  });

  it.each([
    ['RIPOSTE_TOKEN_KEY', /same key/],
    ['RIPOSTE_SESSION_KEYS', /verify on every other/],
    ['RIPOSTE_SQLITE_FILE', /data directory/],
    ['RIPOSTE_UPLOADS_DIR', /404/],
    ['RIPOSTE_X_API_URL', /sandbox X of its own/],
    ['RIPOSTE_PAYPAL_API_URL', /PayPal emulator of its own/],
  ])('refuses a shared configuration without %s', (variable, message) => {
    const problems = problemsOf({ ...SHARED, [variable]: undefined });
    expect(problems).toHaveLength(1);
    expect(problems[0]?.variable).toBe(variable);
    expect(problems[0]?.message).toMatch(message);
  });

  it('needs no SQLite file with KurrentDB, and real X credentials need no emulator', () => {
    expect(
      problemsOf({
        ...SHARED,
        RIPOSTE_SQLITE_FILE: undefined,
        RIPOSTE_EVENT_STORE: 'kurrentdb',
        RIPOSTE_KURRENTDB_URL: 'kurrentdb://kurrent:2113?tls=false',
        RIPOSTE_X_API_URL: undefined,
        RIPOSTE_X_API_KEY: 'key',
        RIPOSTE_X_API_SECRET: 'secret',
      }),
    ).toEqual([]);
  });

  it('refuses a shared URL that is not PostgreSQL, without echoing it', () => {
    const problems = problemsOf({ ...SHARED, RIPOSTE_SHARED_URL: 'redis://:secret@cache:6379' });
    expect(problems.map((p) => p.variable)).toEqual(['RIPOSTE_SHARED_URL']);
    expect(problems[0]?.message).not.toContain('cache:6379');
  });
});
