/**
 * The image store on the local filesystem: `<dataDir>/uploads/<id>.<ext>` with a `<id>.json`
 * beside it (owner, kind, size, time). A file is written under a temporary name and renamed once
 * complete, so a reader never sees half an image and a failed upload leaves nothing behind.
 * Names are checked against IMAGE_FILE_NAME before any path is built (no traversal).
 *
 * Retiring an image renames its metadata to `<id>.retired.json` (one atomic rename): from then on
 * it is neither served nor usable by a new schedule, yet restoring it is the rename back. `list`
 * reads the directory each time (another process, the scheduler, may remove files) and caches the
 * metadata it has read, which never changes while an image is kept.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { IMAGE_CONTENT_TYPES, IMAGE_EXTENSIONS, IMAGE_FILE_NAME, type ImageStore, type StoredImage } from '@core/images';
import { ID, isMeta, listedImages, RETIRED_NAME, retiredAtOf, toImage, type Meta } from './layout';

export const UPLOADS_DIR = 'uploads';

const isMissing = (e: unknown) => (e as { code?: unknown } | null)?.code === 'ENOENT';

/** Temporary files of a save or a retirement in progress (or cut short by a crash). */
const INCOMPLETE_NAME = new RegExp(`^\\.${ID}\\.(?:retired\\.)?part$`);

/** The parsed JSON file, or null when it is missing or not JSON. */
const readJson = async (path: string): Promise<unknown> => {
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch (e) {
    if (isMissing(e) || e instanceof SyntaxError) return null;
    throw e;
  }
};

/** `dir`: where the images live (RIPOSTE_UPLOADS_DIR, shared by several processes); default <dataDir>/uploads. */
export const createFsImageStore = (dataDir: string, dir: string = join(dataDir, UPLOADS_DIR)): ImageStore & { dir: string } => {
  mkdirSync(dir, { recursive: true, mode: 0o700 });

  const describe = async (fileName: string): Promise<StoredImage | null> => {
    const match = IMAGE_FILE_NAME.exec(fileName);
    if (match === null) return null;
    const id = match[1] as string;
    const meta = await readJson(join(dir, `${id}.json`));
    if (!isMeta(meta) || `${id}.${IMAGE_EXTENSIONS[meta.kind]}` !== fileName) return null;
    return toImage(id, meta);
  };

  const cache = new Map<string, Meta>();

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
    async list() {
      return listedImages(await readdir(dir), cache, (name) => readJson(join(dir, name)));
    },
    async retire(fileName, at) {
      const image = await describe(fileName);
      if (image === null) return false;
      const retiredMeta = join(dir, `${image.id}.retired.json`);
      try {
        await rename(join(dir, `${image.id}.json`), retiredMeta);
      } catch (e) {
        if (isMissing(e)) return false;
        throw e;
      }
      cache.delete(image.id);
      // When it was retired, beside what it was; a crash before this line leaves it retired "now".
      const temp = join(dir, `.${image.id}.retired.part`);
      const meta: Meta & { retiredAt: string } = { ownerId: image.ownerId, kind: image.kind, size: image.size, createdAt: image.createdAt, retiredAt: at };
      await writeFile(temp, JSON.stringify(meta), { mode: 0o600 });
      await rename(temp, retiredMeta);
      return true;
    },
    async retired() {
      const out: { fileName: string; retiredAt: string }[] = [];
      for (const name of await readdir(dir)) {
        const id = RETIRED_NAME.exec(name)?.[1];
        if (id === undefined) continue;
        const path = join(dir, name);
        const meta = await readJson(path);
        if (!isMeta(meta)) continue;
        // Retired by a process that stopped before noting when: the file's own time stands in.
        const when = retiredAtOf(meta) ?? (await stat(path)).mtime.toISOString();
        out.push({ fileName: toImage(id, meta).fileName, retiredAt: when });
      }
      return out;
    },
    async restore(fileName) {
      const match = IMAGE_FILE_NAME.exec(fileName);
      if (match === null) return false;
      const id = match[1] as string;
      try {
        await rename(join(dir, `${id}.retired.json`), join(dir, `${id}.json`));
        return true;
      } catch (e) {
        if (isMissing(e)) return false;
        throw e;
      }
    },
    async removeIncomplete(olderThanMs) {
      // File times are the filesystem's: compared with this machine's clock, never an injected one.
      const before = Date.now() - olderThanMs;
      let removed = 0;
      for (const name of await readdir(dir)) {
        if (!INCOMPLETE_NAME.test(name)) continue;
        const path = join(dir, name);
        try {
          if ((await stat(path)).mtimeMs >= before) continue;
          await rm(path, { force: true });
          removed += 1;
        } catch (e) {
          if (!isMissing(e)) throw e;
        }
      }
      return removed;
    },
    async remove(fileName) {
      const match = IMAGE_FILE_NAME.exec(fileName);
      if (match === null) return;
      const id = match[1] as string;
      cache.delete(id);
      await rm(join(dir, fileName), { force: true });
      await rm(join(dir, `${id}.json`), { force: true });
      await rm(join(dir, `${id}.retired.json`), { force: true });
    },
  };
};
