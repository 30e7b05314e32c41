// What only the filesystem adapter has: its temporary file names. What every image store promises
// is the contract suite, tests/contracts/image-store.contract.ts (run on this adapter and on S3).
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
