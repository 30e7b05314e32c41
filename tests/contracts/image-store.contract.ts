/**
 * The ImageStore contract (core/images/port.ts): what every implementation promises, run against
 * the filesystem adapter (image-store.fs.int.test.ts) and the S3 adapter on a real S3-compatible
 * server on loopback (image-store.s3.int.test.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ImageStore } from '@core/images';

export interface ImageStoreSubject {
  store: ImageStore;
  /** A second store over the same storage: another process. */
  other(): ImageStore;
  /** Every object or file the store keeps, by name (to prove nothing is left behind). */
  objects(): Promise<string[]>;
  /** Leaves what an upload cut short by a crash leaves, written a little while ago; answers its name. */
  plantIncomplete(): Promise<string>;
  teardown(): Promise<void>;
}

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const GIF = Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 9, 9]);
const AT = '2026-03-01T00:00:00.000Z';

async function* chunks(...parts: Uint8Array[]) {
  for (const p of parts) yield p;
}

const collect = async (data: AsyncIterable<Uint8Array>) => {
  const out: number[] = [];
  for await (const c of data) out.push(...c);
  return Uint8Array.from(out);
};

const byId = <T extends { id: string }>(xs: T[]) => [...xs].sort((a, b) => a.id.localeCompare(b.id));

export const imageStoreContract = (name: string, setup: () => Promise<ImageStoreSubject>) => {
  describe(`ImageStore contract: ${name}`, () => {
    let subject: ImageStoreSubject;
    const fresh = async () => (subject = await setup());
    afterEach(async () => {
      await subject?.teardown();
    });

    it('saves streamed bytes and opens them back with their owner and content type', async () => {
      const { store } = await fresh();
      const saved = await store.save({ ownerId: 'u1', kind: 'png', createdAt: AT, data: chunks(PNG.slice(0, 5), PNG.slice(5)) });
      expect(saved).toMatchObject({ kind: 'png', contentType: 'image/png', size: PNG.length, ownerId: 'u1', createdAt: AT });
      expect(saved.fileName).toBe(`${saved.id}.png`);
      const opened = await store.open(saved.fileName);
      expect(opened?.image).toEqual(saved);
      expect(await collect(opened!.data)).toEqual(PNG);
      expect(await store.describe(saved.fileName)).toEqual(saved);
      const gif = await store.save({ ownerId: 'u2', kind: 'gif', createdAt: AT, data: chunks(GIF) });
      expect(gif.contentType).toBe('image/gif');
      expect(await collect((await store.open(gif.fileName))!.data)).toEqual(GIF);
    });

    it('answers null for a missing image, names that are not ours, other extensions and traversal', async () => {
      const { store } = await fresh();
      expect(await store.open('00000000-0000-4000-8000-000000000000.png')).toBeNull();
      expect(await store.describe('00000000-0000-4000-8000-000000000000.png')).toBeNull();
      const saved = await store.save({ ownerId: 'u1', kind: 'png', createdAt: AT, data: chunks(PNG) });
      expect(await store.open(saved.fileName.replace('.png', '.gif'))).toBeNull();
      expect(await store.open('../events.db')).toBeNull();
      expect(await store.open(`${saved.id}.json`)).toBeNull();
      await store.remove(saved.fileName);
      expect(await store.open(saved.fileName)).toBeNull();
      expect(await store.describe(saved.fileName)).toBeNull();
      // Removing what is not there is no error.
      await store.remove(saved.fileName);
    });

    it('keeps nothing when the bytes fail midway', async () => {
      const { store, objects } = await fresh();
      async function* failing() {
        yield PNG;
        throw new Error('client went away');
      }
      await expect(store.save({ ownerId: 'u1', kind: 'png', createdAt: AT, data: failing() })).rejects.toThrow('client went away');
      expect(await objects()).toEqual([]);
      expect(await store.list()).toEqual([]);
    });

    it('lists every kept image, and sees what another process saved and removed', async () => {
      const { store, other } = await fresh();
      const a = await store.save({ ownerId: 'u1', kind: 'png', createdAt: AT, data: chunks(PNG) });
      const b = await store.save({ ownerId: 'u2', kind: 'png', createdAt: AT, data: chunks(PNG) });
      expect(byId(await store.list())).toEqual(byId([a, b]));
      const second = other();
      expect(await collect((await second.open(a.fileName))!.data)).toEqual(PNG);
      const c = await second.save({ ownerId: 'u3', kind: 'gif', createdAt: AT, data: chunks(GIF) });
      await second.remove(a.fileName);
      expect(byId(await store.list())).toEqual(byId([b, c]));
      expect(await store.open(a.fileName)).toBeNull();
    });

    it('hides a retired image from describe, open and list, restores it whole, and removes it with all it keeps', async () => {
      const { store, objects } = await fresh();
      const a = await store.save({ ownerId: 'u1', kind: 'png', createdAt: AT, data: chunks(PNG) });
      expect(await store.retire(a.fileName, '2026-03-02T00:00:00.000Z')).toBe(true);
      expect(await store.retire(a.fileName, '2026-03-02T00:00:00.000Z')).toBe(false);
      expect(await store.describe(a.fileName)).toBeNull();
      expect(await store.open(a.fileName)).toBeNull();
      expect(await store.list()).toEqual([]);
      expect(await store.retired()).toEqual([{ fileName: a.fileName, retiredAt: '2026-03-02T00:00:00.000Z' }]);

      expect(await store.restore(a.fileName)).toBe(true);
      expect(await store.describe(a.fileName)).toEqual(a);
      expect(await collect((await store.open(a.fileName))!.data)).toEqual(PNG);
      expect(await store.retired()).toEqual([]);

      await store.retire(a.fileName, '2026-03-02T00:00:00.000Z');
      await store.remove(a.fileName);
      expect(await objects()).toEqual([]);
      expect(await store.restore(a.fileName)).toBe(false);
    });

    it('removes the leftovers of uploads cut short once older than the given age, and never a kept image', async () => {
      const { store, objects, plantIncomplete } = await fresh();
      const kept = await store.save({ ownerId: 'u1', kind: 'png', createdAt: AT, data: chunks(PNG) });
      const leftover = await plantIncomplete();
      expect(await store.removeIncomplete(24 * 3_600_000)).toBe(0);
      expect(await objects()).toContain(leftover);
      expect(await store.removeIncomplete(0)).toBe(1);
      expect(await objects()).not.toContain(leftover);
      expect(await store.describe(kept.fileName)).toEqual(kept);
      expect(await collect((await store.open(kept.fileName))!.data)).toEqual(PNG);
    });
  });
};
