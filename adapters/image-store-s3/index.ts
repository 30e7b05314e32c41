/**
 * The image store on an S3-compatible object store (AWS S3, MinIO, Garage, Ceph RGW…), for
 * processes on machines that share no volume (docs/adr/0031-shared-state-for-several-processes.md).
 * The same layout as the filesystem adapter, one object per file, under a key prefix:
 *
 *   <prefix><id>.<ext>            the bytes (Content-Type set)
 *   <prefix><id>.json             owner, kind, size, time: the image is kept while this exists
 *   <prefix><id>.retired.json     the same plus retiredAt: the image is retired
 *
 * The bytes are written first and the metadata last, so an image is never described before its
 * bytes are whole (a PUT is all or nothing). S3 has no rename: retiring writes `.retired.json`
 * and then deletes `.json`; a process stopped in between leaves both, and the image counts as kept
 * (never removed by mistake). Restoring is the same two steps the other way. Bytes with no
 * metadata at all (an upload cut short after its PUT) are what `removeIncomplete` deletes.
 *
 * An upload is spooled to a temporary file first: a PUT needs its length, and the port promises
 * that no side holds a whole image in memory. Every failure of the server (bad credentials, no
 * bucket, no answer) becomes an ImageStoreUnavailable (503 for the HTTP layer) whose cause says
 * what to fix; a missing object is the port's own "null".
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type _Object,
} from '@aws-sdk/client-s3';
import { IMAGE_CONTENT_TYPES, IMAGE_EXTENSIONS, IMAGE_FILE_NAME, type ImageStore, type StoredImage } from '@core/images';
import { isMeta, listedImages, META_NAME, RETIRED_NAME, retiredAtOf, toImage, type Meta } from '@adapters/image-store/layout';
import { AppError } from '@core/shared/errors';

export interface S3ImageStoreConfig {
  /** The server's base URL (RIPOSTE_S3_URL), e.g. http://minio:9000 or https://s3.eu-west-1.amazonaws.com. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Key prefix (RIPOSTE_S3_PREFIX), default `uploads/`. */
  prefix?: string;
  /** Path-style addressing (`<url>/<bucket>/<key>`), what MinIO, Garage and Ceph expect; default true. */
  forcePathStyle?: boolean;
  /** Where uploads are spooled before their PUT; default the OS temporary directory. */
  spoolDir?: string;
  /** Milliseconds before a request that has not answered is given up; default 30 s. */
  requestTimeoutMs?: number;
}

/** The image store could not be used: 503 for users, the cause (what the server said and what to check) in the log. */
export class ImageStoreUnavailable extends AppError {
  constructor(cause: Error) {
    super('unavailable', 'Images cannot be stored or read right now. Please try again later.', { reason: 'IMAGE_STORE_UNAVAILABLE', cause });
    this.name = 'ImageStoreUnavailable';
  }
}



const HINTS: Record<string, string> = {
  InvalidAccessKeyId: 'check RIPOSTE_S3_ACCESS_KEY_ID',
  SignatureDoesNotMatch: 'check RIPOSTE_S3_SECRET_ACCESS_KEY (and RIPOSTE_S3_REGION)',
  AccessDenied: 'the key may not read and write this bucket; grant s3:GetObject, s3:PutObject, s3:DeleteObject and s3:ListBucket',
  NoSuchBucket: 'create the bucket, or check RIPOSTE_S3_BUCKET',
  AuthorizationHeaderMalformed: 'check RIPOSTE_S3_REGION',
  PermanentRedirect: 'the bucket lives in another region or needs virtual-hosted addressing: check RIPOSTE_S3_REGION and RIPOSTE_S3_PATH_STYLE',
};

const isNotFound = (e: unknown): boolean =>
  e instanceof S3ServiceException && (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata.httpStatusCode === 404) && e.name !== 'NoSuchBucket';

/** What went wrong, in words an operator can act on. */
export const describeS3Failure = (e: unknown, where: string): Error => {
  if (e instanceof S3ServiceException) {
    const hint = HINTS[e.name];
    return new Error(`S3 at ${where} refused the request: ${e.name} (HTTP ${e.$metadata.httpStatusCode ?? '?'})${e.message && e.message !== e.name ? `: ${e.message}` : ''}${hint ? ` — ${hint}` : ''}`, { cause: e });
  }
  const code = (e as { code?: unknown } | null)?.code;
  const message = e instanceof Error ? e.message : String(e);
  return new Error(`S3 at ${where} could not be reached${typeof code === 'string' ? ` (${code})` : ''}: ${message} — check RIPOSTE_S3_URL and that the server is up`, { cause: e });
};

export const createS3ImageStore = (config: S3ImageStoreConfig): ImageStore & { bucket: string; prefix: string; client: S3Client } => {
  const prefix = config.prefix ?? 'uploads/';
  const bucket = config.bucket;
  const where = `${config.endpoint} (bucket "${bucket}")`;
  const spoolDir = config.spoolDir ?? tmpdir();
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle ?? true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: MinIO, Garage, Ceph and older servers do not all
    // understand the trailing checksums SDK v3 adds by default to every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // Failures reach the caller as ImageStoreUnavailable, with what to fix; the SDK would otherwise
    // write its own warnings to the console (e.g. that a streamed PUT is not retried: see save).
    logger: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
    requestHandler: { requestTimeout: config.requestTimeoutMs ?? 30_000, connectionTimeout: 5_000 },
  });

  /** Runs one call; a server failure becomes ImageStoreUnavailable. */
  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (e) {
      throw new ImageStoreUnavailable(describeS3Failure(e, where));
    }
  };

  /** The object's body as text, or null when there is no such object. */
  const getText = async (key: string): Promise<string | null> => {
    try {
      const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return (await out.Body?.transformToString('utf8')) ?? '';
    } catch (e) {
      if (isNotFound(e)) return null;
      throw new ImageStoreUnavailable(describeS3Failure(e, where));
    }
  };

  const getMeta = async (key: string): Promise<unknown> => {
    const text = await getText(key);
    if (text === null) return null;
    try {
      return JSON.parse(text);
    } catch {
      return null;
    }
  };

  const putJson = (key: string, value: object) =>
    call(() => client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: JSON.stringify(value), ContentType: 'application/json' })));

  const del = (key: string) => call(() => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })));

  /** Every object under the prefix, with its name relative to the prefix. */
  const listAll = async (): Promise<(_Object & { name: string })[]> => {
    const out: (_Object & { name: string })[] = [];
    let token: string | undefined;
    do {
      const page = await call(() => client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) })));
      for (const o of page.Contents ?? []) if (o.Key !== undefined) out.push({ ...o, name: o.Key.slice(prefix.length) });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token !== undefined);
    return out;
  };

  const describe = async (fileName: string): Promise<StoredImage | null> => {
    const match = IMAGE_FILE_NAME.exec(fileName);
    if (match === null) return null;
    const id = match[1] as string;
    const meta = await getMeta(`${prefix}${id}.json`);
    if (!isMeta(meta) || `${id}.${IMAGE_EXTENSIONS[meta.kind]}` !== fileName) return null;
    return toImage(id, meta);
  };

  // Metadata never changes while an image is kept (as in the filesystem adapter).
  const cache = new Map<string, Meta>();

  return {
    bucket,
    prefix,
    client,
    async save({ ownerId, kind, createdAt, data }) {
      const id = randomUUID();
      const fileName = `${id}.${IMAGE_EXTENSIONS[kind]}`;
      const spool = join(spoolDir, `.riposte-s3-${id}.part`);
      let put = false;
      try {
        await pipeline(Readable.from(data), createWriteStream(spool, { mode: 0o600 }));
        const { size } = await stat(spool);
        put = true;
        // The SDK does not retry a streamed body; the spooled file can be read again, so a PUT
        // that failed on the way (no answer, or a 5xx) is tried again here, three times in all.
        const putBytes = () =>
          client.send(new PutObjectCommand({ Bucket: bucket, Key: `${prefix}${fileName}`, Body: createReadStream(spool), ContentLength: size, ContentType: IMAGE_CONTENT_TYPES[kind] }));
        await call(async () => {
          for (let attempt = 1; ; attempt += 1) {
            try {
              return await putBytes();
            } catch (e) {
              const refused = e instanceof S3ServiceException && (e.$metadata.httpStatusCode ?? 500) < 500;
              if (refused || attempt >= 3) throw e;
            }
          }
        });
        await putJson(`${prefix}${id}.json`, { ownerId, kind, size, createdAt } satisfies Meta);
        return { id, kind, contentType: IMAGE_CONTENT_TYPES[kind], fileName, size, ownerId, createdAt };
      } catch (error) {
        // Best effort: what is left is bytes without metadata, never served, and removeIncomplete's.
        if (put) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: `${prefix}${fileName}` })).catch(() => undefined);
        throw error;
      } finally {
        await rm(spool, { force: true });
      }
    },
    describe,
    async open(fileName) {
      const image = await describe(fileName);
      if (image === null) return null;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: `${prefix}${fileName}` }));
        if (out.Body === undefined) return null;
        return { image, data: out.Body as Readable };
      } catch (e) {
        if (isNotFound(e)) return null;
        throw new ImageStoreUnavailable(describeS3Failure(e, where));
      }
    },
    async list() {
      return listedImages((await listAll()).map((o) => o.name), cache, (name) => getMeta(`${prefix}${name}`));
    },
    async retire(fileName, at) {
      const image = await describe(fileName);
      if (image === null) return false;
      const meta: Meta & { retiredAt: string } = { ownerId: image.ownerId, kind: image.kind, size: image.size, createdAt: image.createdAt, retiredAt: at };
      await putJson(`${prefix}${image.id}.retired.json`, meta);
      await del(`${prefix}${image.id}.json`);
      cache.delete(image.id);
      return true;
    },
    async retired() {
      const objects = await listAll();
      const kept = new Set(objects.map((o) => META_NAME.exec(o.name)?.[1]).filter((id): id is string => id !== undefined));
      const out: { fileName: string; retiredAt: string }[] = [];
      for (const { name, LastModified } of objects) {
        const id = RETIRED_NAME.exec(name)?.[1];
        // A retirement cut short (both files): still kept, so not offered for removal.
        if (id === undefined || kept.has(id)) continue;
        const meta = await getMeta(`${prefix}${name}`);
        if (!isMeta(meta)) continue;
        const when = retiredAtOf(meta) ?? (LastModified ?? new Date(0)).toISOString();
        out.push({ fileName: toImage(id, meta).fileName, retiredAt: when });
      }
      return out;
    },
    async restore(fileName) {
      const match = IMAGE_FILE_NAME.exec(fileName);
      if (match === null) return false;
      const id = match[1] as string;
      const meta = await getMeta(`${prefix}${id}.retired.json`);
      if (!isMeta(meta) || `${id}.${IMAGE_EXTENSIONS[meta.kind]}` !== fileName) return false;
      const { ownerId, kind, size, createdAt } = meta;
      await putJson(`${prefix}${id}.json`, { ownerId, kind, size, createdAt } satisfies Meta);
      await del(`${prefix}${id}.retired.json`);
      return true;
    },
    async removeIncomplete(olderThanMs) {
      // LastModified is the store's clock, compared with this machine's (as file times are).
      const before = Date.now() - olderThanMs;
      const objects = await listAll();
      const described = new Set<string>();
      for (const { name } of objects) {
        const id = META_NAME.exec(name)?.[1] ?? RETIRED_NAME.exec(name)?.[1];
        if (id !== undefined) described.add(id);
      }
      let removed = 0;
      for (const { name, LastModified } of objects) {
        const id = IMAGE_FILE_NAME.exec(name)?.[1];
        if (id === undefined || described.has(id)) continue;
        if (LastModified === undefined || LastModified.getTime() >= before) continue;
        await del(`${prefix}${name}`);
        removed += 1;
      }
      return removed;
    },
    async remove(fileName) {
      const match = IMAGE_FILE_NAME.exec(fileName);
      if (match === null) return;
      const id = match[1] as string;
      cache.delete(id);
      // Metadata first: from the first delete on, nothing describes or serves it.
      await del(`${prefix}${id}.json`);
      await del(`${prefix}${id}.retired.json`);
      await del(`${prefix}${fileName}`);
    },
  };
};
