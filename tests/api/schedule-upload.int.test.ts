/**
 * POST /api/v2/upload-image over real HTTP (spec part 2 §7, multipart field `image`): images are
 * recognised by their bytes (PNG, JPEG, GIF, WebP; never SVG or a text file named .png), at most
 * 5 MB counted while reading, and stored under <data>/uploads; GET of the answered imageUrl serves
 * the owner's image (with headers that keep it inert) and nobody else's. A schedule may only use
 * its owner's uploads.
 */
import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_MESSAGES as M } from '@core/scheduling/messages';
import { errorOf, startTestServer, type Client, type TestServer } from './support';
import { connectXAccount, eventually, multipart, PNG_1X1, visibleTargets } from './schedules.support';

let server: TestServer;
let alice: Client;
let aliceX: string;
let bob: Client;
let target: string;

beforeAll(async () => {
  server = await startTestServer();
  const a = await server.newUser();
  alice = a.client;
  aliceX = await connectXAccount(server, a.user.id, 'alice_uploads');
  bob = (await server.newUser()).client;
  target = (await visibleTargets(alice))[0]!.id;
}, 30_000);
afterAll(async () => {
  await server?.close();
});

const stored = (): string[] => {
  try {
    return readdirSync(join(server.dataDir, 'uploads'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)).sort();
  } catch {
    return [];
  }
};

/** Posts `raw` as the upload's body under `contentType` (hand-made multipart). */
const uploadRaw = (client: Client, raw: Buffer, contentType: string) =>
  client.request('POST', '/api/v2/upload-image', undefined, { raw, headers: { 'Content-Type': contentType } });

const upload = (client: Client, field: string, name: string, type: string, bytes: Buffer, csrf = true, chunked = false) => {
  const body = multipart(field, name, type, bytes);
  return client.request('POST', '/api/v2/upload-image', undefined, { raw: body.body, headers: { 'Content-Type': body.contentType }, csrf, chunked });
};

// The smallest valid headers of each accepted kind (what sniffing reads), padded with zeros.
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(64)]);

describe('POST /api/v2/upload-image', () => {
  it('stores a PNG and serves it back to its owner only, inert', async () => {
    const res = await upload(alice, 'image', 'dot.png', 'image/png', PNG_1X1);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { imageUrl } = res.body as { success: boolean; imageUrl: string; message: string };
    expect(res.body).toMatchObject({ success: true, message: 'Image uploaded successfully' });
    expect(imageUrl).toMatch(/^\/uploads\//);

    const served = await alice.get(imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.bytes.equals(PNG_1X1)).toBe(true);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(served.headers.get('cache-control')).toContain('private');

    expect((await bob.get(imageUrl)).status).toBe(404);
    expect((await server.client().get(imageUrl)).status).toBe(401);
    expect((await alice.get('/uploads/../events.db')).status).toBe(404);
    expect((await alice.get('/uploads/00000000-0000-4000-8000-000000000000.png')).status).toBe(404);
    // The folder itself is no image: a JSON 404 like any path that names none.
    const folder = await alice.get('/uploads/');
    expect(folder.status).toBe(404);
    expect(errorOf(folder).message).toEqual(expect.any(String));
    // Admins see every upload (moderation).
    expect((await (await server.admin()).get(imageUrl)).status).toBe(200);
  });

  it('takes JPEG, GIF and WebP by their bytes, whatever the name and type claimed', async () => {
    for (const [bytes, type] of [[JPEG, 'image/jpeg'], [GIF, 'image/gif'], [WEBP, 'image/webp']] as const) {
      const res = await upload(alice, 'image', 'picture.bin', 'application/octet-stream', bytes);
      expect(res.status, type).toBe(201);
      expect((await alice.get((res.body as { imageUrl: string }).imageUrl)).headers.get('content-type')).toBe(type);
    }
  });

  it('refuses what is not an image, an SVG, another field, and nothing at all; nothing is stored', async () => {
    const before = stored();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');
    const cases: [string, Promise<{ status: number; body: unknown }>, number, string][] = [
      ['text named .png', upload(alice, 'image', 'note.png', 'image/png', Buffer.from('just some text, not a picture at all')), 400, M.invalidFileType],
      ['svg', upload(alice, 'image', 'x.svg', 'image/svg+xml', svg), 400, M.invalidFileType],
      ['wrong field', upload(alice, 'picture', 'dot.png', 'image/png', PNG_1X1), 400, 'Please choose an image to upload'],
      ['json body', alice.post('/api/v2/upload-image', { image: 'data:image/png;base64,AAAA' }), 400, 'Please choose an image to upload'],
      ['an empty file', upload(alice, 'image', 'empty.png', 'image/png', Buffer.alloc(0)), 400, M.invalidFileType],
    ];
    for (const [name, pending, status, message] of cases) {
      const res = await pending;
      expect(res.status, name).toBe(status);
      expect(res.body, name).toMatchObject({ success: false, message, field: 'image' });
    }
    expect(stored()).toEqual(before);
  });

  it('refuses a body that is not well-formed multipart, keeping nothing of an image read before the fault', async () => {
    const before = stored();
    const { head, body, tail, contentType } = multipart('image', 'dot.png', 'image/png', PNG_1X1);
    // The image part is whole, then another part begins and the body ends inside it.
    const badAfterImage = Buffer.concat([body.subarray(0, body.length - tail.length), Buffer.from(tail.toString('latin1').replace(/--\r\n$/, '\r\n')), Buffer.from('Content-Disposition: form-data; name="note"\r\n\r\nunfinished')]);
    const cases: [string, Buffer, string][] = [
      ['no boundary declared', body, 'multipart/form-data'],
      ['ends inside the image', Buffer.concat([head, PNG_1X1]), contentType],
      ['ends inside a later part', badAfterImage, contentType],
    ];
    for (const [name, raw, type] of cases) {
      const res = await uploadRaw(alice, raw, type);
      expect(res.status, name).toBe(400);
      expect(res.body, name).toMatchObject({ success: false, message: 'The upload could not be read. Please try again.', field: 'image', code: 'MALFORMED_UPLOAD' });
    }
    expect(stored()).toEqual(before);
  });

  it('keeps nothing when the browser goes away in the middle of an image', async () => {
    const before = stored();
    const image = Buffer.concat([PNG_1X1.subarray(0, 16), Buffer.alloc(3 * 1024 * 1024, 7)]);
    const { body, contentType } = multipart('image', 'half.png', 'image/png', image);
    const req = httpRequest(`${server.url}/api/v2/upload-image`, {
      method: 'POST',
      headers: { 'Content-Type': contentType, 'Content-Length': String(body.length), 'X-Riposte-Request': '1', Cookie: alice.cookieHeader() },
    });
    const ended = new Promise<void>((resolve) => req.on('error', () => resolve()).on('close', () => resolve()));
    req.write(body.subarray(0, 1024 * 1024));
    // Long enough for the server to start storing (the partial file exists), then the connection drops.
    await eventually(async () => stored().length, (n) => n > before.length, 'the partial file being written');
    req.destroy();
    await ended;
    await eventually(async () => stored(), (files) => files.length === before.length, 'the partial file to go');
    expect(stored()).toEqual(before);
    // The server is still fine.
    expect((await upload(alice, 'image', 'dot.png', 'image/png', PNG_1X1)).status).toBe(201);
  });

  it('refuses more than 5 MB while reading, declared or not, and keeps nothing', async () => {
    const before = stored();
    const big = Buffer.concat([PNG_1X1.subarray(0, 16), Buffer.alloc(5 * 1024 * 1024 + 1024, 7)]);
    const declared = await upload(alice, 'image', 'big.png', 'image/png', big);
    expect(declared.status).toBe(413);
    expect(errorOf(declared)).toMatchObject({ message: M.fileTooLarge, field: 'image', code: 'FILE_TOO_LARGE' });
    // Sent chunked, the size is unknown until read: refused by counting, the partial file dropped.
    const undeclared = await upload(alice, 'image', 'big.png', 'image/png', big, true, true);
    expect(undeclared.status).toBe(413);
    expect(errorOf(undeclared)).toMatchObject({ message: M.fileTooLarge, field: 'image', code: 'FILE_TOO_LARGE' });
    expect(stored()).toEqual(before);
    // Exactly at the limit is fine (5 MB of a PNG-looking file).
    const atLimit = await upload(alice, 'image', 'max.png', 'image/png', Buffer.concat([PNG_1X1.subarray(0, 16), Buffer.alloc(5 * 1024 * 1024 - 16, 7)]));
    expect(atLimit.status).toBe(201);
    // The image and its metadata file.
    expect(stored().length).toBe(before.length + 2);
  });

  it('refuses visitors (401) and calls without the CSRF header (403)', async () => {
    expect((await upload(server.client(), 'image', 'dot.png', 'image/png', PNG_1X1)).status).toBe(401);
    expect((await upload(alice, 'image', 'dot.png', 'image/png', PNG_1X1, false)).status).toBe(403);
  });
});

describe('schedules and uploads', () => {
  it("lets a schedule use its owner's upload, and refuses someone else's (404 on imageUrl)", async () => {
    const mine = ((await upload(alice, 'image', 'a.png', 'image/png', PNG_1X1)).body as { imageUrl: string }).imageUrl;
    const theirs = ((await upload(bob, 'image', 'b.png', 'image/png', PNG_1X1)).body as { imageUrl: string }).imageUrl;
    const body = (imageUrl: string) => ({ accountId: target, connectedAccountId: aliceX, peakWindowType: 'morning_peak', content: 'With a picture', imageUrl });
    const ok = await alice.post('/api/v2/schedule', body(mine));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect((ok.body as { schedule: { imageUrl: string } }).schedule.imageUrl).toBe(mine);
    const refused = await alice.post('/api/v2/schedule', body(theirs));
    expect(refused.status).toBe(404);
    expect(errorOf(refused)).toMatchObject({ field: 'imageUrl', message: 'Image not found. Upload it again.' });
    const never = await alice.post('/api/v2/schedule', body('/uploads/00000000-0000-4000-8000-000000000000.png'));
    expect(never.status).toBe(404);
    expect(errorOf(never)).toMatchObject({ field: 'imageUrl', message: 'Image not found. Upload it again.' });
    // An outside address is refused like a template's: only images stored here for this user.
    const outside = await alice.post('/api/v2/schedule', body('https://images.example/cat.png'));
    expect(outside.status).toBe(400);
    expect(errorOf(outside)).toMatchObject({ field: 'imageUrl', message: M.imageUrlInvalid });
  });
});
