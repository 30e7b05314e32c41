import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFsImageStore } from '@adapters/image-store';
import { createUploadCleanupJob } from './upload-cleanup';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const HOUR = 3_600_000;
const T0 = Date.parse('2026-05-01T00:00:00.000Z');
const at = (hours: number) => new Date(T0 + hours * HOUR);

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function* bytes() {
  yield PNG;
}

const setup = () => {
  const dir = mkdtempSync(join(tmpdir(), 'riposte-cleanup-'));
  dirs.push(dir);
  const images = createFsImageStore(dir);
  const inUse = new Set<string>();
  const logged: object[] = [];
  const job = createUploadCleanupJob({ images, inUse: () => new Set(inUse), logger: { info: (obj) => void logged.push(obj) } }, { graceMs: 24 * HOUR });
  const save = async (hours: number) => (await images.save({ ownerId: 'u1', kind: 'png', createdAt: at(hours).toISOString(), data: bytes() })).fileName;
  return { images, inUse, job, save, logged, files: () => readdirSync(images.dir) };
};

describe('the cleanup of unused uploads', () => {
  it('retires an unused image past the grace period, then deletes it once settled; keeps used and fresh ones', async () => {
    const { images, inUse, job, save, logged, files } = setup();
    const old = await save(0);
    const used = await save(0);
    const fresh = await save(20);
    inUse.add(used);

    await job.run(at(25));
    expect(await images.describe(old)).toBeNull();
    expect((await images.list()).map((i) => i.fileName).sort()).toEqual([used, fresh].sort());
    expect(await images.retired()).toEqual([{ fileName: old, retiredAt: at(25).toISOString() }]);

    await job.run(at(26));
    expect(files().some((f) => f.startsWith(old.slice(0, 36)))).toBe(false);
    expect(await images.describe(used)).not.toBeNull();
    expect(await images.describe(fresh)).not.toBeNull();
    expect(logged).toEqual([
      { retired: 1, restored: 0, removed: 0, leftovers: 0 },
      { retired: 0, restored: 0, removed: 1, leftovers: 0 },
    ]);
  });

  it('restores a retired image that something started using before it was deleted', async () => {
    const { images, inUse, job, save } = setup();
    const old = await save(0);
    await job.run(at(25));
    expect(await images.describe(old)).toBeNull();
    // A schedule that passed its image check just before the image was retired, projected since.
    inUse.add(old);
    await job.run(at(26));
    expect(await images.describe(old)).toMatchObject({ fileName: old, ownerId: 'u1' });
    expect(await images.retired()).toEqual([]);
  });

  it('waits for the settle time before deleting, and runs at most once per interval', async () => {
    const { images, job, save } = setup();
    const old = await save(0);
    await job.run(at(25));
    // Within the hour: no run at all.
    await job.run(at(25.5));
    expect(await images.retired()).toHaveLength(1);
    // A run, but the image was retired less than the settle time ago (a job of another instance).
    await images.restore(old);
    await images.retire(old, at(26).toISOString());
    await job.run(at(26.05));
    expect(await images.retired()).toEqual([{ fileName: old, retiredAt: at(26).toISOString() }]);
  });
});
