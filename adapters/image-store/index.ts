/**
 * The image store on the local filesystem: `<dataDir>/uploads/<id>.<ext>` with a `<id>.json`
 * beside it (owner, kind, size, time). A file is written under a temporary name and renamed once
 * complete, so a reader never sees half an image and a failed upload leaves nothing behind.
 * Names are checked against IMAGE_FILE_NAME before any path is built (no traversal).
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { IMAGE_CONTENT_TYPES, IMAGE_EXTENSIONS, IMAGE_FILE_NAME, IMAGE_KINDS, type ImageKind, type ImageStore, type StoredImage } from '@core/images';

export const UPLOADS_DIR = 'uploads';

interface Meta {
  ownerId: string;
  kind: ImageKind;
  size: number;
  createdAt: string;
}

const isMeta = (v: unknown): v is Meta => {
  const m = v as Partial<Meta> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    typeof m.ownerId === 'string' &&
    typeof m.size === 'number' &&
    typeof m.createdAt === 'string' &&
    IMAGE_KINDS.includes(m.kind as ImageKind)
  );
};

const isMissing = (e: unknown) => (e as { code?: unknown } | null)?.code === 'ENOENT';

export const createFsImageStore = (dataDir: string): ImageStore & { dir: string } => {
  const dir = join(dataDir, UPLOADS_DIR);
  mkdirSync(dir, { recursive: true, mode: 0o700 });

  const describe = async (fileName: string): Promise<StoredImage | null> => {
    const match = IMAGE_FILE_NAME.exec(fileName);
    if (match === null) return null;
    const id = match[1] as string;
    let meta: unknown;
    try {
      meta = JSON.parse(await readFile(join(dir, `${id}.json`), 'utf8'));
    } catch (e) {
      if (isMissing(e) || e instanceof SyntaxError) return null;
      throw e;
    }
    if (!isMeta(meta) || `${id}.${IMAGE_EXTENSIONS[meta.kind]}` !== fileName) return null;
    return { id, kind: meta.kind, contentType: IMAGE_CONTENT_TYPES[meta.kind], fileName, size: meta.size, ownerId: meta.ownerId, createdAt: meta.createdAt };
  };

  return {
    dir,
    async save({ ownerId, kind, createdAt, data }) {
      const id = randomUUID();
      const fileName = `${id}.${IMAGE_EXTENSIONS[kind]}`;
      const temp = join(dir, `.${id}.part`);
      try {
        await pipeline(Readable.from(data), createWriteStream(temp, { mode: 0o600 }));
        const { size } = await stat(temp);
        // The metadata first: an image file without it is never served (describe answers null).
        await writeFile(join(dir, `${id}.json`), JSON.stringify({ ownerId, kind, size, createdAt } satisfies Meta), { mode: 0o600 });
        await rename(temp, join(dir, fileName));
        return { id, kind, contentType: IMAGE_CONTENT_TYPES[kind], fileName, size, ownerId, createdAt };
      } catch (error) {
        await rm(temp, { force: true });
        await rm(join(dir, `${id}.json`), { force: true });
        throw error;
      }
    },
    describe,
    async open(fileName) {
      const image = await describe(fileName);
      if (image === null) return null;
      try {
        // Opened before answering so a file removed in between is "not found", not a broken stream.
        const stream = createReadStream(join(dir, fileName));
        await new Promise<void>((resolve, reject) => {
          stream.once('open', () => resolve());
          stream.once('error', reject);
        });
        return { image, data: stream };
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
    async remove(fileName) {
      const match = IMAGE_FILE_NAME.exec(fileName);
      if (match === null) return;
      await rm(join(dir, fileName), { force: true });
      await rm(join(dir, `${match[1] as string}.json`), { force: true });
    },
  };
};
