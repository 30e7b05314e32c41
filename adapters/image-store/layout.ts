/**
 * How an image is laid out wherever it is kept (a directory, an S3 bucket): `<id>.<ext>` for the
 * bytes, `<id>.json` for who owns it and what it is, `<id>.retired.json` once retired. Shared by
 * the filesystem adapter (./index.ts) and the S3 one (adapters/image-store-s3).
 */
import { IMAGE_CONTENT_TYPES, IMAGE_EXTENSIONS, IMAGE_KINDS, type ImageKind, type StoredImage } from '@core/images';

export interface Meta {
  ownerId: string;
  kind: ImageKind;
  size: number;
  createdAt: string;
}

export const isMeta = (v: unknown): v is Meta => {
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

export const ID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const META_NAME = new RegExp(`^(${ID})\\.json$`);
export const RETIRED_NAME = new RegExp(`^(${ID})\\.retired\\.json$`);

export const toImage = (id: string, meta: Meta): StoredImage => {
  const fileName = `${id}.${IMAGE_EXTENSIONS[meta.kind]}`;
  return { id, kind: meta.kind, contentType: IMAGE_CONTENT_TYPES[meta.kind], fileName, size: meta.size, ownerId: meta.ownerId, createdAt: meta.createdAt };
};

/**
 * The images among a listing's names, each one's metadata read once (`readMeta`) and kept in
 * `cache`; entries whose metadata is no longer listed are forgotten.
 */
export const listedImages = async (names: Iterable<string>, cache: Map<string, Meta>, readMeta: (name: string) => Promise<unknown>): Promise<StoredImage[]> => {
  const present = new Set<string>();
  const images: StoredImage[] = [];
  for (const name of names) {
    const id = META_NAME.exec(name)?.[1];
    if (id === undefined) continue;
    present.add(id);
    let meta = cache.get(id);
    if (meta === undefined) {
      const read = await readMeta(name);
      if (!isMeta(read)) continue;
      meta = read;
      cache.set(id, meta);
    }
    images.push(toImage(id, meta));
  }
  for (const id of cache.keys()) if (!present.has(id)) cache.delete(id);
  return images;
};

/** When a retired image's metadata says it was retired (null when it does not say). */
export const retiredAtOf = (meta: Meta): string | null => {
  const retiredAt = (meta as { retiredAt?: unknown }).retiredAt;
  return typeof retiredAt === 'string' ? retiredAt : null;
};
