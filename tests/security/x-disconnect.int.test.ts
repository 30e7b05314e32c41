/**
 * Disconnecting an X account ends its tokens twice over: X is told to revoke them
 * (invalidate_token, so they sign nothing at X any more), and the account's data key is destroyed,
 * so the sealed tokens that stay in the append-only event store can never be opened again, even
 * with the installation's token key.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTokenCipher,
  createTokenVault,
  DATA_KEYS_FILE,
  openDataKeyStore,
  TokenDecryptError,
  tokenKeyringFrom,
  tokenEnvSchema,
} from '@adapters/crypto-tokens';
import { SANDBOX_APP, startXEmulator, type XEmulator } from '@adapters/x-emulator/server';
import { createXClient } from '@adapters/x-twitter';
import { isXError, type XAppClient, type XUserTokens } from '@core/x';
import { xAccountStream } from '@core/x-accounts';
import { startTestServer, type TestServer } from '../api/support';
import { consent, xAccountsOf } from './x-support';

let emulator: XEmulator;
let server: TestServer;
let x: XAppClient;
beforeAll(async () => {
  emulator = await startXEmulator({ host: '127.0.0.1', port: 0 });
  server = await startTestServer({ RIPOSTE_X_API_KEY: SANDBOX_APP.consumerKey, RIPOSTE_X_API_SECRET: SANDBOX_APP.consumerSecret, RIPOSTE_X_API_URL: emulator.url });
  x = createXClient({ consumerKey: SANDBOX_APP.consumerKey, consumerSecret: SANDBOX_APP.consumerSecret, apiBaseUrl: emulator.url, webUrl: emulator.url });
});
afterAll(async () => {
  await server?.close();
  await emulator?.close();
});

/** The person authorises the app once more: X hands back the same token pair until it is revoked. */
const tokensAtX = async (handle: string): Promise<XUserTokens> => {
  const start = await x.startAuthorization({ callback: 'oob', linkMode: 'authorize' });
  const { pin } = await consent(start.url, handle);
  return (await x.completeAuthorization({ ...start, verifier: pin ?? '' })).tokens;
};

/** The sealed access token of the account's first event, as the event store keeps it. */
const sealedInEvents = (accountId: string): { userId: string; accessToken: string } => {
  const db = new Database(join(server.dataDir, 'events.db'), { readonly: true });
  try {
    const row = db.prepare<[string], { data: string }>('SELECT data FROM events WHERE stream = ? ORDER BY revision LIMIT 1').get(xAccountStream(accountId));
    const data = JSON.parse(row?.data ?? '{}') as { userId: string; tokens: { accessToken: string } };
    return { userId: data.userId, accessToken: data.tokens.accessToken };
  } finally {
    db.close();
  }
};

/** Opens a sealed token as the server would, with the installation's token key and data keys. */
const openStored = (accountId: string, sealed: { userId: string; accessToken: string }): string => {
  const { keyring } = tokenKeyringFrom(tokenEnvSchema.parse({}), server.dataDir);
  const keys = openDataKeyStore(join(server.dataDir, DATA_KEYS_FILE));
  try {
    return createTokenVault(createTokenCipher(keyring), keys, [keyring.current.id]).decrypt(sealed.accessToken, { userId: sealed.userId, accountId, field: 'xAccessToken' });
  } finally {
    keys.close();
  }
};

describe('disconnecting an X account', () => {
  it('revokes its token at X and destroys its key: the old token works nowhere, the stored one cannot be opened', async () => {
    const { client } = await server.newUser();
    const start = (await client.get('/api/x/auth/url')).body as { url: string; token: string };
    const { pin } = await consent(start.url, 'shred_person');
    expect((await client.post('/api/x/auth/verify-pin', { token: start.token, pinCode: pin })).status).toBe(200);
    const [account] = await xAccountsOf(client);
    const accountId = account?.id ?? '';

    const tokens = await tokensAtX('shred_person');
    expect(await x.asUser(tokens).me()).toMatchObject({ username: 'shred_person' });
    const sealed = sealedInEvents(accountId);
    expect(sealed.accessToken).toMatch(/^rtk1\./);
    expect(openStored(accountId, sealed)).toBe(tokens.accessToken);

    const gone = await client.request('DELETE', `/api/x/accounts/${accountId}`);
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ success: true, revokedAtX: true });

    // X no longer accepts the old token.
    const refused = await x.asUser(tokens).me().catch((e: unknown) => e);
    expect(isXError(refused) && refused.outcome.kind).toBe('auth_failed');
    // The event still holds the ciphertext, and nothing opens it any more.
    expect(sealedInEvents(accountId)).toEqual(sealed);
    const error = (() => {
      try {
        openStored(accountId, sealed);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(TokenDecryptError);
    expect((error as TokenDecryptError).failure).toBe('unknown_key');
  });

  it('still disconnects when X cannot be reached, and says the token was not revoked there', async () => {
    const { client } = await server.newUser();
    const start = (await client.get('/api/x/auth/url')).body as { url: string; token: string };
    const { pin } = await consent(start.url, 'shred_offline');
    expect((await client.post('/api/x/auth/verify-pin', { token: start.token, pinCode: pin })).status).toBe(200);
    const [account] = await xAccountsOf(client);
    emulator.control.inject({ kind: 'status', status: 503 }, { method: 'POST', path: '/1.1/oauth/invalidate_token' });
    const gone = await client.request('DELETE', `/api/x/accounts/${account?.id}`);
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ success: true, revokedAtX: false });
    expect(await xAccountsOf(client)).toEqual([]);
    expect(server.logs.text()).toContain('X did not confirm the token revocation');
    const error = (() => {
      try {
        openStored(account?.id ?? '', sealedInEvents(account?.id ?? ''));
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(TokenDecryptError);
  });
});
