/**
 * A curated account's id is derived from its username (a name-based UUID, RFC 9562 version 5),
 * so every process that seeds it writes the same stream: two starts racing, or a restart after a
 * crash half-way through the list, never seed one account twice.
 */
import { createHash } from 'node:crypto';
import { usernameKey } from '@core/monitoring';

/** Riposte's namespace for curated monitored accounts (a fixed random UUID). */
const NAMESPACE = '6f1c9a52-3d0e-4b7a-9a43-2f5e8c1d7b60';

const uuidV5 = (name: string, namespace: string): string => {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(ns).update(name, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export const curatedAccountId = (username: string): string => uuidV5(`curated:${usernameKey(username)}`, NAMESPACE);
