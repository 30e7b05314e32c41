/**
 * Keys that sign the session cookie: RIPOSTE_SESSION_KEYS when set, otherwise made once and kept
 * in <dataDir>/session-keys (mode 0600), so sessions survive restarts without any set-up. Two
 * processes starting on one data dir agree: the file is created exclusively and the loser reads
 * the winner's keys.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '@adapters/logging';

export const SESSION_KEYS_FILE = 'session-keys';

const readKeys = (path: string): string[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .map((k) => k.trim())
    .filter((k) => k !== '' && !k.startsWith('#'));

export const loadOrCreateSessionKeys = (dataDir: string, logger: Logger): string[] => {
  const path = join(dataDir, SESSION_KEYS_FILE);
  try {
    writeFileSync(path, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    logger.info({ path }, 'generated the session signing key');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if ((statSync(path).mode & 0o077) !== 0) {
      chmodSync(path, 0o600);
      logger.warn({ path }, 'the session key file was readable by others; made it 0600');
    }
  }
  const keys = readKeys(path);
  if (keys.length === 0) throw new Error(`${path} holds no key; delete it to have a new one generated`);
  return keys;
};
