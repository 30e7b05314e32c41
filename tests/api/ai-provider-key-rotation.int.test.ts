/**
 * The AI provider's key follows the token key's rotation, as the X tokens do (adapters/crypto-tokens):
 * sealed with RIPOSTE_TOKEN_KEY, opened with a previous key while RIPOSTE_TOKEN_OLD_KEYS lists it,
 * and sealed again with the current key when a server starts, so that the old key can be dropped:
 * the provider still writes with the new key alone, and the old key alone no longer opens it.
 * Three servers in turn on one data directory, over real HTTP, with the OpenAI-compatible emulator
 * checking the key each call carries.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_MODEL, startAiEmulator, type AiEmulator } from '@adapters/ai-emulator';
import { AI_KEY_BINDING } from '@adapters/ai-provider';
import { createTokenCipher, tokenKey, TokenDecryptError } from '@adapters/crypto-tokens';
import type { RunningServer } from '@apps/server/src/start';
import { ADMIN_PASSWORD, Client, logCapture, startServer, testEnv } from './support';

const NO_AI = { RIPOSTE_AI_BASE_URL: '', RIPOSTE_AI_API_KEY: '', RIPOSTE_AI_MODEL: '', RIPOSTE_AI_MAX_RETRIES: '0' };
const KEY = 'sk-rotated-7d1e0b';
const POST = 'Remote work is dead. Everyone is going back to the office by next year.';
const USER = { username: 'rotator', password: 'secret-pw-1' };

const oldKey = randomBytes(32);
const newKey = randomBytes(32);
const b64 = (b: Buffer) => b.toString('base64');

/** The provider's sealed key as the last server left it in the read model. */
const sealedKeyIn = (dataDir: string): string => {
  const db = new Database(join(dataDir, 'read.db'), { readonly: true });
  try {
    return (db.prepare('SELECT sealed_key FROM ai_provider WHERE id = 1').get() as { sealed_key: string }).sealed_key;
  } finally {
    db.close();
  }
};

const failureOf = (fn: () => unknown): string | null => {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof TokenDecryptError ? error.failure : String(error);
  }
};

describe('the AI provider key and RIPOSTE_TOKEN_KEY rotation', () => {
  let emulator: AiEmulator;
  let dataDir: string;
  let running: RunningServer | null = null;

  const start = async (tokens: Record<string, string>) => {
    running = await startServer({ ...testEnv(dataDir), ...NO_AI, ...tokens }, { logDestination: logCapture().stream });
    return running;
  };
  const stop = async () => {
    await running?.close();
    running = null;
  };
  const signIn = async (server: RunningServer, username: string, password: string) => {
    const c = new Client(server.url);
    const res = await c.post('/api/auth/login', { username, password });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return c;
  };
  /** One AI reply for the user: the key the emulator received with it. */
  const writeOnce = async (server: RunningServer) => {
    const user = await signIn(server, USER.username, USER.password);
    const before = emulator.requests.length;
    const res = await user.post('/api/generate-ai-reply', { tweetText: POST, viralStyle: 'hot_take' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ offline: false, model: EMULATOR_MODEL });
    expect(emulator.requests.length).toBe(before + 1);
    return emulator.requests.at(-1)?.authorization;
  };

  beforeAll(async () => {
    emulator = await startAiEmulator({ apiKey: KEY });
    dataDir = mkdtempSync(join(tmpdir(), 'riposte-ai-rotation-'));
  });
  afterAll(async () => {
    await stop();
    await emulator?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens with the old key while it is listed, is sealed again with the new one, and then needs only the new one', async () => {
    // Before the rotation: the key is saved sealed with the old token key.
    const first = await start({ RIPOSTE_TOKEN_KEY: b64(oldKey) });
    const admin = new Client(first.url);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD })).status).toBe(200);
    expect((await admin.put('/api/auth/change-password', { currentPassword: ADMIN_PASSWORD, newPassword: 'admin-new-pw', confirmPassword: 'admin-new-pw' })).status).toBe(200);
    const saved = await admin.put('/api/admin/ai-provider', { baseUrl: emulator.baseUrl, model: EMULATOR_MODEL, apiKey: KEY, fallback: 'wait', userDailyLimit: null, installationMonthlyLimit: null });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const registered = await new Client(first.url).post('/api/auth/register', {
      email: 'rotator@example.com',
      username: USER.username,
      fullName: 'Ro Tator',
      password: USER.password,
      confirmPassword: USER.password,
    });
    expect(registered.status).toBe(201);
    expect(await writeOnce(first)).toBe(`Bearer ${KEY}`);
    await stop();
    expect(createTokenCipher({ current: tokenKey(oldKey), previous: [] }).decrypt(sealedKeyIn(dataDir), AI_KEY_BINDING)).toBe(KEY);

    // The rotation: a new current key, the old one kept to open what it sealed.
    const second = await start({ RIPOSTE_TOKEN_KEY: b64(newKey), RIPOSTE_TOKEN_OLD_KEYS: b64(oldKey) });
    expect(await writeOnce(second)).toBe(`Bearer ${KEY}`);
    await stop();
    const resealed = sealedKeyIn(dataDir);
    expect(createTokenCipher({ current: tokenKey(newKey), previous: [] }).decrypt(resealed, AI_KEY_BINDING)).toBe(KEY);
    // The old key alone no longer opens it.
    expect(failureOf(() => createTokenCipher({ current: tokenKey(oldKey), previous: [] }).decrypt(resealed, AI_KEY_BINDING))).toBe('unknown_key');

    // The old key dropped: the provider still writes with the right key.
    const third = await start({ RIPOSTE_TOKEN_KEY: b64(newKey) });
    expect(await writeOnce(third)).toBe(`Bearer ${KEY}`);
  }, 120_000);
});
