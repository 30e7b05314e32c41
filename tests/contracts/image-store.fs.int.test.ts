// The ImageStore contract against the filesystem adapter (adapters/image-store), in a throwaway directory.
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFsImageStore } from '@adapters/image-store';
import { imageStoreContract } from './image-store.contract';

imageStoreContract('filesystem', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'riposte-images-'));
  const store = createFsImageStore(dataDir);
  return {
    store,
    other: () => createFsImageStore(dataDir),
    objects: async () => readdirSync(store.dir).sort(),
    plantIncomplete: async () => {
      const name = '.11111111-1111-4111-8111-111111111111.part';
      writeFileSync(join(store.dir, name), 'half an image');
      const aMinuteAgo = new Date(Date.now() - 60_000);
      utimesSync(join(store.dir, name), aMinuteAgo, aMinuteAgo);
      return name;
    },
    teardown: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
});
