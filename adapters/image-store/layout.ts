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
