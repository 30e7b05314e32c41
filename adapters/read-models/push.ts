/**
 * The push devices read model (core/push/projection.ts, `push_devices`) and the queries over it,
 * plus the recent reply changes the push job and the live-update stream follow (ADR 0018: the
 * replies table is read here through its own module's query).
 */
import { createHash } from 'node:crypto';
import type { ReadDb } from '@adapters/projections-sqlite';
import { pushDevicesProjection as base, type PushDevice, type PushDeviceView } from '@core/push';
import { erasingAccounts } from '@core/users/erasure';

export const pushDevicesProjection = erasingAccounts(base, (userId) => [{ sql: 'DELETE FROM push_devices WHERE user_id = @userId', params: { userId } }]);

interface DeviceRow {
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
  created_at: string;
}

const deviceOf = (r: DeviceRow): PushDevice => ({ endpoint: r.endpoint, p256dh: r.p256dh, auth: r.auth, label: r.label, createdAt: r.created_at });

/** The user's devices, oldest first. */
export const pushDevicesOf = (db: ReadDb, userId: string): PushDevice[] =>
  (db.prepare('SELECT endpoint, p256dh, auth, label, created_at FROM push_devices WHERE user_id = ? ORDER BY created_at, endpoint').all(userId) as DeviceRow[]).map(deviceOf);

/** Of these users, those with at least one device. */
export const usersWithDevices = (db: ReadDb, userIds: readonly string[]): Set<string> => {
  if (userIds.length === 0) return new Set();
  const rows = db
    .prepare('SELECT DISTINCT user_id FROM push_devices WHERE user_id IN (SELECT value FROM json_each(?))')
    .all(JSON.stringify(userIds)) as { user_id: string }[];
  return new Set(rows.map((r) => r.user_id));
};

/** A device's id in the API: a digest of its endpoint, so lists and paths never carry the endpoint. */
export const pushDeviceId = (endpoint: string): string => createHash('sha256').update(endpoint, 'utf8').digest('hex').slice(0, 32);

const serviceOf = (endpoint: string): string => {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'unknown';
  }
};

export const pushDeviceView = (device: PushDevice): PushDeviceView => ({
  id: pushDeviceId(device.endpoint),
  label: device.label,
  service: serviceOf(device.endpoint),
  createdAt: device.createdAt,
});

/** One of the user's devices by its id; null when the user has no such device. */
export const findPushDevice = (db: ReadDb, userId: string, id: string): PushDevice | null =>
  pushDevicesOf(db, userId).find((d) => pushDeviceId(d.endpoint) === id) ?? null;
