/**
 * A scheduler job: deletes uploaded images that no schedule or template uses, once they are older
 * than the grace period (an upload is made a moment before the schedule or template that uses it).
 *
 * Deleting is done in two steps, so a schedule created at the same moment never ends up naming a
 * deleted image. A run first retires the unused images: they can no longer be served nor chosen by
 * a new schedule (creation answers "Image not found. Upload it again."). A later run, at least
 * `settleMs` on (longer than any request takes to pass its image check and be projected), looks at
 * the read models again: an image something started using in between is restored, the rest deleted.
 *
 * Each run also deletes the half-written files an upload cut short by a crash left behind.
 *
 * References are asked of the read models of schedules and templates (deleted ones do not count). It
 * needs the image store and a read database, so the embedded scheduler and the scheduler app both
 * run it; the app must see the server's data directory.
 */
import type { ReadDb } from '@adapters/projections-sqlite';
import { scheduleImageUrls } from '@adapters/read-models/scheduling';
import { templateImageUrls } from '@adapters/read-models/templates';
import { unusedImages, uploadFileNameOf, type ImageStore } from '@core/images';
import type { SchedulerJob } from './index';

export const UPLOAD_CLEANUP_JOB = 'uploads:remove-unused-images';

const HOUR_MS = 60 * 60_000;

/** The uploads (file names) that live schedules and templates name. */
export const imagesInUse = (db: ReadDb): Set<string> => {
  const names = new Set<string>();
  for (const url of [...scheduleImageUrls(db), ...templateImageUrls(db)]) {
    const name = uploadFileNameOf(url);
    if (name !== null) names.add(name);
  }
  return names;
};

export interface UploadCleanupOptions {
  graceMs: number;
  /** How often a run happens (default one hour). */
  everyMs?: number;
  /** How long an image stays retired before it may be deleted (default 10 minutes). */
  settleMs?: number;
}

export const createUploadCleanupJob = (
  deps: { images: ImageStore; inUse: () => Set<string>; logger: { info(obj: object, msg: string): void } },
  options: UploadCleanupOptions,
): SchedulerJob => {
  const everyMs = options.everyMs ?? HOUR_MS;
  const settleMs = options.settleMs ?? 10 * 60_000;
  let nextAt = 0;
  return {
    name: UPLOAD_CLEANUP_JOB,
    run: async (now) => {
      if (now.getTime() < nextAt) return;
      nextAt = now.getTime() + everyMs;
      let restored = 0;
      let removed = 0;
      // Second step first: what was retired by an earlier run is restored or deleted.
      const retired = await deps.images.retired();
      if (retired.length > 0) {
        const inUse = deps.inUse();
        for (const { fileName, retiredAt } of retired) {
          if (inUse.has(fileName)) {
            if (await deps.images.restore(fileName)) restored += 1;
          } else if (now.getTime() - Date.parse(retiredAt) >= settleMs) {
            await deps.images.remove(fileName);
            removed += 1;
          }
        }
      }
      const cutoff = new Date(now.getTime() - options.graceMs).toISOString();
      const unused = unusedImages(await deps.images.list(), deps.inUse(), cutoff);
      let retiredNow = 0;
      for (const fileName of unused) if (await deps.images.retire(fileName, now.toISOString())) retiredNow += 1;
      // Half-written files of uploads cut short by a crash: past the grace period no upload is still writing.
      const leftovers = await deps.images.removeIncomplete(options.graceMs);
      if (retiredNow + restored + removed + leftovers > 0) {
        deps.logger.info({ retired: retiredNow, restored, removed, leftovers }, 'unused uploaded images cleaned up');
      }
    },
  };
};
