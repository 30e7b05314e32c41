/**
 * The rules that keep uploads from filling the disk, as plain arithmetic: a per-user quota (bytes
 * and files), a reserve of free space the event store keeps whatever users upload, and which
 * images the cleanup may retire (old enough and used by nothing). The server measures; these decide.
 */
import type { StoredImage } from './port';

/** 0 in either field means no limit of that kind. */
export interface UploadQuota {
  maxBytes: number;
  maxFiles: number;
}

export interface Usage {
  bytes: number;
  files: number;
}

export const NO_USAGE: Usage = { bytes: 0, files: 0 };

export const addUsage = (a: Usage, b: Usage): Usage => ({ bytes: a.bytes + b.bytes, files: a.files + b.files });

/** What `ownerId` keeps among `images`. */
export const usageOf = (images: readonly Pick<StoredImage, 'ownerId' | 'size'>[], ownerId: string): Usage =>
  images.reduce((used, image) => (image.ownerId === ownerId ? addUsage(used, { bytes: image.size, files: 1 }) : used), NO_USAGE);

/** Room for one more upload: how many bytes it may have, or which limit is already used up. */
export type QuotaRoom = { kind: 'room'; bytes: number } | { kind: 'full'; by: 'files' | 'bytes' };

export const quotaRoom = (quota: UploadQuota, used: Usage): QuotaRoom => {
  if (quota.maxFiles > 0 && used.files >= quota.maxFiles) return { kind: 'full', by: 'files' };
  if (quota.maxBytes === 0) return { kind: 'room', bytes: Number.POSITIVE_INFINITY };
  // Less than one byte left is no room: an image has at least its signature.
  const left = quota.maxBytes - used.bytes;
  return left < 1 ? { kind: 'full', by: 'bytes' } : { kind: 'room', bytes: left };
};

/** Free space kept for the event store: a fixed size, or a share of the filesystem. */
export type DiskReserve = { kind: 'bytes'; bytes: number } | { kind: 'percent'; percent: number };

export const reserveBytes = (reserve: DiskReserve, totalBytes: number): number =>
  reserve.kind === 'bytes' ? reserve.bytes : Math.ceil((totalBytes * reserve.percent) / 100);

export interface DiskSpace {
  /** Bytes an unprivileged process may still write. */
  free: number;
  total: number;
}

/** True when `incoming` more bytes leave at least the reserve free. */
export const diskAllows = (disk: DiskSpace, incoming: number, reserve: DiskReserve): boolean =>
  disk.free - incoming >= reserveBytes(reserve, disk.total);

/**
 * Images the cleanup may retire: created before `cutoff` (the grace period lets an upload reach the
 * schedule or template it was made for) and named by none of `inUse`.
 */
export const unusedImages = (
  images: readonly Pick<StoredImage, 'fileName' | 'createdAt'>[],
  inUse: ReadonlySet<string>,
  cutoff: string,
): string[] => {
  const before = Date.parse(cutoff);
  return images.filter((image) => !inUse.has(image.fileName) && Date.parse(image.createdAt) < before).map((image) => image.fileName);
};

/** "100 MB", "1.5 GB": sizes in the messages users read (binary units, as the limits are set). */
export const formatBytes = (bytes: number): string => {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 || Number.isInteger(value) ? Math.round(value).toString() : value.toFixed(1);
  return `${shown} ${units[unit] as string}`;
};
