/**
 * Encryption of secrets at rest (X access tokens and secrets): AES-256-GCM with a fresh 12-byte
 * random IV per value and a 16-byte tag, enforced on both sides through `authTagLength` so a
 * truncated tag can never be accepted. The associated data binds each ciphertext to its row
 * (user id, connected account id, field name): a token copied into another row, another user's
 * account or another column does not decrypt.
 *
 * Stored form, one ASCII string: `rtk1.<keyId>.<iv>.<ciphertext>.<tag>` (base64url parts). The key
 * id selects the key from the keyring, so keys can rotate: new values use the current key, old
 * values still open with a previous key until they are re-encrypted.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes as nodeRandomBytes } from 'node:crypto';
import { AppError } from '@core/shared/errors';

const VERSION = 'rtk1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

export interface TokenKey {
  /** Derived from the key itself (tokenKeyId), so nothing else must be configured to rotate. */
  id: string;
  key: Buffer;
}

export interface TokenKeyring {
  current: TokenKey;
  /** Keys that may still open old values; never used to encrypt. */
  previous: readonly TokenKey[];
}

/** Where a secret lives: its row and column. */
export interface TokenBinding {
  userId: string;
  accountId: string;
  /** The column, e.g. 'xAccessToken' or 'xAccessSecret'. */
  field: string;
}

export interface TokenCipher {
  encrypt(plaintext: string, binding: TokenBinding): string;
  /** Throws TokenDecryptError on a wrong key, a wrong binding, a tampered or malformed value. */
  decrypt(sealed: string, binding: TokenBinding): string;
  keyIdOf(sealed: string): string;
  /** True when the value was sealed with a key other than the current one. */
  needsRotation(sealed: string): boolean;
  /** Opens with whichever key sealed it and seals again with the current key. */
  rotate(sealed: string, binding: TokenBinding): string;
}

export type TokenDecryptFailure = 'malformed' | 'unknown_key' | 'rejected';

export class TokenDecryptError extends AppError {
  readonly failure: TokenDecryptFailure;
  constructor(failure: TokenDecryptFailure, message: string) {
    super('internal', message, { reason: 'TOKEN_DECRYPT_FAILED' });
    this.name = 'TokenDecryptError';
    this.failure = failure;
  }
}

/** A short, stable id of a key: the first 8 bytes of its SHA-256, hex. Reveals nothing usable. */
export const tokenKeyId = (key: Buffer): string => createHash('sha256').update(key).digest('hex').slice(0, 16);

export const tokenKey = (key: Buffer): TokenKey => {
  if (key.length !== KEY_BYTES) throw new AppError('internal', `A token key must be ${KEY_BYTES} bytes, got ${key.length}`);
  return { id: tokenKeyId(key), key: Buffer.from(key) };
};

const b64u = (b: Buffer) => b.toString('base64url');
const fromB64u = (s: string): Buffer | null => (/^[A-Za-z0-9_-]*$/.test(s) ? Buffer.from(s, 'base64url') : null);

const associatedData = (keyId: string, b: TokenBinding): Buffer =>
  Buffer.from(`riposte-token|${VERSION}|${keyId}|${JSON.stringify([b.userId, b.accountId, b.field])}`, 'utf8');

interface Parsed {
  keyId: string;
  iv: Buffer;
  body: Buffer;
  tag: Buffer;
}

const parse = (sealed: string): Parsed => {
  const parts = typeof sealed === 'string' ? sealed.split('.') : [];
  const [version, keyId, iv, body, tag] = parts;
  if (parts.length !== 5 || version !== VERSION || !keyId || iv === undefined || body === undefined || tag === undefined) {
    throw new TokenDecryptError('malformed', 'Not an encrypted token (unknown format)');
  }
  if (!/^[0-9a-f]{16}$/.test(keyId)) throw new TokenDecryptError('malformed', 'Encrypted token has an invalid key id');
  const ivBytes = fromB64u(iv);
  const bodyBytes = fromB64u(body);
  const tagBytes = fromB64u(tag);
  if (ivBytes === null || bodyBytes === null || tagBytes === null) throw new TokenDecryptError('malformed', 'Encrypted token has invalid characters');
  if (ivBytes.length !== IV_BYTES) throw new TokenDecryptError('malformed', `Encrypted token IV must be ${IV_BYTES} bytes`);
  if (tagBytes.length !== TAG_BYTES) throw new TokenDecryptError('malformed', `Encrypted token tag must be ${TAG_BYTES} bytes`);
  return { keyId, iv: ivBytes, body: bodyBytes, tag: tagBytes };
};

export const createTokenCipher = (keyring: TokenKeyring, options: { randomBytes?: (n: number) => Buffer } = {}): TokenCipher => {
  const random = options.randomBytes ?? nodeRandomBytes;
  const keys = new Map<string, Buffer>();
  for (const k of [...keyring.previous, keyring.current]) keys.set(k.id, k.key);

  const encrypt = (plaintext: string, binding: TokenBinding): string => {
    const iv = random(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', keyring.current.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(associatedData(keyring.current.id, binding));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, keyring.current.id, b64u(iv), b64u(body), b64u(cipher.getAuthTag())].join('.');
  };

  const decrypt = (sealed: string, binding: TokenBinding): string => {
    const p = parse(sealed);
    const key = keys.get(p.keyId);
    if (key === undefined) throw new TokenDecryptError('unknown_key', `No key with id ${p.keyId} in the keyring (was an old key removed too early?)`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, p.iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(associatedData(p.keyId, binding));
      decipher.setAuthTag(p.tag);
      return Buffer.concat([decipher.update(p.body), decipher.final()]).toString('utf8');
    } catch {
      throw new TokenDecryptError('rejected', 'Encrypted token rejected: wrong key, wrong row or altered value');
    }
  };

  return {
    encrypt,
    decrypt,
    keyIdOf: (sealed) => parse(sealed).keyId,
    needsRotation: (sealed) => parse(sealed).keyId !== keyring.current.id,
    rotate: (sealed, binding) => encrypt(decrypt(sealed, binding), binding),
  };
};
