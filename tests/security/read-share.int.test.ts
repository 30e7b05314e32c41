/**
 * No user can slow down the others with reads (apps/server/src/http/read-share.ts), attacked from
 * outside: one user floods the server with its heaviest list (500 schedules a page) from eight
 * connections at once, while another user reads as a browser would. The flooder is answered 429
 * with Retry-After once its share is used; the other user's reads stay within a small multiple of
 * ONE heavy read's time (without the bound they wait behind the whole queue of heavy reads).
 * Anonymous reads are shared out the same way, charged to the address range they come from: a
 * flood of the public API document from eight connections leaves a signed-in user's reads as fast.
 * Timing is asserted relative to the heavy read measured in the same run, never in absolute ms.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../api/support';
import { bulkEntry, connectXAccount, dateIn, visibleTargets } from '../api/schedules.support';

const HEAVY = '/api/schedules?limit=500';

let server: TestServer;
let flooder: Client;
let other: Client;

beforeAll(async () => {
  server = await startTestServer({ RIPOSTE_SCHEDULER: 'off', RIPOSTE_READ_SHARE: '0.5', RIPOSTE_READ_BURST_MS: '1', RIPOSTE_READ_CONCURRENCY: '2' });
  const made = await server.newUser();
  flooder = made.client;
  const admin = await server.admin();
  expect((await admin.put(`/api/admin/users/${made.user.id}/role`, { role: 'legacy' })).status).toBe(200);
  const x = await connectXAccount(server, made.user.id, 'share_x');
  const target = (await visibleTargets(flooder))[0]!.id;
  for (let b = 0; b < 4; b += 1) {
    const entries = Array.from({ length: 100 }, (_, i) => bulkEntry(target, x, { scheduledDate: dateIn(i + 1), customReplyText: `Heavy ${b}-${i}` }));
    expect((await flooder.post('/api/bulk-replies/batch', { entries })).status).toBe(201);
  }
  other = (await server.newUser()).client;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** One GET whose body is read and dropped (a flood does not parse what it asks for); `null`: anonymous. */
const hit = (client: Client | null, path: string, base = server.url) =>
  new Promise<{ status: number; retryAfter: string | undefined; ms: number; body: string }>((resolve, reject) => {
    const url = new URL(client?.base ?? base);
    const started = performance.now();
    const req = httpRequest({ host: url.hostname, port: url.port, path, headers: { Accept: 'application/json', ...(client === null ? {} : { Cookie: client.cookieHeader() }) } }, (res) => {
      const chunks: Buffer[] = [];
      const keep = res.statusCode !== 200;
      res.on('data', (c: Buffer) => keep && chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const retry = res.headers['retry-after'];
        resolve({ status: res.statusCode ?? 0, retryAfter: Array.isArray(retry) ? retry[0] : retry, ms: performance.now() - started, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end();
  });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;

/**
 * `flooder` reads `heavy` from eight connections while another user reads its auth status as a
 * browser would; the other user's times, against the heavy read alone measured just before.
 */
const flood = async (flooder: Client | null, heavyPath: string, reader: Client = other, readerPauses = false) => {
  // One heavy read alone, the yardstick: three of them, each once the share allows it.
  const alone: number[] = [];
  for (let tries = 0; alone.length < 3 && tries < 200; tries += 1) {
    const r = await hit(flooder, heavyPath, reader.base);
    if (r.status === 200) alone.push(r.ms);
    else await new Promise((done) => setTimeout(done, 50));
  }
  expect(alone).toHaveLength(3);
  const heavy = median(alone);

  let flooding = true;
  const answers: { status: number; retryAfter: string | undefined; body: string }[] = [];
  const floods = Array.from({ length: 8 }, async () => {
    while (flooding) answers.push(await hit(flooder, heavyPath, reader.base));
  });
  const seen: number[] = [];
  const statuses: number[] = [];
  for (let i = 0; i < 40; i += 1) {
    const r = await hit(reader, '/api/auth/status');
    statuses.push(r.status);
    seen.push(r.ms);
    // As a browser between two reads: long enough for the reader's own bucket to drain its read (at
    // share 0.5, twice the read's time), so only the flood can make it wait.
    if (readerPauses) await new Promise((done) => setTimeout(done, 2 * r.ms + 2));
  }
  flooding = false;
  await Promise.all(floods);
  return { heavy, seen, statuses, refused: answers.filter((a) => a.status === 429), answered: answers.length };
};

describe('one user flooding the server with heavy reads', () => {
  it("is answered 429 with Retry-After, while another user's reads stay fast", async () => {
    const { heavy, seen, statuses, refused, answered } = await flood(flooder, HEAVY, other, true);
    expect(new Set(statuses)).toEqual(new Set([200]));
    // Without the bound the other user waits behind the queue of heavy reads at every call (measured:
    // median 12x, p95 18-24x one heavy read). With it, about one heavy read and the cheap refusals.
    const shown = `median ${median(seen).toFixed(1)} ms, p95 ${p95(seen).toFixed(1)} ms against one heavy read's ${heavy.toFixed(1)} ms`;
    expect(median(seen), shown).toBeLessThan(3 * heavy);
    expect(p95(seen), shown).toBeLessThan(8 * heavy);
    expect(refused.length, `${answered} flood answers`).toBeGreaterThan(0);
    expect(Number(refused[0]!.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(refused[0]!.body)).toMatchObject({ code: 'READ_SHARE', message: expect.stringMatching(/^Too many reads at once from your account\. Please try again in \d+ seconds?\.$/) });
  }, 120_000);

  it('reads again once the share has drained', async () => {
    let last = await hit(flooder, HEAVY);
    for (let tries = 0; last.status === 429 && tries < 200; tries += 1) {
      await new Promise((r) => setTimeout(r, 50));
      last = await hit(flooder, HEAVY);
    }
    expect(last.status).toBe(200);
  }, 30_000);

  it("leaves open live streams out: two tabs' streams take none of the user's read slots", async () => {
    // This server allows 2 reads in flight per user: charged as reads, two open streams would take
    // both and every read of the user's pages would be refused while they stay open.
    const reader = (await server.newUser()).client;
    const url = new URL(reader.base);
    const open = () =>
      new Promise<{ close: () => void }>((resolve, reject) => {
        const req = httpRequest({ host: url.hostname, port: url.port, path: '/api/live', headers: { Accept: 'text/event-stream', Cookie: reader.cookieHeader() } }, (res) => {
          if (res.statusCode !== 200) reject(new Error(`live stream answered ${res.statusCode}`));
          else resolve({ close: () => req.destroy() });
        });
        req.on('error', () => undefined);
        req.end();
      });
    const streams = [await open(), await open()];
    try {
      // As a browser between two reads (see flood): the reader's own bucket drains its last read, so
      // a refusal here can only come from slots the streams hold.
      for (let i = 0; i < 5; i += 1) {
        const r = await hit(reader, '/api/auth/status');
        expect(r.status, r.body).toBe(200);
        await new Promise((done) => setTimeout(done, 2 * r.ms + 2));
      }
    } finally {
      for (const s of streams) s.close();
    }
  });
});

describe('anonymous callers flooding the server with heavy reads', () => {
  // A server of its own, bounded as above (1 ms of burst, two reads in flight per caller); the
  // reader pauses between its reads as a browser does, so its own 1 ms burst is not what it meets.
  let anonymous: TestServer;
  let reader: Client;
  beforeAll(async () => {
    anonymous = await startTestServer({ RIPOSTE_SCHEDULER: 'off', RIPOSTE_READ_SHARE: '0.5', RIPOSTE_READ_BURST_MS: '1', RIPOSTE_READ_CONCURRENCY: '2' });
    reader = (await anonymous.newUser()).client;
  }, 60_000);
  afterAll(async () => {
    await anonymous?.close();
  });

  it("anonymous reads are charged to their address: a flood of the public API document leaves a signed-in user's reads fast", async () => {
    const { heavy, seen, statuses, refused, answered } = await flood(null, '/api/openapi.json', reader, true);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const shown = `median ${median(seen).toFixed(1)} ms, p95 ${p95(seen).toFixed(1)} ms against one anonymous heavy read's ${heavy.toFixed(1)} ms`;
    expect(median(seen), shown).toBeLessThan(3 * heavy);
    // Old code (anonymous reads unbounded), same machine: median 5.5-12.8x, p95 19x one heavy read.
    expect(p95(seen), shown).toBeLessThan(12 * heavy);
    expect(refused.length, `${answered} flood answers`).toBeGreaterThan(0);
    expect(Number(refused[0]!.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(refused[0]!.body)).toMatchObject({ code: 'READ_SHARE', message: expect.stringMatching(/^Too many reads at once from your address\. Please try again in \d+ seconds?\.$/) });
    // A signed-in user from the same address is not the anonymous caller: its reads go on.
    expect((await hit(reader, '/api/openapi.json')).status).toBe(200);
  }, 120_000);

});
