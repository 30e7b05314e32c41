/**
 * Malformed multipart uploads found by the API fuzz:
 * - a part busboy cannot read, followed by a good image: the refusal was answered (400) while busboy
 *   went on to announce the next part, and that image was saved after the answer, outside the
 *   quota's reservation, and kept;
 * - a part that is not the image in a form that ends early: busboy failed its drained stream, which
 *   had no error listener, an uncaught exception that stops the server process.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1X1 } from '../api/schedules.support';
import { errorOf, startTestServer, type Client, type TestServer } from '../api/support';

let server: TestServer;
let user: Client;
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);

beforeAll(async () => {
  process.on('uncaughtException', onUncaught);
  server = await startTestServer();
  user = (await server.newUser()).client;
});
afterAll(async () => {
  process.off('uncaughtException', onUncaught);
  await server?.close();
});

const BOUNDARY = 'riposteboundary';
const part = (field: string, fileName: string, bytes: Buffer) =>
  Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from('\r\n'),
  ]);
const CLOSE = Buffer.from(`--${BOUNDARY}--\r\n`);

const upload = (body: Buffer) =>
  user.request('POST', '/api/v2/upload-image', undefined, { raw: body, headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` } });

const stored = (): string[] => {
  try {
    return readdirSync(join(server.dataDir, 'uploads'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
};

/** Files appear in the background if a refused body's later part is saved: watch for a while. */
const staysEmpty = async (ms: number) => {
  for (const until = Date.now() + ms; Date.now() < until; await sleep(20)) if (stored().length > 0) return stored();
  return stored();
};

describe('malformed multipart uploads', () => {
  it('refuses a body whose first part header is malformed and saves none of the parts after it', async () => {
    // A control character in the part header: busboy reports "Malformed part header", then reads on.
    const res = await upload(Buffer.concat([part('image', 'bad\u0001name.png', PNG_1X1), part('image', 'good.png', PNG_1X1), CLOSE]));
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'MALFORMED_UPLOAD' });
    expect(await staysEmpty(1_000)).toEqual([]);
  });

  it('answers 400 and keeps running when a form ends early inside a part that is not the image', async () => {
    const res = await upload(part('attachment', 'notes.png', PNG_1X1));
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toBeTruthy();
    // The server still answers, and nothing escaped as an uncaught exception.
    expect((await user.get('/api/auth/status')).status).toBe(200);
    await sleep(50);
    expect(uncaught).toEqual([]);
    expect(stored()).toEqual([]);
  });

  it('still stores a well-formed upload (the image and its metadata)', async () => {
    const before = stored().length;
    const res = await upload(Buffer.concat([part('image', 'dot.png', PNG_1X1), CLOSE]));
    expect(res.status).toBe(201);
    expect(stored().length).toBe(before + 2);
  });
});
