/**
 * Where the token key comes from. RIPOSTE_TOKEN_KEY (base64 of 32 random bytes, e.g.
 * `openssl rand -base64 32`) is the current key; RIPOSTE_TOKEN_OLD_KEYS (comma-separated, same
 * form) are previous keys kept to open values not yet re-encrypted. With no key in the
 * environment, a key is generated once and kept in `<dataDir>/token-key` (mode 0600), so a fresh
 * machine works and restarts keep opening what was stored. When a key is later put in the
 * environment, the file's key stays in the keyring as a previous key, so nothing stored is lost.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { tokenKey, type TokenKey, type TokenKeyring } from './cipher';

export const TOKEN_KEY_FILE = 'token-key';

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const decodeKey = (value: string): Buffer | null => {
  const text = value.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return null;
  const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 ? bytes : null;
};

const KEY_MESSAGE = 'must be base64 of exactly 32 bytes (generate one with: openssl rand -base64 32)';

export const tokenEnvSchema = z.object({
  RIPOSTE_TOKEN_KEY: z.preprocess(
    blank,
    z
      .string()
      .refine((v) => decodeKey(v) !== null, { message: `RIPOSTE_TOKEN_KEY ${KEY_MESSAGE}` })
      .optional(),
  ),
  RIPOSTE_TOKEN_OLD_KEYS: z.preprocess(
    blank,
    z
      .string()
      .transform((v) => v.split(',').map((s) => s.trim()).filter((s) => s !== ''))
      .refine((list) => list.every((v) => decodeKey(v) !== null), { message: `every key in RIPOSTE_TOKEN_OLD_KEYS ${KEY_MESSAGE}` })
      .optional(),
  ),
});
export type TokenEnv = z.output<typeof tokenEnvSchema>;

const keyFrom = (value: string): TokenKey => {
  const bytes = decodeKey(value);
  if (bytes === null) throw new Error(`token key ${KEY_MESSAGE}`);
  return tokenKey(bytes);
};

export interface KeyFile {
  key: TokenKey;
  path: string;
  /** True when this call generated the key (the start-up log says so once). */
  created: boolean;
  /** True when the file was readable by others and its mode was set back to 0600. */
  tightened: boolean;
}

/**
 * Reads `<dataDir>/token-key`, or creates it with a new random key. Creation uses O_EXCL, so two
 * processes starting together agree on one key.
 */
export const loadOrCreateTokenKeyFile = (dataDir: string): KeyFile => {
  const path = join(dataDir, TOKEN_KEY_FILE);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let created = false;
  try {
    writeFileSync(path, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    created = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  let tightened = false;
  if (process.platform !== 'win32' && (statSync(path).mode & 0o077) !== 0) {
    chmodSync(path, 0o600);
    tightened = true;
  }
  const text = readFileSync(path, 'utf8');
  if (decodeKey(text) === null) throw new Error(`${path} does not hold a token key: it ${KEY_MESSAGE}`);
  return { key: keyFrom(text), path, created, tightened };
};

export interface KeyringSource {
  keyring: TokenKeyring;
  /** For the start-up log (never the key). */
  description: string;
}

/** The keyring for this installation: from the environment, else from the key file. */
export const tokenKeyringFrom = (env: TokenEnv, dataDir: string): KeyringSource => {
  const previous = (env.RIPOSTE_TOKEN_OLD_KEYS ?? []).map(keyFrom);
  if (env.RIPOSTE_TOKEN_KEY !== undefined) {
    const current = keyFrom(env.RIPOSTE_TOKEN_KEY);
    const filePath = join(dataDir, TOKEN_KEY_FILE);
    const fileKey = existsSync(filePath) ? decodeKey(readFileSync(filePath, 'utf8')) : null;
    if (fileKey !== null) previous.push(tokenKey(fileKey));
    const old = [...new Map(previous.filter((k) => k.id !== current.id).map((k) => [k.id, k])).values()];
    return {
      keyring: { current, previous: old },
      description: `token key ${current.id} from RIPOSTE_TOKEN_KEY${old.length > 0 ? ` (+${old.length} old)` : ''}`,
    };
  }
  const file = loadOrCreateTokenKeyFile(dataDir);
  return {
    keyring: { current: file.key, previous: previous.filter((k) => k.id !== file.key.id) },
    description: `token key ${file.key.id} ${file.created ? 'generated into' : 'from'} ${file.path}${file.tightened ? ' (mode reset to 0600)' : ''}`,
  };
};
