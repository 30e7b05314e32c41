import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFsImageStore } from '@adapters/image-store';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const dirs: string[] = [];
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'riposte-images-'));
  dirs.push(d);
  return createFsImageStore(d);
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function* chunks(...parts: Uint8Array[]) {
  for (const p of parts) yield p;
}

const collect = async (data: AsyncIterable<Uint8Array>) => {
  const out: number[] = [];
  for await (const c of data) out.push(...c);
  return Uint8Array.from(out);
};

describe('filesystem image store', () => {
  it('saves streamed bytes and opens them back with their owner and type', async () => {
    const store = fresh();
    const saved = await store.save({ ownerId: 'u1', kind: 'png', createdAt: '2026-03-01T00:00:00.000Z', data: chunks(PNG.slice(0, 5), PNG.slice(5)) });
    expect(saved).toMatchObject({ kind: 'png', contentType: 'image/png', size: PNG.length, ownerId: 'u1' });
    expect(saved.fileName).toBe(`${saved.id}.png`);
    const opened = await store.open(saved.fileName);
    expect(opened?.image).toEqual(saved);
    expect(await collect(opened!.data)).toEqual(PNG);
    expect(await store.describe(saved.fileName)).toEqual(saved);
  });

  it('keeps nothing when the bytes fail midway', async () => {
    const store = fresh();
    async function* failing() {
      yield PNG;
      throw new Error('client went away');
    }
    await expect(store.save({ ownerId: 'u1', kind: 'png', createdAt: '2026-03-01T00:00:00.000Z', data: failing() })).rejects.toThrow('client went away');
    expect(readdirSync(store.dir)).toEqual([]);
  });

  it('answers null for names that are not ours, other extensions and traversal', async () => {
    const store = fresh();
    const saved = await store.save({ ownerId: 'u1', kind: 'png', createdAt: '2026-03-01T00:00:00.000Z', data: chunks(PNG) });
    expect(await store.open(saved.fileName.replace('.png', '.gif'))).toBeNull();
    expect(await store.open('../events.db')).toBeNull();
    expect(await store.open(`${saved.id}.json`)).toBeNull();
    await store.remove(saved.fileName);
    expect(await store.open(saved.fileName)).toBeNull();
  });
});

describe('listing, retiring and restoring', () => {
  const save = (store: ReturnType<typeof fresh>, ownerId: string) =>
    store.save({ ownerId, kind: 'png', createdAt: '2026-03-01T00:00:00.000Z', data: chunks(PNG) });

  it('lists every kept image, and sees images another process removed', async () => {
    const store = fresh();
    const a = await save(store, 'u1');
    const b = await save(store, 'u2');
    expect((await store.list()).sort((x, y) => x.id.localeCompare(y.id))).toEqual([a, b].sort((x, y) => x.id.localeCompare(y.id)));
    // Another process (the scheduler app) deletes through its own store over the same directory.
    await createFsImageStore(join(store.dir, '..')).remove(a.fileName);
    expect(await store.list()).toEqual([b]);
  });

  it('hides a retired image from describe, open and list, restores it whole, and removes it with all its files', async () => {
    const store = fresh();
    const a = await save(store, 'u1');
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
    expect(readdirSync(store.dir)).toEqual([]);
    expect(await store.restore(a.fileName)).toBe(false);
  });
});

describe('leftovers of writes cut short', () => {
  it('removes temporary files older than the given age, and keeps newer ones and images', async () => {
    const store = fresh();
    const kept = await store.save({ ownerId: 'u1', kind: 'png', createdAt: '2026-03-01T00:00:00.000Z', data: chunks(PNG) });
    const old = join(store.dir, '.11111111-1111-4111-8111-111111111111.part');
    const oldRetiring = join(store.dir, '.22222222-2222-4222-8222-222222222222.retired.part');
    const recent = join(store.dir, '.33333333-3333-4333-8333-333333333333.part');
    for (const path of [old, oldRetiring, recent]) writeFileSync(path, 'half an image');
    const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000);
    for (const path of [old, oldRetiring]) utimesSync(path, twoDaysAgo, twoDaysAgo);
    // Nothing that is not ours, whatever its age.
    writeFileSync(join(store.dir, 'notes.part'), 'x');
    utimesSync(join(store.dir, 'notes.part'), twoDaysAgo, twoDaysAgo);

    expect(await store.removeIncomplete(24 * 3_600_000)).toBe(2);
    expect(readdirSync(store.dir).sort()).toEqual(['.33333333-3333-4333-8333-333333333333.part', `${kept.id}.json`, kept.fileName, 'notes.part'].sort());
  });
});
