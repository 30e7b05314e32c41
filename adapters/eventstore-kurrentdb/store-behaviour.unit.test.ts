/**
 * The adapter over a fake client (./testing/fake-client.ts): the store's identity, the read client
 * that is replaced when it breaks, the health probes, and appends' deadline. The real client's wire
 * behaviour is covered by append-path.int.test.ts (fake gRPC endpoint) and, with a server, by the
 * contract suite.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { UnavailableError } from '@kurrent/kurrentdb-client';
import type { EventStore, NewEvent } from '@core/eventstore/types';
import { createKurrentEventStore, HEALTH_STREAM } from './index';
import { IDENTITY_STREAM } from './mapping';
import { createFakeWorld, type FakeWorld } from './testing/fake-client';

const event = (): NewEvent => ({
  id: randomUUID(),
  type: 'Tested',
  data: { n: 1 },
  metadata: { actor: 'test', correlationId: randomUUID(), causationId: null, time: '2026-11-27T08:00:00.000Z' },
});

const stores: EventStore[] = [];
const open = (world: FakeWorld, options: { appendDeadlineMs?: number } = {}) => {
  const store = createKurrentEventStore({ connectionString: 'kurrentdb://fake:2113?tls=false', makeClient: world.make, readClientMinIntervalMs: 0, ...options });
  stores.push(store);
  return store;
};
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
});

describe('the KurrentDB store identity', () => {
  it('is written once by the first process and read by every other; its stream never shows in $all', async () => {
    const world = createFakeWorld();
    const first = open(world);
    const id = await first.identity?.();
    expect(id).toMatch(/^kurrentdb:[0-9a-f-]{36}$/);
    expect(await open(world).identity?.()).toBe(id);
    expect(world.stream(IDENTITY_STREAM)).toHaveLength(1);
    await first.append('orders-1', [event()], 'any');
    expect((await first.readAll()).map((e) => e.streamName)).toEqual(['orders-1']);
  });

  it('two processes asking at once agree on one identity (no_stream decides)', async () => {
    const world = createFakeWorld();
    const [a, b] = await Promise.all([open(world).identity?.(), open(world).identity?.()]);
    expect(a).toBe(b);
    expect(world.stream(IDENTITY_STREAM)).toHaveLength(1);
  });

  it('differs between two servers', async () => {
    expect(await open(createFakeWorld()).identity?.()).not.toBe(await open(createFakeWorld()).identity?.());
  });
});

describe('the read client', () => {
  it('a broken one (first connection failed) is replaced: reads recover while appends went on', async () => {
    const world = createFakeWorld();
    world.brokenReaders.add(1); // client 0 writes, client 1 is the first reader
    const store = open(world);
    // Its read-back fails on the broken reader, which is retired; the append stands.
    await store.append('orders-1', [event()], 'no_stream');
    expect(world.made).toBe(2);
    // The next read gets a fresh client and works.
    expect(await store.readStream('orders-1')).toHaveLength(1);
    expect(world.made).toBe(3);
  });

  it('a stream that does not exist is not a broken client', async () => {
    const world = createFakeWorld();
    const store = open(world);
    expect(await store.readStream('nobody')).toEqual([]);
    expect(await store.readStream('nobody-else')).toEqual([]);
    expect(world.made).toBe(2);
  });
});

describe('health and deadlines', () => {
  it('reports read and write health; the write probe appends no event', async () => {
    const world = createFakeWorld();
    const store = open(world);
    expect(await store.health?.()).toEqual({ read: { ok: true }, write: { ok: true } });
    expect(world.appendCalls.at(-1)).toMatchObject({ stream: HEALTH_STREAM, events: 0 });
    expect(world.stream(HEALTH_STREAM)).toEqual([]);

    world.appendError = new UnavailableError(undefined as never);
    world.brokenReaders.add(1);
    expect(await store.health?.()).toEqual({
      read: { ok: false, error: expect.stringContaining('not available') },
      write: { ok: false, error: expect.stringContaining('not confirm') },
    });
  });

  it('a read that never answers fails the read probe within its deadline, and the probes still answer', async () => {
    const world = createFakeWorld();
    const store = createKurrentEventStore({ connectionString: 'kurrentdb://fake:2113?tls=false', makeClient: world.make, readClientMinIntervalMs: 0, probeDeadlineMs: 50 });
    stores.push(store);
    world.hangingReaders.add(1);
    const started = Date.now();
    expect(await store.health?.()).toEqual({ read: { ok: false, error: 'KurrentDB did not answer the read probe within 50 ms' }, write: { ok: true } });
    // Bounded by the deadline, not by the silent server (a generous margin for a loaded machine).
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('every append carries a deadline', async () => {
    const world = createFakeWorld();
    await open(world, { appendDeadlineMs: 1_234 }).append('orders-1', [event()], 'any');
    expect(world.appendCalls.at(-1)).toMatchObject({ stream: 'orders-1', events: 1, deadline: 1_234 });
  });
});

describe('erasing a stream (copy-and-truncate, docs/adr/0028)', () => {
  const personal = (email: string, data: Record<string, unknown> = {}): NewEvent => ({ ...event(), type: 'ProfileSet', data: { userId: 'u-1', email, ...data } });
  const redact = (e: { id: string; data: unknown }) => ({ ...(e.data as object), email: `erased-${e.id}` });

  it('appends marked, redacted copies and sets $tb to the first, keeping other metadata; reads show only the copies, $all keeps the originals', async () => {
    const world = createFakeWorld();
    const store = open(world);
    const originals = [personal('alice@example.test'), personal('alice@example.test', { n: 2 })];
    await store.append('user-1', originals, 'no_stream');
    await world.make().setStreamMetadata('user-1', { maxAge: 3600 });
    expect(await store.erase?.('user-1', redact)).toBe(2);
    expect(world.metadataWrites.at(-1)).toEqual({ stream: 'user-1', metadata: { maxAge: 3600, truncateBefore: 2 } });
    const read = await store.readStream('user-1');
    expect(read.map((e) => [e.revision, e.metadata.erasureCopyOf])).toEqual([
      [2n, originals[0]?.id],
      [3n, originals[1]?.id],
    ]);
    expect(read.map((e) => e.data)).toEqual(originals.map((o) => ({ ...(o.data as object), email: `erased-${o.id}` })));
    // The copies' marker goes through the stored metadata document and back.
    expect(world.stream('user-1').at(-1)?.metadata).toMatchObject({ erasureCopyOf: originals[1]?.id });
    expect((await store.readAll()).filter((e) => e.streamName === 'user-1')).toHaveLength(4);
  });

  it('a second run appends nothing and writes no metadata; a run cut after its copies only sets $tb', async () => {
    const world = createFakeWorld();
    const store = open(world);
    const originals = [personal('alice@example.test')];
    await store.append('user-2', originals, 'no_stream');
    await store.erase?.('user-2', redact);
    const appends = world.appendCalls.length;
    const writes = world.metadataWrites.length;
    expect(await store.erase?.('user-2', redact)).toBe(0);
    expect([world.appendCalls.length, world.metadataWrites.length]).toEqual([appends, writes]);

    // The copies were appended, then the process died before the truncation.
    await store.append('user-3', originals.map((o) => ({ ...o, id: randomUUID() })), 'no_stream');
    const [first] = await store.readStream('user-3');
    const copy = { ...event(), type: 'ProfileSet', data: redact(first as never), metadata: { ...event().metadata, erasureCopyOf: first?.id } };
    await store.append('user-3', [copy as NewEvent], 0n);
    const before = world.appendCalls.length;
    expect(await store.erase?.('user-3', redact)).toBe(0);
    expect(world.appendCalls.length).toBe(before);
    expect(world.metadataWrites.at(-1)).toEqual({ stream: 'user-3', metadata: { truncateBefore: 1 } });
    expect((await store.readStream('user-3')).map((e) => e.id)).toEqual([copy.id]);
  });

  it('a stream that does not exist: nothing written', async () => {
    const world = createFakeWorld();
    expect(await open(world).erase?.('nobody', redact)).toBe(0);
    expect(world.metadataWrites).toEqual([]);
  });
});

describe('reading several streams at once (no batch read in KurrentDB)', () => {
  it('answers each stream as readStream does, in the order given, with at most readConcurrency reads under way', async () => {
    const world = createFakeWorld();
    const store = createKurrentEventStore({ connectionString: 'kurrentdb://fake:2113?tls=false', makeClient: world.make, readClientMinIntervalMs: 0, readConcurrency: 4 });
    stores.push(store);
    const streams = Array.from({ length: 30 }, (_, i) => `reply-${i}`);
    for (const [i, stream] of streams.entries()) await store.append(stream, Array.from({ length: 1 + (i % 3) }, event), 'no_stream');
    const asked = [...streams, 'reply-missing', streams[0]!];
    for (const options of [{}, { backwards: true, maxCount: 1 }, { backwards: true }, { maxCount: 2 }]) {
      world.maxStreamReadsAtOnce = 0;
      const many = await store.readStreams(asked, options);
      expect(world.maxStreamReadsAtOnce).toBe(4);
      const one: unknown[] = [];
      for (const s of asked) one.push(await store.readStream(s, options));
      expect(many).toEqual(one);
    }
    const heads = await store.readStreams(asked, { backwards: true, maxCount: 1 });
    expect(heads.map((h) => h.map((e) => `${e.streamName}@${e.revision}`))).toEqual([...streams.map((s, i) => [`${s}@${i % 3}`]), [], ['reply-0@0']]);
  });

  it('a read that fails fails the call, and no stream is started after it', async () => {
    const world = createFakeWorld();
    const store = createKurrentEventStore({ connectionString: 'kurrentdb://fake:2113?tls=false', makeClient: world.make, readClientMinIntervalMs: 60_000, readConcurrency: 2 });
    stores.push(store);
    const streams = Array.from({ length: 10 }, (_, i) => `s-${i}`);
    for (const stream of streams) await store.append(stream, [event()], 'no_stream');
    // Every client made so far (the writer and the reader) and the next one fail their reads.
    for (let i = 0; i < world.made + 1; i++) world.brokenReaders.add(i);
    world.streamReads = 0;
    await expect(store.readStreams(streams, { backwards: true, maxCount: 1 })).rejects.toMatchObject({ code: 'unavailable' });
    expect(world.streamReads).toBeLessThanOrEqual(2);
  });
});
