/**
 * What an upload must pass before a byte of it is read, so uploads cannot fill the disk the event
 * store lives on: a per-user rate (429 with Retry-After), a per-user quota of bytes and files (413),
 * and a reserve of free space on the data directory's filesystem (507). The quota also caps how
 * large this very image may be (the rest of the user's room), enforced while it streams.
 *
 * Uploads in flight hold a reservation (their largest possible size) until they are stored or
 * refused, so parallel uploads cannot all pass one check. Counts and reservations live in this
 * process's memory, like the other limits (docs/adr/0006-sessions-csrf-security.md).
 */
import { statfs } from 'node:fs/promises';
import {
  addUsage,
  diskAllows,
  formatBytes,
  NO_USAGE,
  quotaRoom,
  usageOf,
  type DiskReserve,
  type DiskSpace,
  type ImageStore,
  type UploadQuota,
  type Usage,
} from '@core/images';
import { IMAGE_MAX_BYTES } from '@core/scheduling';
import { createAllowance, type Counters } from '../http/rate-limit';

export const UPLOAD_RATE_WINDOW_SECONDS = 10 * 60;

export interface UploadLimits {
  quota: UploadQuota;
  /** Uploads one user may start per 10 minutes; 0 turns the rate off. */
  ratePerWindow: number;
  reserve: DiskReserve;
  /** Named in the quota message: unused images are removed after this many hours. */
  graceHours: number;
}

/** A refused upload: its HTTP status, message and reason (the route answers with field 'image'). */
export class UploadRefused extends Error {
  constructor(
    readonly status: 400 | 413 | 429 | 507,
    message: string,
    readonly reason: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'UploadRefused';
  }
}

const inMinutes = (seconds: number): string => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

export const quotaMessage = (limits: UploadLimits, used: Usage, by: 'files' | 'bytes'): string => {
  const full =
    by === 'files'
      ? `You have reached your upload limit of ${limits.quota.maxFiles} images`
      : `This image does not fit in your upload space (${formatBytes(used.bytes)} of ${formatBytes(limits.quota.maxBytes)} used)`;
  return `${full}. Images that no schedule or template uses are removed ${limits.graceHours} hours after upload.`;
};

export const UPLOAD_LIMIT_MESSAGES = {
  lowDisk: 'The server is running out of storage space, so uploads are paused. Please try again later.',
} as const;

/** Free and total bytes of the filesystem holding `dir`. */
export const diskSpaceOf = async (dir: string): Promise<DiskSpace> => {
  const s = await statfs(dir);
  return { free: s.bavail * s.bsize, total: s.blocks * s.bsize };
};

export interface Admission {
  /** The largest image this upload may store (the size limit, or the user's remaining quota). */
  maxBytes: number;
  /** What passing `maxBytes` means: the plain size limit, or the quota. */
  overLimit: () => UploadRefused | null;
  /** Gives the reservation back once the upload is stored or refused. */
  release(): void;
}

export interface UploadGate {
  /** Refuses (UploadRefused) or admits one upload of at most `declaredBytes` (the Content-Length, when sent). */
  admit(userId: string, declaredBytes: number | null): Promise<Admission>;
}

export const createUploadGate = (deps: { images: ImageStore; limits: UploadLimits; disk: () => Promise<DiskSpace>; counters?: Counters }): UploadGate => {
  const { limits } = deps;
  const rate = createAllowance('upload-user', { points: limits.ratePerWindow, windowSeconds: UPLOAD_RATE_WINDOW_SECONDS }, deps.counters);
  const reserved = new Map<string, Usage>();
  let reservedBytes = 0;
  // Bumped when a user's upload finishes: a listing taken before it may miss the stored image.
  const generation = new Map<string, number>();

  const takeRate = async (userId: string) => {
    const wait = await rate.take(userId);
    if (wait > 0) throw new UploadRefused(429, `Too many uploads. Please try again in ${inMinutes(wait)}.`, 'UPLOAD_RATE_LIMITED', wait);
  };

  return {
    async admit(userId, declaredBytes) {
      await takeRate(userId);
      let stored: Usage;
      let disk: DiskSpace;
      for (;;) {
        const before = generation.get(userId) ?? 0;
        [stored, disk] = await Promise.all([deps.images.list().then((images) => usageOf(images, userId)), deps.disk()]);
        if ((generation.get(userId) ?? 0) === before) break;
      }
      // From here to the reservation nothing awaits: parallel admissions see each other's.
      const mine = reserved.get(userId) ?? NO_USAGE;
      const used = addUsage(stored, mine);
      const room = quotaRoom(limits.quota, used);
      if (room.kind === 'full') throw new UploadRefused(413, quotaMessage(limits, used, room.by), 'UPLOAD_QUOTA_EXCEEDED');
      const maxBytes = Math.min(IMAGE_MAX_BYTES, room.bytes);
      const holds = Math.min(maxBytes, declaredBytes ?? Number.POSITIVE_INFINITY);
      if (!diskAllows(disk, reservedBytes + holds, limits.reserve)) throw new UploadRefused(507, UPLOAD_LIMIT_MESSAGES.lowDisk, 'INSUFFICIENT_STORAGE');

      reserved.set(userId, addUsage(mine, { bytes: holds, files: 1 }));
      reservedBytes += holds;
      let released = false;
      return {
        maxBytes,
        overLimit: () =>
          maxBytes < IMAGE_MAX_BYTES ? new UploadRefused(413, quotaMessage(limits, used, 'bytes'), 'UPLOAD_QUOTA_EXCEEDED') : null,
        release: () => {
          if (released) return;
          released = true;
          reservedBytes -= holds;
          const now = reserved.get(userId) ?? NO_USAGE;
          const left = { bytes: now.bytes - holds, files: now.files - 1 };
          if (left.files <= 0) reserved.delete(userId);
          else reserved.set(userId, left);
          generation.set(userId, (generation.get(userId) ?? 0) + 1);
        },
      };
    },
  };
};
