/**
 * Uploads cannot fill the disk the event store lives on (POST /api/v2/upload-image over real HTTP):
 * a per-user quota of bytes and files (413, nothing kept), a per-user rate (429 with Retry-After),
 * a reserve of free space (507 when an upload would eat into it), and a cleanup job that deletes
 * images no live schedule or template uses once they are past the grace period (the server's clock
 * is injected and moved forward; the embedded scheduler runs the job).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startTestServer, type Client, type TestServer } from '../api/support';
import { connectXAccount, eventually, multipart, PNG_1X1, visibleTargets } from '../api/schedules.support';

const uploadsOf = (server: TestServer): string[] => {
  try {
    return readdirSync(join(server.dataDir, 'uploads')).sort();
  } catch {
    return [];
  }
};

/** A PNG signature padded to `size` bytes: the server keeps it as a PNG of that size. */
const png = (size: number) => Buffer.concat([PNG_1X1, Buffer.alloc(Math.max(0, size - PNG_1X1.length))]);

const upload = (client: Client, bytes: Buffer = PNG_1X1, chunked = false) => {
  const body = multipart('image', 'photo.png', 'image/png', bytes);
  return client.request('POST', '/api/v2/upload-image', undefined, { raw: body.body, headers: { 'Content-Type': body.contentType }, chunked });
};

const imageUrlOf = (res: { status: number; body: unknown }): string => {
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { imageUrl: string }).imageUrl;
};

const KIB = 1024;

describe('the upload quota', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RIPOSTE_UPLOAD_QUOTA_MB: '1', RIPOSTE_UPLOAD_QUOTA_FILES: '3', RIPOSTE_UPLOAD_RATE: '0' });
  }, 30_000);
  afterAll(async () => {
    await server?.close();
  });

  it('refuses the image past the files quota with 413 and keeps nothing of it', async () => {
    const { client } = await server.newUser();
    for (let i = 0; i < 3; i += 1) imageUrlOf(await upload(client));
    const before = uploadsOf(server);
    const refused = await upload(client);
    expect(refused.status).toBe(413);
    expect(errorOf(refused)).toMatchObject({
      field: 'image',
      code: 'UPLOAD_QUOTA_EXCEEDED',
      message: 'You have reached your upload limit of 3 images. Images that no schedule or template uses are removed 24 hours after upload.',
    });
    expect(uploadsOf(server)).toEqual(before);
    // The quota is the user's own: someone else still uploads.
    imageUrlOf(await upload((await server.newUser()).client));
  });

  it('refuses an image that does not fit in the bytes left, declared or only seen while reading, and keeps nothing', async () => {
    const { client } = await server.newUser();
    imageUrlOf(await upload(client, png(700 * KIB)));
    const before = uploadsOf(server);

    const declared = await upload(client, png(400 * KIB));
    expect(declared.status).toBe(413);
    expect(errorOf(declared)).toMatchObject({ field: 'image', code: 'UPLOAD_QUOTA_EXCEEDED' });
    expect(errorOf(declared).message).toMatch(/^This image does not fit in your upload space \(700 KB of 1 MB used\)\./);

    const chunked = await upload(client, png(400 * KIB), true);
    expect(chunked.status).toBe(413);
    expect(errorOf(chunked)).toMatchObject({ field: 'image', code: 'UPLOAD_QUOTA_EXCEEDED' });
    expect(uploadsOf(server)).toEqual(before);

    // What still fits is taken.
    imageUrlOf(await upload(client, png(200 * KIB)));
  });

  it('counts uploads in flight: of two parallel uploads that each fit alone, one is refused', async () => {
    const { client } = await server.newUser();
    const answers = await Promise.all([upload(client, png(600 * KIB), true), upload(client, png(600 * KIB), true)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 413]);
  });
});

describe('the upload rate and the cleanup of unused images', () => {
  const start = new Date('2026-11-02T09:00:00.000Z');
  let now = start;
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RIPOSTE_UPLOAD_RATE: '5', RIPOSTE_SCHEDULER_INTERVAL_MS: '50' }, { clock: () => now });
  }, 30_000);
  afterAll(async () => {
    await server?.close();
  });

  it('answers 429 with Retry-After once a user has started the allowed uploads, and keeps nothing', async () => {
    const { client } = await server.newUser();
    for (let i = 0; i < 5; i += 1) imageUrlOf(await upload(client));
    const before = uploadsOf(server);
    const limited = await upload(client);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(errorOf(limited)).toMatchObject({ field: 'image', code: 'UPLOAD_RATE_LIMITED' });
    expect(errorOf(limited).message).toMatch(/^Too many uploads\. Please try again in \d+ minutes?\.$/);
    expect(uploadsOf(server)).toEqual(before);
    // The rate is per user.
    imageUrlOf(await upload((await server.newUser()).client));
  });

  /**
   * Waits until a cleanup run logged after line `seen` has `field` >= 1 (a run logs once it is
   * over). `seen` is taken before the clock moves: the run may come at once.
   */
  const cleanupRun = (field: 'retired' | 'removed', seen: number) =>
    eventually(
      () => Promise.resolve(server.logs.lines.slice(seen).map((l) => JSON.parse(l) as Record<string, unknown>)),
      (lines) => lines.some((l) => l.msg === 'unused uploaded images cleaned up' && Number(l[field]) >= 1),
      `a cleanup run that ${field} an image`,
      20_000,
    );

  it('deletes an image nothing uses once past the grace period; keeps used, fresh ones; a retired image cannot be picked', async () => {
    const { client, user } = await server.newUser();
    const xAccount = await connectXAccount(server, user.id, 'cleanup_owner');
    const target = (await visibleTargets(client))[0]!.id;

    const unused = imageUrlOf(await upload(client));
    const inTemplate = imageUrlOf(await upload(client));
    const inSchedule = imageUrlOf(await upload(client));
    const inDeletedTemplate = imageUrlOf(await upload(client));
    expect((await client.post('/api/templates', { name: 'With picture', content: 'Nice one', imageUrl: inTemplate })).status).toBe(201);
    const scheduled = await client.post('/api/v2/schedule', {
      accountId: target,
      connectedAccountId: xAccount,
      peakWindowType: 'morning_peak',
      content: 'With a picture',
      imageUrl: inSchedule,
    });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(201);
    const gone = await client.post('/api/templates', { name: 'Soon deleted', content: 'Bye', imageUrl: inDeletedTemplate });
    expect(gone.status).toBe(201);
    expect((await client.request('DELETE', `/api/templates/${(gone.body as { id: string }).id}`)).status).toBe(200);

    // A day and an hour later: a fresh upload, then the next run retires what nothing uses.
    let seen = server.logs.lines.length;
    now = new Date(start.getTime() + 25 * 3_600_000);
    const fresh = imageUrlOf(await upload((await server.newUser()).client));
    await cleanupRun('retired', seen);
    expect((await client.get(unused)).status).toBe(404);
    expect((await client.get(inDeletedTemplate)).status).toBe(404);
    // A retired image cannot be given to a new schedule: it reads as never uploaded.
    const late = await client.post('/api/v2/schedule', {
      accountId: target,
      connectedAccountId: xAccount,
      peakWindowType: 'evening_peak',
      content: 'Too late',
      imageUrl: unused,
    });
    expect(late.status).toBe(404);
    expect(errorOf(late)).toMatchObject({ field: 'imageUrl', message: 'Image not found. Upload it again.' });

    // Past the settle time, a later run deletes the retired images from the disk.
    seen = server.logs.lines.length;
    now = new Date(start.getTime() + 27 * 3_600_000);
    await cleanupRun('removed', seen);
    const files = uploadsOf(server).join(' ');
    for (const url of [unused, inDeletedTemplate]) expect(files).not.toContain(url.slice('/uploads/'.length, -'.png'.length));
    for (const url of [inTemplate, inSchedule]) expect((await client.get(url)).status).toBe(200);
    expect(files).toContain(fresh.slice('/uploads/'.length));
  }, 60_000);
});

describe('the free-space reserve', () => {
  let server: TestServer;
  beforeAll(async () => {
    // More than any test machine has: every upload would eat into it.
    server = await startTestServer({ RIPOSTE_DISK_RESERVE: '1000000GiB' });
  }, 30_000);
  afterAll(async () => {
    await server?.close();
  });

  it('refuses an upload with 507 when it would leave less free space than the reserve, and keeps nothing', async () => {
    const { client } = await server.newUser();
    const before = uploadsOf(server);
    const refused = await upload(client);
    expect(refused.status).toBe(507);
    expect(errorOf(refused)).toMatchObject({
      field: 'image',
      code: 'INSUFFICIENT_STORAGE',
      message: 'The server is running out of storage space, so uploads are paused. Please try again later.',
    });
    expect(uploadsOf(server)).toEqual(before);
    // Everything else goes on: the reserve is there so the event store can keep writing.
    expect((await client.post('/api/templates', { name: 'Still writing', content: 'Fine' })).status).toBe(201);
  });
});
