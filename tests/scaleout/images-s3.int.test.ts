/**
 * Uploaded images on an S3-compatible bucket shared by two servers (adapters/image-store-s3): an
 * image uploaded through one server is served by the other, which has a data directory of its own
 * and no shared disk; both servers read one SQLite event file (RIPOSTE_SQLITE_FILE) so the user
 * exists on both. The bucket is a real S3 server on loopback (s3rver behind a Signature V4 check,
 * ./s3.ts). A server whose secret is wrong answers 503 and logs what to fix.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startTestServer, type TestServer } from '../api/support';
import { eventually, multipart, PNG_1X1 } from '../api/schedules.support';
import { startS3, type ThrowawayS3 } from './s3';

let s3: ThrowawayS3;
let shared: string;
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  s3 = await startS3();
  shared = mkdtempSync(join(tmpdir(), 'riposte-s3-events-'));
  const env = { ...s3.env, RIPOSTE_SQLITE_FILE: join(shared, 'events.db') };
  a = await startTestServer(env);
  b = await startTestServer(env);
}, 60_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await s3?.stop();
  rmSync(shared, { recursive: true, force: true });
});

const upload = (client: ReturnType<TestServer['client']>, bytes: Buffer) => {
  const body = multipart('image', 'dot.png', 'image/png', bytes);
  return client.request('POST', '/api/v2/upload-image', undefined, { raw: body.body, headers: { 'Content-Type': body.contentType } });
};

describe('two servers, one bucket', () => {
  it('serves on one server the image uploaded through the other, to its owner only', async () => {
    const { client: onA, user } = await a.newUser();
    const res = await upload(onA, PNG_1X1);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { imageUrl } = res.body as { imageUrl: string };

    // The bytes went to the bucket, not to A's disk.
    const aUploads = join(a.dataDir, 'uploads');
    expect(existsSync(aUploads) ? readdirSync(aUploads) : []).toEqual([]);

    // The same user signs in on B once B has read the registration from the shared event file.
    const onB = b.client();
    await eventually(
      () => onB.post('/api/auth/login', { username: user.username, password: 'secret-pw-1' }),
      (r) => r.status === 200,
      'sign-in on the second server',
      15_000,
    );
    const served = await onB.get(imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.bytes.equals(PNG_1X1)).toBe(true);

    // Someone else on B: not found, exactly as on one server.
    const { client: bob } = await b.newUser();
    const other = await bob.get(imageUrl);
    expect(other.status).toBe(404);
    expect(errorOf(other).message).toBe('Image not found');
  });
});

describe('a server whose S3 secret is wrong', () => {
  let broken: TestServer;
  beforeAll(async () => {
    broken = await startTestServer({ ...s3.env, RIPOSTE_S3_SECRET_ACCESS_KEY: 'not-the-secret' });
  }, 30_000);
  afterAll(async () => {
    await broken?.close();
  });

  it('answers an upload with 503 and a message users can act on, and logs the variable to fix', async () => {
    const { client } = await broken.newUser();
    const res = await upload(client, PNG_1X1);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).not.toBeNull();
    expect(errorOf(res).message).toBe('Images cannot be stored or read right now. Please try again later.');
    expect(JSON.stringify(res.body)).not.toContain('SignatureDoesNotMatch');
    await eventually(
      async () => broken.logs.text(),
      (text) => /SignatureDoesNotMatch.*RIPOSTE_S3_SECRET_ACCESS_KEY/.test(text),
      'the log line naming the variable',
    );
  });
});
