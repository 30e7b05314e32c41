import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  createTokenCipher,
  createTokenVault,
  DATA_KEYS_FILE,
  loadOrCreateTokenKeyFile,
  openDataKeyStore,
  TokenDecryptError,
  tokenEnvSchema,
  tokenKey,
  tokenKeyringFrom,
  TOKEN_KEY_FILE,
  type TokenBinding,
} from '@adapters/crypto-tokens';

const binding: TokenBinding = { userId: 'u1', accountId: 'a1', field: 'xAccessToken' };
const newKey = () => tokenKey(randomBytes(32));
const failureOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(TokenDecryptError);
    return (e as TokenDecryptError).failure;
  }
  throw new Error('expected a TokenDecryptError');
};

describe('token cipher (AES-256-GCM)', () => {
  const key = newKey();
  const cipher = createTokenCipher({ current: key, previous: [] });

  it('round-trips any text, with a fresh IV each time', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), fc.string(), fc.string(), (text, userId, accountId) => {
        const b = { userId, accountId, field: 'xAccessSecret' };
        expect(cipher.decrypt(cipher.encrypt(text, b), b)).toBe(text);
      }),
    );
    const a = cipher.encrypt('same', binding);
    const b = cipher.encrypt('same', binding);
    expect(a).not.toBe(b);
    expect(a).not.toContain('same');
    expect(a.split('.')).toHaveLength(5);
    expect(cipher.keyIdOf(a)).toBe(key.id);
  });

  it('rejects another row, another user or another column (associated data)', () => {
    const sealed = cipher.encrypt('token-value', binding);
    expect(failureOf(() => cipher.decrypt(sealed, { ...binding, userId: 'u2' }))).toBe('rejected');
    expect(failureOf(() => cipher.decrypt(sealed, { ...binding, accountId: 'a2' }))).toBe('rejected');
    expect(failureOf(() => cipher.decrypt(sealed, { ...binding, field: 'xAccessSecret' }))).toBe('rejected');
    // The binding is unambiguous: moving characters between fields does not match.
    const tricky = cipher.encrypt('x', { userId: 'a|b', accountId: 'c', field: 'f' });
    expect(failureOf(() => cipher.decrypt(tricky, { userId: 'a', accountId: 'b|c', field: 'f' }))).toBe('rejected');
  });

  it('rejects any altered byte of IV, ciphertext or tag', () => {
    const sealed = cipher.encrypt('token-value', binding);
    const parts = sealed.split('.');
    for (const index of [2, 3, 4]) {
      const bytes = Buffer.from(parts[index]!, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      const altered = [...parts];
      altered[index] = bytes.toString('base64url');
      expect(failureOf(() => cipher.decrypt(altered.join('.'), binding))).toBe('rejected');
    }
  });

  it('rejects a wrong key with the same id slot, and an unknown key id', () => {
    const sealed = cipher.encrypt('token-value', binding);
    const other = newKey();
    const impostor = createTokenCipher({ current: { id: key.id, key: other.key }, previous: [] });
    expect(failureOf(() => impostor.decrypt(sealed, binding))).toBe('rejected');
    expect(failureOf(() => createTokenCipher({ current: other, previous: [] }).decrypt(sealed, binding))).toBe('unknown_key');
  });

  it('rejects a short tag (16 bytes enforced) and malformed values', () => {
    const parts = cipher.encrypt('token-value', binding).split('.');
    for (const length of [4, 8, 12, 15]) {
      const short = [...parts];
      short[4] = Buffer.from(parts[4]!, 'base64url').subarray(0, length).toString('base64url');
      expect(failureOf(() => cipher.decrypt(short.join('.'), binding))).toBe('malformed');
    }
    const longIv = [...parts];
    longIv[2] = randomBytes(16).toString('base64url');
    expect(failureOf(() => cipher.decrypt(longIv.join('.'), binding))).toBe('malformed');
    for (const bad of ['', 'plain-token', 'rtk1.a.b.c', `rtk2.${parts.slice(1).join('.')}`, parts.join('.').replace(/\./, '.!')]) {
      expect(failureOf(() => cipher.decrypt(bad, binding))).toBe('malformed');
    }
  });

  it('rotates: old values open with a previous key and are re-sealed with the current one', () => {
    const oldKey = newKey();
    const oldCipher = createTokenCipher({ current: oldKey, previous: [] });
    const sealedOld = oldCipher.encrypt('secret', binding);
    const rotated = createTokenCipher({ current: key, previous: [oldKey] });
    expect(rotated.needsRotation(sealedOld)).toBe(true);
    expect(rotated.decrypt(sealedOld, binding)).toBe('secret');
    const resealed = rotated.rotate(sealedOld, binding);
    expect(rotated.keyIdOf(resealed)).toBe(key.id);
    expect(rotated.needsRotation(resealed)).toBe(false);
    expect(cipher.decrypt(resealed, binding)).toBe('secret');
    // A rotated value cannot be opened by a keyring that only has the old key.
    expect(failureOf(() => oldCipher.decrypt(resealed, binding))).toBe('unknown_key');
  });
});

describe('token keyring from the environment or the data directory', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'riposte-keys-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('generates a key file once, mode 0600, and reads the same key afterwards', () => {
    const dir = join(tempDir(), 'data');
    const first = loadOrCreateTokenKeyFile(dir);
    expect(first.created).toBe(true);
    expect(statSync(first.path).mode & 0o777).toBe(0o600);
    const second = loadOrCreateTokenKeyFile(dir);
    expect(second.created).toBe(false);
    expect(second.key.id).toBe(first.key.id);
    expect(Buffer.from(readFileSync(first.path, 'utf8').trim(), 'base64')).toHaveLength(32);
  });

  it('tightens a key file others could read, and refuses a file without a key', () => {
    const dir = tempDir();
    writeFileSync(join(dir, TOKEN_KEY_FILE), randomBytes(32).toString('base64'), { mode: 0o644 });
    chmodSync(join(dir, TOKEN_KEY_FILE), 0o644);
    expect(loadOrCreateTokenKeyFile(dir).tightened).toBe(true);
    expect(statSync(join(dir, TOKEN_KEY_FILE)).mode & 0o777).toBe(0o600);
    writeFileSync(join(dir, TOKEN_KEY_FILE), 'not a key');
    expect(() => loadOrCreateTokenKeyFile(dir)).toThrow(/does not hold a token key/);
  });

  it('validates RIPOSTE_TOKEN_KEY and RIPOSTE_TOKEN_OLD_KEYS, naming the variable', () => {
    expect(tokenEnvSchema.safeParse({ RIPOSTE_TOKEN_KEY: randomBytes(32).toString('base64') }).success).toBe(true);
    expect(tokenEnvSchema.safeParse({ RIPOSTE_TOKEN_KEY: '' }).data).toEqual({});
    const short = tokenEnvSchema.safeParse({ RIPOSTE_TOKEN_KEY: randomBytes(16).toString('base64') });
    expect(short.error?.issues[0]?.message).toMatch(/RIPOSTE_TOKEN_KEY must be base64 of exactly 32 bytes/);
    const badOld = tokenEnvSchema.safeParse({ RIPOSTE_TOKEN_OLD_KEYS: `${randomBytes(32).toString('base64')}, nope` });
    expect(badOld.error?.issues[0]?.message).toMatch(/RIPOSTE_TOKEN_OLD_KEYS/);
  });

  it('prefers the environment key and keeps the file key and old keys to open older values', () => {
    const dir = tempDir();
    const fromFile = tokenKeyringFrom({}, dir);
    expect(fromFile.description).toMatch(/generated into/);
    const sealedWithFile = createTokenCipher(fromFile.keyring).encrypt('v', binding);
    const oldEnvKey = randomBytes(32).toString('base64');
    const sealedWithOld = createTokenCipher({ current: tokenKey(Buffer.from(oldEnvKey, 'base64')), previous: [] }).encrypt('w', binding);

    const env = tokenEnvSchema.parse({ RIPOSTE_TOKEN_KEY: randomBytes(32).toString('base64'), RIPOSTE_TOKEN_OLD_KEYS: oldEnvKey });
    const fromEnv = tokenKeyringFrom(env, dir);
    expect(fromEnv.description).toMatch(/from RIPOSTE_TOKEN_KEY \(\+2 old\)/);
    expect(fromEnv.description).not.toContain(env.RIPOSTE_TOKEN_KEY);
    const cipher = createTokenCipher(fromEnv.keyring);
    expect(cipher.decrypt(sealedWithFile, binding)).toBe('v');
    expect(cipher.decrypt(sealedWithOld, binding)).toBe('w');
    expect(cipher.needsRotation(sealedWithFile)).toBe(true);
  });
});

describe('token vault: a data key per account, destroyed on disconnect', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const master = newKey();
  const masterCipher = createTokenCipher({ current: master, previous: [] });

  it("seals with the account's own key, opens until the key is destroyed, then never", () => {
    const dir = mkdtempSync(join(tmpdir(), 'riposte-dek-'));
    dirs.push(dir);
    const path = join(dir, DATA_KEYS_FILE);
    const keys = openDataKeyStore(path);
    const vault = createTokenVault(masterCipher, keys, [master.id]);
    const other = { ...binding, accountId: 'a2' };
    const sealed = vault.encrypt('token-value', binding);
    const sealedOther = vault.encrypt('other-value', other);
    // Not the master key: the installation key alone does not open it.
    expect(vault.keyIdOf(sealed)).not.toBe(master.id);
    expect(failureOf(() => masterCipher.decrypt(sealed, binding))).toBe('unknown_key');
    expect(vault.decrypt(sealed, binding)).toBe('token-value');
    // Each account has its own key; a second value of one account uses the same key.
    expect(vault.keyIdOf(sealedOther)).not.toBe(vault.keyIdOf(sealed));
    expect(vault.keyIdOf(vault.encrypt('again', binding))).toBe(vault.keyIdOf(sealed));
    // The store keeps the data key sealed with the master key, bound to its account.
    const storedKey = keys.get('a1') ?? '';
    expect(storedKey).toMatch(new RegExp(`^rtk1\\.${master.id}\\.`));

    vault.destroy('a1');
    expect(failureOf(() => vault.decrypt(sealed, binding))).toBe('unknown_key');
    expect(vault.decrypt(sealedOther, other)).toBe('other-value');
    // Reopened from the file: still gone, and its bytes are not left in the database file.
    keys.close();
    const reopened = createTokenVault(masterCipher, openDataKeyStore(path), [master.id]);
    expect(failureOf(() => reopened.decrypt(sealed, binding))).toBe('unknown_key');
    expect(readFileSync(path).toString('latin1')).not.toContain(storedKey.split('.')[3]);
  });

  it('still opens values sealed with the master key before data keys existed, and moves them over on rotate', () => {
    const vault = createTokenVault(masterCipher, openDataKeyStore(':memory:'), [master.id]);
    const legacy = masterCipher.encrypt('legacy-token', binding);
    expect(vault.decrypt(legacy, binding)).toBe('legacy-token');
    expect(vault.needsRotation(legacy)).toBe(true);
    const moved = vault.rotate(legacy, binding);
    expect(vault.needsRotation(moved)).toBe(false);
    vault.destroy(binding.accountId);
    expect(failureOf(() => vault.decrypt(moved, binding))).toBe('unknown_key');
  });
});
