/**
 * The append path of the real client (1.3.1) against a fake KurrentDB gRPC endpoint
 * (./testing/fake-server.ts): one gRPC call per append (never the shared batch stream), a deadline
 * on each, every server answer mapped to conflict / unavailable / "may have been written", and a
 * successful append that stays successful when its read-back fails.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, NewEvent } from '@core/eventstore/types';
import { createKurrentEventStore, encodePosition } from './index';
import { OUTCOME_UNKNOWN, STORE_UNAVAILABLE } from './errors';
import { GRPC, startFakeKurrent, type FakeKurrent } from './testing/fake-server';

const event = (): NewEvent => ({
  id: randomUUID(),
  type: 'Tested',
  data: { n: 1 },
  metadata: { actor: 'test', correlationId: randomUUID(), causationId: null, time: '2026-11-27T08:00:00.000Z' },
});

let fake: FakeKurrent;
let store: EventStore | null = null;
const open = (options: { appendDeadlineMs?: number; url?: string } = {}) => {
  store = createKurrentEventStore({ connectionString: options.url ?? fake.url, appendDeadlineMs: options.appendDeadlineMs ?? 5_000 });
  return store;
};

beforeAll(async () => {
  fake = await startFakeKurrent();
});
afterEach(async () => {
  await store?.close();
  store = null;
});
afterAll(async () => {
  await fake.close();
});

describe('KurrentDB appends against a fake gRPC endpoint', () => {
  it('go one gRPC Append call each, never the shared batch stream', async () => {
    fake.onAppend({ kind: 'success', revision: 0n, commit: 4_242n });
    const before = fake.appends.length;
    const e = event();
    await open().append('orders-1', [e], 'no_stream');
    expect(fake.appends.slice(before)).toEqual([{ stream: 'orders-1', events: [{ id: e.id, type: 'Tested' }], authorization: null }]);
    expect(fake.batchAppends()).toBe(0);
  });

  it("a committed append whose read-back fails still succeeds, at the server's position", async () => {
    fake.onAppend({ kind: 'success', revision: 3n, commit: 9_001n });
    // The fake implements no reads, so the read-back of the last event fails.
    const result = await open().append('orders-2', [event()], 2n);
    expect(result).toEqual({ nextExpectedRevision: 3n, position: encodePosition({ commit: 9_001n, prepare: 9_001n }) });
  });

  it.each([
    ['Server Is Not Ready', GRPC.UNAVAILABLE, STORE_UNAVAILABLE],
    ['Server Is Too Busy', GRPC.UNAVAILABLE, STORE_UNAVAILABLE],
    ['Connection dropped', GRPC.UNAVAILABLE, OUTCOME_UNKNOWN],
    ['Something unexpected', GRPC.UNKNOWN, OUTCOME_UNKNOWN],
    ['Exception was thrown by handler', GRPC.INTERNAL, OUTCOME_UNKNOWN],
  ])("'%s' (status %i) is a 503 with reason %s, never a plain error", async (details, code, reason) => {
    fake.onAppend({ kind: 'error', code, details });
    await expect(open().append('orders-3', [event()], 'any')).rejects.toMatchObject({ code: 'unavailable', reason });
  });

  it('a server restart cancelling the append in flight says it may have been written', async () => {
    fake.onAppend({ kind: 'cancel' });
    await expect(open().append('orders-4', [event()], 'any')).rejects.toMatchObject({
      code: 'unavailable',
      reason: OUTCOME_UNKNOWN,
      message: expect.stringContaining('may have been saved'),
    });
  });

  it('an append the server never answers ends at its deadline, as "may have been written"', async () => {
    fake.onAppend({ kind: 'silent' });
    const started = Date.now();
    await expect(open({ appendDeadlineMs: 300 }).append('orders-5', [event()], 'any')).rejects.toMatchObject({
      code: 'unavailable',
      reason: OUTCOME_UNKNOWN,
    });
    // Bounded by the deadline, not by the client's 10 s default.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a server that is not there at all is unavailable, nothing written', async () => {
    const gone = await startFakeKurrent();
    const url = gone.url;
    await gone.close();
    await expect(open({ url, appendDeadlineMs: 2_000 }).append('orders-6', [event()], 'any')).rejects.toMatchObject({ code: 'unavailable' });
  });
});
