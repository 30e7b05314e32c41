/**
 * Images attached to what Riposte posts are only images this installation stores for that user.
 * A template took any address (and someone else's upload), which the poster would later fetch and
 * post: a way to make the server reach into its own network, or to post another user's picture.
 * One rule now holds for templates and schedules: an outside address is refused 400 on imageUrl by
 * the shared schema, and an upload path that is not the caller's own is refused on imageUrl; a
 * refused request stores nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startTestServer, type Client, type TestServer } from '../api/support';
import { connectXAccount, multipart, PNG_1X1, visibleTargets } from '../api/schedules.support';

let server: TestServer;
let alice: Client;
let aliceX: string;
let target: string;
let mine: string;
let theirs: string;

const upload = async (client: Client): Promise<string> => {
  const body = multipart('image', 'a.png', 'image/png', PNG_1X1);
  const res = await client.request('POST', '/api/v2/upload-image', undefined, { raw: body.body, headers: { 'Content-Type': body.contentType } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { imageUrl: string }).imageUrl;
};

beforeAll(async () => {
  server = await startTestServer();
  const a = await server.newUser();
  alice = a.client;
  aliceX = await connectXAccount(server, a.user.id, 'alice_images');
  target = (await visibleTargets(alice))[0]!.id;
  const bob = (await server.newUser()).client;
  mine = await upload(alice);
  theirs = await upload(bob);
}, 30_000);
afterAll(async () => {
  await server?.close();
});

const templateCount = async () => ((await alice.get('/api/templates')).body as unknown[]).length;

const refusals: [string, string, RegExp][] = [
  ['an outside address', 'https://images.example/cat.png', /uploaded to Riposte/],
  ['an address inside the server’s network', 'http://169.254.169.254/latest/meta-data', /uploaded to Riposte/],
  ['another user’s upload', '', /Image not found/],
  ['an upload path that was never handed out', '/uploads/00000000-0000-4000-8000-000000000000.png', /Image not found/],
  ['a path outside the uploads', '/api/admin/users', /uploaded to Riposte/],
];

describe('a template image', () => {
  it.each(refusals)('refuses %s on imageUrl and stores nothing', async (_name, url, message) => {
    const imageUrl = url === '' ? theirs : url;
    const before = await templateCount();
    const created = await alice.post('/api/templates', { name: 'with image', content: 'Hello', imageUrl });
    expect(created.status).toBe(400);
    expect(errorOf(created)).toMatchObject({ field: 'imageUrl' });
    expect(errorOf(created).message).toMatch(message);
    expect(await templateCount()).toBe(before);
  });

  it('refuses the same on a change, and keeps the template as it was', async () => {
    const created = await alice.post('/api/templates', { name: 'plain', content: 'Hello' });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    for (const imageUrl of ['https://images.example/cat.png', theirs]) {
      const changed = await alice.put(`/api/templates/${id}`, { imageUrl });
      expect(changed.status).toBe(400);
      expect(errorOf(changed).field).toBe('imageUrl');
    }
    expect(((await alice.get(`/api/templates/${id}`)).body as { imageUrl: string | null }).imageUrl).toBeNull();
  });

  it("takes the user's own upload", async () => {
    const created = await alice.post('/api/templates', { name: 'mine', content: 'Hello', imageUrl: mine });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((created.body as { imageUrl: string }).imageUrl).toBe(mine);
  });
});

describe('a schedule image', () => {
  const body = (imageUrl: string) => ({ accountId: target, connectedAccountId: aliceX, peakWindowType: 'morning_peak', content: 'With a picture', imageUrl });

  it('refuses an outside address on imageUrl, like a template', async () => {
    const res = await alice.post('/api/v2/schedule', body('https://images.example/cat.png'));
    expect(res.status).toBe(400);
    expect(errorOf(res).field).toBe('imageUrl');
    expect(errorOf(res).message).toMatch(/uploaded to Riposte/);
  });

  it("refuses another user's upload on imageUrl", async () => {
    const res = await alice.post('/api/v2/schedule', body(theirs));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(errorOf(res).field).toBe('imageUrl');
  });
});
