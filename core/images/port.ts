/**
 * The object-store port for uploaded images. The filesystem adapter (adapters/image-store) keeps
 * them under the data directory; an S3-like store can implement the same port. Bytes travel as
 * async iterables so neither side holds a whole file in memory, and the caller decides the limits
 * (it has already sniffed the type and counts the size while it streams).
 */
import type { ImageKind } from './sniff';

export interface StoredImage {
  /** Random, unguessable id. */
  id: string;
  kind: ImageKind;
  contentType: string;
  /** The name it is served under: `<id>.<ext>`. */
  fileName: string;
  size: number;
  ownerId: string;
  createdAt: string;
}

export interface NewImage {
  ownerId: string;
  kind: ImageKind;
  createdAt: string;
  /** The bytes; when the iterable throws, nothing is kept and the error is passed on. */
  data: AsyncIterable<Uint8Array>;
}

export interface ImageStore {
  save(image: NewImage): Promise<StoredImage>;
  /** The image stored under `fileName` (`<id>.<ext>`), or null. */
  open(fileName: string): Promise<{ image: StoredImage; data: AsyncIterable<Uint8Array> } | null>;
  /** What is known about `fileName`, without its bytes; null when there is no such image. */
  describe(fileName: string): Promise<StoredImage | null>;
  /** Every image kept (retired ones excluded), for quotas and the cleanup. */
  list(): Promise<StoredImage[]>;
  /**
   * Hides an image from describe, open and list without deleting it (true when it was kept), so
   * nothing new can start using it while the cleanup waits to be sure nothing already does.
   */
  retire(fileName: string, at: string): Promise<boolean>;
  /** The images retired and not yet removed or restored, with when they were retired. */
  retired(): Promise<{ fileName: string; retiredAt: string }[]>;
  /** Brings a retired image back as it was (true when there was one to restore). */
  restore(fileName: string): Promise<boolean>;
  /**
   * Deletes what writes that never finished left behind (a process stopped in the middle of an
   * upload), once older than `olderThanMs` by the store's own clock; answers how many.
   */
  removeIncomplete(olderThanMs: number): Promise<number>;
  /** Deletes an image, kept or retired; nothing happens when there is none. */
  remove(fileName: string): Promise<void>;
}

/** Where the server serves an image: `/uploads/<id>.<ext>`. */
export const UPLOADS_PATH = '/uploads/';
export const imageUrlOf = (image: Pick<StoredImage, 'fileName'>): string => `${UPLOADS_PATH}${image.fileName}`;

/** A stored image's file name: a UUID-like id and one of the known extensions. */
export const IMAGE_FILE_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(png|jpg|gif|webp)$/;

/** The file name an image URL of ours names, or null (an outside address, or not an upload). */
export const uploadFileNameOf = (url: string): string | null => {
  if (!url.startsWith(UPLOADS_PATH)) return null;
  const name = url.slice(UPLOADS_PATH.length);
  return IMAGE_FILE_NAME.test(name) ? name : null;
};

/**
 * What an image reference may look like in any input: a path under /uploads/ naming one file.
 * Outside addresses are refused: the server would fetch them when it posts (a way into the
 * network it runs in), and nobody checked what they show.
 */
export const UPLOAD_PATH_SHAPE = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * The one rule for an image attached to anything Riposte posts (a template, a schedule): an image
 * this installation stores, uploaded by this user.
 */
export const isOwnUpload = async (images: Pick<ImageStore, 'describe'>, userId: string, url: string): Promise<boolean> => {
  const fileName = uploadFileNameOf(url);
  if (fileName === null) return false;
  const image = await images.describe(fileName);
  return image !== null && image.ownerId === userId;
};
