import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isSandbox, openX, xEnvSchema } from '@adapters/x-twitter';

const dataDir = mkdtempSync(join(tmpdir(), 'riposte-open-x-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** What a process hands openX: the parsed RIPOSTE_X_* settings, and what it logs. */
const open = (env: Record<string, string>) => {
  const parsed = xEnvSchema.parse(env);
  const logged: string[] = [];
  const logger = { info: (obj: object, msg: string) => void logged.push(`${msg} ${JSON.stringify(obj)}`) };
  return { logged, opened: openX({ x: { ...parsed, sandbox: isSandbox(parsed) }, dataDir, mayStartEmulator: true, logger }) };
};

describe('openX', () => {
  it('starts the emulator and points the adapter at it when no credentials are set (sandbox mode)', async () => {
    const { logged, opened } = open({});
    const x = await opened;
    try {
      expect(x.sandbox).toBe(true);
      expect(x.app?.sandbox).toBe(true);
      expect(logged.join('\n')).toMatch(/sandbox X \(the bundled emulator\) started .*http:\/\/127\.0\.0\.1:\d+/);
      expect(x.app?.webUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await x.app!.checkCredentials()).status).toBe('success');
      expect((await x.app!.lookupUser('nytimes'))?.displayName).toBe('The New York Times');
    } finally {
      await x.close();
    }
  });

  it('uses the configured credentials and base URL, and never logs the secret', async () => {
    const { logged, opened } = open({ RIPOSTE_X_API_KEY: 'key', RIPOSTE_X_API_SECRET: 'very-secret', RIPOSTE_X_API_URL: 'http://127.0.0.1:9', RIPOSTE_X_ACCESS: 'enterprise' });
    const x = await opened;
    expect(x.sandbox).toBe(false);
    expect(x.app?.access).toBe('enterprise');
    expect(logged.join('\n')).not.toContain('very-secret');
    expect((await x.app!.checkCredentials()).status).toBe('error');
    await x.close();
  });
});
