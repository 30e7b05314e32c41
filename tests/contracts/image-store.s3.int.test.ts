/**
 * The ImageStore contract against the S3 adapter (adapters/image-store-s3, AWS SDK v3) on a real
 * S3-compatible server on loopback (tests/scaleout/s3.ts: s3rver behind a Signature V4 check),
 * each case under a key prefix of its own. Then what only a server can do: refuse, or be away.
 */
import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3ImageStore, ImageStoreUnavailable, type S3ImageStoreConfig } from '@adapters/image-store-s3';
import { startS3, type ThrowawayS3 } from '../scaleout/s3';
import { imageStoreContract } from './image-store.contract';

let s3: ThrowawayS3;
beforeAll(async () => {
  s3 = await startS3();
}, 30_000);
afterAll(async () => {
  await s3?.stop();
});

const configOf = (overrides: Partial<S3ImageStoreConfig> = {}): S3ImageStoreConfig => ({
  endpoint: s3.url,
  bucket: s3.bucket,
  region: s3.region,
  accessKeyId: s3.accessKeyId,
  secretAccessKey: s3.secretAccessKey,
  ...overrides,
});

imageStoreContract('S3 (s3rver on loopback, SigV4 checked)', async () => {
  const prefix = `t-${randomUUID()}/`;
  const store = createS3ImageStore(configOf({ prefix }));
  const keys = async () => {
    const out = await store.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
    return (out.Contents ?? []).map((o) => (o.Key as string).slice(prefix.length)).sort();
  };
  return {
    store,
    other: () => createS3ImageStore(configOf({ prefix })),
    objects: keys,
    plantIncomplete: async () => {
      // The bytes of an upload whose process stopped before its metadata was written.
      const name = '11111111-1111-4111-8111-111111111111.png';
      await store.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `${prefix}${name}`, Body: 'half an image', ContentType: 'image/png' }));
      return name;
    },
    teardown: async () => {
      for (const name of await keys()) await store.remove(name);
    },
  };
});

describe('S3 image store: failures of the server', () => {
  const attempt = async (config: Partial<S3ImageStoreConfig>) => {
    const store = createS3ImageStore(configOf({ prefix: `t-${randomUUID()}/`, ...config }));
    const error = await store.list().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImageStoreUnavailable);
    const unavailable = error as ImageStoreUnavailable;
    // Users get a 503 and words they can act on; the log gets what to fix.
    expect(unavailable).toMatchObject({ code: 'unavailable', reason: 'IMAGE_STORE_UNAVAILABLE' });
    return String((unavailable.cause as Error).message);
  };

  it('a wrong secret is refused by the signature check and names the variable to fix', async () => {
    const before = s3.refused();
    expect(await attempt({ secretAccessKey: 'not-the-secret' })).toMatch(/SignatureDoesNotMatch \(HTTP 403\).*RIPOSTE_S3_SECRET_ACCESS_KEY/);
    expect(s3.refused()).toBeGreaterThan(before);
  });

  it('an unknown access key, a missing bucket and a server that is away each say what to check', async () => {
    expect(await attempt({ accessKeyId: 'NOBODY' })).toMatch(/InvalidAccessKeyId \(HTTP 403\).*RIPOSTE_S3_ACCESS_KEY_ID/);
    expect(await attempt({ bucket: 'no-such-bucket' })).toMatch(/NoSuchBucket \(HTTP 404\).*RIPOSTE_S3_BUCKET/);
    expect(await attempt({ endpoint: 'http://127.0.0.1:9' })).toMatch(/could not be reached \(ECONNREFUSED\).*RIPOSTE_S3_URL/);
  });

  it('a failing save leaves nothing and passes the clear error on', async () => {
    const store = createS3ImageStore(configOf({ prefix: `t-${randomUUID()}/`, secretAccessKey: 'not-the-secret' }));
    async function* png() {
      yield Uint8Array.from([0x89, 0x50, 0x4e, 0x47]);
    }
    await expect(store.save({ ownerId: 'u1', kind: 'png', createdAt: '2026-03-01T00:00:00.000Z', data: png() })).rejects.toBeInstanceOf(ImageStoreUnavailable);
    const good = createS3ImageStore(configOf({ prefix: store.prefix }));
    expect(await good.list()).toEqual([]);
  });

  it('tries a PUT that failed with a 5xx again from the spooled file, and gives up after three', async () => {
    const store = createS3ImageStore(configOf({ prefix: `t-${randomUUID()}/` }));
    const bytes = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 5, 6, 7]);
    async function* png() {
      yield bytes;
    }
    s3.failImagePuts(2);
    const saved = await store.save({ ownerId: 'u1', kind: 'png', createdAt: '2026-03-01T00:00:00.000Z', data: png() });
    const opened = await store.open(saved.fileName);
    const read: number[] = [];
    for await (const c of opened!.data) read.push(...c);
    expect(Uint8Array.from(read)).toEqual(bytes);

    s3.failImagePuts(3);
    const error = await store.save({ ownerId: 'u1', kind: 'png', createdAt: '2026-03-01T00:00:00.000Z', data: png() }).catch((e: unknown) => e);
    s3.failImagePuts(0);
    expect(error).toBeInstanceOf(ImageStoreUnavailable);
    expect(((error as Error).cause as Error).message).toMatch(/InternalError \(HTTP 500\)/);
    expect(await store.list()).toEqual([saved]);
  });
});
