/**
 * The V2 image upload (POST /api/v2/upload-image, multipart field `image`), streamed: busboy parses
 * the body as it arrives, the first bytes decide the type (core/images: PNG, JPEG, GIF or WebP by
 * their signature; the declared type and the file name are ignored), and the bytes go straight to
 * the image store. The 5 MB limit is enforced while parsing: a Content-Length that cannot fit is
 * refused before a byte is read, and the stream is abandoned the moment a file passes the limit;
 * the store keeps nothing of a refused file. The server never holds a whole body in memory.
 * Before any of that, the gate (upload-limits.ts) applies the rate, the quota and the disk reserve.
 */
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { IMAGE_CONTENT_TYPES, sniffImage, SNIFF_BYTES, type ImageStore, type StoredImage } from '@core/images';
import { IMAGE_MAX_BYTES, SCHEDULE_MESSAGES } from '@core/scheduling';
import { UploadRefused, type UploadGate } from './upload-limits';

export { UploadRefused } from './upload-limits';

export const UPLOAD_MESSAGES = {
  noImage: 'Please choose an image to upload',
  malformed: 'The upload could not be read. Please try again.',
  tooLarge: SCHEDULE_MESSAGES.fileTooLarge,
  invalidType: SCHEDULE_MESSAGES.invalidFileType,
  uploaded: 'Image uploaded successfully',
} as const;

/** Room for the multipart boundaries and part headers around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

const tooLarge = () => new UploadRefused(413, UPLOAD_MESSAGES.tooLarge, 'FILE_TOO_LARGE');

export interface ReceiveOptions {
  store: ImageStore;
  ownerId: string;
  createdAt: string;
  maxBytes?: number;
  /** The refusal for a file past `maxBytes` when that is not the plain size limit (a quota). */
  overLimit?: () => UploadRefused | null;
}

/** Reads the request's `image` part into the store; UploadRefused for anything we refuse. */
export const receiveImage = (req: IncomingMessage, options: ReceiveOptions): Promise<StoredImage> => {
  const maxBytes = options.maxBytes ?? IMAGE_MAX_BYTES;
  const overLimit = () => options.overLimit?.() ?? tooLarge();
  if (!/^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '')) {
    return Promise.reject(new UploadRefused(400, UPLOAD_MESSAGES.noImage, 'NO_IMAGE'));
  }
  const declared = declaredLength(req);
  if (declared !== null && declared > IMAGE_MAX_BYTES + MULTIPART_OVERHEAD) return Promise.reject(tooLarge());
  if (declared !== null && declared > maxBytes + MULTIPART_OVERHEAD) return Promise.reject(overLimit());

  return new Promise<StoredImage>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // busboy flags a file when it REACHES fileSize; one byte more lets exactly maxBytes through, as the forms allow.
      parser = busboy({ headers: req.headers, limits: { fileSize: maxBytes + 1, files: 1, fields: 8, parts: 10, fieldSize: 1024, headerPairs: 20 } });
    } catch {
      reject(new UploadRefused(400, UPLOAD_MESSAGES.malformed, 'MALFORMED_UPLOAD'));
      return;
    }
    let settled = false;
    let saving: Promise<StoredImage> | null = null;
    let fileStream: Readable | null = null;

    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      // Stop reading: the route answers and closes the connection instead of draining the rest.
      req.unpipe(parser);
      if (saving === null) {
        reject(error);
        return;
      }
      // A refused request keeps nothing: a file still arriving is failed (the store drops its partial
      // file), and one already saved when the rest of the body proved bad is removed, before answering.
      if (fileStream !== null && !fileStream.destroyed) {
        // Its reader may be gone already (a refused type); the failure must not go unhandled.
        fileStream.on('error', () => undefined);
        fileStream.destroy(error instanceof Error ? error : new Error(String(error)));
      }
      saving
        .then((saved) => options.store.remove(saved.fileName), () => undefined)
        .then(() => reject(error), () => reject(error));
    };

    parser.on('file', (name, file) => {
      // A part that is not kept is drained. busboy fails it when the form ends early, and a stream
      // failing with no listener is an uncaught exception, which would stop the whole server.
      // After a refusal busboy may go on to announce later parts: none of them is saved either.
      if (settled || name !== 'image' || saving !== null) {
        file.on('error', () => undefined);
        file.resume();
        return;
      }
      // Past the limit: stop reading and fail the file stream, so the store drops its partial file
      // before the refusal is answered (saving rejects with this error once it has cleaned up).
      file.once('limit', () => {
        req.unpipe(parser);
        file.destroy(overLimit());
      });
      fileStream = file;
      saving = saveFile(file, options, overLimit);
      // A refused or failed save settles the request; a successful one waits for the parser to finish.
      saving.catch(fail);
    });
    // `on`, not `once`: a parser torn down after a first error may report another.
    parser.on('error', () => fail(new UploadRefused(400, UPLOAD_MESSAGES.malformed, 'MALFORMED_UPLOAD')));
    parser.once('close', () => {
      if (saving === null) fail(new UploadRefused(400, UPLOAD_MESSAGES.noImage, 'NO_IMAGE'));
      else
        saving.then((image) => {
          if (settled) return;
          settled = true;
          resolve(image);
        }, fail);
    });
    req.once('aborted', () => fail(new UploadRefused(400, UPLOAD_MESSAGES.malformed, 'UPLOAD_ABORTED')));
    req.once('error', fail);
    req.pipe(parser);
  });
};

/** Sniffs the first bytes, then streams the rest into the store; throws when the limit is passed. */
const saveFile = async (
  file: NodeJS.ReadableStream & { truncated?: boolean },
  options: ReceiveOptions,
  overLimit: () => UploadRefused,
): Promise<StoredImage> => {
  const chunks = file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let headBytes = 0;
  while (headBytes < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done === true) break;
    head.push(next.value);
    headBytes += next.value.length;
  }
  const kind = sniffImage(Buffer.concat(head));
  if (kind === null) {
    file.resume();
    throw new UploadRefused(400, UPLOAD_MESSAGES.invalidType, 'INVALID_FILE_TYPE');
  }
  async function* data(): AsyncGenerator<Uint8Array> {
    yield* head;
    for (;;) {
      const next = await chunks.next();
      if (next.done === true) break;
      yield next.value;
    }
    // busboy ends a file that passed the limit normally, marked truncated: never keep it.
    if (file.truncated === true) throw overLimit();
  }
  return options.store.save({ ownerId: options.ownerId, kind, createdAt: options.createdAt, data: data() });
};

/** The request's Content-Length, or null when it sent none (chunked). */
const declaredLength = (req: IncomingMessage): number | null => {
  const declared = Number(req.headers['content-length']);
  return req.headers['content-length'] !== undefined && Number.isFinite(declared) ? declared : null;
};

/**
 * The upload as the route runs it: the gate first (rate, quota, disk reserve; nothing of the body
 * is read when it refuses), then the image, limited to what the user's quota still allows.
 */
export const createUploader = (deps: { store: ImageStore; gate: UploadGate }) => ({
  receive: async (req: IncomingMessage, ownerId: string, createdAt: string): Promise<StoredImage> => {
    const admission = await deps.gate.admit(ownerId, declaredLength(req));
    try {
      return await receiveImage(req, { store: deps.store, ownerId, createdAt, maxBytes: admission.maxBytes, overLimit: admission.overLimit });
    } finally {
      admission.release();
    }
  },
});

export const contentTypeOf = (image: StoredImage): string => IMAGE_CONTENT_TYPES[image.kind];
