import { describe, expect, it } from 'vitest';
import { openX } from '@adapters/x-twitter';

describe('openX', () => {
  it('starts the emulator and points the adapter at it when no credentials are set (sandbox mode)', async () => {
    const x = await openX({}, { seed: 3 });
    try {
      expect(x.sandbox).toBe(true);
      expect(x.client.sandbox).toBe(true);
      expect(x.description).toMatch(/^Sandbox X: the bundled emulator at http:\/\/127\.0\.0\.1:\d+/);
      expect(x.client.webUrl).toBe(x.emulator!.url);
      expect((await x.client.checkCredentials()).status).toBe('success');
      expect((await x.client.lookupUser('nytimes'))?.displayName).toBe('The New York Times');
    } finally {
      await x.close();
    }
  });

  it('uses the configured credentials and base URL, and never logs the secret', async () => {
    const x = await openX({ RIPOSTE_X_API_KEY: 'key', RIPOSTE_X_API_SECRET: 'very-secret', RIPOSTE_X_API_URL: 'http://127.0.0.1:9', RIPOSTE_X_ACCESS: 'enterprise' });
    expect(x.sandbox).toBe(false);
    expect(x.client.access).toBe('enterprise');
    expect(x.description).not.toContain('very-secret');
    expect((await x.client.checkCredentials()).status).toBe('error');
    await x.close();
  });
});
